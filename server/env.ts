import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import type { AppLimits } from "#mock-backend/app.ts";
import {
  DEFAULT_DATABASE_URL,
  databaseFile,
  databaseProvider,
  ensurePrivateDirectory,
} from "#prisma/database-url.ts";
import {
  DEFAULT_ANALYTICS_LIMITS,
  DEFAULT_INBOX_EVENT_POLL_MS,
  DEFAULT_INBOX_STREAM_LIMITS,
  DEFAULT_PUSH_SERVICE_ORIGINS,
  DEFAULT_PUSH_SUBSCRIPTIONS_PER_USER,
  DEFAULT_PUSH_TIMEOUT_MS,
  DEFAULT_VAPID_SUBJECT,
  SIGN_IN_THROTTLE_DEFAULTS,
} from "#mock-backend/defaults.ts";
import { LOG_FORMATS } from "./log-format.ts";
import { DEFAULT_MAX_EVENT_STREAMS } from "./stream-limit.ts";

const positiveInt = (fallback: number) =>
  z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .default(fallback);

const milliseconds = (fallback: number) =>
  z.coerce
    .number({ error: "must be a number of milliseconds" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(2 ** 31 - 1, "must be at most 2147483647")
    .default(fallback);

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

/** A whole number from `min` on, with a default. */
const limit = (fallback: number, min = 1) =>
  z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(min, `must be at least ${min}`)
    .default(fallback);

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

// Every variable is described in .env.example.
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
    .regex(
      /^(file:.+|postgres(ql)?:\/\/.+)$/,
      "must be a SQLite file URL such as file:./data/keel.db or a postgresql:// URL",
    )
    .default(DEFAULT_DATABASE_URL),
  KEEL_CLUSTER: z
    .enum(["0", "1"], { error: "must be 0 or 1" })
    .default("0")
    .transform((value) => value === "1"),
  KEEL_INSTANCE_ID: z
    .string()
    .regex(/^[\w.:-]{1,64}$/, "must be 1 to 64 letters, digits, dots, colons, dashes or underscores")
    .optional(),
  SHUTDOWN_DRAIN_MS: z.coerce
    .number({ error: "must be a number of milliseconds" })
    .int("must be a whole number")
    .min(0, "must be at least 0")
    .max(600_000, "must be at most 600000")
    .default(0),
  INBOX_EVENT_POLL_MS: milliseconds(DEFAULT_INBOX_EVENT_POLL_MS),
  BACKEND_URL: z
    .url({ protocol: /^https?$/, error: "must be an http or https URL" })
    .transform((url) => url.replace(/\/+$/, ""))
    .optional(),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  KEEL_PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: "must be an http or https URL such as https://keel.example.com" })
    .transform((url) => url.replace(/\/+$/, ""))
    .refine((url) => new URL(url).pathname === "/", "must be an origin without a path")
    .optional(),
  OAUTH_CLIENT_ID: z.string().min(1).max(200).optional(),
  OAUTH_CLIENT_SECRET: z.string().min(1).max(200).optional(),
  ANALYTICS_SCRIPT_URL: z.url({ protocol: /^https$/, error: "must be an https URL" }).optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(", ")}` }).default("info"),
  LOG_FORMAT: z.enum(LOG_FORMATS, { error: `must be one of ${LOG_FORMATS.join(", ")}` }).default("auto"),
  TRUST_PROXY: z
    .string()
    .regex(
      /^(true|false|loopback|\d+|[\d.:/a-f, ]+)$/i,
      "must be true, false, loopback, a hop count or addresses",
    )
    .default("false"),
  KEEL_MAX_BODY_BYTES: byteCount(DEFAULT_MAX_BODY_BYTES),
  KEEL_MAX_UPLOAD_BYTES: byteCount(DEFAULT_MAX_UPLOAD_BYTES),
  KEEL_ALLOW_PUBLIC_DEMO: z
    .enum(["0", "1"], { error: "must be 0 or 1" })
    .default("0")
    .transform((value) => value === "1"),
  KEEL_BUILD_DIR: z.string().min(1, "must not be empty").default("build"),
  ANALYTICS_RATE_BURST: positiveInt(DEFAULT_ANALYTICS_LIMITS.burst),
  ANALYTICS_RATE_PER_MINUTE: positiveInt(DEFAULT_ANALYTICS_LIMITS.perMinute),
  ANALYTICS_MAX_STORED_EVENTS: positiveInt(DEFAULT_ANALYTICS_LIMITS.maxStoredEvents),
  ANALYTICS_MAX_STORED_MB: positiveInt(DEFAULT_ANALYTICS_LIMITS.maxStoredBytes / (1024 * 1024)),
  ANALYTICS_RETENTION_DAYS: positiveInt(DEFAULT_ANALYTICS_LIMITS.retentionDays),
  KEEL_MAX_EVENT_STREAMS: positiveInt(DEFAULT_MAX_EVENT_STREAMS),
  INBOX_STREAMS_PER_USER: positiveInt(DEFAULT_INBOX_STREAM_LIMITS.maxStreamsPerUser),
  APP_HANDLER_TIMEOUT_MS: limit(5000, 100),
  APP_HANDLER_MEMORY_MB: limit(256, 128),
  APP_HANDLER_CONCURRENCY: limit(3),
  APP_HANDLER_PER_APP: limit(2),
  APP_HANDLER_PER_USER: limit(1),
  APP_HANDLER_QUEUE: limit(100, 0),
  APP_HANDLER_QUEUE_PER_USER: limit(10, 0),
  APP_PACKAGE_MAX_MB: limit(50),
  SIGN_IN_ACCOUNT_BASE_DELAY_MS: milliseconds(SIGN_IN_THROTTLE_DEFAULTS.accountBaseDelayMs),
  SIGN_IN_ACCOUNT_MAX_DELAY_MS: milliseconds(SIGN_IN_THROTTLE_DEFAULTS.accountMaxDelayMs),
  SIGN_IN_IP_FAILURES: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .default(SIGN_IN_THROTTLE_DEFAULTS.ipFailures),
  SIGN_IN_IP_WINDOW_MS: milliseconds(SIGN_IN_THROTTLE_DEFAULTS.ipWindowMs),
  /**
   * The mock backend's VAPID key pair for Web Push (base64url, as web-push's generate-vapid-keys prints
   * them); unset, one pair is generated once and kept in its database (docs/decisions/0018-web-push.md).
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, "must be an uncompressed P-256 public key in base64url (87 characters)")
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, "must be a P-256 private key in base64url (43 characters)")
    .optional(),
  /** Who runs this server, for push services to reach: a mailto: or https: URL. */
  VAPID_SUBJECT: z
    .string()
    .max(200)
    .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, "must be a mailto: or https: URL")
    .default(DEFAULT_VAPID_SUBJECT),
  /** Push services the backend posts to, comma-separated origins; `https://*.domain` allows subdomains. */
  PUSH_SERVICE_ORIGINS: z
    .string()
    .transform((list) =>
      list
        .split(",")
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z
          .string()
          .regex(/^https?:\/\/(\*\.)?[\w.-]+(:\d{1,5})?$/, "must be origins such as https://push.example"),
      ),
    )
    .default([...DEFAULT_PUSH_SERVICE_ORIGINS]),
  /** Browsers one user may subscribe to Web Push; one more replaces their oldest. */
  PUSH_SUBSCRIPTIONS_PER_USER: positiveInt(DEFAULT_PUSH_SUBSCRIPTIONS_PER_USER),
  /** How long one post to a push service may take. */
  PUSH_TIMEOUT_MS: milliseconds(DEFAULT_PUSH_TIMEOUT_MS),
  HUB_ACCESS_TOKEN_SECONDS: z.coerce
    .number({ error: "must be a number of seconds" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .optional(),
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
const CheckedEnvSchema = EnvSchema.refine(
  (env) => (env.OAUTH_CLIENT_ID === undefined) === (env.OAUTH_CLIENT_SECRET === undefined),
  {
    path: ["OAUTH_CLIENT_SECRET"],
    error: "OAUTH_CLIENT_ID and OAUTH_CLIENT_SECRET are set together or not at all",
  },
)
  .refine((env) => (env.VAPID_PUBLIC_KEY === undefined) === (env.VAPID_PRIVATE_KEY === undefined), {
    path: ["VAPID_PRIVATE_KEY"],
    error: "VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together or not at all",
  })
  .refine(
    // A generated secret is one server's own: a cookie it signs fails on every other server.
    (env) =>
      env.SESSION_SECRET !== undefined ||
      (!env.KEEL_CLUSTER && databaseProvider(env.DATABASE_URL) === "sqlite"),
    {
      path: ["SESSION_SECRET"],
      error:
        "must be set, the same on every server, when the database is PostgreSQL or KEEL_CLUSTER=1 (several servers share sessions)",
    },
  );

export function parseEnv(source: NodeJS.ProcessEnv = process.env): z.infer<typeof EnvSchema> {
  const result = CheckedEnvSchema.safeParse(withoutEmpty(source));
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

/** The limits of apps' HTTP handlers and packages, for the mock backend. */
export function appLimits(env: z.infer<typeof EnvSchema>): AppLimits {
  return {
    handlers: {
      timeoutMs: env.APP_HANDLER_TIMEOUT_MS,
      memoryMb: env.APP_HANDLER_MEMORY_MB,
      maxConcurrent: env.APP_HANDLER_CONCURRENCY,
      maxPerApp: env.APP_HANDLER_PER_APP,
      maxPerUser: env.APP_HANDLER_PER_USER,
      maxQueued: env.APP_HANDLER_QUEUE,
      maxQueuedPerUser: env.APP_HANDLER_QUEUE_PER_USER,
    },
    packages: { maxBytes: env.APP_PACKAGE_MAX_MB * 1024 * 1024 },
  };
}

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const env = parseEnv(source);
  const DATA_DIR = dataDirectory(env.DATABASE_URL);
  return { ...env, DATA_DIR, SESSION_SECRET: loadSessionSecret(env.SESSION_SECRET, DATA_DIR) };
}
