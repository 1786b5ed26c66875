import { expect, test } from "vitest";
import {
  ANALYTICS_MAINTENANCE_INTERVAL_MS,
  analyticsSource,
  createAnalyticsStore,
  createRateLimiter,
  type StoredAnalyticsEvent,
} from "./analytics-limits.ts";
import { HttpError } from "./http.ts";
import { withBackend } from "#tests/helpers/backend.ts";

const DAY = 24 * 60 * 60_000;

function clock(start = Date.UTC(2026, 0, 1)) {
  let at = start;
  return { now: () => at, advance: (ms: number) => (at += ms) };
}

const row = (overrides: Partial<StoredAnalyticsEvent> = {}): StoredAnalyticsEvent => ({
  channel: "analytics",
  group: "navigation",
  event: "menu-open",
  timestamp: 1n,
  fields: "[]",
  clientData: "{}",
  userId: null,
  ...overrides,
});

test("a source gets its burst, then tokens at the sustained rate", async () => {
  await withBackend(async ({ db }) => {
    const time = clock();
    const limiter = createRateLimiter(db, { capacity: 10, perMinute: 60, maxKeys: 100, now: time.now });
    expect(await limiter.take("a", 10)).toEqual({ ok: true });
    expect(await limiter.take("a", 1)).toEqual({ ok: false, retryAfterMs: 1000 });
    expect(await limiter.hasTokens("a")).toBe(false);
    time.advance(3000);
    expect(await limiter.take("a", 3)).toEqual({ ok: true });
    expect((await limiter.take("a", 1)).ok).toBe(false);
    expect(await limiter.take("b", 10)).toEqual({ ok: true });
  });
});

test("every server takes from the same bucket: two limiters on one database grant one burst", async () => {
  await withBackend(async ({ db }) => {
    const time = clock();
    const options = { capacity: 10, perMinute: 1, maxKeys: 100, now: time.now };
    const servers = [createRateLimiter(db, options), createRateLimiter(db, options)];
    expect(await servers[0]!.take("user:1-2", 6)).toEqual({ ok: true });
    expect(await servers[1]!.take("user:1-2", 4)).toEqual({ ok: true });
    expect((await servers[1]!.take("user:1-2", 1)).ok).toBe(false);
    expect(await servers[0]!.hasTokens("user:1-2")).toBe(false);
    // Racing, they may refuse a request another server's write overtook, but never grant past the burst.
    const taken = await Promise.all(
      Array.from({ length: 30 }, (_, i) => servers[i % 2]!.take("user:1-3", 1)),
    );
    expect(taken.filter((t) => t.ok).length).toBeGreaterThan(0);
    expect(taken.filter((t) => t.ok).length).toBeLessThanOrEqual(10);
    const left = (await db.rateBucket.findUniqueOrThrow({ where: { key: "user:1-3" } })).tokens;
    expect(left).toBe(10 - taken.filter((t) => t.ok).length);
  });
});

test("the table of sources stays bounded and never forgets a limited source", async () => {
  await withBackend(async ({ db }) => {
    const time = clock();
    const limiter = createRateLimiter(db, { capacity: 5, perMinute: 1, maxKeys: 3, now: time.now });
    for (const key of ["a", "b", "c"]) expect((await limiter.take(key, 5)).ok).toBe(true);
    // A crowd of new sources arrives while every remembered one is limited.
    let overflowAccepted = 0;
    for (let i = 0; i < 150; i += 1) {
      time.advance(1);
      if ((await limiter.take(`new-${i}`, 1)).ok) overflowAccepted += 1;
    }
    // Three sources and the one bucket the new ones share: together they got one burst, not one each.
    expect(await limiter.size()).toBeLessThanOrEqual(4);
    expect(overflowAccepted).toBeLessThanOrEqual(5 + 1);
    for (const key of ["a", "b", "c"]) expect((await limiter.take(key, 1)).ok).toBe(false);
  });
});

