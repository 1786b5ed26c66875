import { Router } from "express";
import type { z } from "zod";
import type { Prisma } from "#prisma/generated/client.ts";
import {
  AppearanceUpdateSchema,
  GeneralProfileUpdateSchema,
  KeelProfileUpdateSchema,
  ReadQuerySchema,
  TipsUpdateSchema,
} from "#contract/api.ts";
import { currentUser, requireUser, type AuthUser } from "../auth.ts";
import { DATE_FORMATS, type GeneralProfileRead } from "#contract/app-api.ts";
import type { Db } from "../db.ts";
import { endpoint, fieldsSender, forbidden, notFound, sendFields } from "../http.ts";
import { loadCurrentUser, projectsWith, readNavigationShape, readNotificationKinds } from "../model.ts";
import { readCache } from "../read-cache.ts";
import { PERMISSION } from "#contract/constants.ts";

/** A time zone as the product describes it: its id, a name, and its offset from UTC now ("+01:00"). */
function timeZoneOf(id: string): GeneralProfileRead["timezone"] {
  let offset = "+00:00";
  try {
    const name = new Intl.DateTimeFormat("en-US", { timeZone: id, timeZoneName: "longOffset" })
      .formatToParts(new Date())
      .find((part) => part.type === "timeZoneName")?.value;
    const match = /GMT([+-]\d{2}:\d{2})/.exec(name ?? "");
    if (match?.[1]) offset = match[1];
  } catch {
    // An id the runtime does not know is shown with UTC's offset.
  }
  return { id, presentation: id, offset };
}

/** The general profile of `userId`: locale, date format and time zone. */
export function loadGeneralProfile(db: Db, userId: string): Promise<GeneralProfileRead> {
  return readCache(db).read(`generalProfile:${userId}`, async () => {
    const row = await db.user.findUniqueOrThrow({
      where: { id: userId },
      select: { id: true, language: true, locale: true, dateFormat: true, timezone: true },
    });
    const format = DATE_FORMATS.find((f) => f.id === row.dateFormat) ?? DATE_FORMATS[0];
    const profile: GeneralProfileRead = {
      id: row.id,
      locale: { language: row.language, locale: row.locale },
      dateFieldFormat: { ...format },
      timezone: timeZoneOf(row.timezone),
    };
    return profile;
  });
}

/** Whose profile `id` names: one's own ("me" or one's id or login), or anyone's with READ_USER. */
async function profileOwner(db: Db, me: AuthUser, id: string): Promise<string> {
  if (id === "me" || id === me.id || id === me.login) return me.id;
  const row = await db.user.findFirst({
    where: { OR: [{ id }, { login: id }], guest: false },
    select: { id: true },
  });
  if (!row) throw notFound(`User ${id} not found`);
  if ((await projectsWith(db, me.id, PERMISSION.READ_USER)) !== "all") {
    throw forbidden("You cannot read another user's profile");
  }
  return row.id;
}

