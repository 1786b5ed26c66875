import { copyFileSync, rmSync } from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { inject } from "vitest";
import { createPrisma, type Db } from "#mock-backend/db.ts";
import { readCache } from "#mock-backend/read-cache.ts";

export interface TestDatabase {
  db: Db;
  url: string;
  close(): Promise<void>;
}

/** A private copy of the migrated, seeded base database. */
export function freshDatabase(): TestDatabase {
  const base = inject("baseDatabase");
  const file = path.join(path.dirname(base), `${randomUUID()}.db`);
  copyFileSync(base, file);
  const url = `file:${file}`;
  const db = createPrisma(url);
  return {
    db,
    url,
    async close() {
      await db.$disconnect();
      readCache(db).close();
      for (const suffix of ["", "-journal", "-wal", "-shm"]) rmSync(file + suffix, { force: true });
    },
  };
}
