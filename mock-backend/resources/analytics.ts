import { Router } from "express";
import { AnalyticsBatchSchema, type AnalyticsEvent, NoQuerySchema } from "../contract.ts";
import type { Db } from "../db.ts";
import { badRequest, forbidden, route, validate } from "../http.ts";
import { loadConfiguration } from "../model.ts";

const PMF_GROUP = "pmf";

/** Stores a whole batch or nothing: events of group pmf arrive only on the survey channel. */
export function analyticsRouter(db: Db): Router {
  const router = Router();

  const receive = (channel: "analytics" | "pmfsurvey") =>
    route(async (req, res) => {
      validate(NoQuerySchema, req.query, "query");
      const events: AnalyticsEvent[] = validate(AnalyticsBatchSchema, req.body, "events");
      const misplaced = events.findIndex(
        (e) => (e.group.toLowerCase() === PMF_GROUP) !== (channel === "pmfsurvey"),
      );
      if (misplaced >= 0) {
        throw badRequest(
          channel === "pmfsurvey"
            ? `Invalid events: event ${misplaced} is not of group pmf`
            : `Invalid events: event ${misplaced} of group pmf belongs to api/pmfsurvey`,
        );
      }
      const config = await loadConfiguration(db);
      if (!config.statisticsEnabled) throw forbidden("Usage statistics are disabled");
      const userId = req.auth?.user.guest ? null : (req.auth?.user.id ?? null);
      await db.analyticsEvent.createMany({
        data: events.map((e) => ({
          channel,
          group: e.group,
          event: e.event,
          timestamp: BigInt(e.timestamp),
          fields: JSON.stringify(e.eventFields),
          clientData: JSON.stringify(e.clientData),
          userId,
        })),
      });
      res.json({ accepted: events.length });
    });

  router.post("/analytics", receive("analytics"));
  router.post("/pmfsurvey", receive("pmfsurvey"));
  return router;
}
