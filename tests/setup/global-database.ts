// Migrates and seeds one base SQLite file per test run; each test file copies it.
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { createPrisma } from "#mock-backend/db.ts";
import { seedDatabase } from "#prisma/seed-database.ts";
import { installHarnessApps } from "./harness-apps.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseDatabase: string;
  }
}

// One folder per run, so that two runs at once do not delete each other's files.
const TEST_DB_DIR = path.resolve("tests/.tmp", `vitest-${process.pid}`);

export default async function setup(project: TestProject) {
  rmSync(TEST_DB_DIR, { recursive: true, force: true });
  mkdirSync(TEST_DB_DIR, { recursive: true });
  const file = path.join(TEST_DB_DIR, "base.db");
  const migrate = spawnSync(
    process.execPath,
    [path.resolve("node_modules/prisma/build/index.js"), "migrate", "deploy"],
    {
      env: { ...process.env, DATABASE_URL: `file:${file}`, PRISMA_HIDE_UPDATE_MESSAGE: "1" },
      encoding: "utf8",
    },
  );
  if (migrate.status !== 0)
    throw new Error(`prisma migrate deploy failed:\n${migrate.stdout}\n${migrate.stderr}`);
  const db = createPrisma(`file:${file}`);
  await seedDatabase(db);
  await installHarnessApps(db);
  await db.$disconnect();
  project.provide("baseDatabase", file);
  return () => rmSync(TEST_DB_DIR, { recursive: true, force: true });
}
