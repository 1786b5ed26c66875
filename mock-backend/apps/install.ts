// Installs, upgrades and removes apps; an upgrade keeps what users made with the app (storage, answers,
// embeddings of widgets that still exist).
import type { ManifestWidget } from "#contract/app-manifest.ts";
import type { Db } from "../db.ts";
import type { AppPackage } from "./package.ts";

type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

export interface InstalledApp {
  id: string;
  name: string;
  title: string;
  version: string;
  widgetCount: number;
  previousVersion: string | null;
}

const MIME_TYPES: Readonly<Record<string, string>> = {
  html: "text/html; charset=utf-8",
  js: "text/javascript; charset=utf-8",
  mjs: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
  json: "application/json; charset=utf-8",
  map: "application/json; charset=utf-8",
  txt: "text/plain; charset=utf-8",
  svg: "image/svg+xml",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  ico: "image/x-icon",
  woff: "font/woff",
  woff2: "font/woff2",
  ttf: "font/ttf",
};

export function mimeTypeOf(path: string): string {
  const extension = /\.([^./]+)$/.exec(path)?.[1]?.toLowerCase() ?? "";
  return Object.hasOwn(MIME_TYPES, extension) ? MIME_TYPES[extension]! : "application/octet-stream";
}

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

function widgetRow(widget: ManifestWidget) {
  return {
    name: widget.name,
    description: widget.description ?? null,
    extensionPoint: widget.extensionPoint,
    indexPath: widget.indexPath,
    iconPath: widget.iconPath ?? null,
    permissions: JSON.stringify(widget.permissions ?? []),
    guard: widget.guard ?? null,
    showHeader: widget.showHeader ?? true,
    settingsSchemaPath: widget.settingsSchemaPath ?? null,
    expectedDimensions: json(widget.expectedDimensions),
    defaultDimensions: json(widget.defaultDimensions),
  };
}

/** Rows per INSERT: app bundles are large, and SQLite binds every value. */
const FILE_BATCH = 50;

/** Writes a checked package inside the caller's transaction (the database seed installs its apps in its own). */
export async function writeApp(tx: Tx, pkg: AppPackage): Promise<InstalledApp> {
  const { manifest } = pkg;
  const previous = await tx.app.findUnique({ where: { name: manifest.name }, select: { version: true } });
  const data = {
    title: manifest.title,
    version: manifest.version,
    vendorName: manifest.vendor?.name ?? null,
    vendorUrl: manifest.vendor?.url ?? null,
    manifest: JSON.stringify(manifest),
    settingsSchema: pkg.settingsSchema,
  };
  const { id: appId } = await tx.app.upsert({
    where: { name: manifest.name },
    create: { name: manifest.name, ...data },
    update: data,
    select: { id: true },
  });

  const keys = manifest.widgets.map((w) => w.key);
  await tx.widget.deleteMany({ where: { appId, key: { notIn: keys } } });
  await tx.widgetEmbedding.deleteMany({ where: { appId, widgetKey: { notIn: keys } } });
  // Upserted rather than recreated, so a widget keeps its id across upgrades.
  for (const widget of manifest.widgets) {
    const row = widgetRow(widget);
    await tx.widget.upsert({
      where: { appId_key: { appId, key: widget.key } },
      create: { appId, key: widget.key, ...row },
      update: row,
    });
  }

  await tx.appFile.deleteMany({ where: { appId } });
  const files = [...pkg.files].map(([path, content]) => ({
    appId,
    path,
    mimeType: mimeTypeOf(path),
    content,
  }));
  for (let start = 0; start < files.length; start += FILE_BATCH) {
    await tx.appFile.createMany({ data: files.slice(start, start + FILE_BATCH) });
  }

  return {
    id: appId,
    name: manifest.name,
    title: manifest.title,
    version: manifest.version,
    widgetCount: manifest.widgets.length,
    previousVersion: previous?.version ?? null,
  };
}

export function installApp(db: Db, pkg: AppPackage): Promise<InstalledApp> {
  return db.$transaction((tx) => writeApp(tx, pkg), { maxWait: 10_000, timeout: 60_000 });
}

export async function removeApp(db: Db, name: string): Promise<boolean> {
  const { count } = await db.app.deleteMany({ where: { name } });
  return count > 0;
}
