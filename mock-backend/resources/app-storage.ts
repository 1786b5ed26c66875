// The widget `storage` API (docs/widgets.md), kept in AppStorage under widget-user:{userId}.
import { Router } from "express";
import { requireAppCaller } from "../app-caller.ts";
import { findApp } from "../apps/find.ts";
import { requireUser } from "../auth.ts";
import {
  AppParamsSchema,
  AppStorageKeyParamsSchema,
  AppStorageWriteSchema,
  ReadQuerySchema,
  WIDGET_STORAGE_QUOTA_BYTES,
  WIDGET_STORAGE_RESERVED_PREFIX,
  type AppStorageKeys,
  type AppStorageValue,
} from "#contract/api.ts";
import type { Db } from "../db.ts";
import { endpoint, HttpError } from "../http.ts";

const storageScope = (userId: string) => `widget-user:${userId}`;

/** The storage key of the path; reserved keys are refused as the real API does. */
function checkKey(parsed: { key: string }) {
  if (parsed.key.startsWith(WIDGET_STORAGE_RESERVED_PREFIX)) {
    throw new HttpError(
      403,
      "InvalidAccessError",
      `Keys starting with ${WIDGET_STORAGE_RESERVED_PREFIX} are reserved`,
    );
  }
}
const KEY_PARAMS = [AppStorageKeyParamsSchema, "storage key"] as const;
const entrySize = (key: string, value: string) => Buffer.byteLength(key) + Buffer.byteLength(value);

export function appStorageRouter(db: Db): Router {
  const router = Router();
  router.use("/apps/:name/storage", requireAppCaller("name"));

  router.get(
    "/apps/:name/storage",
    endpoint(
      { auth: requireUser, query: ReadQuerySchema, params: [AppParamsSchema, "app"] },
      async ({ res, user, params: { name } }) => {
        const app = await findApp(db, name);
        const rows = await db.appStorage.findMany({
          where: { appId: app.id, scope: storageScope(user.id) },
          select: { key: true },
          orderBy: { key: "asc" },
        });
        const body: AppStorageKeys = { keys: rows.map((row) => row.key) };
        res.json(body);
      },
    ),
  );

  router.get(
    "/apps/:name/storage/:key",
    endpoint(
      { auth: requireUser, query: ReadQuerySchema, params: KEY_PARAMS },
      async ({ res, user, params }) => {
        const { name, key } = params;
        checkKey(params);
        const app = await findApp(db, name);
        const row = await db.appStorage.findUnique({
          where: { appId_scope_key: { appId: app.id, scope: storageScope(user.id), key } },
          select: { value: true },
        });
        const body: AppStorageValue = { value: row?.value ?? null };
        res.json(body);
      },
    ),
  );

  router.put(
    "/apps/:name/storage/:key",
    endpoint(
      {
        auth: requireUser,
        query: ReadQuerySchema,
        params: KEY_PARAMS,
        body: [AppStorageWriteSchema, "storage value"],
      },
      async ({ res, user, params, body: { value } }) => {
        const { name, key } = params;
        checkKey(params);
        const app = await findApp(db, name);
        const scope = storageScope(user.id);
        await db.$transaction(async (tx) => {
          const others = await tx.appStorage.findMany({
            where: { appId: app.id, scope, key: { not: key } },
            select: { key: true, value: true },
          });
          const used = others.reduce((sum, row) => sum + entrySize(row.key, row.value), 0);
          if (used + entrySize(key, value) > WIDGET_STORAGE_QUOTA_BYTES) {
            throw new HttpError(
              413,
              "QuotaExceededError",
              `The app's storage is limited to ${WIDGET_STORAGE_QUOTA_BYTES} bytes of keys and values`,
            );
          }
          await tx.appStorage.upsert({
            where: { appId_scope_key: { appId: app.id, scope, key } },
            create: { appId: app.id, scope, key, value },
            update: { value },
          });
        });
        const body: AppStorageValue = { value };
        res.json(body);
      },
    ),
  );

  router.delete(
    "/apps/:name/storage/:key",
    endpoint(
      { auth: requireUser, query: ReadQuerySchema, params: KEY_PARAMS },
      async ({ res, user, params }) => {
        const { name, key } = params;
        checkKey(params);
        const app = await findApp(db, name);
        await db.appStorage.deleteMany({ where: { appId: app.id, scope: storageScope(user.id), key } });
        const body: AppStorageValue = { value: null };
        res.json(body);
      },
    ),
  );

  router.delete(
    "/apps/:name/storage",
    endpoint(
      { auth: requireUser, query: ReadQuerySchema, params: [AppParamsSchema, "app"] },
      async ({ res, user, params: { name } }) => {
        const app = await findApp(db, name);
        await db.appStorage.deleteMany({ where: { appId: app.id, scope: storageScope(user.id) } });
        const body: AppStorageKeys = { keys: [] };
        res.json(body);
      },
    ),
  );

  return router;
}
