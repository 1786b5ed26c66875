import express, { Router, type Request, type RequestHandler, type Response } from "express";
import { ANALYTICS_MAX_BATCH_BYTES, ANALYTICS_MAX_EVENT_BYTES } from "#contract/constants.ts";
import {
  AnalyticsBatchSchema,
  type AnalyticsEvent,
  NoQuerySchema,
  StatisticsQuerySchema,
} from "#contract/api.ts";
import type { Db } from "../db.ts";
import { badRequest, endpoint, forbidden, HttpError, sendFields, validate } from "../http.ts";
import { requireUser } from "../auth.ts";
import { PERMISSION } from "#contract/constants.ts";
import { loadConfiguration, projectsWith } from "../model.ts";
import {
  analyticsSource,
  createAnalyticsStore,
  createRateLimiter,
  type AnalyticsLimits,
} from "../analytics-limits.ts";
import { DEFAULT_ANALYTICS_LIMITS } from "../defaults.ts";

const PMF_GROUP = "pmf";

/** Stores a whole batch or nothing: events of group pmf arrive only on the survey channel. */
export function analyticsRouter(db: Db, options: Partial<AnalyticsLimits> = {}): Router {
  const router = Router();
  const limits = { ...DEFAULT_ANALYTICS_LIMITS, ...options };
  const limiter = createRateLimiter(db, {
    capacity: limits.burst,
    perMinute: limits.perMinute,
    maxKeys: limits.maxSources,
  });
  const store = createAnalyticsStore(db, limits);

  const tooMany = (res: Response, retryAfterMs: number) => {
    res.set("retry-after", String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
    return new HttpError(
      429,
      "too_many_requests",
      `Too many usage events: at most ${limits.burst} at once and ${limits.perMinute} a minute`,
    );
  };

  const callerOf = (req: Request) => {
    const userId = req.auth?.user.guest ? null : (req.auth?.user.id ?? null);
    return { userId, source: analyticsSource(userId, req.ip) };
  };
  const throttle: RequestHandler = (req, res, next) => {
    limiter
      .hasTokens(callerOf(req).source)
      .then((ok) => next(ok ? undefined : tooMany(res, 60_000 / limits.perMinute)), next);
  };

  const receive = (channel: "analytics" | "pmfsurvey") =>
    endpoint({ query: NoQuerySchema }, async ({ req, res }) => {
      const { userId, source } = callerOf(req);
      // Beacons arrive as text/plain (browsers send that kind without a preflight).
      let body: unknown = req.body;
      if (typeof body === "string") {
        try {
          body = JSON.parse(body);
        } catch {
          throw badRequest("Invalid events: the body is not JSON");
        }
      }
      // An event over 32 KB is refused like a batch over 500 KB: 413, and nothing of the batch is stored.
      if (Array.isArray(body)) {
        const index = body.findIndex(
          (e) => new TextEncoder().encode(JSON.stringify(e)).length > ANALYTICS_MAX_EVENT_BYTES,
        );
        if (index >= 0) {
          throw new HttpError(413, "payload_too_large", `Event ${index} is larger than 32 KB`);
        }
      }
      const events: AnalyticsEvent[] = validate(AnalyticsBatchSchema, body, "events");
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
      const taken = await limiter.take(source, events.length);
      if (!taken.ok) throw tooMany(res, taken.retryAfterMs);
      await store.store(
        events.map((e) => ({
          channel,
          group: e.group,
          event: e.event,
          timestamp: BigInt(e.timestamp),
          fields: JSON.stringify(e.eventFields),
          clientData: JSON.stringify(e.clientData),
          userId,
        })),
      );
      res.json({ accepted: events.length });
    });

  // Administrators look at what arrived: events per group and per day, the last `days` days (default 14).
  router.get(
    "/admin/statistics",
    endpoint({ auth: requireUser, query: StatisticsQuerySchema }, async ({ req, res, user, query }) => {
      if ((await projectsWith(db, user.id, PERMISSION.LOW_LEVEL_READ)) !== "all") {
        throw forbidden("Only administrators can see usage statistics");
      }
      const dayCount = query.days ?? 14;
      const DAY = 24 * 60 * 60_000;
      const today = Math.floor(Date.now() / DAY) * DAY;
      const since = today - (dayCount - 1) * DAY;
      const days = Array.from({ length: dayCount }, (_, i) =>
        new Date(since + i * DAY).toISOString().slice(0, 10),
      );
      const rows = await db.analyticsEvent.findMany({
        where: { timestamp: { gte: BigInt(since) } },
        select: { group: true, timestamp: true },
      });
      const counts = new Map<string, number[]>();
      for (const row of rows) {
        const index = Math.floor((Number(row.timestamp) - since) / DAY);
        if (index < 0 || index >= dayCount) continue;
        const group = row.group.toLowerCase();
        const list = counts.get(group) ?? Array.from({ length: dayCount }, () => 0);
        list[index]! += 1;
        counts.set(group, list);
      }
      const groups = [...counts.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([group, list]) => ({ group, counts: list }));
      sendFields(req, res, { days, groups, total: rows.length }, "days,groups(group,counts),total");
    }),
  );

  const beaconBody = express.text({ type: "text/plain", limit: ANALYTICS_MAX_BATCH_BYTES });
  router.post("/analytics", beaconBody, throttle, receive("analytics"));
  router.post("/pmfsurvey", beaconBody, throttle, receive("pmfsurvey"));
  return router;
}
