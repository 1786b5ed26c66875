import { afterEach, beforeEach, expect, test, vi } from "vitest";
import {
  assertAgreementConfig,
  assertConfigResponse,
  assertRingIntegration,
  CHUNK_FAILED_HINT,
  CHUNK_FAILED_TITLE,
  ChunkLoadError,
  chunkLoadError,
  CONFIG_UNAVAILABLE_PATH,
  ConfigFetchError,
  configFetchError,
  CONTAINER_MISSING_MESSAGE,
  describeError,
  errorBody,
  GEORESTRICTED_STATUS,
  HELP_ACTION_MISSING_PREFIX,
  isChunkLoadError,
  loadChunk,
  LOGGER_FAILURE_MESSAGE,
  remoteScriptError,
  RING_BROKEN_MESSAGE,
  UNAVAILABLE_PATH,
  USER_AGREEMENT_CONFIG_ERROR,
} from "./app-errors.ts";
import { testI18n } from "#tests/helpers/i18n.tsx";
import { LANGUAGES } from "../i18n/languages.ts";
import { SCRIPT_CHUNK_LOAD_TIMEOUT_MS } from "./constants.ts";
import { buildFields, EXTRA_MISMATCH_MESSAGE, EXTRA_NOT_ARRAY_MESSAGE } from "#contract/field-selector.ts";

// Chunk loading times out; no test waits on a real clock.
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** The whole message, not a substring of it. */
const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);

test("the catalogue's texts and paths are the documented ones", () => {
  expect(CONFIG_UNAVAILABLE_PATH).toBe("/error?configUnavailable=true");
  expect(GEORESTRICTED_STATUS).toBe(451);
  expect(UNAVAILABLE_PATH).toBe("/unavailable");
  expect(RING_BROKEN_MESSAGE).toBe("Ring integration is broken");
  expect(CHUNK_FAILED_TITLE).toBe("Failed to load");
  expect(CHUNK_FAILED_HINT).toBe("Please try to refresh the page.");
  expect(CONTAINER_MISSING_MESSAGE).toBe("Container missing");
  expect(LOGGER_FAILURE_MESSAGE).toBe("Failed to log message");
  expect(USER_AGREEMENT_CONFIG_ERROR).toBe(
    "User agreement configuration is missing read and consent functions",
  );
});

test("a config fetch error reads status plus status text and keeps both", () => {
  const error = configFetchError(503, "Service Unavailable");
  expect(error).toBeInstanceOf(Error);
  expect(error).toBeInstanceOf(ConfigFetchError);
  expect(error.message).toBe("503 Service Unavailable");
  expect([error.status, error.statusText]).toEqual([503, "Service Unavailable"]);
});

test.each([[200], [204], [299], [300]])("a config response with status %i passes", (status) => {
  expect(() => assertConfigResponse({ status, statusText: "whatever" })).not.toThrow();
});

test.each([
  [301, "Moved Permanently"],
  [401, "Unauthorized"],
  [500, "Internal Server Error"],
])("a config response with status %i fails with its status line", (status, statusText) => {
  expect(() => assertConfigResponse({ status, statusText })).toThrow(exactly(`${status} ${statusText}`));
});

test("a working ring integration passes", () => {
  expect(() => assertRingIntegration({ broken: false, enabled: true })).not.toThrow();
  expect(() => assertRingIntegration({ enabled: true })).not.toThrow();
});

test.each([
  [{ broken: true, enabled: true }],
  [{ broken: false, enabled: false }],
  [{ broken: false }],
  [{}],
  [null],
  [undefined],
])("ring %j is broken", (ring) => {
  expect(() => assertRingIntegration(ring)).toThrow(new Error("Ring integration is broken"));
});

test.each([
  ["missing", "Loading chunk failed: (missing: /assets/issues-B2x.js)"],
  ["timeout", "Loading chunk failed: (timeout: /assets/issues-B2x.js)"],
  ["error", "Loading chunk failed: (error: /assets/issues-B2x.js)"],
] as const)("a %s chunk failure names its cause and request", (cause, message) => {
  const error = chunkLoadError(cause, "/assets/issues-B2x.js");
  expect(error).toBeInstanceOf(ChunkLoadError);
  expect(error.message).toBe(message);
  expect([error.name, error.type, error.request]).toEqual(["ChunkLoadError", cause, "/assets/issues-B2x.js"]);
  expect(isChunkLoadError(error)).toBe(true);
});

test("a chunk failure keeps the underlying error as its cause", () => {
  const underlying = new TypeError("Failed to fetch dynamically imported module: /assets/x.js");
  expect(chunkLoadError("error", "/assets/x.js", underlying).cause).toBe(underlying);
  expect(chunkLoadError("timeout", "/assets/x.js").cause).toBeUndefined();
});

