import { expect, test } from "vitest";
import { DEFAULT_ANALYTICS_LIMITS } from "./defaults.ts";
import { StatisticsSchema } from "#contract/api.ts";
import { ANALYTICS_MAX_BATCH_BYTES, ANALYTICS_MAX_EVENT_BYTES } from "#contract/constants.ts";
import { demoConfiguration, SEED_EPOCH } from "#prisma/factories.ts";
import {
  bearer,
  expectError,
  expectOk,
  sameOrigin,
  useBackend,
  withBackend,
  writableState,
} from "#tests/helpers/backend.ts";
import { mockClient } from "#tests/helpers/mock-client.ts";

const backend = useBackend();

function event(overrides: Record<string, unknown> = {}) {
  return {
    group: "navigation",
    event: "menu.open",
    timestamp: SEED_EPOCH,
    eventFields: [
      { name: "width", value: 1280 },
      { name: "collapsed", value: false },
    ],
    clientData: { locale: "en", build: "2025.4.101407" },
    ...overrides,
  };
}

const pmfEvent = (overrides: Record<string, unknown> = {}) =>
  event({ group: "pmf", event: "survey.answer", eventFields: [{ name: "score", value: 9 }], ...overrides });

/** An event of exactly `bytes` bytes of JSON. */
function eventOfSize(bytes: number) {
  const base = event({ eventFields: [] });
  const overhead = JSON.stringify(base).length;
  const fields: { name: string; value: string }[] = [];
  let remaining = bytes - overhead;
  for (let i = 0; remaining > 0; i += 1) {
    const empty = JSON.stringify({ name: `f${i}`, value: "" }).length + (i > 0 ? 1 : 0);
    const value = "x".repeat(Math.min(2000, remaining - empty));
    fields.push({ name: `f${i}`, value });
    remaining -= empty + value.length;
  }
  const result = { ...base, eventFields: fields };
  expect(JSON.stringify(result).length).toBe(bytes);
  return result;
}

test("POST /api/analytics stores a whole batch with the caller's id", async () => {
  await withBackend(async ({ db, client }) => {
    const batch = [
      event(),
      event({ group: "search", event: "quick", eventFields: [{ name: "q", value: null }] }),
    ];
    const response = await client.request("POST", "/api/analytics", {
      body: batch,
      headers: bearer("alice"),
    });
    expect(expectOk(response)).toEqual({ accepted: 2 });
    const rows = await db.analyticsEvent.findMany({ orderBy: { id: "asc" } });
    expect(rows.map(({ id: _id, receivedAt: _at, ...row }) => row)).toEqual(
      batch.map((e) => ({
        channel: "analytics",
        group: e.group,
        event: e.event,
        timestamp: BigInt(SEED_EPOCH),
        fields: JSON.stringify(e.eventFields),
        clientData: JSON.stringify(e.clientData),
        userId: "1-2",
      })),
    );
  });
});

test("POST /api/analytics stores a guest's events without a user", async () => {
  await withBackend(async ({ db, client }) => {
    const response = await client.request("POST", "/api/analytics", {
      body: [event()],
      headers: sameOrigin(),
    });
    expect(expectOk(response)).toEqual({ accepted: 1 });
    expect(await db.analyticsEvent.findMany({ select: { userId: true } })).toEqual([{ userId: null }]);
  });
});

test("POST /api/analytics with a bearer token needs no Origin", async () => {
  await withBackend(async ({ db, client }) => {
    const response = await client.request("POST", "/api/analytics", {
      body: [event()],
      headers: bearer("admin"),
    });
    expect(expectOk(response)).toEqual({ accepted: 1 });
    expect(await db.analyticsEvent.findMany({ select: { userId: true } })).toEqual([{ userId: "1-1" }]);
  });
});

test("POST /api/analytics refuses a batch holding a pmf event and stores none of it", async () => {
  const before = await writableState(backend.db);
  const response = await backend.client.request("POST", "/api/analytics", {
    body: [event(), pmfEvent()],
    headers: bearer("alice"),
  });
  const body = expectError(response, 400, "bad_request");
  expect(body.error_description).toContain("api/pmfsurvey");
  expect(await writableState(backend.db)).toEqual(before);
});

test("POST /api/pmfsurvey stores pmf events on the survey channel", async () => {
  await withBackend(async ({ db, client }) => {
    const response = await client.request("POST", "/api/pmfsurvey", {
      body: [pmfEvent(), pmfEvent({ event: "survey.close" })],
      headers: bearer("alice"),
    });
    expect(expectOk(response)).toEqual({ accepted: 2 });
    const rows = await db.analyticsEvent.findMany({ orderBy: { id: "asc" } });
    expect(rows.map((r) => [r.channel, r.group, r.event])).toEqual([
      ["pmfsurvey", "pmf", "survey.answer"],
      ["pmfsurvey", "pmf", "survey.close"],
    ]);
  });
});

