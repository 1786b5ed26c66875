import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from "node:fs";
import path from "node:path";

export const DEFAULT_DATABASE_URL = "file:./data/keel.db";

/** The data folder and the database hold password hashes and sessions: only their owner reads them. */
export const DATA_DIR_MODE = 0o700;
export const DATABASE_FILE_MODE = 0o600;

export function ensurePrivateDirectory(dir: string): void {
  if (!existsSync(dir)) mkdirSync(dir, { recursive: true, mode: DATA_DIR_MODE });
}

/**
 * Creates the SQLite file owner-only before SQLite or Prisma's CLI would create it world-readable
 * (SQLite gives its journal and WAL files the database's mode), and takes other users' access away from
 * an existing one of ours.
 */
function ensurePrivateFile(file: string): void {
  if (!existsSync(file)) closeSync(openSync(file, "a", DATABASE_FILE_MODE));
  else if (statSync(file).uid === process.getuid?.()) chmodSync(file, DATABASE_FILE_MODE);
}

/** `file:` URLs as absolute paths (the adapter resolves against the working directory), created owner-only. */
export function resolveDatabaseUrl(url: string | undefined = DEFAULT_DATABASE_URL): string {
  if (!url.startsWith("file:")) return url;
  const file = path.resolve(url.slice("file:".length));
  ensurePrivateDirectory(path.dirname(file));
  ensurePrivateFile(file);
  return `file:${file}`;
}

export function databaseProvider(url: string): "sqlite" | "postgresql" {
  return /^postgres(?:ql)?:\/\//.test(url) ? "postgresql" : "sqlite";
}

export function databaseFile(url: string): string | null {
  return url.startsWith("file:") ? url.slice("file:".length) : null;
}
