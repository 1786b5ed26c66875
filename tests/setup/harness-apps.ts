// The request-playground apps the widget tests drive (tests/fixtures/apps): installed next to the demo's
// sample apps in the test databases, never in the demo's.
import { fileURLToPath } from "node:url";
import type { Db } from "#mock-backend/db.ts";
import { installApp } from "#mock-backend/apps/install.ts";
import { readAppFolder } from "#mock-backend/apps/package.ts";

export const HARNESS_APPS = ["issue-companion", "workspace"] as const;

export const harnessAppDir = (name: string) =>
  fileURLToPath(new URL(`../fixtures/apps/${name}/`, import.meta.url));

export async function installHarnessApps(db: Db): Promise<void> {
  for (const name of HARNESS_APPS) await installApp(db, await readAppFolder(harnessAppDir(name)));
}
