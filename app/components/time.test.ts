import { afterEach, expect, test, vi } from "vitest";

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.resetModules();
});

async function clockIn(where: "server" | "browser") {
  if (where === "browser") vi.stubGlobal("document", {});
  vi.resetModules();
  return (await import("./time.tsx")).pageClock;
}

test("in the browser, hydration, the first render and the subscriptions read one clock", async () => {
  vi.useFakeTimers({ now: 1_000 });
  const clock = await clockIn("browser");
  const hydrated = clock.readOnServer();
  vi.advanceTimersByTime(40);
  // What React compares after hydration and after each subscription: unchanged, so no render again.
  expect(clock.read()).toBe(hydrated);
  const seen: number[] = [];
  const stops = [1, 2, 3].map(() => clock.subscribe(() => seen.push(clock.read())));
  expect(clock.read()).toBe(hydrated);

  // Every half minute each listener hears the new time.
  vi.advanceTimersByTime(30_000);
  expect(seen).toEqual([31_040, 31_040, 31_040]);

  // Once nothing shows a time the clock stops; the next one shown reads it afresh.
  for (const stop of stops) stop();
  vi.advanceTimersByTime(120_000);
  expect(seen).toHaveLength(3);
  expect(clock.read()).toBe(151_040);
});

test("on the server every page is rendered at its own time", async () => {
  vi.useFakeTimers({ now: 5_000 });
  const clock = await clockIn("server");
  expect(clock.readOnServer()).toBe(5_000);
  vi.advanceTimersByTime(60_000);
  expect(clock.readOnServer()).toBe(65_000);
});