test("POST /api/pmfsurvey refuses a batch holding a non-pmf event and stores none of it", async () => {
  const before = await writableState(backend.db);
  const response = await backend.client.request("POST", "/api/pmfsurvey", {
    body: [pmfEvent(), event()],
    headers: bearer("alice"),
  });
  const body = expectError(response, 400, "bad_request");
  expect(body.error_description).toContain("event 1 is not of group pmf");
  expect(await writableState(backend.db)).toEqual(before);
});

test.each([
  ["a group that does not start with a letter", [event({ group: "9lives" })]],
  ["a group with a space", [event({ group: "nav bar" })]],
  ["an event name with a slash", [event({ event: "menu/open" })]],
  ["an extra key", [event({ userId: "1-1" })]],
  ["a missing timestamp", [event({ timestamp: undefined })]],
  ["a negative timestamp", [event({ timestamp: -1 })]],
  [
    "more than 64 event fields",
    [event({ eventFields: Array.from({ length: 65 }, (_, i) => ({ name: `f${i}`, value: i })) })],
  ],
  ["an event field value that is an object", [event({ eventFields: [{ name: "a", value: { b: 1 } }] })]],
  ["an event field with an extra key", [event({ eventFields: [{ name: "a", value: 1, unit: "px" }] })]],
  [
    "an event field string over 2000 characters",
    [event({ eventFields: [{ name: "a", value: "x".repeat(2001) }] })],
  ],
  ["a client data value that is an array", [event({ clientData: { tags: ["a"] } })]],
  ["one bad event after a good one", [event(), event({ group: "" })]],
  ["an empty batch", []],
  ["a single event instead of an array", event()],
])("POST /api/analytics refuses %s with 400 and stores nothing", async (_, body) => {
  const before = await writableState(backend.db);
  const response = await backend.client.request("POST", "/api/analytics", { body, headers: bearer("alice") });
  const error = expectError(response, 400, "bad_request");
  expect(error.issues?.length).toBeGreaterThan(0);
  expect(await writableState(backend.db)).toEqual(before);
});

test("POST /api/analytics refuses more than 1000 events in one batch", async () => {
  const before = await writableState(backend.db);
  const body = Array.from({ length: 1001 }, () => event({ eventFields: [], clientData: {} }));
  expect(JSON.stringify(body).length).toBeLessThan(ANALYTICS_MAX_BATCH_BYTES);
  const response = await backend.client.request("POST", "/api/analytics", { body, headers: bearer("alice") });
  expectError(response, 400, "bad_request");
  expect(await writableState(backend.db)).toEqual(before);
});

test("POST /api/analytics accepts an event of exactly 32 KB", async () => {
  await withBackend(async ({ db, client }) => {
    const response = await client.request("POST", "/api/analytics", {
      body: [eventOfSize(ANALYTICS_MAX_EVENT_BYTES)],
      headers: bearer("alice"),
    });
    expect(expectOk(response)).toEqual({ accepted: 1 });
    expect(await db.analyticsEvent.count()).toBe(1);
  });
});

test("POST /api/analytics refuses an event over 32 KB with 413 and stores nothing of the batch", async () => {
  const before = await writableState(backend.db);
  const response = await backend.client.request("POST", "/api/analytics", {
    body: [event(), eventOfSize(ANALYTICS_MAX_EVENT_BYTES + 1)],
    headers: bearer("alice"),
  });
  const body = expectError(response, 413, "payload_too_large");
  expect(body.error_description).toContain("larger than 32 KB");
  expect(await writableState(backend.db)).toEqual(before);
});

test("POST /api/analytics refuses a body over 500 KB with 413 and stores nothing", async () => {
  const before = await writableState(backend.db);
  const body = Array.from({ length: 20 }, () => eventOfSize(30 * 1024));
  expect(JSON.stringify(body).length).toBeGreaterThan(ANALYTICS_MAX_BATCH_BYTES);
  const response = await backend.client.request("POST", "/api/analytics", { body, headers: bearer("alice") });
  expectError(response, 413, "payload_too_large");
  expect(await writableState(backend.db)).toEqual(before);
});

test("POST /api/analytics accepts a batch just under 500 KB", async () => {
  await withBackend(async ({ db, client }) => {
    const body = Array.from({ length: 15 }, () => eventOfSize(32 * 1024));
    expect(JSON.stringify(body).length).toBeLessThan(ANALYTICS_MAX_BATCH_BYTES);
    const response = await client.request("POST", "/api/analytics", { body, headers: bearer("alice") });
    expect(expectOk(response)).toEqual({ accepted: 15 });
    expect(await db.analyticsEvent.count()).toBe(15);
  });
});

test.each(["/api/analytics", "/api/pmfsurvey"])(
  "POST %s answers 403 and stores nothing when statistics are disabled",
  async (path) => {
    await withBackend(async ({ db, client }) => {
      const document = JSON.stringify(demoConfiguration({ statisticsEnabled: false }));
      await db.configuration.update({ where: { id: 1 }, data: { document } });
      const before = await writableState(db);
      const body = path === "/api/pmfsurvey" ? [pmfEvent()] : [event()];
      const response = await client.request("POST", path, { body, headers: bearer("alice") });
      expectError(response, 403, "forbidden");
      expect(await writableState(db)).toEqual(before);
    });
  },
);

