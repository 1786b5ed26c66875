// A user's remembered "always allow" answers to an app's widgets' mutating requests, per app and method
// (docs/widgets.md). "Once" and "deny" are never stored: the host asks again next time.
import { Router } from "express";
import { requireAppCaller } from "../app-caller.ts";
import { findApp } from "../apps/find.ts";
import { requireUser } from "../auth.ts";
import {
  AppParamsSchema,
  DECIDED_METHODS,
  ReadQuerySchema,
  RequestDecisionParamsSchema,
  RequestDecisionWriteSchema,
  type RequestDecisions,
} from "#contract/api.ts";
import type { Db } from "../db.ts";
import { endpoint } from "../http.ts";

export function appDecisionsRouter(db: Db): Router {
  const router = Router();
  router.use("/apps/:name/requestDecisions", requireAppCaller("name"));

  async function decisionsOf(userId: string, appId: string): Promise<RequestDecisions> {
    const rows = await db.appRequestDecision.findMany({
      where: { userId, appId, decision: "always" },
      select: { method: true },
    });
    const methods = new Set(rows.map((row) => row.method));
    return { always: DECIDED_METHODS.filter((method) => methods.has(method)) };
  }

  router.get(
    "/apps/:name/requestDecisions",
    endpoint(
      { auth: requireUser, query: ReadQuerySchema, params: [AppParamsSchema, "app"] },
      async ({ res, user, params: { name } }) => {
        const app = await findApp(db, name);
        res.json(await decisionsOf(user.id, app.id));
      },
    ),
  );

  router.put(
    "/apps/:name/requestDecisions/:method",
    endpoint(
      {
        auth: requireUser,
        query: ReadQuerySchema,
        params: [RequestDecisionParamsSchema, "request decision"],
        body: [RequestDecisionWriteSchema, "request decision"],
      },
      async ({ res, user, params: { name, method }, body: { decision } }) => {
        const app = await findApp(db, name);
        await db.appRequestDecision.upsert({
          where: { userId_appId_method: { userId: user.id, appId: app.id, method } },
          create: { userId: user.id, appId: app.id, method, decision },
          update: { decision },
        });
        res.json(await decisionsOf(user.id, app.id));
      },
    ),
  );

  router.delete(
    "/apps/:name/requestDecisions/:method",
    endpoint(
      {
        auth: requireUser,
        query: ReadQuerySchema,
        params: [RequestDecisionParamsSchema, "request decision"],
      },
      async ({ res, user, params: { name, method } }) => {
        const app = await findApp(db, name);
        await db.appRequestDecision.deleteMany({ where: { userId: user.id, appId: app.id, method } });
        res.json(await decisionsOf(user.id, app.id));
      },
    ),
  );

  return router;
}
