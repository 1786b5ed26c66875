import { expect, test } from "vitest";
import { prettyLine, resolveLogFormat } from "./log-format.ts";

test("auto is readable on a terminal and JSON anywhere else; json and pretty are what they say", () => {
  expect(resolveLogFormat("auto", true)).toBe("pretty");
  expect(resolveLogFormat("auto", false)).toBe("json");
  expect(resolveLogFormat("json", true)).toBe("json");
  expect(resolveLogFormat("pretty", false)).toBe("pretty");
});

test("a line reads as time, level and message, with the other fields after it", () => {
  const line = JSON.stringify({
    level: 40,
    time: "2026-11-26T09:05:07.123Z",
    service: "keel",
    msg: "in-flight requests did not finish in time",
    signal: "SIGTERM",
    note: "two words",
  });
  expect(prettyLine(line)).toBe(
    '09:05:07 WARN  in-flight requests did not finish in time signal=SIGTERM note="two words"\n',
  );
});

test("a finished request reads as method, path, status and time; an error brings its stack", () => {
  const request = JSON.stringify({
    level: 30,
    time: "2026-11-26T09:05:07.000Z",
    req: { id: "r1", method: "GET", url: "/issues" },
    res: { statusCode: 200 },
    responseTime: 12.4,
    msg: "request completed",
  });
  expect(prettyLine(request)).toBe("09:05:07 INFO  GET /issues 200 12 ms\n");
  const failure = JSON.stringify({
    level: 50,
    time: "2026-11-26T09:05:07.000Z",
    msg: "boom",
    err: { type: "Error", message: "boom", stack: "Error: boom\n    at here" },
  });
  expect(prettyLine(failure)).toBe("09:05:07 ERROR boom\nError: boom\n    at here\n");
});

test("colours are added only when asked for, and a line that is not JSON passes through", () => {
  const line = JSON.stringify({ level: 30, time: "2026-11-26T09:05:07.000Z", msg: "hello" });
  expect(prettyLine(line, true)).toContain("\u001b[32mINFO \u001b[0m");
  expect(prettyLine("plain text")).toBe("plain text\n");
});
