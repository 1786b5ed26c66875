// Prisma fixes the provider per schema file, so prisma/postgresql/schema.prisma is written from the SQLite
// schema (`npm run db:generate`); a drift test fails when the copy falls behind.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
export const SQLITE_SCHEMA_FILE = path.join(here, "schema.prisma");
export const POSTGRES_SCHEMA_FILE = path.join(here, "postgresql", "schema.prisma");
export const SQLITE_MIGRATIONS = path.join(here, "migrations");
export const POSTGRES_MIGRATIONS = path.join(here, "postgresql", "migrations");

const HEADER =
  "// Written by prisma/postgresql-schema.ts from prisma/schema.prisma: edit that file instead.\n";

/** The PostgreSQL variant of the SQLite schema: another provider and client folder, the same models. */
export function renderPostgresSchema(source: string): string {
  const datasource = /datasource db \{[^}]*\}/;
  if (!datasource.test(source)) throw new Error("prisma/schema.prisma has no datasource db block");
  return (
    HEADER +
    source
      .replace(
        datasource,
        [
          "datasource db {",
          '  provider = "postgresql"',
          "  // Required by Prisma 6's schema parser but unused: the CLI and the server connect through the",
          "  // pg driver adapter with DATABASE_URL.",
          '  url      = "postgresql://unused@localhost/unused"',
          "}",
        ].join("\n"),
      )
      .replace(/(generator client \{[^}]*output\s*=\s*)"[^"]*"/, '$1"./generated"')
  );
}

export function writePostgresSchema(): boolean {
  const wanted = renderPostgresSchema(readFileSync(SQLITE_SCHEMA_FILE, "utf8"));
  let current = "";
  try {
    current = readFileSync(POSTGRES_SCHEMA_FILE, "utf8");
  } catch {
    // Not written yet.
  }
  if (current === wanted) return false;
  writeFileSync(POSTGRES_SCHEMA_FILE, wanted);
  return true;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (writePostgresSchema()) console.log(`wrote ${path.relative(process.cwd(), POSTGRES_SCHEMA_FILE)}`);
}
