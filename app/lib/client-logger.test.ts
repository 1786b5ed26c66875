import { afterEach, expect, test, vi } from "vitest";
import { createClientLogger, downloadLog, type LogEntry } from "./client-logger.ts";
import { LOG_BUFFER_LIMIT } from "./constants.ts";

afterEach(() => {
  vi.useRealTimers();
});

// The global setup already spies on console.error and restores it after each test; a second spyOn
// returns that same spy, so silencing it here is enough (restoring it here would break that afterEach).
function silenceConsoleError() {
  return vi.spyOn(console, "error").mockImplementation(() => {});
}

test("the buffer keeps exactly the newest 5000 of 5003 entries, oldest first", () => {
  let clock = 0;
  const logger = createClientLogger({ now: () => clock++ });
  for (let i = 0; i < 5003; i += 1) logger.info(`message ${i}`);

  const entries = logger.entries();
  expect(LOG_BUFFER_LIMIT).toBe(5000);
  expect(entries).toHaveLength(5000);
  expect(entries[0]?.message).toBe("message 3");
  expect(entries.at(-1)?.message).toBe("message 5002");
  expect(entries.every((entry, i) => entry.message === `message ${i + 3}` && entry.time === i + 3)).toBe(
    true,
  );
});

test("a small ring stays in order across many wrap-arounds", () => {
  const logger = createClientLogger({ limit: 3, now: () => 0 });
  logger.info("a");
  logger.info("b");
  expect(logger.entries().map((e) => e.message)).toEqual(["a", "b"]);
  for (let i = 0; i < 10; i += 1) logger.info(String(i));
  expect(logger.entries().map((e) => e.message)).toEqual(["7", "8", "9"]);
});

test("each level is recorded with the time from now()", () => {
  const logger = createClientLogger({ now: () => 42 });
  logger.debug("d");
  logger.info("i");
  logger.warn("w", { code: 1 });
  logger.error("e");
  expect(logger.entries()).toEqual([
    { time: 42, level: "debug", message: "d" },
    { time: 42, level: "info", message: "i" },
    { time: 42, level: "warn", message: "w", details: { code: 1 } },
    { time: 42, level: "error", message: "e" },
  ]);
  expect("details" in (logger.entries()[0] as LogEntry)).toBe(false);
});

test("clear empties the buffer and logging continues afterwards", () => {
  const logger = createClientLogger({ limit: 2, now: () => 0 });
  logger.info("a");
  logger.info("b");
  logger.info("c");
  logger.clear();
  expect(logger.entries()).toEqual([]);
  expect(logger.exportText()).toBe("");
  logger.info("d");
  expect(logger.entries().map((e) => e.message)).toEqual(["d"]);
});

test("a limit that is not a positive integer is rejected", () => {
  expect(() => createClientLogger({ limit: 0 })).toThrow(RangeError);
  expect(() => createClientLogger({ limit: 2.5 })).toThrow(RangeError);
});

test("the export has one line per entry: ISO time, level, message, JSON details", () => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date("2025-10-11T08:30:00.000Z"));
  const logger = createClientLogger();
  logger.info("Config loaded");
  vi.advanceTimersByTime(1500);
  logger.error("Request failed", { status: 503, url: "/api/config" });

  expect(logger.exportText()).toBe(
    "2025-10-11T08:30:00.000Z INFO Config loaded\n" +
      '2025-10-11T08:30:01.500Z ERROR Request failed {"status":503,"url":"/api/config"}\n',
  );
});

test("line breaks in a message stay on one export line", () => {
  const logger = createClientLogger({ now: () => 0 });
  logger.warn("first\nsecond\r\nthird");
  expect(logger.exportText()).toBe("1970-01-01T00:00:00.000Z WARN first\\nsecond\\nthird\n");
});

test("BigInt details and an invalid time export without throwing", () => {
  const logger = createClientLogger({ now: () => Number.NaN });
  logger.info("big", { id: 12345678901234567890n });
  expect(logger.exportText()).toBe('NaN INFO big {"id":"12345678901234567890n"}\n');
});

test("secret-named keys in details are redacted at any depth, case-insensitively", () => {
  const logger = createClientLogger({ now: () => 0 });
  const details = {
    user: "alice",
    password: "hunter2",
    headers: { Authorization: "Bearer abc", Cookie: "keel_session=1", accept: "json" },
    attempts: [{ accessToken: "t-1", clientSecret: "s-1", ok: false }],
  };
  logger.info("sign-in", details);

  expect(logger.entries()[0]?.details).toEqual({
    user: "alice",
    password: "[redacted]",
    headers: { Authorization: "[redacted]", Cookie: "[redacted]", accept: "json" },
    attempts: [{ accessToken: "[redacted]", clientSecret: "[redacted]", ok: false }],
  });
  expect(logger.exportText()).not.toMatch(/hunter2|Bearer abc|keel_session|t-1|s-1/);
  expect(details.password).toBe("hunter2");
});

