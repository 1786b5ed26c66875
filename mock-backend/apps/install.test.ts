import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "vitest";
import { MINIMAL_APP_DIR, minimalFiles, utf8, zipOf } from "#tests/helpers/app-packages.ts";
import { freshDatabase } from "#tests/helpers/database.ts";
import { readSampleApps, SAMPLE_APPS_DIR } from "#prisma/seed-database.ts";
import { HARNESS_APPS, harnessAppDir } from "#tests/setup/harness-apps.ts";
import type { Db } from "../db.ts";
import { installApp, mimeTypeOf, removeApp } from "./install.ts";
import { readAppFolder, readAppZip } from "./package.ts";

async function withDb(run: (db: Db) => Promise<void>): Promise<void> {
  const database = freshDatabase();
  try {
    await run(database.db);
  } finally {
    await database.close();
  }
}

const appRows = (db: Db, name: string) =>
  db.app.findUniqueOrThrow({
    where: { name },
    include: { widgets: { orderBy: { key: "asc" } }, files: { orderBy: { path: "asc" } } },
  });

test("installing a folder stores the app, its widgets and every file with its type", async () => {
  await withDb(async (db) => {
    const installed = await installApp(db, await readAppFolder(MINIMAL_APP_DIR));
    expect(installed).toMatchObject({ name: "minimal", title: "Minimal", version: "1.0.0", widgetCount: 2 });
    expect(installed.previousVersion).toBeNull();

    const app = await appRows(db, "minimal");
    expect(app).toMatchObject({ vendorName: "Keel tests", vendorUrl: "https://keel.test" });
    expect(JSON.parse(app.manifest)).toMatchObject({ changeNotes: "A key Keel does not read, kept." });
    expect(JSON.parse(app.settingsSchema ?? "null")).toMatchObject({ title: "Minimal settings" });
    expect(app.widgets.map((w) => [w.key, w.extensionPoint, w.indexPath])).toEqual([
      ["panel", "ISSUE_BELOW_SUMMARY", "panel/index.html"],
      ["tile", "DASHBOARD_WIDGET", "tile/index.html"],
    ]);
    expect(app.widgets[0]).toMatchObject({
      iconPath: "panel/icon.svg",
      permissions: '["READ_ISSUE"]',
      guard: "entity.project.shortName === 'DEMO'",
      showHeader: true,
      expectedDimensions: '{"width":400,"height":200}',
      defaultDimensions: null,
    });
    expect(app.widgets[1]).toMatchObject({
      settingsSchemaPath: "tile/settings.json",
      defaultDimensions: '{"width":"4fr","height":"2fr"}',
    });
    expect(app.files.map((f) => [f.path, f.mimeType])).toEqual([
      ["backend.js", "text/javascript; charset=utf-8"],
      ["icon.svg", "image/svg+xml"],
      ["manifest.json", "application/json; charset=utf-8"],
      ["settings.json", "application/json; charset=utf-8"],
      ["widgets/panel/icon.svg", "image/svg+xml"],
      ["widgets/panel/index.html", "text/html; charset=utf-8"],
      ["widgets/tile/index.html", "text/html; charset=utf-8"],
      ["widgets/tile/settings.json", "application/json; charset=utf-8"],
    ]);
    const index = app.files.find((f) => f.path === "widgets/panel/index.html");
    expect(new TextDecoder().decode(index?.content)).toContain("YTApp.register()");
  });
});

test("installing a zip gives the same rows as its folder", async () => {
  await withDb(async (db) => {
    await installApp(db, await readAppZip(zipOf(minimalFiles(), "minimal")));
    const app = await appRows(db, "minimal");
    expect(app.widgets).toHaveLength(2);
    expect(app.files).toHaveLength(8);
  });
});

