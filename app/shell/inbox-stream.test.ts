import { afterEach, beforeEach, expect, test, vi } from "vitest";
import type { InboxFolder } from "#contract/api.ts";
import { createInboxStream, EVENT_SOURCE_CLOSED, type EventSourceLike } from "./inbox-stream.ts";

class FakeSource implements EventSourceLike {
  readyState = 1;
  closed = false;
  private readonly listeners = new Map<string, ((event: { data?: unknown }) => void)[]>();
  addEventListener(type: string, listener: (event: { data?: unknown }) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: string, data?: unknown): void {
    for (const listener of this.listeners.get(type) ?? []) {
      listener({ data: data === undefined ? undefined : JSON.stringify(data) });
    }
  }
  close(): void {
    this.closed = true;
    this.readyState = EVENT_SOURCE_CLOSED;
  }
}

const FOLDERS: InboxFolder[] = [{ id: "direct", lastNotified: 5, lastSeen: 1 }];

let sources: FakeSource[];
let availability: boolean[];
let interruptions: boolean[];
let received: InboxFolder[][];

function stream() {
  return createInboxStream({
    url: "/api/inbox/events",
    open: () => {
      const source = new FakeSource();
      sources.push(source);
      return source;
    },
    onFolders: (folders) => received.push(folders),
    onAvailabilityChange: (available, interrupted) => {
      availability.push(available);
      interruptions.push(interrupted);
    },
    now: () => Date.now(),
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  sources = [];
  availability = [];
  interruptions = [];
  received = [];
});
afterEach(() => vi.useRealTimers());

test("pushed folders reach the caller and the stream counts as available", () => {
  const s = stream();
  s.start();
  sources[0]!.emit("ready", { pingTimeoutMs: 300_000 });
  sources[0]!.emit("folders", FOLDERS);
  expect(received).toEqual([FOLDERS]);
  expect(availability).toEqual([true]);
  expect(s.available()).toBe(true);
});

test("a reported ping timeout of at least 30 000 ms is used; a shorter one is ignored", () => {
  const s = stream();
  s.start();
  sources[0]!.emit("ready", { pingTimeoutMs: 45_000 });
  expect(s.settings().pingOverdueMs).toBe(45_000);
  s.stop();
  const t = stream();
  t.start();
  sources[1]!.emit("ready", { pingTimeoutMs: 29_999 });
  expect(t.settings().pingOverdueMs).toBe(300_000);
});

test("no ping for longer than the overdue time: dropped at the next 10 s status check, reconnected 30 s later", () => {
  const s = stream();
  s.start();
  sources[0]!.emit("ready", { pingTimeoutMs: 300_000 });
  // Pings keep it alive.
  for (let i = 0; i < 5; i++) {
    vi.advanceTimersByTime(100_000);
    sources[0]!.emit("ping", { at: Date.now() });
  }
  expect(s.available()).toBe(true);
  // Silence: overdue after 300 000 ms, noticed at a status check at most 10 000 ms later.
  vi.advanceTimersByTime(300_000);
  expect(s.available()).toBe(true);
  vi.advanceTimersByTime(10_000);
  expect(s.available()).toBe(false);
  expect(sources[0]!.closed).toBe(true);
  expect(availability).toEqual([true, false]);
  vi.advanceTimersByTime(29_999);
  expect(sources).toHaveLength(1);
  vi.advanceTimersByTime(1);
  expect(sources).toHaveLength(2);
});

test("an error closes the stream at once and reconnects after 30 000 ms, not on the browser's schedule", () => {
  const s = stream();
  s.start();
  sources[0]!.emit("ping", {});
  sources[0]!.emit("error");
  expect(sources[0]!.closed).toBe(true);
  expect(s.available()).toBe(false);
  vi.advanceTimersByTime(30_000);
  expect(sources).toHaveLength(2);
  sources[1]!.emit("folders", FOLDERS);
  expect(s.available()).toBe(true);
});

test("a stream the browser closed is noticed at the status check", () => {
  const s = stream();
  s.start();
  sources[0]!.emit("ping", {});
  sources[0]!.readyState = EVENT_SOURCE_CLOSED;
  vi.advanceTimersByTime(10_000);
  expect(s.available()).toBe(false);
});

test("events from a replaced stream are ignored", () => {
  const s = stream();
  s.start();
  const old = sources[0]!;
  old.emit("error");
  vi.advanceTimersByTime(30_000);
  old.emit("folders", FOLDERS);
  expect(received).toEqual([]);
});

test("malformed folders are not passed on", () => {
  const s = stream();
  s.start();
  sources[0]!.emit("folders", [{ id: "elsewhere" }]);
  expect(received).toEqual([]);
});

test("stop closes the stream and never reconnects", () => {
  const s = stream();
  s.start();
  sources[0]!.emit("ping", {});
  s.stop();
  expect(sources[0]!.closed).toBe(true);
  vi.advanceTimersByTime(10 * 60_000);
  expect(sources).toHaveLength(1);
});

test("a stream superseded by a newer tab of the same user hands over to polling and does not reconnect", () => {
  const s = stream();
  s.start();
  sources[0]!.emit("folders", FOLDERS);
  sources[0]!.emit("superseded", { reason: "too_many_streams" });
  sources[0]!.emit("error");
  expect(sources[0]!.closed).toBe(true);
  expect(availability).toEqual([true, false]);
  vi.advanceTimersByTime(10 * 60_000);
  expect(sources).toHaveLength(1);
  // Starting again (a new page) connects again.
  s.stop();
  s.start();
  expect(sources).toHaveLength(2);
});

test("a lost live stream counts as interrupted; a stopped or superseded one does not", () => {
  const lost = stream();
  lost.start();
  sources[0]!.emit("ping", {});
  sources[0]!.emit("error");
  expect(interruptions).toEqual([false, true]);
  vi.advanceTimersByTime(30_000);
  sources[1]!.emit("ready", { pingTimeoutMs: 300_000 });
  expect(interruptions).toEqual([false, true, false]);
  lost.stop();
  expect(interruptions).toEqual([false, true, false, false]);

  interruptions = [];
  const handedOver = stream();
  handedOver.start();
  sources[2]!.emit("ping", {});
  sources[2]!.emit("superseded", { reason: "too_many_streams" });
  expect(interruptions).toEqual([false, false]);
});

test("a stream stopped while it reconnects is no longer interrupted", () => {
  const s = stream();
  s.start();
  sources[0]!.emit("ping", {});
  sources[0]!.emit("error");
  vi.advanceTimersByTime(30_000);
  sources[1]!.emit("error");
  expect(interruptions).toEqual([false, true]);
  s.stop();
  expect(interruptions).toEqual([false, true, false]);
  expect(availability).toEqual([true, false, false]);
});

test("when the network is back the stream reconnects at once, not after the reconnect timeout", () => {
  const s = stream();
  s.start();
  sources[0]!.emit("ping", {});
  sources[0]!.emit("error");
  s.reconnectNow();
  expect(sources).toHaveLength(2);
  sources[1]!.emit("ready", { pingTimeoutMs: 300_000 });
  expect(s.available()).toBe(true);
  // The cancelled timer opens no third stream.
  vi.advanceTimersByTime(30_000);
  expect(sources).toHaveLength(2);
});

test("reconnecting now leaves a live, stopped or superseded stream alone", () => {
  const s = stream();
  s.start();
  sources[0]!.emit("ping", {});
  s.reconnectNow();
  expect(sources).toHaveLength(1);
  sources[0]!.emit("superseded", { reason: "too_many_streams" });
  s.reconnectNow();
  expect(sources).toHaveLength(1);
  s.stop();
  s.reconnectNow();
  expect(sources).toHaveLength(1);
});
