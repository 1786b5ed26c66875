import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { ANALYTICS_MAX_BATCH_BYTES } from "#contract/constants.ts";
import {
  createTracker,
  splitBatches,
  type AnalyticsEvent,
  type Channel,
  type SendOutcome,
  type TrackerOptions,
} from "./tracker.ts";

let sent: { channel: Channel; events: AnalyticsEvent[] }[];
let answer: SendOutcome;

function tracker(overrides: Partial<TrackerOptions> = {}) {
  return createTracker({
    enabled: true,
    send: (channel, events) => {
      sent.push({ channel, events });
      return Promise.resolve(answer);
    },
    clientData: () => ({ screen: "1200-1439", analyticsId: "" }),
    now: () => Date.now(),
    ...overrides,
  });
}

beforeEach(() => {
  vi.useFakeTimers({ now: 1_700_000_000_000 });
  sent = [];
  answer = true;
});
afterEach(() => vi.useRealTimers());

test("events wait, and go together 10 s after the first", async () => {
  const t = tracker();
  t.track("appearance", "theme-change", { from: "default", to: "darcula" });
  t.track("shortcuts", "used", { shortcut: "quick-search" });
  expect(sent).toEqual([]);
  await vi.advanceTimersByTimeAsync(9_999);
  expect(sent).toEqual([]);
  await vi.advanceTimersByTimeAsync(1);
  expect(sent).toHaveLength(1);
  expect(sent[0]!.channel).toBe("analytics");
  expect(sent[0]!.events.map((e) => e.event)).toEqual(["theme-change", "used"]);
  expect(sent[0]!.events[0]).toEqual({
    group: "appearance",
    event: "theme-change",
    timestamp: 1_700_000_000_000,
    eventFields: [
      { name: "from", value: "default" },
      { name: "to", value: "darcula" },
    ],
    clientData: { screen: "1200-1439", analyticsId: "" },
  });
});

test("the 20th waiting event flushes at once", () => {
  const t = tracker();
  for (let i = 0; i < 19; i++) t.track("shortcuts", "used", { shortcut: "quick-search" });
  expect(sent).toEqual([]);
  t.track("shortcuts", "used", { shortcut: "quick-help" });
  expect(sent).toHaveLength(1);
  expect(sent[0]!.events).toHaveLength(20);
  expect(t.pending()).toBe(0);
});

test("group pmf goes to the survey channel, everything else to analytics", async () => {
  const t = tracker();
  t.track("pmf", "answer", { score: 9 });
  t.track("ai", "enable-failed", { feature: "spellchecker" });
  await vi.advanceTimersByTimeAsync(10_000);
  expect(sent.map((s) => [s.channel, s.events.map((e) => e.group)])).toEqual([
    ["analytics", ["ai"]],
    ["pmfsurvey", ["pmf"]],
  ]);
});

test("on page hide the waiting events leave by beacon, falling back to fetch when it is refused", () => {
  const beacon = vi.fn((_channel: Channel, _events: AnalyticsEvent[]) => true);
  const t = tracker({ beacon });
  t.track("notifications", "page-open", { folder: "direct" });
  t.flush("beacon");
  expect(beacon).toHaveBeenCalledOnce();
  expect(sent).toEqual([]);
  beacon.mockReturnValueOnce(false);
  t.track("notifications", "page-open", { folder: "whatsnew" });
  t.flush("beacon");
  expect(sent).toHaveLength(1);
});

test("nothing is collected when statistics are disabled", async () => {
  const t = tracker({ enabled: false });
  expect(t.track("shortcuts", "used", { shortcut: "quick-search" })).toBe(false);
  await vi.advanceTimersByTimeAsync(60_000);
  expect(sent).toEqual([]);
});

test("events outside the catalogue, with wrong fields or with free text are refused", () => {
  const t = tracker();
  expect(t.track("nope" as never, "x" as never, {} as never)).toBe(false);
  expect(t.track("shortcuts", "used", { shortcut: "has spaces and words" })).toBe(false);
  expect(t.track("shortcuts", "used", { shortcut: "alice@keel.example" } as never)).toBe(false);
  expect(t.track("invitations", "failed", { kind: "user", count: 21 } as never)).toBe(false);
  expect(t.track("invitations", "failed", { kind: "user", count: "many" })).toBe(true);
  expect(t.pending()).toBe(1);
});

test("a failing backend is not retried into a storm: batches are dropped, and sending stops after 3 failures", async () => {
  answer = false;
  const t = tracker();
  for (let round = 0; round < 3; round++) {
    t.track("shortcuts", "used", { shortcut: "quick-search" });
    await vi.advanceTimersByTimeAsync(10_000);
  }
  expect(sent).toHaveLength(3);
  expect(t.stopped()).toBe(true);
  expect(t.track("shortcuts", "used", { shortcut: "quick-search" })).toBe(false);
  await vi.advanceTimersByTimeAsync(60_000);
  expect(sent).toHaveLength(3);
});

test("a backend that refuses (rate limit or storage full) stops the tracker at once", async () => {
  answer = "refused";
  const t = tracker();
  t.track("shortcuts", "used", { shortcut: "quick-search" });
  await vi.advanceTimersByTimeAsync(10_000);
  expect(sent).toHaveLength(1);
  for (let i = 0; i < 100; i++) t.track("shortcuts", "used", { shortcut: "quick-search" });
  t.flush("beacon");
  await vi.advanceTimersByTimeAsync(60_000);
  expect(sent).toHaveLength(1);
  expect(t.stopped()).toBe(true);
  expect(t.track("shortcuts", "used", { shortcut: "quick-search" })).toBe(false);
});

test("a success resets the failure count", async () => {
  const t = tracker();
  for (const ok of [false, false, true, false, false]) {
    answer = ok;
    t.track("shortcuts", "used", { shortcut: "quick-search" });
    await vi.advanceTimersByTimeAsync(10_000);
  }
  expect(t.stopped()).toBe(false);
});

test("events are passed to the tracker interface as category, action and params", () => {
  const sink = vi.fn();
  const t = tracker({ sink });
  t.track("search", "session", { source: "quick-search", results: 3, opened: true });
  expect(sink).toHaveBeenCalledWith("search", "session", {
    source: "quick-search",
    results: 3,
    opened: true,
  });
});

test("batches are split to stay under 500 KB", () => {
  const big = (i: number): AnalyticsEvent => ({
    group: "widgets",
    event: "lifecycle",
    timestamp: i,
    eventFields: [{ name: "pad", value: "x".repeat(30_000) }],
    clientData: {},
  });
  const events = Array.from({ length: 40 }, (_, i) => big(i));
  const batches = splitBatches(events);
  expect(batches.length).toBeGreaterThan(2);
  for (const batch of batches) {
    expect(new TextEncoder().encode(JSON.stringify(batch)).length).toBeLessThanOrEqual(
      ANALYTICS_MAX_BATCH_BYTES,
    );
  }
  expect(batches.flat()).toHaveLength(40);
});
