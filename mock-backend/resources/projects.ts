// Project creation and the new-project wizard's setup steps.
import { Router } from "express";
import { PERMISSION } from "#contract/constants.ts";
import {
  GROUP_PREFIX,
  IdParamsSchema,
  InvitationsRequestSchema,
  inviteeKind,
  ProjectCreateSchema,
  ProjectListQuerySchema,
  ReadQuerySchema,
  TimeTrackingUpdateSchema,
  type InvitationsResult,
  type Project,
  type ProjectListItem,
  type ProjectTemplate,
} from "#contract/api.ts";
import { requireUser } from "../auth.ts";
import type { Db } from "../db.ts";
import { endpoint, fieldsSender, forbidden, HttpError, notFound, sendFields } from "../http.ts";
import { projectsWith } from "../model.ts";

const PROJECT_FIELDS = "id,shortName,name";

/** What a member may do in a project; its creator may also change it. */
export const MEMBER_PERMISSIONS = [
  PERMISSION.PROJECT_READ,
  PERMISSION.READ_ISSUE,
  PERMISSION.CREATE_ISSUE,
  PERMISSION.READ_ARTICLE,
  PERMISSION.CREATE_ARTICLE,
  PERMISSION.READ_WORK_ITEM,
  PERMISSION.CREATE_WORK_ITEM,
] as const;
const CREATOR_PERMISSIONS = [...MEMBER_PERMISSIONS, PERMISSION.PROJECT_UPDATE] as const;

/** The groups the mock knows; the identity service has an All Users group everywhere. */
const ALL_USERS_GROUP = "All Users";

/** Invitation e-mails to these reserved domains never arrive (RFC 2606), as a failure to report. */
const UNDELIVERABLE = /\.invalid$/i;

const conflict = (field: string, message: string) =>
  new HttpError(409, "conflict", message, [{ path: field, message }]);

type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

const projectInclude = { invitations: { orderBy: { id: "asc" } } } as const;

function toProject(row: {
  id: string;
  shortName: string;
  name: string;
  template: string;
  projectType: string;
  timeTrackingEnabled: boolean;
  invitations: { invitee: string; kind: string; status: string }[];
}): Project {
  return {
    id: row.id,
    shortName: row.shortName,
    name: row.name,
    template: row.template as ProjectTemplate,
    projectType: { id: row.projectType === "HELPDESK" ? "HELPDESK" : "DEFAULT" },
    timeTrackingEnabled: row.timeTrackingEnabled,
    invitations: row.invitations.map((i) => ({
      invitee: i.invitee,
      kind: i.kind as Project["invitations"][number]["kind"],
      status: i.status as Project["invitations"][number]["status"],
    })),
  };
}

async function visibleProjectIds(db: Db, userId: string): Promise<"all" | string[]> {
  const held = await Promise.all(
    [PERMISSION.PROJECT_READ, PERMISSION.PROJECT_READ_BASIC, PERMISSION.PROJECT_UPDATE].map((key) =>
      projectsWith(db, userId, key),
    ),
  );
  if (held.includes("all")) return "all";
  return [...new Set(held.flatMap((ids) => (ids === "all" ? [] : ids)))];
}

async function holds(db: Db, userId: string, key: string, projectId?: string): Promise<boolean> {
  const projects = await projectsWith(db, userId, key);
  return projects === "all" || (projectId === undefined ? projects.length > 0 : projects.includes(projectId));
}

/** Grants what is missing of `keys` in the project; SQLite's createMany cannot skip duplicates. */
async function grant(tx: Tx, userId: string, projectId: string, keys: readonly string[]): Promise<void> {
  const existing = await tx.permissionGrant.findMany({
    where: { userId, projectId },
    select: { permissionKey: true },
  });
  const held = new Set(existing.map((g) => g.permissionKey));
  const missing = keys.filter((key) => !held.has(key));
  if (missing.length > 0) {
    await tx.permissionGrant.createMany({
      data: missing.map((permissionKey) => ({ userId, projectId, permissionKey })),
    });
  }
}

async function nextProjectId(tx: Tx): Promise<string> {
  const ids = await tx.project.findMany({ select: { id: true } });
  const numbers = ids.map((p) => Number(/^0-(\d+)$/.exec(p.id)?.[1] ?? 0));
  return `0-${Math.max(0, ...numbers) + 1}`;
}

type Outcome =
  | { ok: true; invitee: string; kind: "user" | "email" | "group"; status: "added" | "invited" }
  | { ok: false; invitee: string; kind: InvitationsResult["failed"][number]["kind"]; message: string };

async function invite(tx: Tx, projectId: string, invitee: string): Promise<Outcome> {
  const kind = inviteeKind(invitee);
  if (kind === null) {
    return { ok: false, invitee, kind: "undefined", message: "Not a login, an e-mail address or a group" };
  }
  let members: string[];
  let status: "added" | "invited" = "added";
  if (kind === "user") {
    const user = await tx.user.findUnique({ where: { login: invitee }, select: { id: true, guest: true } });
    if (!user || user.guest) return { ok: false, invitee, kind, message: `No user has the login ${invitee}` };
    members = [user.id];
  } else if (kind === "email") {
    const user = await tx.user.findFirst({
      where: { email: invitee.toLowerCase(), guest: false },
      select: { id: true },
    });
    if (user) members = [user.id];
    else if (UNDELIVERABLE.test(invitee)) {
      return { ok: false, invitee, kind, message: `The invitation to ${invitee} could not be delivered` };
    } else {
      members = [];
      status = "invited";
    }
  } else {
    const name = invitee.slice(GROUP_PREFIX.length).trim();
    if (name !== ALL_USERS_GROUP) return { ok: false, invitee, kind, message: `No group is named ${name}` };
    members = (await tx.user.findMany({ where: { guest: false }, select: { id: true } })).map((u) => u.id);
  }
  for (const userId of members) await grant(tx, userId, projectId, MEMBER_PERMISSIONS);
  await tx.projectInvitation.upsert({
    where: { projectId_invitee: { projectId, invitee } },
    create: { projectId, invitee, kind, status },
    update: { kind, status },
  });
  return { ok: true, invitee, kind, status };
}

