// What one source may store and how much is kept (docs/analytics.md, "Limits").
import type { Db } from "./db.ts";
import { HttpError } from "./http.ts";

export interface AnalyticsLimits {
  /** Events one source (a signed-in user, else an address) may store at once. */
  burst: number;
  perMinute: number;
  /** Sources the rate limiter remembers; beyond it new sources share one bucket. */
  maxSources: number;
  maxStoredEvents: number;
  maxStoredBytes: number;
  retentionDays: number;
}

const DAY_MS = 24 * 60 * 60_000;
/** How often a write first deletes expired events and recounts what is stored. */
export const ANALYTICS_MAINTENANCE_INTERVAL_MS = 60 * 60_000;
/** How often a full table of sources is swept for buckets that have refilled. */
const SWEEP_INTERVAL_MS = 1_000;

export interface RateLimiter {
  take(key: string, cost: number): Promise<{ ok: true } | { ok: false; retryAfterMs: number }>;
  hasTokens(key: string): Promise<boolean>;
  size(): Promise<number>;
}

/** The bucket new sources share while the table is full of limited ones. */
const OVERFLOW_KEY = "\u0000overflow";
/** Attempts at a bucket other servers keep changing before the request is turned away for now. */
const MAX_ATTEMPTS = 8;

/**
 * Token buckets in the database, shared by every server, written with optimistic concurrency. Only full
 * buckets are deleted, so deleting never frees a limited source; past `maxKeys` new sources share one.
 */
export function createRateLimiter(
  db: Db,
  options: { capacity: number; perMinute: number; maxKeys: number; now?: () => number },
): RateLimiter {
  const { capacity, maxKeys } = options;
  const now = options.now ?? Date.now;
  const perMs = options.perMinute / 60_000;
  const refillMs = perMs > 0 ? Math.ceil(capacity / perMs) : Infinity;
  let nextSweep = 0;

  const tokensAt = (row: { tokens: number; at: bigint }, at: number) =>
    Math.min(capacity, row.tokens + Math.max(0, at - Number(row.at)) * perMs);

  /** Whether a new bucket fits, after deleting full ones when the table is full (at most once a sweep interval). */
  async function roomForNew(at: number): Promise<boolean> {
    if ((await db.rateBucket.count()) < maxKeys) return true;
    if (at < nextSweep || !Number.isFinite(refillMs)) return false;
    nextSweep = at + SWEEP_INTERVAL_MS;
    await db.rateBucket.deleteMany({
      where: { at: { lte: BigInt(at - refillMs) }, key: { not: OVERFLOW_KEY } },
    });
    return (await db.rateBucket.count()) < maxKeys;
  }

  /** `key`'s bucket, or the overflow bucket when `key` has none and no new one fits; `row` null when new. */
  async function bucketOf(key: string, at: number) {
    const row = await db.rateBucket.findUnique({ where: { key } });
    if (row || (await roomForNew(at))) return { key, row };
    return { key: OVERFLOW_KEY, row: await db.rateBucket.findUnique({ where: { key: OVERFLOW_KEY } }) };
  }

  return {
    async take(key, cost) {
      for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
        const at = now();
        const bucket = await bucketOf(key, at);
        const tokens = bucket.row ? tokensAt(bucket.row, at) : capacity;
        if (tokens < cost) {
          const missing = Math.min(cost, capacity) - tokens;
          return { ok: false, retryAfterMs: perMs > 0 ? Math.ceil(missing / perMs) : Infinity };
        }
        const data = { tokens: tokens - cost, at: BigInt(at) };
        if (!bucket.row) {
          const created = await db.rateBucket
            .create({ data: { key: bucket.key, ...data } })
            .then(() => true)
            .catch(() => false); // another server made it first: read it again
          if (created) return { ok: true };
          continue;
        }
        const { count } = await db.rateBucket.updateMany({
          where: { key: bucket.key, version: bucket.row.version },
          data: { ...data, version: { increment: 1 } },
        });
        if (count === 1) return { ok: true };
      }
      return { ok: false, retryAfterMs: 1000 };
    },
    async hasTokens(key) {
      const at = now();
      const { row } = await bucketOf(key, at);
      return (row ? tokensAt(row, at) : capacity) >= 1;
    },
    size: () => db.rateBucket.count(),
  };
}