test("circular details are recorded and exported with the cycle cut", () => {
  const logger = createClientLogger({ now: () => 0 });
  const node: Record<string, unknown> = { name: "root" };
  node.self = node;
  const shared = { n: 1 };
  node.list = [shared, shared];
  logger.info("cycle", node);

  expect(logger.entries()[0]?.details).toEqual({
    name: "root",
    self: "[Circular]",
    list: [{ n: 1 }, { n: 1 }],
  });
  expect(logger.exportText()).toBe(
    '1970-01-01T00:00:00.000Z INFO cycle {"name":"root","self":"[Circular]","list":[{"n":1},{"n":1}]}\n',
  );
});

test("an Error in details keeps its name, message and cause", () => {
  const logger = createClientLogger({ now: () => 0 });
  logger.error("boom", new TypeError("bad input", { cause: { token: "x", step: 2 } }));
  expect(logger.entries()[0]?.details).toMatchObject({
    name: "TypeError",
    message: "bad input",
    cause: { token: "[redacted]", step: 2 },
  });
});

test("the sink receives each recorded entry", () => {
  const sink = vi.fn();
  const logger = createClientLogger({ now: () => 7, sink });
  logger.warn("careful", { a: 1 });
  expect(sink).toHaveBeenCalledExactlyOnceWith({
    time: 7,
    level: "warn",
    message: "careful",
    details: { a: 1 },
  });
});

test("a throwing sink falls back to console.error('Failed to log message') and the logger does not throw", () => {
  const consoleError = silenceConsoleError();
  const failure = new Error("sink down");
  const logger = createClientLogger({
    now: () => 0,
    sink: () => {
      throw failure;
    },
  });

  expect(() => logger.error("something")).not.toThrow();
  expect(consoleError).toHaveBeenCalledExactlyOnceWith("Failed to log message", failure);
  expect(logger.entries().map((e) => e.message)).toEqual(["something"]);
});

test("details that throw while being recorded fall back to console.error and the logger does not throw", () => {
  const consoleError = silenceConsoleError();
  const sink = vi.fn();
  const logger = createClientLogger({ now: () => 0, sink });
  const hostile = {
    get value(): never {
      throw new Error("getter exploded");
    },
  };

  expect(() => logger.info("hostile", hostile)).not.toThrow();
  expect(consoleError).toHaveBeenCalledExactlyOnceWith("Failed to log message", expect.any(Error));
  expect(logger.entries()).toEqual([]);
  expect(sink).not.toHaveBeenCalled();
});

test("the logger does not throw even when console.error itself throws", () => {
  vi.spyOn(console, "error").mockImplementation(() => {
    throw new Error("console gone");
  });
  const logger = createClientLogger({
    sink: () => {
      throw new Error("sink down");
    },
  });
  expect(() => logger.info("x")).not.toThrow();
});

function fakeDownloadEnvironment() {
  const link = { href: "", download: "", rel: "", click: vi.fn(), remove: vi.fn() };
  const documentRef = { createElement: vi.fn(() => link), body: { append: vi.fn() } };
  const blobs: Blob[] = [];
  const urlApi = {
    createObjectURL: vi.fn((blob: Blob) => {
      blobs.push(blob);
      return "blob:keel/1";
    }),
    revokeObjectURL: vi.fn(),
  };
  return { link, documentRef, urlApi, blobs };
}

test("downloadLog saves the export as keel-log-<local date>.txt through an object URL", async () => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date(2025, 9, 11, 12, 0, 0));
  const logger = createClientLogger();
  logger.info("hello", { token: "abc" });
  const { link, documentRef, urlApi, blobs } = fakeDownloadEnvironment();

  expect(downloadLog(logger, documentRef as unknown as Document, urlApi)).toBe(true);

  expect(documentRef.createElement).toHaveBeenCalledWith("a");
  expect(link.download).toBe("keel-log-2025-10-11.txt");
  expect(link.href).toBe("blob:keel/1");
  expect(documentRef.body.append).toHaveBeenCalledWith(link);
  expect(link.click).toHaveBeenCalledOnce();
  expect(link.remove).toHaveBeenCalledOnce();
  expect(blobs[0]?.type).toBe("text/plain;charset=utf-8");
  expect(await blobs[0]?.text()).toBe(logger.exportText());

  expect(urlApi.revokeObjectURL).not.toHaveBeenCalled();
  vi.runAllTimers();
  expect(urlApi.revokeObjectURL).toHaveBeenCalledExactlyOnceWith("blob:keel/1");
});

test("downloadLog without a document (server rendering) does nothing and returns false", () => {
  const { urlApi } = fakeDownloadEnvironment();
  expect(downloadLog(createClientLogger(), undefined, urlApi)).toBe(false);
  expect(urlApi.createObjectURL).not.toHaveBeenCalled();
});

test("downloadLog reports a browser refusal and returns false", () => {
  const consoleError = silenceConsoleError();
  const { documentRef, urlApi } = fakeDownloadEnvironment();
  const refusal = new Error("blocked");
  urlApi.createObjectURL.mockImplementation(() => {
    throw refusal;
  });
  expect(downloadLog(createClientLogger(), documentRef as unknown as Document, urlApi)).toBe(false);
  expect(consoleError).toHaveBeenCalledExactlyOnceWith("Failed to download log", refusal);
});
