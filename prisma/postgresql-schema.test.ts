import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { schemaSql, sqliteCatalog } from "#tests/helpers/schema-catalog.ts";
import {
  POSTGRES_MIGRATIONS,
  POSTGRES_SCHEMA_FILE,
  renderPostgresSchema,
  SQLITE_MIGRATIONS,
  SQLITE_SCHEMA_FILE,
} from "./postgresql-schema.ts";

const migrationsIn = (dir: string) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
const sqlOf = (dir: string, name: string) => readFileSync(path.join(dir, name, "migration.sql"), "utf8");

test("the PostgreSQL schema is the SQLite schema with another provider (npm run db:generate writes it)", () => {
  expect(readFileSync(POSTGRES_SCHEMA_FILE, "utf8")).toBe(
    renderPostgresSchema(readFileSync(SQLITE_SCHEMA_FILE, "utf8")),
  );
});

test("every SQLite migration after the PostgreSQL baseline has a PostgreSQL migration of the same name", () => {
  const sqlite = migrationsIn(SQLITE_MIGRATIONS);
  const postgres = migrationsIn(POSTGRES_MIGRATIONS);
  const baseline = postgres[0]!;
  expect(baseline).toMatch(/^\d{14}_init$/);
  const stamp = (name: string) => name.slice(0, 14);
  expect(postgres.slice(1)).toEqual(sqlite.filter((name) => stamp(name) > stamp(baseline)));
});

test("the SQLite migrations build exactly the tables the schema describes", { timeout: 60_000 }, () => {
  const migrated = sqliteCatalog(
    migrationsIn(SQLITE_MIGRATIONS).map((name) => sqlOf(SQLITE_MIGRATIONS, name)),
  );
  expect(migrated).toEqual(sqliteCatalog([schemaSql(SQLITE_SCHEMA_FILE)]));
});
