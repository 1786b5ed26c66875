import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";
import { MINIMAL_APP_DIR, minimalFiles, zipOf } from "#tests/helpers/app-packages.ts";
import { freshDatabase, type TestDatabase } from "#tests/helpers/database.ts";

const CLI = fileURLToPath(new URL("./install-cli.ts", import.meta.url));
const ROOT = fileURLToPath(new URL("../../", import.meta.url));

function run(database: TestDatabase | null, ...args: string[]) {
  const env = { ...process.env };
  delete env.DATABASE_URL;
  if (database) env.DATABASE_URL = database.url;
  const result = spawnSync(process.execPath, [CLI, ...args], { cwd: ROOT, env, encoding: "utf8" });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

async function withDatabase(test: (database: TestDatabase, dir: string) => Promise<void>) {
  const database = freshDatabase();
  const dir = mkdtempSync(path.join(tmpdir(), "keel-cli-"));
  try {
    await test(database, dir);
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

test("without an argument the CLI prints its usage and fails", () => {
  const result = run(null);
  expect(result.status).toBe(1);
  expect(result.stderr).toMatch(/^Usage: npm run apps:install -- <folder or \.zip>/);
  expect(result.stdout).toBe("");
});

test("the CLI installs a folder, then upgrades it from a zip, in the database DATABASE_URL names", async () => {
  await withDatabase(async (database, dir) => {
    const installed = run(database, MINIMAL_APP_DIR);
    expect(installed.stderr).toBe("");
    expect(installed.stdout).toBe("Installed Minimal 1.0.0 (2 widgets)\n");
    expect(installed.status).toBe(0);

    const zip = path.join(dir, "minimal-1.1.0.zip");
    writeFileSync(
      zip,
      zipOf(
        minimalFiles((m) => {
          m.version = "1.1.0";
          m.widgets.pop();
        }),
        "minimal",
      ),
    );
    const upgraded = run(database, zip);
    expect(upgraded.stdout).toBe("Upgraded Minimal 1.1.0 (1 widget) from 1.0.0\n");
    expect(upgraded.status).toBe(0);

    const app = await database.db.app.findUniqueOrThrow({
      where: { name: "minimal" },
      include: { widgets: true },
    });
    expect(app.version).toBe("1.1.0");
    expect(app.widgets.map((w) => w.key)).toEqual(["panel"]);
  });
});

test("a wrong package prints the reason and fails, installing nothing", async () => {
  await withDatabase(async (database, dir) => {
    const zip = path.join(dir, "evil.zip");
    writeFileSync(zip, zipOf(minimalFiles((m) => (m.vendor = { name: "Evil", url: "javascript:void 0" }))));
    const result = run(database, zip);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toBe(
      "apps:install: manifest.json is not valid: vendor.url: must be an http or https URL\n",
    );
    expect(run(database, path.join(dir, "missing.zip")).stderr).toBe(
      `apps:install: ${path.join(dir, "missing.zip")} does not exist\n`,
    );
    expect(await database.db.app.count({ where: { name: "minimal" } })).toBe(0);
  });
});

test("npm run apps:install passes the path through", async () => {
  await withDatabase(async (database) => {
    const result = spawnSync("npm", ["run", "--silent", "apps:install", "--", MINIMAL_APP_DIR], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: database.url },
      encoding: "utf8",
    });
    expect(result.stdout).toBe("Installed Minimal 1.0.0 (2 widgets)\n");
    expect(result.status).toBe(0);
  });
});
