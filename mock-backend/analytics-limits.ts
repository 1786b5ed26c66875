// What one source may store and how much is kept (docs/analytics.md, "Limits"): a token bucket per source,
// a cap on stored events and bytes, and a retention after which events are deleted.
import type { Db } from "./db.ts";
import { HttpError } from "./http.ts";

export interface AnalyticsLimits {
  /** Events one source (a signed-in user, else an address) may store at once. */
  burst: number;
  /** Events one source may store per minute, sustained. */
  perMinute: number;
  /** Sources the rate limiter remembers; beyond it new sources share one bucket. */
  maxSources: number;
  /** Events kept in the database at most. */
  maxStoredEvents: number;
  /** Bytes of event data (group, event, fields, client data) kept at most. */
  maxStoredBytes: number;
  /** Events received longer ago than this are deleted. */
  retentionDays: number;
}

export const DEFAULT_ANALYTICS_LIMITS: AnalyticsLimits = {
  burst: 300,
  perMinute: 120,
  maxSources: 10_000,
  maxStoredEvents: 1_000_000,
  maxStoredBytes: 256 * 1024 * 1024,
  retentionDays: 90,
};

const DAY_MS = 24 * 60 * 60_000;
/** How often a write first deletes expired events and recounts what is stored. */
export const ANALYTICS_MAINTENANCE_INTERVAL_MS = 60 * 60_000;
/** How often a full table of sources is swept for buckets that have refilled. */
const SWEEP_INTERVAL_MS = 1_000;

export interface RateLimiter {
  /** Takes `cost` tokens from `key`'s bucket, or says how long until they are there. */
  take(key: string, cost: number): { ok: true } | { ok: false; retryAfterMs: number };
  /** Whether `key` could take one token now, without taking it. */
  hasTokens(key: string): boolean;
  size(): number;
}

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * Token buckets in a table of at most `maxKeys` entries. Only full buckets are forgotten (they equal a
 * new one), so forgetting never frees a limited source; when every entry is still limited, new sources
 * share one overflow bucket instead of growing the table.
 */
export function createRateLimiter(options: {
  capacity: number;
  perMinute: number;
  maxKeys: number;
  now?: () => number;
}): RateLimiter {
  const { capacity, maxKeys } = options;
  const now = options.now ?? Date.now;
  const perMs = options.perMinute / 60_000;
  const buckets = new Map<string, Bucket>();
  const overflow: Bucket = { tokens: capacity, at: now() };
  let nextSweep = 0;

  const refill = (bucket: Bucket, at: number) => {
    bucket.tokens = Math.min(capacity, bucket.tokens + Math.max(0, at - bucket.at) * perMs);
    bucket.at = at;
  };

  function bucketOf(key: string, at: number): Bucket {
    const known = buckets.get(key);
    if (known) return known;
    if (buckets.size >= maxKeys && at >= nextSweep) {
      nextSweep = at + SWEEP_INTERVAL_MS;
      for (const [k, bucket] of buckets) {
        refill(bucket, at);
        if (bucket.tokens >= capacity) buckets.delete(k);
      }
    }
    if (buckets.size >= maxKeys) return overflow;
    const bucket = { tokens: capacity, at };
    buckets.set(key, bucket);
    return bucket;
  }

  return {
    take(key, cost) {
      const at = now();
      const bucket = bucketOf(key, at);
      refill(bucket, at);
      if (bucket.tokens >= cost) {
        bucket.tokens -= cost;
        return { ok: true };
      }
      const missing = Math.min(cost, capacity) - bucket.tokens;
      return { ok: false, retryAfterMs: perMs > 0 ? Math.ceil(missing / perMs) : Infinity };
    },
    hasTokens(key) {
      const at = now();
      const bucket = buckets.get(key) ?? (buckets.size >= maxKeys ? overflow : undefined);
      if (!bucket) return capacity >= 1;
      return Math.min(capacity, bucket.tokens + Math.max(0, at - bucket.at) * perMs) >= 1;
    },
    size: () => buckets.size,
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
  /** Stores every event or none; 507 when the cap would be passed. */
  store(events: StoredAnalyticsEvent[]): Promise<void>;
}

const rowBytes = (row: StoredAnalyticsEvent) =>
  Buffer.byteLength(row.group) +
  Buffer.byteLength(row.event) +
  Buffer.byteLength(row.fields) +
  Buffer.byteLength(row.clientData);

/**
 * The analytics table with a cap and a retention. Writes are serialised, so the running totals are exact
 * for this process; they are recounted from the database whenever expired events are deleted.
 */
export function createAnalyticsStore(
  db: Db,
  limits: Pick<AnalyticsLimits, "maxStoredEvents" | "maxStoredBytes" | "retentionDays">,
  now: () => number = Date.now,
): AnalyticsStore {
  let totals: { events: number; bytes: number } | undefined;
  let nextMaintenance = 0;
  let queue: Promise<unknown> = Promise.resolve();

  async function maintain(at: number): Promise<{ events: number; bytes: number }> {
    if (totals && at < nextMaintenance) return totals;
    await db.analyticsEvent.deleteMany({
      where: { receivedAt: { lt: new Date(at - limits.retentionDays * DAY_MS) } },
    });
    // OCTET_LENGTH is the same in SQLite and PostgreSQL; PostgreSQL's SUM answers a numeric (a string).
    const [row] = await db.$queryRaw<
      { events: bigint | number | string; bytes: bigint | number | string | null }[]
    >`
      SELECT COUNT(*) AS events,
        SUM(OCTET_LENGTH("group") + OCTET_LENGTH("event")
          + OCTET_LENGTH("fields") + OCTET_LENGTH("clientData")) AS bytes
      FROM "AnalyticsEvent"`;
    nextMaintenance = at + ANALYTICS_MAINTENANCE_INTERVAL_MS;
    totals = { events: Number(row?.events ?? 0), bytes: Number(row?.bytes ?? 0) };
    return totals;
  }

  async function storeNow(events: StoredAnalyticsEvent[]): Promise<void> {
    const at = now();
    const current = await maintain(at);
    const bytes = events.reduce((sum, row) => sum + rowBytes(row), 0);
    if (
      current.events + events.length > limits.maxStoredEvents ||
      current.bytes + bytes > limits.maxStoredBytes
    ) {
      throw new HttpError(
        507,
        "insufficient_storage",
        "Usage statistics storage is full; events are dropped until older ones expire",
      );
    }
    const receivedAt = new Date(at);
    await db.analyticsEvent.createMany({ data: events.map((row) => ({ ...row, receivedAt })) });
    current.events += events.length;
    current.bytes += bytes;
  }

  return {
    store(events) {
      const result = queue.then(() => storeNow(events));
      queue = result.catch(() => undefined);
      return result;
    },
  };
}
