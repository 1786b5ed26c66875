import { Router } from "express";
import {
  AppearanceUpdateSchema,
  GeneralProfileUpdateSchema,
  ReadQuerySchema,
  TipsUpdateSchema,
} from "../contract.ts";
import { currentUser, requireUser } from "../auth.ts";
import type { Db } from "../db.ts";
import { fieldsSender, route, sendFields, validate } from "../http.ts";
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

  router.post(
    "/users/me/profiles/appearance",
    route(async (req, res) => {
      const user = requireUser(req);
      validate(ReadQuerySchema, req.query, "query");
      const send = fieldsSender(req, "uiTheme,expandNavigation,showTooltips");
      const update = validate(AppearanceUpdateSchema, req.body, "appearance");
      const row = await db.user.update({
        where: { id: user.id },
        data: update,
        select: { uiTheme: true, expandNavigation: true, showTooltips: true },
      });
      send(res, row);
    }),
  );

  router.post(
    "/users/me/profiles/general",
    route(async (req, res) => {
      const user = requireUser(req);
      validate(ReadQuerySchema, req.query, "query");
      const send = fieldsSender(req, "locale(language,locale)");
      const { locale } = validate(GeneralProfileUpdateSchema, req.body, "general profile");
      const row = await db.user.update({
        where: { id: user.id },
        data: { language: locale.language, locale: locale.locale },
        select: { language: true, locale: true },
      });
      send(res, { locale: row });
    }),
  );

  router.post(
    "/users/me/profiles/tips",
    route(async (req, res) => {
      const user = requireUser(req);
      validate(ReadQuerySchema, req.query, "query");
      const send = fieldsSender(req, "showPricingAdminPopup,pricingAdminPopupShown,showTips");
      const update = validate(TipsUpdateSchema, req.body, "tips");
      const row = await db.user.update({
        where: { id: user.id },
        data: update,
        select: { showPricingAdminPopup: true, pricingAdminPopupShown: true, showTips: true },
      });
      send(res, row);
    }),
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

  return router;
}
