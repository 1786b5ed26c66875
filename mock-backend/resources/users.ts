import { Router } from "express";
import type { z } from "zod";
import type { Prisma } from "../../prisma/generated/client.ts";
import {
  AppearanceUpdateSchema,
  GeneralProfileUpdateSchema,
  ReadQuerySchema,
  TipsUpdateSchema,
} from "#contract/api.ts";
import { currentUser, requireUser } from "../auth.ts";
import type { Db } from "../db.ts";
import { fieldsSender, notFound, route, sendFields, validate } from "../http.ts";
import { loadCurrentUser } from "../model.ts";

export function usersRouter(db: Db): Router {
  const router = Router();

  router.get(
    "/users/me",
    route(async (req, res) => {
      validate(ReadQuerySchema, req.query, "query");
      sendFields(req, res, await loadCurrentUser(db, currentUser(req).id));
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
      route(async (req, res) => {
        const user = requireUser(req);
        validate(ReadQuerySchema, req.query, "query");
        const send = fieldsSender(req, fields);
        const update = validate(schema, req.body, path.split("/").at(-1)!);
        const row = await db.user.update({ where: { id: user.id }, data: toColumns(update), select });
        send(res, toAnswer(row as Prisma.UserGetPayload<{ select: C }>));
      }),
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
    "/users/me/profiles/general",
    GeneralProfileUpdateSchema,
    "locale(language,locale)",
    ({ locale }) => ({ language: locale.language, locale: locale.locale }),
    { language: true, locale: true },
    (row) => ({ locale: row }),
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
    route(async (req, res) => {
      validate(ReadQuerySchema, req.query, "query");
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
    route(async (req, res) => {
      validate(ReadQuerySchema, req.query, "query");
      const me = requireUser(req);
      const id = String(req.params.id);
      const row = await db.user.findFirst({
        where: { OR: [{ id }, { login: id }], guest: false },
        select: { id: true, login: true, name: true, email: true, avatarUrl: true },
      });
      if (!row) throw notFound(`User ${id} not found`);
      // An e-mail address is shown to its owner only.
      const card = {
        id: row.id,
        login: row.login,
        name: row.name,
        fullName: row.name,
        avatarUrl: row.avatarUrl,
        email: row.id === me.id ? row.email : null,
      };
      sendFields(req, res, card, "id,login,name");
    }),
  );

  return router;
}