/** A signed-in user is one source; a guest is their address (an IPv6 client has a whole /64). */
export function analyticsSource(userId: string | null, ip: string | undefined): string {
  if (userId) return `user:${userId}`;
  const address = (ip ?? "").replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");
  if (!address.includes(":")) return `ip:${address}`;
  return `ip6:${expandIpv6(address).slice(0, 4).join(":")}`;
}

function expandIpv6(address: string): string[] {
  const [head = "", tail] = address.split("%")[0]!.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const middle = tail === undefined ? [] : Array.from({ length: 8 - left.length - right.length }, () => "0");
  return [...left, ...middle, ...right].map((group) => group.toLowerCase().replace(/^0+(?=.)/, ""));
}

export interface StoredAnalyticsEvent {
  channel: string;
  group: string;
  event: string;
  timestamp: bigint;
  fields: string;
  clientData: string;
  userId: string | null;
}

export interface AnalyticsStore {
  store(events: StoredAnalyticsEvent[]): Promise<void>;
}

const rowBytes = (row: StoredAnalyticsEvent) =>
  Buffer.byteLength(row.group) +
  Buffer.byteLength(row.event) +
  Buffer.byteLength(row.fields) +
  Buffer.byteLength(row.clientData);

/**
 * The analytics table with a cap and a retention. A write raises the stored totals only if the cap still
 * holds, in its insert's transaction, so servers writing at once never pass the cap together.
 */
export function createAnalyticsStore(
  db: Db,
  limits: Pick<AnalyticsLimits, "maxStoredEvents" | "maxStoredBytes" | "retentionDays">,
  now: () => number = Date.now,
): AnalyticsStore {
  let nextMaintenance = 0;

  async function maintain(at: number): Promise<void> {
    if (at < nextMaintenance) return;
    nextMaintenance = at + ANALYTICS_MAINTENANCE_INTERVAL_MS;
    await db.$transaction(async (tx) => {
      // The totals row first: writers on other servers wait for it, so the recount sees all or none of theirs.
      await tx.analyticsTotals.upsert({
        where: { id: 1 },
        create: { id: 1, events: 0, bytes: 0n },
        update: { events: { increment: 0 } },
      });
      await tx.analyticsEvent.deleteMany({
        where: { receivedAt: { lt: new Date(at - limits.retentionDays * DAY_MS) } },
      });
      // OCTET_LENGTH is the same in SQLite and PostgreSQL; PostgreSQL's SUM answers a numeric (a string).
      const [row] = await tx.$queryRaw<
        { events: bigint | number | string; bytes: bigint | number | string | null }[]
      >`
        SELECT COUNT(*) AS events,
          SUM(OCTET_LENGTH("group") + OCTET_LENGTH("event")
            + OCTET_LENGTH("fields") + OCTET_LENGTH("clientData")) AS bytes
        FROM "AnalyticsEvent"`;
      await tx.analyticsTotals.update({
        where: { id: 1 },
        data: { events: Number(row?.events ?? 0), bytes: BigInt(row?.bytes ?? 0) },
      });
    });
  }

  return {
    async store(events) {
      const at = now();
      await maintain(at);
      const bytes = events.reduce((sum, row) => sum + rowBytes(row), 0);
      const receivedAt = new Date(at);
      await db.$transaction(async (tx) => {
        const { count } = await tx.analyticsTotals.updateMany({
          where: {
            id: 1,
            events: { lte: limits.maxStoredEvents - events.length },
            bytes: { lte: BigInt(limits.maxStoredBytes - bytes) },
          },
          data: { events: { increment: events.length }, bytes: { increment: BigInt(bytes) } },
        });
        if (count === 0) {
          throw new HttpError(
            507,
            "insufficient_storage",
            "Usage statistics storage is full; events are dropped until older ones expire",
          );
        }
        await tx.analyticsEvent.createMany({ data: events.map((row) => ({ ...row, receivedAt })) });
      });
    },
  };
}