export function usersRouter(db: Db): Router {
  const router = Router();

  router.get(
    "/users/me",
    endpoint({ query: ReadQuerySchema }, async ({ req, res }) => {
      const { id } = currentUser(req);
      const [user, general] = await Promise.all([loadCurrentUser(db, id), loadGeneralProfile(db, id)]);
      sendFields(req, res, {
        ...user,
        fullName: user.name,
        ringId: user.id,
        profiles: { ...user.profiles, general: { ...general, ...user.profiles.general } },
      });
    }),
  );

  router.get(
    "/users/:id/profiles/general",
    endpoint({ query: ReadQuerySchema }, async ({ req, res }) => {
      const owner = await profileOwner(db, requireUser(req), String(req.params.id));
      sendFields(req, res, await loadGeneralProfile(db, owner), "id");
    }),
  );

  /**
   * A profile write: the signed-in user's own columns, validated with `schema`, answered with `fields`
   * (the default selector) of what was stored.
   */
  function profileUpdate<S extends z.ZodType, C extends Prisma.UserSelect>(
    path: string,
    schema: S,
    fields: string,
    toColumns: (update: z.infer<S>) => Prisma.UserUpdateInput,
    select: C,
    toAnswer: (row: Prisma.UserGetPayload<{ select: C }>) => unknown = (row) => row,
  ) {
    router.post(
      path,
      endpoint(
        { auth: requireUser, query: ReadQuerySchema, body: [schema, path.split("/").at(-1)!] },
        async ({ req, res, user, body: update }) => {
          const send = fieldsSender(req, fields);
          const row = await db.user.update({ where: { id: user.id }, data: toColumns(update), select });
          send(res, toAnswer(row as Prisma.UserGetPayload<{ select: C }>));
        },
      ),
    );
  }

  profileUpdate(
    "/users/me/profiles/appearance",
    AppearanceUpdateSchema,
    "uiTheme,expandNavigation,showTooltips",
    (update) => update,
    { uiTheme: true, expandNavigation: true, showTooltips: true },
  );
  profileUpdate(
    "/users/me/profiles/keel",
    KeelProfileUpdateSchema,
    "contrast,navigation(order,pinned,hidden,landing),notifications(mention,reaction,subscription,whatsnew)",
    ({ contrast, navigation, notifications }) => ({
      ...(contrast ? { contrast } : {}),
      ...(navigation ? { navigationShape: JSON.stringify(navigation) } : {}),
      ...(notifications ? { notificationKinds: JSON.stringify(notifications) } : {}),
    }),
    { contrast: true, navigationShape: true, notificationKinds: true },
    (row) => ({
      contrast: row.contrast,
      navigation: readNavigationShape(row.navigationShape),
      notifications: readNotificationKinds(row.notificationKinds),
    }),
  );
  profileUpdate(
    "/users/me/profiles/general",
    GeneralProfileUpdateSchema,
    "locale(language,locale),dateFieldFormat(id,datePattern,pattern),timezone(id)",
    ({ locale, dateFieldFormat, timezone }) => ({
      ...(locale ? { language: locale.language, locale: locale.locale } : {}),
      ...(dateFieldFormat ? { dateFormat: dateFieldFormat.id } : {}),
      ...(timezone ? { timezone: timezone.id } : {}),
    }),
    { language: true, locale: true, dateFormat: true, timezone: true },
    (row) => ({
      locale: { language: row.language, locale: row.locale },
      dateFieldFormat: DATE_FORMATS.find((f) => f.id === row.dateFormat) ?? DATE_FORMATS[0],
      timezone: timeZoneOf(row.timezone),
    }),
  );
  profileUpdate(
    "/users/me/profiles/tips",
    TipsUpdateSchema,
    "showPricingAdminPopup,pricingAdminPopupShown,showTips",
    (update) => update,
    { showPricingAdminPopup: true, pricingAdminPopupShown: true, showTips: true },
  );

  router.get(
    "/users/me/profiles/analytics",
    endpoint({ query: ReadQuerySchema }, async ({ req, res }) => {
      const row = await db.user.findUniqueOrThrow({
        where: { id: currentUser(req).id },
        select: { analyticsId: true },
      });
      sendFields(req, res, { analyticsId: row.analyticsId }, "analyticsId");
    }),
  );

  /** Another user's card (what widgets such as the user card read): signed-in users only. */
  router.get(
    "/users/:id",
    endpoint({ auth: requireUser, query: ReadQuerySchema }, async ({ req, res, user: me }) => {
      const id = String(req.params.id);
      const row = await db.user.findFirst({
        where: { OR: [{ id }, { login: id }], guest: false },
        select: { id: true, login: true, name: true, email: true, avatarUrl: true },
      });
      if (!row) throw notFound(`User ${id} not found`);
      // An e-mail address is shown to its owner only. ringId is the id in the identity service, which the
      // mock's service shares.
      const card = {
        $type: "User",
        id: row.id,
        login: row.login,
        name: row.name,
        fullName: row.name,
        ringId: row.id,
        avatarUrl: row.avatarUrl,
        email: row.id === me.id ? row.email : null,
        guest: false,
        banned: false,
      };
      sendFields(req, res, card, "id,login,name");
    }),
  );

  return router;
}
