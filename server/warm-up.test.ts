import { createServer, type Server } from "node:http";
import { Writable } from "node:stream";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { createLogger } from "./logger.ts";
import { warmUpWhenQuiet } from "./warm-up.ts";

let lines: Array<{ msg: string; ms?: number }>;
let server: Server;
const logger = () =>
  createLogger(
    "info",
    new Writable({
      write: (chunk: Buffer, _encoding, done) => {
        lines.push(JSON.parse(String(chunk)) as { msg: string; ms?: number });
        done();
      },
    }),
  );

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
  lines = [];
  server = createServer();
});
afterEach(() => {
  vi.useRealTimers();
});

const request = () => server.emit("request", {}, {});

test("it warms up once, after the first quiet moment", () => {
  const warmUp = vi.fn();
  warmUpWhenQuiet(server, warmUp, { quietMs: 500, logger: logger() });
  vi.advanceTimersByTime(499);
  expect(warmUp).not.toHaveBeenCalled();
  vi.advanceTimersByTime(1);
  expect(warmUp).toHaveBeenCalledTimes(1);
  vi.advanceTimersByTime(5_000);
  request();
  vi.advanceTimersByTime(5_000);
  expect(warmUp).toHaveBeenCalledTimes(1);
  expect(lines.map((line) => line.msg)).toEqual(["warmed up the Markdown renderer"]);
});

test("a request starts the quiet moment again, so a busy server is not held by the warm-up", () => {
  const warmUp = vi.fn();
  warmUpWhenQuiet(server, warmUp, { quietMs: 500, logger: logger() });
  // A request every 400 ms for 4 s: never 500 ms without one.
  for (let i = 0; i < 10; i += 1) {
    vi.advanceTimersByTime(400);
    request();
  }
  expect(warmUp).not.toHaveBeenCalled();
  vi.advanceTimersByTime(499);
  expect(warmUp).not.toHaveBeenCalled();
  vi.advanceTimersByTime(1);
  expect(warmUp).toHaveBeenCalledTimes(1);
});

test("a server closed before its quiet moment never warms up", () => {
  const warmUp = vi.fn();
  warmUpWhenQuiet(server, warmUp, { quietMs: 500, logger: logger() });
  server.emit("close");
  vi.advanceTimersByTime(5_000);
  expect(warmUp).not.toHaveBeenCalled();
  expect(server.listenerCount("request")).toBe(0);
});

test("a failed warm-up is a warning, not a crash", () => {
  warmUpWhenQuiet(
    server,
    () => {
      throw new Error("no jsdom");
    },
    { quietMs: 500, logger: logger() },
  );
  vi.advanceTimersByTime(500);
  expect(lines.map((line) => line.msg)).toEqual(["the warm-up failed"]);
});
