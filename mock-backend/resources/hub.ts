import { Router, type Request, type RequestHandler, type Response } from "express";
import { HUB_API_VERSION } from "#contract/constants.ts";
import {
  ConsentUpdateSchema,
  HubQuerySchema,
  HubUserGroupsQuerySchema,
  HubUsersQuerySchema,
  UserAgreementSchema,
} from "#contract/api.ts";
import { PERMISSION } from "#contract/constants.ts";
import { projectsWith } from "../model.ts";
import { currentUser, GUEST_LOGIN, requireUser } from "../auth.ts";
import type { Db } from "../db.ts";
import { readCache } from "../read-cache.ts";
import {
  badRequest,
  endpoint,
  fieldsSender,
  forbidden,
  HttpError,
  requestedFields,
  sendFields,
} from "../http.ts";

/** The hub answers in API version 4 and refuses clients that ask for another. */
const hubVersion: RequestHandler = (req, res, next) => {
  res.set("Hub-API-Version", HUB_API_VERSION);
  const asked = req.get("hub-api-version");
  if (asked !== undefined && asked.trim() !== HUB_API_VERSION) {
    return next(badRequest(`Unsupported Hub-API-Version ${asked}: this hub speaks ${HUB_API_VERSION}`));
  }
  next();
};

function loadAgreement(db: Db) {
  return readCache(db).read("userAgreement", () => readAgreement(db));
}

async function readAgreement(db: Db) {
  const row = await db.userAgreement.findUnique({ where: { id: 1 } });
  if (!row) throw new HttpError(503, "not_configured", "The user agreement is missing: run npm run db:setup");
  return UserAgreementSchema.parse(row);
}

export function hubRouter(db: Db): Router {
  const router = Router();
  router.use(hubVersion);

  router.get(
    "/settings/public",
    endpoint({ query: HubQuerySchema }, async ({ req, res }) => {
      sendFields(req, res, { endUserAgreement: await loadAgreement(db) }, "endUserAgreement(enabled)");
    }),
  );

  async function sendHubUser(req: Request, res: Response, id: string) {
    const user = await readCache(db).read(`hubUser:${id}`, () =>
      db.user.findUniqueOrThrow({ where: { id }, include: { consent: true } }),
    );
    sendFields(
      req,
      res,
      {
        id: user.id,
        login: user.login,
        name: user.name,
        guest: user.guest,
        endUserAgreementConsent: user.consent
          ? {
              accepted: user.consent.accepted,
              majorVersion: user.consent.majorVersion,
              minorVersion: user.consent.minorVersion,
            }
          : null,
      },
      "id,login,guest",
    );
  }

  // Every account, for administrators: those who may read any user's profile.
  router.get(
    "/users",
    endpoint({ auth: requireUser, query: HubUsersQuerySchema }, async ({ req, res, user: me, query }) => {
      if ((await projectsWith(db, me.id, PERMISSION.READ_USER)) !== "all") {
        throw forbidden("You may not list users");
      }
      const [total, rows] = await Promise.all([
        db.user.count(),
        db.user.findMany({
          select: { id: true, login: true, name: true, guest: true },
          orderBy: { login: "asc" },
          skip: query.$skip,
          take: query.$top,
        }),
      ]);
      const users = rows.map((row) => ({ ...row, banned: false }));
      sendFields(req, res, { skip: query.$skip, top: query.$top, total, users }, "total,users(id,login)");
    }),
  );

  // Every group with its member count, for those who may read groups; members themselves on request.
  router.get(
    "/usergroups",
    endpoint(
      { auth: requireUser, query: HubUserGroupsQuerySchema },
      async ({ req, res, user: me, query }) => {
        const fallback = "total,usergroups(id,name)";
        const withMembers = requestedFields(req, fallback).get("usergroups")?.has("users") ?? false;
        if ((await projectsWith(db, me.id, PERMISSION.GROUP_READ)) !== "all") {
          throw forbidden("You may not list groups");
        }
        const [total, rows] = await Promise.all([
          db.userGroup.count(),
          db.userGroup.findMany({
            select: { id: true, name: true, description: true, _count: { select: { members: true } } },
            orderBy: { name: "asc" },
            skip: query.$skip,
            take: query.$top,
          }),
        ]);
        const members = withMembers
          ? await db.userGroupMember.findMany({
              where: { groupId: { in: rows.map((row) => row.id) } },
              select: { groupId: true, user: { select: { id: true, login: true, name: true } } },
              orderBy: { user: { login: "asc" } },
            })
          : [];
        const usergroups = rows.map(({ _count, ...group }) => ({
          ...group,
          userCount: _count.members,
          ...(withMembers && {
            users: members.filter((member) => member.groupId === group.id).map((member) => member.user),
          }),
        }));
        sendFields(req, res, { skip: query.$skip, top: query.$top, total, usergroups }, fallback);
      },
    ),
  );

  router.get(
    "/users/me",
    endpoint({ query: HubQuerySchema }, async ({ req, res }) => {
      await sendHubUser(req, res, currentUser(req).id);
    }),
  );

  router.get(
    "/users/guest",
    endpoint({ query: HubQuerySchema }, async ({ req, res }) => {
      const guest = await db.user.findUnique({ where: { login: GUEST_LOGIN }, select: { id: true } });
      if (!guest) throw new HttpError(404, "not_found", "This service has no guest account");
      await sendHubUser(req, res, guest.id);
    }),
  );

  router.post(
    "/users/endUserAgreementConsent",
    endpoint(
      { auth: requireUser, query: HubQuerySchema, body: [ConsentUpdateSchema, "consent"] },
      async ({ req, res, user, query, body: consent }) => {
        const send = fieldsSender(req, "accepted,majorVersion,minorVersion");
        const agreement = await loadAgreement(db);
        if (
          consent.majorVersion !== agreement.majorVersion ||
          consent.minorVersion !== agreement.minorVersion
        ) {
          throw badRequest(
            `Invalid consent: the current agreement is ${agreement.majorVersion}.${agreement.minorVersion}`,
          );
        }
        // Declining an agreement required for REST access takes the caller's own access away.
        if (
          query.failOnPermissionReduce &&
          !consent.accepted &&
          agreement.enabled &&
          agreement.requiredForREST
        ) {
          throw new HttpError(
            409,
            "permission_reduce",
            "Declining the agreement would reduce your permissions",
          );
        }
        const row = await db.agreementConsent.upsert({
          where: { userId: user.id },
          create: { userId: user.id, ...consent },
          update: consent,
        });
        send(res, { accepted: row.accepted, majorVersion: row.majorVersion, minorVersion: row.minorVersion });
      },
    ),
  );

  return router;
}
