import { Router } from "express";
import { ReadQuerySchema } from "#contract/api.ts";
import type { Db } from "../db.ts";
import { endpoint, sendFields } from "../http.ts";
import { loadConfiguration } from "../model.ts";

export function configRouter(db: Db): Router {
  const router = Router();
  router.get(
    "/config",
    endpoint({ query: ReadQuerySchema }, async ({ req, res }) => {
      sendFields(req, res, await loadConfiguration(db), "version");
    }),
  );
  return router;
}
