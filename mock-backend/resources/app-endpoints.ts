// Apps' HTTP handlers (docs/widgets.md), run in child processes (apps/handlers/); scoped forms give them
// an entity.
import express, { Router, type Request, type Response } from "express";
import { z } from "zod";
import { PERMISSION } from "#contract/constants.ts";
import { requireAppCaller } from "../app-caller.ts";
import { findApp } from "../apps/find.ts";
import { sharedHandlerRunner, type HandlerOutcome, type HandlerRunner } from "../apps/handlers/pool.ts";
import type { HandlerEntity, HandlerScope, RunnerJob } from "../apps/handlers/protocol.ts";
import { currentUser, type AuthUser } from "../auth.ts";
import { MAX_EXTENSION_PROPERTIES_BYTES } from "#contract/api.ts";
import type { Db } from "../db.ts";
import { endpoint, HttpError, notFound, unauthorized, type EndpointInput } from "../http.ts";
import { readableIssues } from "../model.ts";

const EXTENSION_PROPERTIES = "extensionProperties";
const MAX_TEXT_BODY = "512kb";
const MAX_RESPONSE_CHARS = 4 * 1024 * 1024;
const KNOWN_PERMISSIONS: string[] = Object.values(PERMISSION);

const ENDPOINT_PATH = "extensionEndpoints/:app/:file/*path";
const SCOPED_PREFIXES = {
  issue: "/issues/:id",
  article: "/articles/:id",
  user: "/users/:id",
  project: "/admin/projects/:id",
} as const satisfies Record<Exclude<HandlerScope, "global">, string>;

const EndpointParamsSchema = z.object({
  id: z.string().min(1).max(200).optional(),
  app: z.string().min(1).max(100),
  file: z
    .string()
    .regex(/^[A-Za-z0-9_][A-Za-z0-9_.-]{0,99}$/, "A handler file is named like backend or backend-global"),
  path: z
    .array(z.string())
    .min(1)
    .transform((segments) => segments.join("/"))
    .pipe(z.string().max(1000)),
});

/** Headers a handler may set: its own x- headers and a few harmless ones; never cookies or policies. */
const HANDLER_HEADERS = new Set([
  "cache-control",
  "content-disposition",
  "content-language",
  "etag",
  "expires",
  "last-modified",
  "retry-after",
]);
const RESERVED_X_HEADERS = new Set(["x-content-type-options", "x-frame-options", "x-powered-by"]);
const HANDLER_CONTENT_TYPES = /^(?:text\/plain|text\/csv|application\/json|application\/octet-stream)\b/i;
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/;
/** Request headers the handler sees; never the caller's cookies or tokens. */
const FORWARDED_HEADERS = new Set(["accept", "accept-language", "content-type", "user-agent"]);

type Grant = { permissionKey: string; projectId: string | null };

function projectsOf(grants: Grant[], key: string): "all" | string[] {
  const matching = grants.filter((g) => g.permissionKey === key);
  if (matching.some((g) => g.projectId === null)) return "all";
  return matching.map((g) => g.projectId).filter((id): id is string => id !== null);
}

const whereVisible = (grants: Grant[], key: string) => {
  const projects = projectsOf(grants, key);
  return projects === "all" ? {} : { projectId: { in: projects } };
};

function heldPermissions(grants: Grant[], projectId: string | undefined): string[] {
  const held = grants.filter(
    (g) => projectId === undefined || g.projectId === null || g.projectId === projectId,
  );
  return [...new Set(held.map((g) => g.permissionKey))];
}

interface Target {
  entity: HandlerEntity;
  storageScope: string;
  projectId?: string;
  project?: { entity: HandlerEntity; storageScope: string };
}

const projectSelect = {
  select: { id: true, shortName: true, name: true, projectType: true },
} as const;
type ProjectRow = { id: string; shortName: string; name: string; projectType: string };
const toProject = (p: ProjectRow) => ({
  id: p.id,
  key: p.shortName,
  shortName: p.shortName,
  name: p.name,
  isHelpdesk: p.projectType === "HELPDESK",
});
const projectOf = (p: ProjectRow) => ({ entity: toProject(p), storageScope: `project:${p.id}` });

