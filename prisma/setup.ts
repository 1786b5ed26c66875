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
const migrate = spawnSync(process.execPath, [prismaCli, "migrate", "deploy"], {
  stdio: "inherit",
  env: { ...process.env, DATABASE_URL: url, PRISMA_HIDE_UPDATE_MESSAGE: "1" },
});
if (migrate.status !== 0) {
  console.error("db:setup: prisma migrate deploy failed");
  process.exit(migrate.status ?? 1);
}

const db = createPrisma(url);
try {
  console.log(`db:setup: ${await seedDatabase(db)} (${file ?? "database"})`);
} finally {
  await db.$disconnect();
}
