import { Router } from "express";
import type { Db } from "../db.ts";
import { route, sendFields } from "../http.ts";
import { loadConfiguration } from "../model.ts";

export function configRouter(db: Db): Router {
  const router = Router();
  router.get(
    "/config",
    route(async (req, res) => {
      sendFields(req, res, await loadConfiguration(db), "version");
    }),
  );
  return router;
}