test.each([
  ["Failed to fetch dynamically imported module: https://keel.example/assets/x.js"],
  ["error loading dynamically imported module: https://keel.example/assets/x.js"],
  ["Importing a module script failed."],
  ["Unable to preload CSS for /assets/issues-C1.css"],
  ["Loading CSS chunk 12 failed.\n(/assets/12.css)"],
  ["Loading chunk 345 failed.\n(error: https://keel.example/static/345.js)"],
])("%j is recognised as a chunk-load error", (message) => {
  expect(isChunkLoadError(new TypeError(message))).toBe(true);
});

test("an error named ChunkLoadError by another bundle is recognised", () => {
  expect(isChunkLoadError({ name: "ChunkLoadError", message: "anything" })).toBe(true);
});

test.each([
  [new Error("Failed to fetch")],
  [new Error("Cannot read properties of undefined")],
  [new Error(CONTAINER_MISSING_MESSAGE)],
  [remoteScriptError("error", "/static/simplified/remote.js")],
  ["Failed to fetch dynamically imported module"],
  [null],
  [{ message: 42 }],
])("%j is not a chunk-load error", (error) => {
  expect(isChunkLoadError(error)).toBe(false);
});

test("a remote script failure reads 'Loading script failed' with its type and request", () => {
  const error = remoteScriptError("timeout", "/static/simplified/remote.js");
  expect(error.message).toBe("Loading script failed: (timeout: /static/simplified/remote.js)");
  expect([error.name, error.type, error.request]).toEqual([
    "ScriptLoadError",
    "timeout",
    "/static/simplified/remote.js",
  ]);
});

test("a user agreement configuration with both functions passes", () => {
  expect(() => assertAgreementConfig({ read: () => undefined, consent: () => undefined })).not.toThrow();
});

const noop = (): void => undefined;
test.each<[{ read?: unknown; consent?: unknown }]>([
  [{}],
  [{ read: noop }],
  [{ consent: noop }],
  [{ read: "read", consent: noop }],
])("a user agreement configuration %# missing a function throws", (config) => {
  expect(() => assertAgreementConfig(config)).toThrow(new Error(USER_AGREEMENT_CONFIG_ERROR));
});

test("a chunk that loads in time resolves to the module", async () => {
  const module = { default: "page" };
  await expect(loadChunk(async () => module, "/assets/x.js")).resolves.toBe(module);
  expect(vi.getTimerCount()).toBe(0);
});

test("a chunk with no answer after 120 s fails with a timeout, not a moment before", async () => {
  expect(SCRIPT_CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  const settled = vi.fn();
  const loading = loadChunk(() => new Promise<never>(() => undefined), "/assets/x.js");
  loading.then(settled, settled);
  await vi.advanceTimersByTimeAsync(119_999);
  expect(settled).not.toHaveBeenCalled();
  await vi.advanceTimersByTimeAsync(1);
  await expect(loading).rejects.toThrow(exactly("Loading chunk failed: (timeout: /assets/x.js)"));
});

test("the chunk timeout can be overridden", async () => {
  const loading = loadChunk(() => new Promise<never>(() => undefined), "/a.js", { timeoutMs: 50 });
  const outcome = expect(loading).rejects.toMatchObject({ type: "timeout" });
  await vi.advanceTimersByTimeAsync(50);
  await outcome;
});

test("a chunk whose import rejects fails with cause error and keeps the rejection", async () => {
  const underlying = new TypeError("Failed to fetch dynamically imported module: /assets/x.js");
  const error = await loadChunk(() => Promise.reject(underlying), "/assets/x.js").catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ChunkLoadError);
  expect(error).toMatchObject({ type: "error", request: "/assets/x.js", cause: underlying });
  expect(vi.getTimerCount()).toBe(0);
});

test("a loader that throws synchronously fails with cause error", async () => {
  const loading = loadChunk(() => {
    throw new Error("no loader");
  }, "/assets/x.js");
  await expect(loading).rejects.toMatchObject({ type: "error" });
});

test("a chunk that resolves to nothing fails with cause missing", async () => {
  await expect(loadChunk(async () => undefined, "/assets/x.js")).rejects.toThrow(
    exactly("Loading chunk failed: (missing: /assets/x.js)"),
  );
});

test("a ChunkLoadError from the loader passes through unwrapped", async () => {
  const original = chunkLoadError("missing", "/assets/inner.js");
  await expect(loadChunk(() => Promise.reject(original), "/assets/outer.js")).rejects.toBe(original);
});

const en = testI18n("en").getFixedT(null, "errors");
const response = (status: number, data: unknown, statusText = "") => ({
  status,
  statusText,
  internal: false,
  data,
});

