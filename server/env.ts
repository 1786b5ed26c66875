import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { DEFAULT_DATABASE_URL, databaseFile, ensurePrivateDirectory } from "../prisma/database-url.ts";

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

/** The largest request body by default: forms, JSON, error reports. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
/** The largest app upload by default: a 20 MB package and its form around it. */
export const DEFAULT_MAX_UPLOAD_BYTES = 21 * 1024 * 1024;

const byteCount = (fallback: number) =>
  z.coerce
    .number({ error: "must be a number of bytes" })
    .int("must be a whole number of bytes")
    .min(1024, "must be at least 1024 bytes")
    .default(fallback);

export const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce
    .number({ error: "must be a port number" })
    .int("must be a whole number")
    .min(0, "must be between 0 and 65535")
    .max(65535, "must be between 0 and 65535")
    .default(3000),
  HOST: z.string().min(1, "must not be empty").default("localhost"),
  DATABASE_URL: z
    .string()
    .regex(/^file:.+/, "must be a SQLite file URL such as file:./data/keel.db")
    .default(DEFAULT_DATABASE_URL),
  BACKEND_URL: z
    .url({ protocol: /^https?$/, error: "must be an http or https URL" })
    .transform((url) => url.replace(/\/+$/, ""))
    .optional(),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  /** A third-party analytics script, loaded only in production or hosted installs (docs/analytics.md). */
  ANALYTICS_SCRIPT_URL: z.url({ protocol: /^https$/, error: "must be an https URL" }).optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(", ")}` }).default("info"),
  TRUST_PROXY: z
    .string()
    .regex(
      /^(true|false|loopback|\d+|[\d.:/a-f, ]+)$/i,
      "must be true, false, loopback, a hop count or addresses",
    )
    .default("false"),
  /** Bytes any request body may have; larger ones are refused with 413 before they are read. */
  KEEL_MAX_BODY_BYTES: byteCount(DEFAULT_MAX_BODY_BYTES),
  /** Bytes an app package upload (/admin/apps) may have. */
  KEEL_MAX_UPLOAD_BYTES: byteCount(DEFAULT_MAX_UPLOAD_BYTES),
  /** 1 lets the mock backend with the public demo passwords listen on a non-loopback HOST. */
  KEEL_ALLOW_PUBLIC_DEMO: z
    .enum(["0", "1"], { error: "must be 0 or 1" })
    .default("0")
    .transform((value) => value === "1"),
  /** Where `npm run build` wrote the production build (react-router.config.ts reads the same variable). */
  KEEL_BUILD_DIR: z.string().min(1, "must not be empty").default("build"),
  /** 1 only for `npm run bench`: the benchmark's bare page /_bench/bare answers (app/lib/bench.server.ts). */
  KEEL_BENCH: z
    .enum(["0", "1"], { error: "must be 0 or 1" })
    .default("0")
    .transform((value) => value === "1"),
});

export type Env = z.infer<typeof EnvSchema> & { SESSION_SECRET: string; DATA_DIR: string };

export class EnvError extends Error {}

/** Treats empty variables as unset, as shells and .env files produce them. */
function withoutEmpty(source: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(source).filter(
      (entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== "",
    ),
  );
}

/** Validates the environment at boot; the message names every bad variable. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): z.infer<typeof EnvSchema> {
  const result = EnvSchema.safeParse(withoutEmpty(source));
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const name = String(issue.path[0] ?? "environment");
    return `  ${name}: ${issue.message} (got ${JSON.stringify(source[name] ?? "")})`;
  });
  throw new EnvError(`Invalid environment:\n${lines.join("\n")}\nSee .env.example for every variable.`);
}

/** The folder for generated state: beside the SQLite file, else ./data. */
export function dataDirectory(databaseUrl: string): string {
  const file = databaseFile(databaseUrl);
  return file ? path.dirname(path.resolve(file)) : path.resolve("data");
}

/** SESSION_SECRET, or one generated once and kept in the data folder (mode 600). */
export function loadSessionSecret(explicit: string | undefined, dataDir: string): string {
  if (explicit) return explicit;
  const file = path.join(dataDir, "session-secret");
  if (existsSync(file)) {
    const stored = readFileSync(file, "utf8").trim();
    if (stored.length >= 32) return stored;
  }
  ensurePrivateDirectory(dataDir);
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const env = parseEnv(source);
  const DATA_DIR = dataDirectory(env.DATABASE_URL);
  return { ...env, DATA_DIR, SESSION_SECRET: loadSessionSecret(env.SESSION_SECRET, DATA_DIR) };
}
