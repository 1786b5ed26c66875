import { afterEach, beforeEach, expect, test, vi } from "vitest";

const session = vi.hoisted(() => ({
  started: [] as [boolean, boolean][],
  stopped: 0,
  tracked: [] as [string, string, unknown][],
}));

vi.mock("./session.ts", () => ({
  startAnalytics: (enabled: boolean, signedIn: boolean) => {
    session.started.push([enabled, signedIn]);
    return () => void (session.stopped += 1);
  },
  track: (group: string, event: string, fields: unknown) => session.tracked.push([group, event, fields]),
}));

beforeEach(() => {
  vi.resetModules();
  vi.stubGlobal("window", {});
  session.started = [];
  session.stopped = 0;
  session.tracked = [];
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

test("what is tracked before the tracker has loaded is sent once it has started, in order", async () => {
  const { startAnalytics, track } = await import("./client.ts");
  track("shortcuts", "used", { shortcut: "quick-search" });
  const stop = startAnalytics(true, true);
  track("navigation", "collapse-toggle", { expanded: false });
  expect(session.tracked).toEqual([]);
  await flush();
  expect(session.started).toEqual([[true, true]]);
  expect(session.tracked).toEqual([
    ["shortcuts", "used", { shortcut: "quick-search" }],
    ["navigation", "collapse-toggle", { expanded: false }],
  ]);
  // Loaded, events go straight through.
  track("shortcuts", "used", { shortcut: "quick-help" });
  expect(session.tracked).toHaveLength(3);
  stop();
  expect(session.stopped).toBe(1);
});

test("at most 50 events wait for the tracker", async () => {
  const { startAnalytics, track } = await import("./client.ts");
  for (let index = 0; index < 80; index += 1) track("navigation", "collapse-toggle", { expanded: true });
  startAnalytics(true, false);
  await flush();
  expect(session.tracked).toHaveLength(50);
});

test("a tracker stopped before it loaded never starts", async () => {
  const { startAnalytics } = await import("./client.ts");
  const stop = startAnalytics(true, true);
  stop();
  await flush();
  expect(session.started).toEqual([]);
  // The next start (statistics turned on again) starts it.
  startAnalytics(true, true);
  await flush();
  expect(session.started).toEqual([[true, true]]);
});

test("on the server nothing waits", async () => {
  vi.unstubAllGlobals();
  const { startAnalytics, track } = await import("./client.ts");
  track("shortcuts", "used", { shortcut: "quick-search" });
  startAnalytics(true, true);
  await flush();
  expect(session.tracked).toEqual([]);
});