export function projectsRouter(db: Db): Router {
  const router = Router();

  /** The project named by id or short name, if the caller may see it; else 404, as for issues. */
  async function visibleProject(userId: string, idOrShortName: string) {
    const row = await db.project.findFirst({
      where: { OR: [{ id: idOrShortName }, { shortName: idOrShortName.toUpperCase() }] },
      include: projectInclude,
    });
    const visible =
      row &&
      ((await holds(db, userId, PERMISSION.PROJECT_READ, row.id)) ||
        (await holds(db, userId, PERMISSION.PROJECT_UPDATE, row.id)));
    if (!row || !visible) throw notFound(`Project ${idOrShortName} not found`);
    return row;
  }

  async function updatableProject(userId: string, idOrShortName: string) {
    const row = await visibleProject(userId, idOrShortName);
    if (!(await holds(db, userId, PERMISSION.PROJECT_UPDATE, row.id))) {
      throw forbidden(`You may not change the project ${row.shortName}`);
    }
    return row;
  }

  router.post(
    "/admin/projects",
    endpoint(
      { auth: requireUser, query: ReadQuerySchema, body: [ProjectCreateSchema, "project"] },
      async ({ req, res, user, body: input }) => {
        const send = fieldsSender(req, PROJECT_FIELDS);
        if (!(await holds(db, user.id, PERMISSION.PROJECT_CREATE))) {
          throw forbidden("You may not create projects");
        }
        const created = await db.$transaction(async (tx) => {
          if (await tx.project.findUnique({ where: { shortName: input.shortName } })) {
            throw conflict("shortName", `The ID ${input.shortName} is taken by another project`);
          }
          const sameName = await tx.project.findMany({ select: { name: true } });
          if (sameName.some((p) => p.name.toLowerCase() === input.name.toLowerCase())) {
            throw conflict("name", `A project named ${input.name} already exists`);
          }
          const id = await nextProjectId(tx);
          await tx.project.create({
            data: {
              id,
              shortName: input.shortName,
              name: input.name,
              template: input.template,
              projectType: input.template === "helpdesk" ? "HELPDESK" : "DEFAULT",
              leaderId: user.id,
            },
          });
          await grant(tx, user.id, id, CREATOR_PERMISSIONS);
          return tx.project.findUniqueOrThrow({ where: { id }, include: projectInclude });
        });
        send(res, toProject(created));
      },
    ),
  );

  router.get(
    "/admin/projects",
    endpoint({ auth: requireUser, query: ProjectListQuerySchema }, async ({ req, res, user, query }) => {
      const visible = await visibleProjectIds(db, user.id);
      const rows = await db.project.findMany({
        where: visible === "all" ? {} : { id: { in: visible } },
        select: {
          id: true,
          shortName: true,
          name: true,
          description: true,
          archived: true,
          leader: { select: { id: true, login: true, name: true } },
        },
        orderBy: [{ name: "asc" }, { id: "asc" }],
        skip: query.$skip,
        take: query.$top,
      });
      const page: ProjectListItem[] = rows.map((row) => ({ ...row }));
      sendFields(req, res, page, "id,shortName,name");
    }),
  );

  router.get(
    "/admin/projects/:id",
    endpoint(
      { auth: requireUser, query: ReadQuerySchema, params: [IdParamsSchema, "project id"] },
      async ({ req, res, user, params: { id } }) => {
        sendFields(req, res, toProject(await visibleProject(user.id, id)), PROJECT_FIELDS);
      },
    ),
  );

  router.post(
    "/admin/projects/:id/invitations",
    endpoint(
      {
        auth: requireUser,
        query: ReadQuerySchema,
        params: [IdParamsSchema, "project id"],
        body: [InvitationsRequestSchema, "invitations"],
      },
      async ({ req, res, user, params: { id }, body: { invitees } }) => {
        const send = fieldsSender(req, "invited(invitee,kind,status),failed(invitee,kind,message)");
        const project = await updatableProject(user.id, id);
        const outcomes = await db.$transaction(async (tx) => {
          const results: Outcome[] = [];
          for (const invitee of new Set(invitees)) results.push(await invite(tx, project.id, invitee));
          return results;
        });
        const result: InvitationsResult = { invited: [], failed: [] };
        for (const outcome of outcomes) {
          if (outcome.ok)
            result.invited.push({ invitee: outcome.invitee, kind: outcome.kind, status: outcome.status });
          else result.failed.push({ invitee: outcome.invitee, kind: outcome.kind, message: outcome.message });
        }
        send(res, result);
      },
    ),
  );

  router.post(
    "/admin/projects/:id/timeTrackingSettings",
    endpoint(
      {
        auth: requireUser,
        query: ReadQuerySchema,
        params: [IdParamsSchema, "project id"],
        body: [TimeTrackingUpdateSchema, "time tracking settings"],
      },
      async ({ req, res, user, params: { id }, body: { enabled } }) => {
        const send = fieldsSender(req, "enabled");
        const project = await updatableProject(user.id, id);
        await db.project.update({ where: { id: project.id }, data: { timeTrackingEnabled: enabled } });
        send(res, { enabled });
      },
    ),
  );

  return router;
}