test("POST /api/analytics refuses a query parameter", async () => {
  const before = await writableState(backend.db);
  const response = await backend.client.request("POST", "/api/analytics?fields=accepted", {
    body: [event()],
    headers: bearer("alice"),
  });
  expectError(response, 400, "bad_request");
  expect(await writableState(backend.db)).toEqual(before);
});

test("POST /api/analytics without a token or an Origin is refused with 403", async () => {
  const headers = {};
  const before = await writableState(backend.db);
  const response = await backend.client.request("POST", "/api/analytics", { body: [event()], headers });
  expectError(response, 403, "forbidden");
  expect(await writableState(backend.db)).toEqual(before);
});

test("POST /api/analytics treats the pmf group case-insensitively", async () => {
  const before = await writableState(backend.db);
  const response = await backend.client.request("POST", "/api/analytics", {
    body: [pmfEvent({ group: "PMF" })],
    headers: bearer("alice"),
  });
  expectError(response, 400, "bad_request");
  expect(await writableState(backend.db)).toEqual(before);
});

test("a beacon's text/plain batch is stored like a JSON one", async () => {
  await withBackend(async ({ db, client }) => {
    const response = await client.request("POST", "/api/analytics", {
      rawBody: JSON.stringify([event()]),
      headers: { ...bearer("alice"), "content-type": "text/plain;charset=UTF-8" },
    });
    expect(response.status, response.text).toBe(200);
    expect(await db.analyticsEvent.count()).toBeGreaterThan(0);
  });
});

test("GET /api/admin/statistics counts today's events per group and day, for administrators only", async () => {
  await withBackend(async ({ client }) => {
    const now = Date.now();
    const sent = await client.request("POST", "/api/analytics", {
      body: [
        event({ timestamp: now }),
        event({ timestamp: now }),
        event({ group: "appearance", event: "theme-change", timestamp: now }),
      ],
      headers: bearer("alice"),
    });
    expect(sent.status, sent.text).toBe(200);
    const response = await client.request("GET", "/api/admin/statistics?days=7", {
      headers: bearer("admin"),
    });
    const stats = StatisticsSchema.parse(expectOk(response));
    expect(stats.days).toHaveLength(7);
    expect(stats.days.at(-1)).toBe(new Date(now).toISOString().slice(0, 10));
    const today = (group: string) => stats.groups.find((g) => g.group === group)?.counts.at(-1);
    expect(today("navigation")).toBe(2);
    expect(today("appearance")).toBe(1);
    expectError(await client.request("GET", "/api/admin/statistics", { headers: bearer("alice") }), 403);
    expectError(
      await client.request("GET", "/api/admin/statistics?days=900", { headers: bearer("admin") }),
      400,
    );
  });
});

test("a guest's flood is refused with 429 after the burst, and nothing more is stored", async () => {
  await withBackend(async ({ db }) => {
    // A slow refill keeps the budget from growing while the test runs.
    const client = mockClient(db, { analytics: { perMinute: 1 } });
    const batch = Array.from({ length: 20 }, () => event());
    const statuses: number[] = [];
    for (let i = 0; i < 100; i += 1) {
      const response = await client.request("POST", "/api/analytics", { body: batch, headers: sameOrigin() });
      statuses.push(response.status);
    }
    const burst = DEFAULT_ANALYTICS_LIMITS.burst;
    expect(statuses.filter((s) => s === 200)).toHaveLength(burst / 20);
    expect(statuses.slice(burst / 20).every((s) => s === 429)).toBe(true);
    expect(await db.analyticsEvent.count()).toBe(burst);

    const refused = await client.request("POST", "/api/analytics", {
      body: Array.from({ length: 1000 }, () => event()),
      headers: sameOrigin(),
    });
    const body = expectError(refused, 429, "too_many_requests");
    expect(body.error_description).toContain("at most");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await db.analyticsEvent.count()).toBe(burst);

    // Another source keeps its own budget.
    expectOk(await client.request("POST", "/api/analytics", { body: batch, headers: bearer("alice") }));
  });
});

test("POST /api/analytics answers 507 once the stored-events cap is reached, and stores nothing more", async () => {
  await withBackend(async ({ db }) => {
    const client = mockClient(db, { analytics: { maxStoredEvents: 30 } });
    const batch = (n: number) => Array.from({ length: n }, () => event());
    expectOk(await client.request("POST", "/api/analytics", { body: batch(20), headers: bearer("alice") }));
    const full = await client.request("POST", "/api/analytics", {
      body: batch(20),
      headers: bearer("admin"),
    });
    expectError(full, 507, "insufficient_storage");
    expectOk(await client.request("POST", "/api/analytics", { body: batch(10), headers: bearer("admin") }));
    expectError(
      await client.request("POST", "/api/pmfsurvey", { body: [pmfEvent()], headers: bearer("admin") }),
      507,
    );
    expect(await db.analyticsEvent.count()).toBe(30);
  });
});
