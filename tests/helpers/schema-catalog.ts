// What a database's tables look like, as plain data: two databases built from different SQL (the
// migrations, or the script Prisma writes straight from the schema) compare equal when they match.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { createRequire } from "node:module";
import type pg from "pg";

/** The SQL that builds `schemaFile` from nothing, as Prisma writes it. */
export function schemaSql(schemaFile: string): string {
  const result = spawnSync(
    process.execPath,
    [
      path.resolve("node_modules/prisma/build/index.js"),
      "migrate",
      "diff",
      "--from-empty",
      "--to-schema-datamodel",
      schemaFile,
      "--script",
    ],
    // The SQLite config needs no server: the diff of two datamodels connects to nothing.
    { encoding: "utf8", env: { ...process.env, DATABASE_URL: "", PRISMA_HIDE_UPDATE_MESSAGE: "1" } },
  );
  if (result.status !== 0) throw new Error(`prisma migrate diff failed:\n${result.stderr}`);
  return result.stdout;
}

interface SqliteDatabase {
  exec(sql: string): void;
  prepare(sql: string): { pluck(): { all(): unknown[] } };
  pragma(sql: string): unknown;
  close(): void;
}
const Database = createRequire(import.meta.url)("better-sqlite3") as new (file: string) => SqliteDatabase;

const sortedBy = <T>(rows: T[], key: (row: T) => string) =>
  [...rows].sort((a, b) => key(a).localeCompare(key(b)));

/** The tables, columns, indexes and foreign keys an in-memory SQLite database has after `scripts`. */
export function sqliteCatalog(scripts: string[]): unknown {
  const db = new Database(":memory:");
  try {
    for (const script of scripts) db.exec(script);
    const tables = db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> '_prisma_migrations' ORDER BY name",
      )
      .pluck()
      .all() as string[];
    return tables.map((table) => ({
      table,
      columns: sortedBy(db.pragma(`table_info("${table}")`) as { name: string }[], (c) => c.name).map(
        ({ cid: _cid, ...column }: { cid?: number; name: string }) => column,
      ),
      indexes: sortedBy(db.pragma(`index_list("${table}")`) as { name: string }[], (i) => i.name).map(
        ({ seq: _seq, ...index }: { seq?: number; name: string }) => ({
          ...index,
          columns: (db.pragma(`index_info("${index.name}")`) as { name: string }[]).map((c) => c.name),
        }),
      ),
      foreignKeys: sortedBy(
        (db.pragma(`foreign_key_list("${table}")`) as Record<string, unknown>[]).map(
          ({ id: _id, seq: _seq, ...key }) => key,
        ),
        (k) => JSON.stringify(k),
      ),
    }));
  } finally {
    db.close();
  }
}

/** The same for the public schema of a PostgreSQL database. */
export async function postgresCatalog(client: pg.Client): Promise<unknown> {
  const columns = await client.query(
    `SELECT table_name, column_name, data_type, is_nullable, column_default FROM information_schema.columns
     WHERE table_schema = 'public' AND table_name <> '_prisma_migrations' ORDER BY table_name, column_name`,
  );
  const indexes = await client.query(
    `SELECT indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename <> '_prisma_migrations'
     ORDER BY indexname`,
  );
  const constraints = await client.query(
    `SELECT conrelid::regclass::text AS "table", conname, pg_get_constraintdef(oid) AS def FROM pg_constraint
     WHERE connamespace = 'public'::regnamespace AND conrelid::regclass::text <> '_prisma_migrations'
     ORDER BY 1, 2`,
  );
  return { columns: columns.rows, indexes: indexes.rows, constraints: constraints.rows };
}
