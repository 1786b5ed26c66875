import { Router } from "express";
import { ReadQuerySchema } from "#contract/api.ts";
import type { Db } from "../db.ts";
import { route, sendFields, validate } from "../http.ts";
import { loadConfiguration } from "../model.ts";

export function configRouter(db: Db): Router {
  const router = Router();
  router.get(
    "/config",
    route(async (req, res) => {
      validate(ReadQuerySchema, req.query, "query");
      sendFields(req, res, await loadConfiguration(db), "version");
    }),
  );
  return router;
}
