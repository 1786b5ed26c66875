// npm run db:setup: applies the migrations and seeds an empty database; safe to run again.
// npm run db:reset (--reset): deletes the SQLite file first, then does the same.
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { createPrisma } from "../mock-backend/db.ts";
import { databaseFile, resolveDatabaseUrl } from "./database-url.ts";
import { seedDatabase } from "./seed-database.ts";

const url = resolveDatabaseUrl(process.env.DATABASE_URL);
const file = databaseFile(url);

if (process.argv.includes("--reset")) {
  if (!file) throw new Error("db:reset only deletes SQLite files; reset other databases by hand");
  for (const suffix of ["", "-journal", "-wal", "-shm"]) rmSync(file + suffix, { force: true });
  console.log(`db:reset: deleted ${file}`);
}

const prismaCli = path.resolve("node_modules", "prisma", "build", "index.js");
// The CLI's report is shown only when it fails. On success it always ends in a warning that does not apply:
// Prisma 6 asks to remove the schema's datasource url, which its parser still needs next to a driver
// adapter (without it the CLI tries to download an engine; prisma/schema.prisma).
const migrate = spawnSync(process.execPath, [prismaCli, "migrate", "deploy"], {
  encoding: "utf8",
  env: { ...process.env, DATABASE_URL: url, PRISMA_HIDE_UPDATE_MESSAGE: "1" },
});
if (migrate.status !== 0) {
  process.stdout.write(migrate.stdout ?? "");
  process.stderr.write(migrate.stderr ?? "");
  console.error("db:setup: prisma migrate deploy failed");
  process.exit(migrate.status ?? 1);
}
const applied = /The following migration\(s\) have been applied/.test(migrate.stdout ?? "");
console.log(`db:setup: migrations ${applied ? "applied" : "up to date"}`);

const db = createPrisma(url);
try {
  console.log(`db:setup: ${await seedDatabase(db)} (${file ?? "database"})`);
} finally {
  await db.$disconnect();
}
