// Installed apps (docs/widgets.md): the list every page's host reads, install and removal by administrators,
// and the package's widget files, which sandboxed frames (origin "null") load across origins.
import { createHash } from "node:crypto";
import express, { Router, type Request, type RequestHandler, type Response } from "express";
import { PERMISSION } from "#contract/constants.ts";
import type { Prisma } from "#prisma/generated/client.ts";
import { isSafeRelativePath } from "#contract/app-manifest.ts";
import { isPublicPackageFile, WIDGETS_FOLDER } from "#contract/package-files.ts";
import { AppPackageError, readAppZip, type PackageLimits } from "../apps/package.ts";
import { installApp, removeApp } from "../apps/install.ts";
import { requireUser } from "../auth.ts";
import { AppNameParamsSchema, IdParamsSchema, ReadQuerySchema, type AppEntry } from "#contract/api.ts";
import type { Db } from "../db.ts";
import { endpoint, fieldsSender, forbidden, HttpError, notFound, sendFields } from "../http.ts";
import { appResourcePath, projectsWith } from "../model.ts";

const APP_FIELDS = "id,name,title,version";
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
const ZIP_TYPES = ["application/zip", "application/x-zip-compressed"];

const appInclude = { widgets: true } as const;

type AppRow = Prisma.AppGetPayload<{ include: typeof appInclude }>;

function dimensions<T>(stored: string | null): { width: T | null; height: T | null } | null {
  if (stored === null) return null;
  const { width, height } = JSON.parse(stored) as { width?: T; height?: T };
  return { width: width ?? null, height: height ?? null };
}

function toAppEntry(row: AppRow): AppEntry {
  const manifest = JSON.parse(row.manifest) as { description?: string; widgets?: { key: string }[] };
  // The manifest's order: the host lists an app's menu items and places in it.
  const order = new Map((manifest.widgets ?? []).map((w, index) => [w.key, index]));
  const widgets = [...row.widgets].sort((a, b) => (order.get(a.key) ?? 0) - (order.get(b.key) ?? 0));
  return {
    id: row.id,
    name: row.name,
    title: row.title,
    version: row.version,
    description: manifest.description ?? null,
    vendor: row.vendorName === null ? null : { name: row.vendorName, url: row.vendorUrl },
    widgets: widgets.map((w) => ({
      id: w.id,
      key: w.key,
      name: w.name,
      description: w.description,
      extensionPoint: w.extensionPoint,
      indexPath: w.indexPath,
      iconUrl: w.iconPath === null ? null : appResourcePath(row.id, w.iconPath),
      permissions: JSON.parse(w.permissions) as string[],
      guard: w.guard,
      showHeader: w.showHeader,
      settingsSchemaPath: w.settingsSchemaPath,
      expectedDimensions: dimensions<number>(w.expectedDimensions),
      defaultDimensions: dimensions<number | string>(w.defaultDimensions),
    })),
  };
}

/** The path after a `*path` wildcard, as Express 5 gives it (one string per segment). */
function wildcardPath(req: Request): string {
  const raw: unknown = req.params.path;
  return Array.isArray(raw) ? raw.join("/") : String(raw ?? "");
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((tag) => {
    const value = tag.trim();
    return value === "*" || value === etag || value === `W/${etag}`;
  });
}

/**
 * What a package file may do when it is opened on its own: nothing. An app's HTML or SVG on Keel's origin
 * would otherwise run with the user's session; widget documents run from /widgets/ under the widget policy,
 * and icons shown with <img> are not affected by either header.
 */
export const APP_FILE_POLICY = "sandbox; default-src 'none'; img-src data:; style-src 'unsafe-inline'";

/**
 * Sends a package file to a sandboxed frame: its origin is "null", so module scripts and fonts need CORS,
 * and the resource policy must let another origin embed it. Revalidated on every use, as upgrades replace it.
 */
function sendAppFile(req: Request, res: Response, file: { mimeType: string; content: Uint8Array }): void {
  const etag = `"${createHash("sha256").update(file.content).digest("base64url").slice(0, 27)}"`;
  res.set({
    "Content-Type": file.mimeType,
    "Content-Security-Policy": APP_FILE_POLICY,
    "Content-Disposition": "attachment",
    "Access-Control-Allow-Origin": "*",
    "Cross-Origin-Resource-Policy": "cross-origin",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-cache",
    ETag: etag,
  });
  if (etagMatches(req.get("if-none-match"), etag)) {
    res.status(304).end();
    return;
  }
  res.send(Buffer.from(file.content.buffer, file.content.byteOffset, file.content.byteLength));
}