/** The entity a scoped call names, if the caller may read it; else 404 as for any unreadable entity. */
async function resolveTarget(
  db: Db,
  scope: Exclude<HandlerScope, "global">,
  id: string,
  user: AuthUser,
  grants: Grant[],
): Promise<Target> {
  if (scope === "issue") {
    const row = await db.issue.findFirst({
      where: { AND: [await readableIssues(db, user.id), { OR: [{ id }, { idReadable: id }] }] },
      include: { project: projectSelect },
    });
    if (!row) throw notFound(`Issue ${id} not found`);
    return {
      entity: {
        id: row.id,
        idReadable: row.idReadable,
        summary: row.summary,
        description: row.description,
        resolved: row.resolved === null ? null : Number(row.resolved),
        isResolved: row.resolved !== null,
        project: toProject(row.project),
      },
      storageScope: `issue:${row.id}`,
      projectId: row.projectId,
      project: projectOf(row.project),
    };
  }
  if (scope === "article") {
    const row = await db.article.findFirst({
      where: { ...whereVisible(grants, PERMISSION.READ_ARTICLE), OR: [{ id }, { idReadable: id }] },
      include: { project: projectSelect },
    });
    if (!row) throw notFound(`Article ${id} not found`);
    return {
      entity: {
        id: row.id,
        idReadable: row.idReadable,
        summary: row.summary,
        content: row.content,
        project: toProject(row.project),
      },
      storageScope: `article:${row.id}`,
      projectId: row.projectId,
      project: projectOf(row.project),
    };
  }
  if (scope === "project") {
    const row = await db.project.findFirst({
      where: { OR: [{ id }, { shortName: id.toUpperCase() }] },
    });
    const readable = (key: string) => {
      const projects = projectsOf(grants, key);
      return row !== null && (projects === "all" || projects.includes(row.id));
    };
    if (!row || !(readable(PERMISSION.PROJECT_READ) || readable(PERMISSION.PROJECT_UPDATE))) {
      throw notFound(`Project ${id} not found`);
    }
    return {
      entity: toProject(row),
      storageScope: `project:${row.id}`,
      projectId: row.id,
    };
  }
  // Signed-in users see each other (as mentions do); e-mail addresses only their own, or with user-read.
  const row = await db.user.findFirst({
    where: id === "me" ? { id: user.id } : { guest: false, OR: [{ id }, { login: id }] },
  });
  if (!row) throw notFound(`User ${id} not found`);
  const showEmail = row.id === user.id || projectsOf(grants, PERMISSION.USER_READ).length !== 0;
  return {
    entity: { ...handlerUser(row), email: showEmail ? row.email : null },
    storageScope: `user:${row.id}`,
  };
}

/** The caller as the scripting API's User; ringId is the account's id in the identity service. */
function handlerUser(row: {
  id: string;
  login: string;
  name: string;
  email: string | null;
  avatarUrl: string | null;
  timezone: string;
  guest: boolean;
}): HandlerEntity {
  return {
    id: row.id,
    ringId: row.id,
    login: row.login,
    name: row.name,
    fullName: row.name,
    visibleName: row.name || row.login,
    email: row.email,
    avatarUrl: row.avatarUrl,
    timeZoneId: row.timezone,
    isBanned: false,
    isGuest: row.guest,
  };
}

/** The app's settings: the defaults of settings.json, as there is no settings page yet. */
function defaultSettings(settingsSchema: string | null): Record<string, unknown> {
  const settings: Record<string, unknown> = {};
  if (settingsSchema === null) return settings;
  let schema: unknown;
  try {
    schema = JSON.parse(settingsSchema);
  } catch {
    return settings;
  }
  const properties = (schema as { properties?: unknown } | null)?.properties;
  if (properties === null || typeof properties !== "object") return settings;
  for (const [name, property] of Object.entries(properties)) {
    if (property !== null && typeof property === "object" && Object.hasOwn(property, "default")) {
      settings[name] = (property as { default: unknown }).default;
    }
  }
  return settings;
}

function queryOf(req: Request): Record<string, string[]> {
  const query: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(req.query)) {
    const values = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === "string");
    if (values.length > 0) query[name] = values;
  }
  return query;
}

/** The body as the handler reads it: the text that was sent (JSON arrives parsed, so it is written back). */
function bodyOf(req: Request): string {
  if (req.body === undefined) return "";
  if (isJsonType(req.get("content-type"))) return JSON.stringify(req.body);
  return typeof req.body === "string" ? req.body : "";
}