test.each([
  [new Error(RING_BROKEN_MESSAGE), "Ring integration is broken"],
  [
    new Error(USER_AGREEMENT_CONFIG_ERROR),
    "User agreement configuration is missing read and consent functions",
  ],
  [new Error(LOGGER_FAILURE_MESSAGE), "Failed to log message"],
  [new Error(EXTRA_MISMATCH_MESSAGE), "Extra fields don't match a shape"],
  [new Error(EXTRA_NOT_ARRAY_MESSAGE), "Extra fields can be passed to an array value only"],
  [
    new Error("No action found for help dropdown item with key: feedback"),
    "No action found for help dropdown item with key: feedback",
  ],
  [configFetchError(502, "Bad Gateway"), "502 Bad Gateway"],
])("the error page shows %s in the catalogue's words, even in production", (error, message) => {
  expect(describeError(error, en)).toEqual({ title: "Something went wrong", message, detail: null });
});

test("the field selector's errors reach the page in the catalogue's words", () => {
  let thrown: unknown;
  try {
    buildFields({ id: true }, { id: ["name"] });
  } catch (error) {
    thrown = error;
  }
  expect(describeError(thrown, en).message).toBe("Extra fields can be passed to an array value only");
});

test("the help action prefix is the one the navigation throws with", () => {
  expect(`${HELP_ACTION_MISSING_PREFIX}x`).toBe("No action found for help dropdown item with key: x");
});

test.each([
  [chunkLoadError("missing", "/assets/a.js"), "Loading chunk failed: (missing: /assets/a.js)"],
  [chunkLoadError("error", "/assets/a.js"), "Loading chunk failed: (error: /assets/a.js)"],
  [remoteScriptError("timeout", "/static/r.js"), "Loading script failed: (timeout: /static/r.js)"],
  [remoteScriptError("abort", "/static/r.js"), "Loading script failed: (abort: /static/r.js)"],
  [new Error(CONTAINER_MISSING_MESSAGE), "Container missing"],
  [new TypeError("Importing a module script failed."), null],
])("a load failure asks for a refresh and says what failed: %s", (error, detail) => {
  expect(describeError(error, en)).toEqual({
    title: CHUNK_FAILED_TITLE,
    message: CHUNK_FAILED_HINT,
    detail,
  });
});

test("a response names its kind, carries its own words, or is described by its status", () => {
  expect(describeError(response(503, errorBody("configUnavailable")), en)).toEqual({
    title: "Something went wrong",
    message:
      "Keel could not load its configuration from the server. Check that the server is running, then try again.",
    detail: null,
  });
  expect(describeError(response(451, errorBody("unavailable")), en)).toMatchObject({
    title: "Keel is not available here",
    message: "This service cannot be used from your current location.",
  });
  expect(describeError(response(400, { message: "Name is required." }), en)).toMatchObject({
    title: "400 Bad Request",
    message: "Name is required.",
  });
  expect(describeError(response(404, null, "Not Found"), en)).toMatchObject({
    title: "Page not found",
    message: "There is nothing at this address.",
  });
  expect(describeError(response(599, null, "Odd"), en).title).toBe("599 Odd");
  expect(describeError(response(599, null), en).title).toBe("599");
});

test("other errors show their message only in development", () => {
  const error = new Error("x is undefined");
  expect(describeError(error, en).message).toBe(
    "An unexpected error occurred. Reload the page to try again.",
  );
  expect(describeError(error, en, { dev: true }).message).toBe("x is undefined");
  expect(describeError("thrown string", en, { dev: true }).message).toBe(
    "An unexpected error occurred. Reload the page to try again.",
  );
});

test.each(LANGUAGES.filter((language) => language !== "en"))(
  "in %s every catalogue text the page can show is translated",
  (language) => {
    const t = testI18n(language).getFixedT(null, "errors");
    const cases: unknown[] = [
      new Error(RING_BROKEN_MESSAGE),
      new Error(USER_AGREEMENT_CONFIG_ERROR),
      new Error(LOGGER_FAILURE_MESSAGE),
      new Error(EXTRA_MISMATCH_MESSAGE),
      new Error(EXTRA_NOT_ARRAY_MESSAGE),
      new Error(`${HELP_ACTION_MISSING_PREFIX}feedback`),
      chunkLoadError("timeout", "/a.js"),
      remoteScriptError("error", "/r.js"),
      new Error(CONTAINER_MISSING_MESSAGE),
      response(503, errorBody("configUnavailable")),
      response(451, errorBody("unavailable")),
      response(503, errorBody("ringBroken")),
      response(404, null),
      response(403, null, "Forbidden"),
    ];
    for (const error of cases) {
      const shown = describeError(error, t);
      const english = describeError(error, en);
      expect(shown.title, JSON.stringify(english)).not.toBe(english.title);
      expect(shown.message, JSON.stringify(english)).not.toBe(english.message);
      if (english.detail !== null) expect(shown.detail).not.toBe(english.detail);
    }
    expect(describeError(new Error(`${HELP_ACTION_MISSING_PREFIX}feedback`), t).message).toContain(
      "feedback",
    );
  },
);
