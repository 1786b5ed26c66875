// `admin/projects/{id}/pluggableObjectUsages`: the workflow rules of installed apps as a project uses them.
// The mock does not run rules, so a rule's kind and title are read from its source.
import { Router } from "express";
import { PERMISSION } from "#contract/constants.ts";
import { requireUser } from "../auth.ts";
import {
  UsagesBulkUpdateSchema,
  UsagesQuerySchema,
  UsageUpdateSchema,
  type PluggableObjectUsage,
} from "#contract/app-api.ts";
import { IdParamsSchema, ReadQuerySchema } from "#contract/api.ts";
import type { Db } from "../db.ts";
import { badRequest, endpoint, fieldsSender, forbidden, notFound, sendFields } from "../http.ts";
import { appResourcePath, projectsWith } from "../model.ts";

const USAGE_FIELDS = "id,enabled,priority";
const RULE_TYPES = [
  ["onChange", "on-change"],
  ["onSchedule", "on-schedule"],
  ["action", "action"],
  ["stateMachine", "statemachine"],
] as const;

interface Rule {
  appId: string;
  ruleName: string;
  typeAlias: string;
  title: string;
}

export function ruleOf(appId: string, path: string, source: string): Rule | null {
  if (path.includes("/") || !path.endsWith(".js") || !/\bexports\.rule\s*=/.test(source)) return null;
  const type = RULE_TYPES.find(([method]) => new RegExp(`\\.${method}\\s*\\(`).test(source));
  const title = /\btitle\s*:\s*(['"`])((?:(?!\1)[^\\\n]){1,200})\1/.exec(source)?.[2];
  const ruleName = path.slice(0, -".js".length);
  return { appId, ruleName, typeAlias: type?.[1] ?? "custom", title: title ?? ruleName };
}

/** Whether settings.json asks for a value it has no default of: the app cannot run until it is set. */
function missingRequiredSettings(settingsSchema: string | null): boolean {
  if (settingsSchema === null) return false;
  try {
    const schema = JSON.parse(settingsSchema) as { required?: unknown; properties?: Record<string, unknown> };
    const required = Array.isArray(schema.required) ? schema.required.map(String) : [];
    return required.some((name) => {
      const property = schema.properties?.[name];
      return !(property !== null && typeof property === "object" && "default" in property);
    });
  } catch {
    return true;
  }
}

const usageId = (rule: { appId: string; ruleName: string }) => `${rule.appId}.${rule.ruleName}`;

export function workflowUsagesRouter(db: Db): Router {
  const router = Router();

  /** The project, if the caller administers it: 404 when they cannot see it, 403 when they only see it. */
  async function administeredProject(userId: string, idOrShortName: string) {
    const row = await db.project.findFirst({
      where: { OR: [{ id: idOrShortName }, { shortName: idOrShortName.toUpperCase() }] },
      select: { id: true, shortName: true },
    });
    const holds = async (key: string) => {
      const projects = await projectsWith(db, userId, key);
      return row !== null && (projects === "all" || projects.includes(row.id));
    };
    if (!row || !((await holds(PERMISSION.PROJECT_READ)) || (await holds(PERMISSION.PROJECT_UPDATE)))) {
      throw notFound(`Project ${idOrShortName} not found`);
    }
    if (!(await holds(PERMISSION.PROJECT_UPDATE))) {
      throw forbidden(`You may not change the workflows of the project ${row.shortName}`);
    }
    return row;
  }

  async function usagesOf(projectId: string): Promise<PluggableObjectUsage[]> {
    const [apps, stored] = await Promise.all([
      db.app.findMany({
        orderBy: { name: "asc" },
        include: {
          files: { where: { path: { endsWith: ".js", not: { contains: "/" } } }, orderBy: { path: "asc" } },
          widgets: { select: { iconPath: true }, where: { iconPath: { not: null } }, take: 1 },
        },
      }),
      db.pluggableObjectUsage.findMany({ where: { projectId } }),
    ]);
    const usages: PluggableObjectUsage[] = [];
    for (const app of apps) {
      const missing = missingRequiredSettings(app.settingsSchema);
      const iconPath = app.widgets[0]?.iconPath;
      for (const file of app.files) {
        const rule = ruleOf(app.id, file.path, new TextDecoder().decode(file.content));
        if (!rule) continue;
        const saved = stored.find((s) => s.appId === app.id && s.ruleName === rule.ruleName);
        usages.push({
          $type: "PluggableObjectUsage",
          id: usageId(rule),
          enabled: saved?.enabled ?? true,
          priority: saved?.priority ?? usages.length + 1,
          isBroken: false,
          problems: [],
          pluggableObject: {
            $type: "WorkflowRule",
            id: usageId(rule),
            name: rule.ruleName,
            title: rule.title,
            typeAlias: rule.typeAlias,
          },
          configuration: {
            $type: "ProjectAppConfiguration",
            isActive: !missing,
            enabled: true,
            missingRequiredSettings: missing,
            app: {
              $type: "App",
              id: app.id,
              name: app.name,
              title: app.title,
              icon: iconPath ? appResourcePath(app.id, iconPath) : null,
              globalConfig: { enabled: true, missingRequiredSettings: missing },
            },
          },
        } as PluggableObjectUsage);
      }
    }
    return usages.sort((a, b) => a.priority - b.priority);
  }

  async function save(projectId: string, updates: { id: string; enabled?: boolean; priority?: number }[]) {
    const usages = await usagesOf(projectId);
    const targets = updates.map((update) => {
      const usage = usages.find((u) => u.id === update.id);
      if (!usage) throw notFound(`Workflow rule usage ${update.id} not found`);
      return { usage, update };
    });
    await db.$transaction(
      targets.map(({ usage, update }) => {
        const key = { projectId, appId: usage.configuration.app.id, ruleName: usage.pluggableObject.name };
        const values = {
          enabled: update.enabled ?? usage.enabled,
          priority: update.priority ?? usage.priority,
        };
        return db.pluggableObjectUsage.upsert({
          where: { projectId_appId_ruleName: key },
          create: { ...key, ...values },
          update: values,
        });
      }),
    );
    return usagesOf(projectId);
  }

  const PATH = "/admin/projects/:id/pluggableObjectUsages";

  router.get(
    PATH,
    endpoint(
      { auth: requireUser, query: UsagesQuerySchema, params: [IdParamsSchema, "project id"] },
      async ({ req, res, user, query, params: { id } }) => {
        const project = await administeredProject(user.id, id);
        const usages = (await usagesOf(project.id)).slice(query.$skip ?? 0);
        const top = query.$top === undefined || query.$top < 0 ? usages.length : query.$top;
        sendFields(req, res, usages.slice(0, top), USAGE_FIELDS);
      },
    ),
  );

  router.put(
    PATH,
    endpoint(
      {
        auth: requireUser,
        query: ReadQuerySchema,
        params: [IdParamsSchema, "project id"],
        body: [UsagesBulkUpdateSchema, "usages"],
      },
      async ({ req, res, user, params: { id }, body: updates }) => {
        const send = fieldsSender(req, USAGE_FIELDS);
        const project = await administeredProject(user.id, id);
        const usages = await save(project.id, updates);
        send(
          res,
          usages.filter((u) => updates.some((update) => update.id === u.id)),
        );
      },
    ),
  );

  router.post(
    `${PATH}/:usageId`,
    endpoint(
      {
        auth: requireUser,
        query: ReadQuerySchema,
        params: [IdParamsSchema, "project id"],
        body: [UsageUpdateSchema, "usage"],
      },
      async ({ req, res, user, params: { id }, body: update }) => {
        const send = fieldsSender(req, USAGE_FIELDS);
        const usage = String(req.params.usageId);
        if (update.id !== undefined && update.id !== usage) {
          throw badRequest("The body's id is not the usage the path names", [
            { path: "id", message: "must match the path" },
          ]);
        }
        const project = await administeredProject(user.id, id);
        const usages = await save(project.id, [{ ...update, id: usage }]);
        send(
          res,
          usages.find((u) => u.id === usage),
        );
      },
    ),
  );

  return router;
}
