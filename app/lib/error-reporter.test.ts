import { expect, test, vi } from "vitest";
import { FEATURE_FLAG } from "#contract/constants.ts";
import { createErrorReporter, type ErrorReport, isIgnoredError } from "./error-reporter.ts";
import { isFeatureFlagOn } from "./feature-flags.ts";

function reporter(options: { enabled?: boolean; random?: () => number } = {}) {
  const sent: ErrorReport[] = [];
  const instance = createErrorReporter({
    enabled: options.enabled ?? true,
    send: (report) => sent.push(report),
    random: options.random ?? (() => 0),
  });
  return { instance, sent };
}

test("the error-reporting flag is on only when present and enabled", () => {
  const id = FEATURE_FLAG.ERROR_REPORTING;
  expect(isFeatureFlagOn([{ id, enabled: true }], id)).toBe(true);
  expect(isFeatureFlagOn([{ id, enabled: false }], id)).toBe(false);
  expect(isFeatureFlagOn([{ id: FEATURE_FLAG.AI_ASSISTANT, enabled: true }], id)).toBe(false);
  expect(isFeatureFlagOn([], id)).toBe(false);
  expect(isFeatureFlagOn(undefined, id)).toBe(false);
  expect(isFeatureFlagOn(null, id)).toBe(false);
});

test("a disabled reporter sends nothing, whatever the kind", () => {
  const { instance, sent } = reporter({ enabled: false });
  expect(instance.report(new Error("boom"), { kind: "pageLoad" })).toBe(false);
  expect(instance.report(new Error("boom"), { kind: "other" })).toBe(false);
  expect(sent).toEqual([]);
});

test("an enabled reporter sends the error with its kind, rate and fields", () => {
  const { instance, sent } = reporter();
  const error = new TypeError("x is undefined");
  expect(instance.report(error, { kind: "other" })).toBe(true);
  expect(sent).toEqual([
    {
      kind: "other",
      sampleRate: 0.1,
      name: "TypeError",
      message: "x is undefined",
      stack: error.stack,
      error,
    },
  ]);
});

test("thrown strings and plain objects are reported with a readable message", () => {
  const { instance, sent } = reporter();
  instance.report("plain text", { kind: "other" });
  instance.report({ message: "from an object" }, { kind: "other" });
  instance.report(42, { kind: "other" });
  expect(sent.map((r) => [r.name, r.message, r.stack])).toEqual([
    ["Error", "plain text", undefined],
    ["Error", "from an object", undefined],
    ["Error", "42", undefined],
  ]);
});

test("page loads are sampled at 1: even the highest random number is sent", () => {
  const { instance, sent } = reporter({ random: () => 0.999_999 });
  expect(instance.report(new Error("boom"), { kind: "pageLoad" })).toBe(true);
  expect(sent[0]?.sampleRate).toBe(1);
});

test("other errors are sampled at 0.1: sent below it, dropped at or above it", () => {
  let next = 0.099_999;
  const { instance, sent } = reporter({ random: () => next });
  expect(instance.report(new Error("a"), { kind: "other" })).toBe(true);
  next = 0.1;
  expect(instance.report(new Error("b"), { kind: "other" })).toBe(false);
  next = 0.5;
  expect(instance.report(new Error("c"), { kind: "other" })).toBe(false);
  expect(sent.map((r) => r.message)).toEqual(["a"]);
});

test("the default random source is Math.random", () => {
  const spy = vi.spyOn(Math, "random").mockReturnValue(0.5);
  try {
    const sent: ErrorReport[] = [];
    const instance = createErrorReporter({ enabled: true, send: (r) => sent.push(r) });
    expect(instance.report(new Error("dropped"), { kind: "other" })).toBe(false);
    expect(spy).toHaveBeenCalled();
  } finally {
    spy.mockRestore();
  }
});

test.each([
  ["Load failed"],
  ["Failed to fetch"],
  ["Failed to fetch (keel.example)"],
  ["NetworkError when attempting to fetch resource."],
  ["NetworkError when attempting to fetch resource"],
  ["TypeError: Failed to fetch"],
])("the network error %j is ignored even on page load", (message) => {
  const { instance, sent } = reporter();
  expect(instance.report(new TypeError(message), { kind: "pageLoad" })).toBe(false);
  expect(sent).toEqual([]);
});

test.each([
  ["Network request failed"],
  ["Network Error"],
  ["A network error occurred."],
  ["The network connection was lost."],
  ["The Internet connection appears to be offline."],
  ["GET https://keel.example/api/config net::ERR_CONNECTION_REFUSED"],
  ["net::ERR_INTERNET_DISCONNECTED"],
  ["read ECONNRESET"],
  ["connect ECONNREFUSED 127.0.0.1:8080"],
  ["timeout of 0ms exceeded ECONNABORTED"],
  ["connect ETIMEDOUT 10.0.0.1:443"],
  ["socket hang up"],
])("the connection error %j is ignored", (message) => {
  expect(isIgnoredError(new Error(message))).toBe(true);
});

test("a DOMException named NetworkError is ignored", () => {
  expect(isIgnoredError(new DOMException("anything", "NetworkError"))).toBe(true);
});

test.each([
  ["The user aborted a request."],
  ["signal is aborted without reason"],
  ["The operation was aborted."],
  ["Fetch is aborted"],
])("the abort message %j is ignored", (message) => {
  expect(isIgnoredError(new Error(message))).toBe(true);
});

test("any error named AbortError is ignored, whatever its message", () => {
  const { instance, sent } = reporter();
  expect(instance.report(new DOMException("custom reason", "AbortError"), { kind: "pageLoad" })).toBe(false);
  expect(instance.report({ name: "AbortError", message: "" }, { kind: "other" })).toBe(false);
  expect(sent).toEqual([]);
});

test.each([
  ["Failed to fetch dynamically imported module: https://keel.example/assets/x.js"],
  ["Failed to fetch config: 500"],
  ["Cannot read properties of undefined (reading 'load failed')"],
  ["Upload failed"],
  ["Loading chunk failed: (timeout: /assets/x.js)"],
])("%j only looks like a network error and is reported", (message) => {
  const { instance, sent } = reporter();
  expect(instance.report(new Error(message), { kind: "other" })).toBe(true);
  expect(sent[0]?.message).toBe(message);
});