function headersOf(req: Request): { name: string; value: string }[] {
  return Object.entries(req.headers)
    .filter(
      ([name]) => FORWARDED_HEADERS.has(name) || (name.startsWith("x-") && !name.startsWith("x-forwarded-")),
    )
    .map(([name, value]) => ({ name, value: Array.isArray(value) ? value.join(", ") : (value ?? "") }));
}

function isAllowedHeader(name: string, value: string): boolean {
  if (!HEADER_NAME.test(name) || value.length > 4096 || /[\r\n\0]/.test(value)) return false;
  const lower = name.toLowerCase();
  if (lower === "content-type") return HANDLER_CONTENT_TYPES.test(value);
  return HANDLER_HEADERS.has(lower) || (lower.startsWith("x-") && !RESERVED_X_HEADERS.has(lower));
}

export interface AppEndpointsOptions {
  runner?: HandlerRunner;
}

export function appEndpointsRouter(db: Db, options: AppEndpointsOptions = {}): Router {
  const router = Router();
  const runner = options.runner ?? sharedHandlerRunner();

  /** Only an app with a widget the guest may see serves anonymous readers, as its widgets do. */
  async function showsToGuests(appId: string, held: string[]): Promise<boolean> {
    const widgets = await db.widget.findMany({ where: { appId }, select: { permissions: true } });
    return widgets.some((widget) =>
      (JSON.parse(widget.permissions) as string[]).every((key) => held.includes(key)),
    );
  }
  // Everything express.json left alone arrives as text (a request stream is read only once).
  const textBody = express.text({
    type: (req) => !isJsonType(req.headers["content-type"]),
    limit: MAX_TEXT_BODY,
  });

  const ENDPOINT_CALL = { auth: currentUser, params: [EndpointParamsSchema, "endpoint"] } as const;
  type EndpointCall = EndpointInput<AuthUser, undefined, (typeof ENDPOINT_CALL)["params"], undefined>;

  async function handle({ req, res, user, params }: EndpointCall, scope: HandlerScope): Promise<void> {
    // Guests read no user's page, so no user-scoped handler runs for them.
    if (user.guest && scope === "user") throw unauthorized();
    const app = await findApp(db, params.app);
    const fileName = `${params.file}.js`;
    const file = await db.appFile.findUnique({ where: { appId_path: { appId: app.id, path: fileName } } });
    if (!file) throw notFound(`Handler file ${fileName} not found in app ${app.name}`);

    const [userRow, grants] = await Promise.all([
      db.user.findUniqueOrThrow({ where: { id: user.id } }),
      db.permissionGrant.findMany({
        where: { userId: user.id },
        select: { permissionKey: true, projectId: true },
      }),
    ]);
    const target =
      scope === "global" ? undefined : await resolveTarget(db, scope, params.id ?? "", user, grants);
    if (user.guest && !(await showsToGuests(app.id, heldPermissions(grants, target?.projectId)))) {
      throw unauthorized();
    }

    const scopes = {
      global: "global",
      currentUser: `user:${user.id}`,
      entity: target?.storageScope,
      project: target?.project?.storageScope,
    };
    const scopeList = [
      ...new Set(
        [scopes.global, scopes.currentUser, scopes.entity, scopes.project].filter(
          (scope): scope is string => scope !== undefined,
        ),
      ),
    ];
    const rows = await db.appStorage.findMany({
      where: { appId: app.id, key: EXTENSION_PROPERTIES, scope: { in: scopeList } },
    });
    const storage: Record<string, string> = {};
    for (const scopeName of scopeList) {
      const stored = rows.find((row) => row.scope === scopeName)?.value;
      storage[scopeName] = stored !== undefined && isJsonObject(stored) ? stored : "{}";
    }

    const job: RunnerJob = {
      source: new TextDecoder().decode(file.content),
      fileName,
      scope,
      request: {
        method: req.method.toUpperCase(),
        path: params.path,
        body: bodyOf(req),
        query: queryOf(req),
        headers: headersOf(req),
      },
      currentUser: handlerUser(userRow),
      entity: target?.entity,
      project: target?.project?.entity,
      settings: defaultSettings(app.settingsSchema),
      storageScopes: scopes,
      storage,
      knownPermissions: KNOWN_PERMISSIONS,
      heldPermissions: heldPermissions(grants, target?.projectId),
    };

    const outcome = await runner.run(app.id, job);
    const where = `${fileName} of app ${app.name}`;
    if ("logs" in outcome && outcome.logs.length > 0) {
      req.log?.info(
        { app: app.name, file: fileName, path: params.path, logs: outcome.logs },
        "app handler console",
      );
    }
    await answer(req, res, outcome, { appId: app.id, where, scopeList, path: params.path, scope });
  }

  async function answer(
    req: Request,
    res: Response,
    outcome: HandlerOutcome,
    call: { appId: string; where: string; scopeList: string[]; path: string; scope: HandlerScope },
  ): Promise<void> {
    switch (outcome.kind) {
      case "timeout":
        throw new HttpError(
          504,
          "handler_timeout",
          `The handler did not answer within ${runner.timeoutMs} ms`,
        );
      case "crashed":
        req.log?.warn({ detail: outcome.detail }, "app handler process failed");
        throw new HttpError(
          500,
          "handler_failed",
          `The handler in ${call.where} failed (out of memory or ended)`,
        );
      case "busy":
        throw new HttpError(503, "handler_busy", "Too many app handler calls are waiting; try again");
      case "threw":
        throw new HttpError(500, "handler_error", outcome.message);
      case "no_handler":
        throw notFound(`${call.where} has no HTTP handler (exports.httpHandler)`);
      case "no_endpoint":
        throw notFound(
          `Endpoint ${req.method.toUpperCase()} ${call.path}${call.scope === "global" ? "" : ` (${call.scope} scope)`} not found in ${call.where}`,
        );
      case "forbidden":
        throw new HttpError(403, "forbidden", `The endpoint needs the permission ${outcome.permission}`);
      case "done":
        break;
    }

    const changed = Object.entries(outcome.changed).filter(([scope]) => call.scopeList.includes(scope));
    for (const [scope, value] of changed) {
      if (Buffer.byteLength(value) > MAX_EXTENSION_PROPERTIES_BYTES) {
        throw new HttpError(
          413,
          "payload_too_large",
          `The handler stored more than ${MAX_EXTENSION_PROPERTIES_BYTES} bytes in the extensionProperties of ${scope}`,
        );
      }
    }
    if (outcome.body !== null && outcome.body.length > MAX_RESPONSE_CHARS) {
      throw new HttpError(500, "handler_error", "The handler's response is too large");
    }
    if (changed.length > 0) {
      await db.$transaction(
        changed.map(([scope, value]) =>
          db.appStorage.upsert({
            where: { appId_scope_key: { appId: call.appId, scope, key: EXTENSION_PROPERTIES } },
            create: { appId: call.appId, scope, key: EXTENSION_PROPERTIES, value },
            update: { value },
          }),
        ),
      );
    }

    // The answer is the app's, not Keel's: never a document that runs in Keel's origin.
    res.set({
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "no-store",
    });
    let contentType = outcome.contentType === null ? null : `${outcome.contentType}; charset=utf-8`;
    for (const [name, value] of outcome.headers) {
      if (!isAllowedHeader(name, value)) continue;
      if (name.toLowerCase() === "content-type") contentType = value;
      else res.append(name, value);
    }
    res.status(outcome.code);
    if (outcome.body === null) {
      res.end();
      return;
    }
    res.type(contentType ?? "text/plain; charset=utf-8").send(outcome.body);
  }

  // Before the body is read: a call that is not the app's own widget's is refused at once.
  const ownCaller = requireAppCaller("app");
  router.all(
    `/${ENDPOINT_PATH}`,
    ownCaller,
    textBody,
    endpoint(ENDPOINT_CALL, (call) => handle(call, "global")),
  );
  for (const [scope, prefix] of Object.entries(SCOPED_PREFIXES)) {
    router.all(
      `${prefix}/${ENDPOINT_PATH}`,
      ownCaller,
      textBody,
      endpoint(ENDPOINT_CALL, (call) => handle(call, scope as HandlerScope)),
    );
  }
  return router;
}

const isJsonType = (contentType: string | undefined) =>
  contentType?.split(";")[0]?.trim().toLowerCase() === "application/json";

function isJsonObject(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === "object" && !Array.isArray(value);
  } catch {
    return false;
  }
}