export interface AppsOptions {
  packageLimits?: Partial<PackageLimits>;
}

export function appsRouter(db: Db, options: AppsOptions = {}): Router {
  const router = Router();

  /** Administrators only, checked before a large body is read. */
  const requireAdmin: RequestHandler = (req, _res, next) => {
    Promise.resolve()
      .then(async () => {
        const user = requireUser(req);
        if ((await projectsWith(db, user.id, PERMISSION.LOW_LEVEL_READ)) !== "all") {
          throw forbidden("Only administrators can install and remove apps");
        }
      })
      .then(() => next(), next);
  };

  async function appEntry(id: string): Promise<AppEntry> {
    return toAppEntry(await db.app.findUniqueOrThrow({ where: { id }, include: appInclude }));
  }

  router.get(
    "/apps",
    endpoint({ query: ReadQuerySchema }, async ({ req, res }) => {
      const rows = await db.app.findMany({ include: appInclude, orderBy: { name: "asc" } });
      sendFields(req, res, rows.map(toAppEntry), APP_FIELDS);
    }),
  );

  router.post(
    "/admin/apps",
    requireAdmin,
    express.raw({ type: ZIP_TYPES, limit: MAX_UPLOAD_BYTES }),
    endpoint({ query: ReadQuerySchema }, async ({ req, res }) => {
      const send = fieldsSender(req, APP_FIELDS);
      if (!Buffer.isBuffer(req.body)) {
        throw new HttpError(415, "unsupported_media_type", "Send the app package as application/zip");
      }
      let installed;
      try {
        installed = await installApp(db, await readAppZip(req.body, options.packageLimits));
      } catch (error) {
        if (error instanceof AppPackageError) {
          throw new HttpError(400, "invalid_package", error.message, error.issues);
        }
        throw error;
      }
      send(res, await appEntry(installed.id));
    }),
  );

  router.delete(
    "/admin/apps/:name",
    requireAdmin,
    endpoint(
      { query: ReadQuerySchema, params: [AppNameParamsSchema, "app name"] },
      async ({ res, params: { name } }) => {
        if (!(await removeApp(db, name))) throw notFound(`App ${name} not found`);
        res.json({});
      },
    ),
  );

  // Queries are ignored: widgets load their documents with their own (indexPath may carry one).
  // Handler code, the manifest and settings are never files a frame loads.
  router.get(
    "/apps/:name/files/*path",
    endpoint({ params: [AppNameParamsSchema, "app name"] }, async ({ req, res, params: { name } }) => {
      const path = wildcardPath(req);
      const file =
        isPublicPackageFile(path) && isSafeRelativePath(path)
          ? await db.appFile.findFirst({ where: { path, app: { name } } })
          : null;
      if (!file) throw notFound(`App ${name} has no file ${path}`);
      sendAppFile(req, res, file);
    }),
  );

  /** A widget icon, relative to widgets/, or one of the app's own icons, at the package's root. */
  async function appResource(appId: string, path: string) {
    if (!isSafeRelativePath(path)) return null;
    const app = await db.app.findUnique({ where: { id: appId }, select: { manifest: true } });
    if (!app) return null;
    const inWidgets = await db.appFile.findUnique({
      where: { appId_path: { appId, path: `${WIDGETS_FOLDER}/${path}` } },
    });
    if (inWidgets) return inWidgets;
    const { icon, iconDark } = JSON.parse(app.manifest) as { icon?: string; iconDark?: string };
    if (path !== icon && path !== iconDark) return null;
    return db.appFile.findUnique({ where: { appId_path: { appId, path } } });
  }

  router.get(
    "/appResources/:id/*path",
    endpoint({ params: [IdParamsSchema, "app id"] }, async ({ req, res, params: { id } }) => {
      const path = wildcardPath(req);
      const file = await appResource(id, path);
      if (!file) throw notFound(`App ${id} has no resource ${path}`);
      sendAppFile(req, res, file);
    }),
  );

  return router;
}
