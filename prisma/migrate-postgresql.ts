// Applies prisma/postgresql/migrations as `prisma migrate deploy` would (same `_prisma_migrations` table),
// because Prisma 6.19's schema engine cannot migrate through the pg adapter. The caller holds the lock.
import { createHash, randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type pg from "pg";

const MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

export async function migratePostgres(client: pg.Client, migrationsDir: string): Promise<string[]> {
  await client.query(MIGRATIONS_TABLE);
  const done = await client.query<{ migration_name: string; checksum: string; finished_at: Date | null }>(
    `SELECT migration_name, checksum, finished_at FROM "_prisma_migrations" WHERE rolled_back_at IS NULL`,
  );
  const applied = new Map(done.rows.map((row) => [row.migration_name, row]));
  const names = readdirSync(migrationsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const ran: string[] = [];
  for (const name of names) {
    const sql = readFileSync(path.join(migrationsDir, name, "migration.sql"), "utf8");
    const checksum = createHash("sha256").update(sql).digest("hex");
    const previous = applied.get(name);
    if (previous?.finished_at) {
      if (previous.checksum !== checksum)
        console.warn(`db:migrate: ${name} was changed after it was applied`);
      continue;
    }
    if (previous) throw new Error(`db:migrate: ${name} failed before; resolve it by hand, then run again`);
    await client.query("BEGIN");
    try {
      await client.query(sql);
      await client.query(
        `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, finished_at, applied_steps_count)
         VALUES ($1, $2, $3, now(), 1)`,
        [randomUUID(), checksum, name],
      );
      await client.query("COMMIT");
    } catch (error) {
      await client.query("ROLLBACK");
      throw new Error(`db:migrate: ${name} failed: ${(error as Error).message}`, { cause: error });
    }
    ran.push(name);
  }
  return ran;
}
