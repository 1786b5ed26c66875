import { Router } from "express";
import { ReadQuerySchema } from "#contract/api.ts";
import { currentUser } from "../auth.ts";
import type { Db } from "../db.ts";
import { endpoint, sendFields } from "../http.ts";
import { loadPermissions } from "../model.ts";

export function permissionsRouter(db: Db): Router {
  const router = Router();
  router.get(
    "/permissions/cache",
    endpoint({ query: ReadQuerySchema }, async ({ req, res }) => {
      sendFields(
        req,
        res,
        await loadPermissions(db, currentUser(req).id),
        "global,permission(key),projects(id,projectType(id))",
      );
    }),
  );
  return router;
}
