// Apps written straight into a test database, and a backend whose handler runner a test chooses.
import express from "express";
import { authenticate, requireSameOriginForWrites } from "#mock-backend/auth.ts";
import type { HandlerRunner } from "#mock-backend/apps/handlers/pool.ts";
import type { RunnerJob } from "#mock-backend/apps/handlers/protocol.ts";
import type { Db } from "#mock-backend/db.ts";
import { errorHandler, notFoundHandler } from "#mock-backend/http.ts";
import { appEndpointsRouter } from "#mock-backend/resources/app-endpoints.ts";
import { createInProcessTransport } from "#server/transport.ts";
import { SAME_ORIGIN, type MockResponse } from "./mock-client.ts";

export interface TestApp {
  name: string;
  /** Root files such as backend.js, as text. */
  files?: Record<string, string>;
  widgets?: { key: string; extensionPoint: string; permissions?: string[] }[];
  /** settings.json's schema. */
  settingsSchema?: unknown;
}

/** Inserts an installed app with its files and widgets, as the installer would store them. */
export async function insertApp(db: Db, app: TestApp): Promise<{ id: string }> {
  const widgets = app.widgets ?? [];
  const row = await db.app.create({
    data: {
      name: app.name,
      title: app.name,
      version: "1.0.0",
      manifest: JSON.stringify({ name: app.name, title: app.name, version: "1.0.0", widgets }),
      settingsSchema: app.settingsSchema === undefined ? null : JSON.stringify(app.settingsSchema),
      widgets: {
        create: widgets.map((widget) => ({
          key: widget.key,
          name: widget.key,
          extensionPoint: widget.extensionPoint,
          indexPath: `${widget.key}/index.html`,
          ...(widget.permissions ? { permissions: JSON.stringify(widget.permissions) } : {}),
        })),
      },
      files: {
        create: Object.entries(app.files ?? {}).map(([path, content]) => ({
          path,
          mimeType: "text/javascript; charset=utf-8",
          content: new TextEncoder().encode(content),
        })),
      },
    },
    select: { id: true },
  });
  return row;
}

/** A handler file with the given endpoints' source, `exports.httpHandler = {endpoints: [...]}`. */
export const handlerFile = (...endpoints: string[]) =>
  `exports.httpHandler = { endpoints: [\n${endpoints.join(",\n")}\n] };\n`;

/** A call of `GET demo` in the global scope by admin (user 1-1), for the handler runner's tests. */
export function handlerJob(source: string, overrides: Partial<RunnerJob> = {}): RunnerJob {
  return {
    source,
    fileName: "backend.js",
    scope: "global",
    request: { method: "GET", path: "demo", body: "", query: {}, headers: [] },
    currentUser: { id: "1-1", login: "admin", name: "Ada Admin" },
    settings: {},
    storageScopes: { global: "global", currentUser: "user:1-1" },
    storage: { global: "{}", "user:1-1": "{}" },
    knownPermissions: ["READ_ISSUE"],
    heldPermissions: [],
    ...overrides,
  };
}

/**
 * The mock's API stack (body parsing, authentication, same-origin writes, errors) around the app
 * endpoints alone, with `runner`, for tests that need another time limit.
 */
export function endpointsClient(db: Db, runner: HandlerRunner) {
  const app = express();
  app.use(
    "/api",
    express.json({ strict: false }),
    authenticate({ db }),
    requireSameOriginForWrites,
    appEndpointsRouter(db, { runner }),
    notFoundHandler,
    errorHandler,
  );
  const transport = createInProcessTransport(app);
  return async (
    method: "GET" | "POST" | "PUT" | "DELETE",
    path: string,
    headers: Record<string, string> = {},
  ): Promise<MockResponse> => {
    const response = await transport({ method, path, headers: { host: SAME_ORIGIN.host, ...headers } });
    let json: unknown;
    try {
      json = JSON.parse(response.body);
    } catch {
      json = undefined;
    }
    return { status: response.status, json, text: response.body, headers: response.headers };
  };
}