test("an upgrade keeps storage, decisions, widget ids and the embeddings of widgets still there", async () => {
  await withDb(async (db) => {
    const first = await installApp(db, await readAppZip(zipOf(minimalFiles())));
    const before = await appRows(db, "minimal");
    const panelId = before.widgets.find((w) => w.key === "panel")?.id;
    await db.appStorage.create({
      data: { appId: first.id, scope: "user:1-1", key: "greeting", value: "hi" },
    });
    await db.appRequestDecision.create({
      data: { appId: first.id, userId: "1-1", method: "POST", decision: "always" },
    });
    await db.widgetEmbedding.createMany({
      data: [
        { id: "emb-panel", appId: first.id, widgetKey: "panel", ownerId: "1-1", config: '{"a":1}' },
        { id: "emb-tile", appId: first.id, widgetKey: "tile", ownerId: "1-1", config: null },
      ],
    });

    const files = minimalFiles((m) => {
      m.version = "1.1.0";
      m.title = "Minimal Plus";
      m.widgets = [
        m.widgets[0]!,
        {
          key: "menu",
          name: "Menu",
          indexPath: "menu/index.html",
          extensionPoint: "MAIN_MENU_ITEM",
          showHeader: false,
        },
      ];
    });
    files["widgets/menu/index.html"] = utf8("<!doctype html><title>Menu</title>");
    delete files["widgets/tile/index.html"];
    const upgraded = await installApp(db, await readAppZip(zipOf(files)));

    expect(upgraded).toMatchObject({
      id: first.id,
      version: "1.1.0",
      previousVersion: "1.0.0",
      widgetCount: 2,
    });
    const after = await appRows(db, "minimal");
    expect(after.title).toBe("Minimal Plus");
    expect(after.widgets.map((w) => [w.key, w.showHeader])).toEqual([
      ["menu", false],
      ["panel", true],
    ]);
    expect(after.widgets.find((w) => w.key === "panel")?.id).toBe(panelId);
    expect(after.files.map((f) => f.path)).toContain("widgets/menu/index.html");
    expect(after.files.map((f) => f.path)).not.toContain("widgets/tile/index.html");
    expect(await db.appStorage.findMany({ where: { appId: first.id } })).toMatchObject([{ value: "hi" }]);
    expect(await db.appRequestDecision.count({ where: { appId: first.id } })).toBe(1);
    expect(
      (await db.widgetEmbedding.findMany({ where: { appId: first.id } })).map((e) => [e.id, e.config]),
    ).toEqual([["emb-panel", '{"a":1}']]);
  });
});

test("removing an app removes everything it stored; an unknown name removes nothing", async () => {
  await withDb(async (db) => {
    const { id } = await installApp(db, await readAppFolder(MINIMAL_APP_DIR));
    await db.appStorage.create({ data: { appId: id, scope: "global", key: "k", value: "v" } });
    await db.widgetEmbedding.create({ data: { id: "emb", appId: id, widgetKey: "tile" } });
    const others = await db.app.count();
    expect(await removeApp(db, "minimal")).toBe(true);
    expect(await db.app.count()).toBe(others - 1);
    const left = await Promise.all([
      db.widget.count({ where: { appId: id } }),
      db.appFile.count({ where: { appId: id } }),
      db.appStorage.count({ where: { appId: id } }),
      db.widgetEmbedding.count({ where: { appId: id } }),
    ]);
    expect(left).toEqual([0, 0, 0, 0]);
    expect(await removeApp(db, "minimal")).toBe(false);
  });
});

test("file types come from the extension, octet-stream when unknown", () => {
  expect(mimeTypeOf("widgets/assets/index-3f2a.mjs")).toBe("text/javascript; charset=utf-8");
  expect(mimeTypeOf("widgets/fonts/a.WOFF2")).toBe("font/woff2");
  expect(mimeTypeOf("widgets/a.js.map")).toBe("application/json; charset=utf-8");
  expect(mimeTypeOf("widgets/logo.webp")).toBe("image/webp");
  expect(mimeTypeOf("widgets/data.bin")).toBe("application/octet-stream");
  expect(mimeTypeOf("widgets/README")).toBe("application/octet-stream");
  expect(mimeTypeOf("widgets/constructor")).toBe("application/octet-stream");
});

test("the database seed reads every package folder in name order, and none when there is no folder", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "keel-samples-"));
  try {
    cpSync(MINIMAL_APP_DIR, path.join(dir, "b-app"), { recursive: true });
    const second = minimalFiles((m) => (m.name = "another"));
    cpSync(MINIMAL_APP_DIR, path.join(dir, "a-app"), { recursive: true });
    writeFileSync(path.join(dir, "a-app", "manifest.json"), second["manifest.json"]!);
    writeFileSync(path.join(dir, "README.md"), "not a package");
    expect((await readSampleApps(dir)).map((p) => p.manifest.name)).toEqual(["another", "minimal"]);
    expect(await readSampleApps(path.join(dir, "missing"))).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("the test database has every sample app and the harness apps installed", async () => {
  const harness = await Promise.all(HARNESS_APPS.map((name) => readAppFolder(harnessAppDir(name))));
  const samples = [...(await readSampleApps(SAMPLE_APPS_DIR)), ...harness];
  await withDb(async (db) => {
    const apps = await db.app.findMany({ select: { name: true, version: true }, orderBy: { name: "asc" } });
    expect(apps).toEqual(
      samples
        .map((p) => ({ name: p.manifest.name, version: p.manifest.version }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    );
  });
});
