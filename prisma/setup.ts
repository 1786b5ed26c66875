// npm run db:setup: applies the migrations and seeds an empty database; safe to run again, and safe to
// run on several machines at once (one applies, the others wait and find nothing left to do).
// npm run db:migrate (--migrate-only): the migrations alone.
// npm run db:reset (--reset): deletes the SQLite file first, then does the same.
// --fixed-epoch: dates the demo data from a fixed moment (SEED_EPOCH) instead of the present one.
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { createPrisma } from "#mock-backend/db.ts";
import { databaseFile, databaseProvider, resolveDatabaseUrl } from "./database-url.ts";
import { migratePostgres } from "./migrate-postgresql.ts";
import { POSTGRES_MIGRATIONS } from "./postgresql-schema.ts";
import { SEED_EPOCH } from "./factories.ts";
import { seedDatabase } from "./seed-database.ts";

/** The advisory lock every migrator of one PostgreSQL database takes: any 64-bit number shared by all. */
const MIGRATION_LOCK_KEY = 4_824_130_117;

const url = resolveDatabaseUrl(process.env.DATABASE_URL);
const file = databaseFile(url);
const migrateOnly = process.argv.includes("--migrate-only");
// The demo's notifications and comments are hours old when it starts; tests and screenshots pin the moment.
const fixedEpoch = process.argv.includes("--fixed-epoch");

if (process.argv.includes("--reset")) {
  if (!file) throw new Error("db:reset only deletes SQLite files; reset other databases by hand");
  for (const suffix of ["", "-journal", "-wal", "-shm"]) rmSync(file + suffix, { force: true });
  console.log(`db:reset: deleted ${file}`);
}

async function seed(): Promise<void> {
  if (migrateOnly) return;
  const db = createPrisma(url);
  try {
    const epoch = fixedEpoch ? SEED_EPOCH : Date.now();
    console.log(`db:setup: ${await seedDatabase(db, undefined, epoch)} (${file ?? "database"})`);
  } finally {
    await db.$disconnect();
  }
}

async function migrateAndSeedSqlite(): Promise<void> {
  const prismaCli = path.resolve("node_modules", "prisma", "build", "index.js");
  // The CLI's report is shown only when it fails. On success it always ends in a warning that does not
  // apply: Prisma 6 asks to remove the schema's datasource url, which its parser still needs next to a
  // driver adapter (without it the CLI tries to download an engine; prisma/schema.prisma).
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
  await seed();
}

if (databaseProvider(url) === "postgresql") {
  // Migrating and seeding under one session lock: a second migrator started at the same moment waits,
  // then finds every migration applied and the data seeded. The lock goes with the connection if this
  // process dies.
  const lock = new pg.Client({ connectionString: url });
  await lock.connect();
  try {
    await lock.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    const applied = await migratePostgres(lock, POSTGRES_MIGRATIONS);
    console.log(`db:migrate: ${applied.length === 0 ? "nothing to apply" : `applied ${applied.join(", ")}`}`);
    await seed();
  } finally {
    await lock.end();
  }
} else {
  await migrateAndSeedSqlite();
}