test("a refilled source is forgotten to make room, which changes nothing for it", async () => {
  await withBackend(async ({ db }) => {
    const time = clock();
    const limiter = createRateLimiter(db, { capacity: 5, perMinute: 60, maxKeys: 2, now: time.now });
    expect((await limiter.take("a", 5)).ok).toBe(true);
    expect((await limiter.take("b", 1)).ok).toBe(true);
    time.advance(10_000);
    expect((await limiter.take("c", 5)).ok).toBe(true);
    expect(await limiter.size()).toBe(1);
    expect((await limiter.take("a", 5)).ok).toBe(true);
  });
});

test("a guest's source is the address, an IPv6 client's its /64", () => {
  expect(analyticsSource("1-2", "10.0.0.1")).toBe("user:1-2");
  expect(analyticsSource(null, "::ffff:10.0.0.1")).toBe("ip:10.0.0.1");
  expect(analyticsSource(null, "2001:db8:1:2:aaaa::1")).toBe("ip6:2001:db8:1:2");
  expect(analyticsSource(null, "2001:0db8:1:2:ffff:1:2:3")).toBe("ip6:2001:db8:1:2");
  expect(analyticsSource(null, "::1")).toBe("ip6:0:0:0:0");
});

test("events older than the retention are deleted on the next write", async () => {
  await withBackend(async ({ db }) => {
    const time = clock();
    const store = createAnalyticsStore(
      db,
      { maxStoredEvents: 1000, maxStoredBytes: 1_000_000, retentionDays: 90 },
      time.now,
    );
    await db.analyticsEvent.createMany({
      data: [
        { ...row({ event: "expired" }), receivedAt: new Date(time.now() - 91 * DAY) },
        { ...row({ event: "kept" }), receivedAt: new Date(time.now() - 89 * DAY) },
      ],
    });
    await store.store([row({ event: "new" })]);
    const events = async () =>
      (await db.analyticsEvent.findMany({ orderBy: { id: "asc" } })).map((r) => r.event);
    expect(await events()).toEqual(["kept", "new"]);

    time.advance(2 * DAY + ANALYTICS_MAINTENANCE_INTERVAL_MS);
    await store.store([row({ event: "later" })]);
    expect(await events()).toEqual(["new", "later"]);
  });
});

test("the cap on stored events and bytes holds, and expiry makes room again", async () => {
  await withBackend(async ({ db }) => {
    const time = clock();
    const store = createAnalyticsStore(
      db,
      { maxStoredEvents: 5, maxStoredBytes: 1_000_000, retentionDays: 1 },
      time.now,
    );
    await store.store([row(), row(), row()]);
    await expect(store.store([row(), row(), row()])).rejects.toMatchObject({ status: 507 });
    await store.store([row(), row()]);
    await expect(store.store([row()])).rejects.toBeInstanceOf(HttpError);
    expect(await db.analyticsEvent.count()).toBe(5);

    time.advance(DAY + ANALYTICS_MAINTENANCE_INTERVAL_MS);
    await store.store([row()]);
    expect(await db.analyticsEvent.count()).toBe(1);

    const bytes = createAnalyticsStore(
      db,
      { maxStoredEvents: 1000, maxStoredBytes: 200, retentionDays: 1 },
      time.now,
    );
    const big = row({ fields: JSON.stringify([{ name: "a", value: "x".repeat(100) }]) });
    await bytes.store([big]);
    await expect(bytes.store([big])).rejects.toMatchObject({ status: 507 });
    expect(await db.analyticsEvent.count()).toBe(2);
  });
});

test("concurrent writes, from one server or several, cannot pass the cap together", async () => {
  await withBackend(async ({ db }) => {
    const limits = { maxStoredEvents: 10, maxStoredBytes: 1e9, retentionDays: 90 };
    const servers = [createAnalyticsStore(db, limits), createAnalyticsStore(db, limits)];
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) => servers[i % 2]!.store([row(), row(), row()])),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(3);
    expect(await db.analyticsEvent.count()).toBe(9);
  });
});
