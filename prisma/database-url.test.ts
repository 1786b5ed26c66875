import { chmodSync, mkdtempSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "vitest";
import { createPrisma } from "#mock-backend/db.ts";
import { readCache } from "#mock-backend/read-cache.ts";
import { resolveDatabaseUrl } from "./database-url.ts";

const mode = (file: string) => statSync(file).mode & 0o777;

test("a new database and its folder are readable by their owner only, journals too", async () => {
  const root = mkdtempSync(path.join(tmpdir(), "keel-db-"));
  const folder = path.join(root, "data");
  const url = resolveDatabaseUrl(`file:${path.join(folder, "keel.db")}`);
  expect(mode(folder)).toBe(0o700);
  expect(mode(path.join(folder, "keel.db"))).toBe(0o600);

  const db = createPrisma(url);
  try {
    await db.$executeRawUnsafe("CREATE TABLE t (x INTEGER)");
    await db.$executeRawUnsafe("INSERT INTO t VALUES (1)");
    for (const file of readdirSync(folder)) expect(mode(path.join(folder, file)), file).toBe(0o600);
  } finally {
    await db.$disconnect();
    readCache(db).close();
  }
});

test("an existing world-readable database of ours is made owner-only", () => {
  const folder = mkdtempSync(path.join(tmpdir(), "keel-db-"));
  const file = path.join(folder, "old.db");
  writeFileSync(file, "");
  chmodSync(file, 0o644);
  resolveDatabaseUrl(`file:${file}`);
  expect(mode(file)).toBe(0o600);
});
