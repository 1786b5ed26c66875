import { mkdirSync } from "node:fs";
import path from "node:path";

export const DEFAULT_DATABASE_URL = "file:./data/keel.db";

/**
 * Turns `file:` URLs into absolute paths: the better-sqlite3 adapter opens
 * paths relative to the process's working directory, so one rule must serve
 * the CLI, the seed, the server and the tests alike. Creates the folder.
 */
export function resolveDatabaseUrl(url: string | undefined = DEFAULT_DATABASE_URL): string {
  if (!url.startsWith("file:")) return url;
  const file = path.resolve(url.slice("file:".length));
  mkdirSync(path.dirname(file), { recursive: true });
  return `file:${file}`;
}

export function databaseFile(url: string): string | null {
  return url.startsWith("file:") ? url.slice("file:".length) : null;
}
