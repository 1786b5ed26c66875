import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { NOTIFICATIONS_CENTER_LAZY_INIT_MS } from "../lib/constants.ts";
import {
  createNotificationsCenter,
  sseSettings,
  type NotificationsCenterState,
} from "./notifications-center.ts";

function deferred() {
  let resolve: () => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function setup(init: () => Promise<void> = () => Promise.resolve()) {
  const initSpy = vi.fn(init);
  const render = vi.fn();
  const center = createNotificationsCenter({ init: initSpy, render });
  const states: NotificationsCenterState[] = [];
  center.onStateChange((state) => states.push(state));
  return { center, init: initSpy, render, states };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

test("starts ready and does nothing on its own", async () => {
  const { center, init } = setup();
  expect(center.state()).toBe("ready");
  await vi.advanceTimersByTimeAsync(NOTIFICATIONS_CENTER_LAZY_INIT_MS * 2);
  expect(init).not.toHaveBeenCalled();
});

test("the unread indicator turning on schedules initialisation at 30 s, not 29.999 s", async () => {
  const { center, init, render, states } = setup();
  center.onUnreadTurnedOn();
  expect(center.state()).toBe("scheduled");
  await vi.advanceTimersByTimeAsync(NOTIFICATIONS_CENTER_LAZY_INIT_MS - 1);
  expect(init).not.toHaveBeenCalled();
  await vi.advanceTimersByTimeAsync(1);
  expect(init).toHaveBeenCalledTimes(1);
  expect(center.state()).toBe("initialized");
  expect(render).not.toHaveBeenCalled();
  expect(states).toEqual(["scheduled", "initializing", "initialized"]);
  expect(NOTIFICATIONS_CENTER_LAZY_INIT_MS).toBe(30_000);
});

test("the indicator turning on again does not reschedule", async () => {
  const { center, init } = setup();
  center.onUnreadTurnedOn();
  await vi.advanceTimersByTimeAsync(NOTIFICATIONS_CENTER_LAZY_INIT_MS / 2);
  center.onUnreadTurnedOn();
  await vi.advanceTimersByTimeAsync(NOTIFICATIONS_CENTER_LAZY_INIT_MS / 2);
  expect(init).toHaveBeenCalledTimes(1);
  center.onUnreadTurnedOn();
  await vi.advanceTimersByTimeAsync(NOTIFICATIONS_CENTER_LAZY_INIT_MS);
  expect(init).toHaveBeenCalledTimes(1);
  expect(center.state()).toBe("initialized");
});

test("open() before the 30 s initialises at once, cancels the schedule and renders", async () => {
  const { center, init, render, states } = setup();
  center.onUnreadTurnedOn();
  await vi.advanceTimersByTimeAsync(10_000);
  await expect(center.open()).resolves.toBe(true);
  expect(init).toHaveBeenCalledTimes(1);
  expect(render).toHaveBeenCalledTimes(1);
  expect(center.state()).toBe("rendered");
  await vi.advanceTimersByTimeAsync(NOTIFICATIONS_CENTER_LAZY_INIT_MS);
  expect(init).toHaveBeenCalledTimes(1);
  expect(states).toEqual(["scheduled", "initializing", "initialized", "rendered"]);
});

test("open() from ready initialises and renders", async () => {
  const { center, render, states } = setup();
  await center.open();
  expect(render).toHaveBeenCalledTimes(1);
  expect(states).toEqual(["initializing", "initialized", "rendered"]);
});

test("open() after the lazy initialisation only renders", async () => {
  const { center, init, render } = setup();
  center.onUnreadTurnedOn();
  await vi.advanceTimersByTimeAsync(NOTIFICATIONS_CENTER_LAZY_INIT_MS);
  await center.open();
  expect(init).toHaveBeenCalledTimes(1);
  expect(render).toHaveBeenCalledTimes(1);
  expect(center.state()).toBe("rendered");
});

test("open() during initialisation waits for it instead of starting another", async () => {
  const gate = deferred();
  const { center, init, render } = setup(() => gate.promise);
  center.onUnreadTurnedOn();
  await vi.advanceTimersByTimeAsync(NOTIFICATIONS_CENTER_LAZY_INIT_MS);
  expect(center.state()).toBe("initializing");
  const opened = center.open();
  const openedTwice = center.open();
  expect(render).not.toHaveBeenCalled();
  gate.resolve();
  await expect(opened).resolves.toBe(true);
  await expect(openedTwice).resolves.toBe(true);
  expect(init).toHaveBeenCalledTimes(1);
  expect(render).toHaveBeenCalledTimes(1);
  expect(center.state()).toBe("rendered");
});

test("open() when already rendered does not render again", async () => {
  const { center, render } = setup();
  await center.open();
  await center.open();
  expect(render).toHaveBeenCalledTimes(1);
});

test("a failed lazy initialisation goes back to ready and can be scheduled again", async () => {
  const { center, init, states } = setup();
  init.mockRejectedValueOnce(new Error("chunk failed"));
  center.onUnreadTurnedOn();
  await vi.advanceTimersByTimeAsync(NOTIFICATIONS_CENTER_LAZY_INIT_MS);
  expect(center.state()).toBe("ready");
  expect(states).toEqual(["scheduled", "initializing", "ready"]);
  center.onUnreadTurnedOn();
  await vi.advanceTimersByTimeAsync(NOTIFICATIONS_CENTER_LAZY_INIT_MS);
  expect(init).toHaveBeenCalledTimes(2);
  expect(center.state()).toBe("initialized");
});

test("a failed initialisation on open() goes back to ready without rendering", async () => {
  const { center, init, render } = setup();
  init.mockRejectedValueOnce(new Error("chunk failed"));
  await expect(center.open()).resolves.toBe(false);
  expect(render).not.toHaveBeenCalled();
  expect(center.state()).toBe("ready");
});

test("init throwing synchronously also goes back to ready", async () => {
  const { center, init } = setup();
  init.mockImplementationOnce(() => {
    throw new Error("boom");
  });
  await expect(center.open()).resolves.toBe(false);
  expect(center.state()).toBe("ready");
});

test("destroy() goes back to ready and cancels the schedule", async () => {
  const { center, init, states } = setup();
  center.onUnreadTurnedOn();
  center.destroy();
  expect(center.state()).toBe("ready");
  await vi.advanceTimersByTimeAsync(NOTIFICATIONS_CENTER_LAZY_INIT_MS);
  expect(init).not.toHaveBeenCalled();
  expect(states).toEqual(["scheduled", "ready"]);
});

test("destroy() after rendering goes back to ready; open() then initialises again", async () => {
  const { center, init, render } = setup();
  await center.open();
  center.destroy();
  expect(center.state()).toBe("ready");
  await center.open();
  expect(init).toHaveBeenCalledTimes(2);
  expect(render).toHaveBeenCalledTimes(2);
});

test("an initialisation finishing after destroy() does not revive the centre", async () => {
  const gate = deferred();
  const { center, render } = setup(() => gate.promise);
  const opened = center.open();
  center.destroy();
  gate.resolve();
  await expect(opened).resolves.toBe(false);
  expect(render).not.toHaveBeenCalled();
  expect(center.state()).toBe("ready");
});

test("an unsubscribed state listener hears nothing more", async () => {
  const { center } = setup();
  const listener = vi.fn();
  const unsubscribe = center.onStateChange(listener);
  center.onUnreadTurnedOn();
  unsubscribe();
  await vi.advanceTimersByTimeAsync(NOTIFICATIONS_CENTER_LAZY_INIT_MS);
  expect(listener).toHaveBeenCalledTimes(1);
});

test("sseSettings defaults to the specified timings", () => {
  expect(sseSettings()).toEqual({
    pingOverdueMs: 300_000,
    statusCheckMs: 10_000,
    reconnectTimeoutMs: 30_000,
  });
});

test("sseSettings ignores a reported ping timeout below 30 000 ms", () => {
  expect(sseSettings(29_999).pingOverdueMs).toBe(300_000);
});

test("sseSettings uses a reported ping timeout of at least 30 000 ms", () => {
  expect(sseSettings(30_000)).toEqual({
    pingOverdueMs: 30_000,
    statusCheckMs: 10_000,
    reconnectTimeoutMs: 30_000,
  });
  expect(sseSettings(600_000).pingOverdueMs).toBe(600_000);
});
