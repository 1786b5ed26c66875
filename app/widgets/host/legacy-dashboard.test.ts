import { afterEach, beforeEach, expect, test, vi, type MockInstance } from "vitest";
import type { ExtensionPoint } from "../extension-points.ts";
import { HELLO_TYPE, PROTOCOL_VERSION } from "../protocol.ts";
import {
  LEGACY_METHODS,
  plainArguments,
  translateLegacyCall,
  type LegacyService,
} from "./legacy-dashboard.ts";
import { createWidgetRequests, type Decision, type WidgetRequests } from "./requests.ts";
import { WidgetSession, type WidgetUi } from "./session.ts";

const SERVICES: LegacyService[] = [
  { id: "youtrack", applicationName: "YouTrack", homeUrl: "https://keel.test/" },
  { id: "hub", applicationName: "Hub", homeUrl: "https://keel.test/hub" },
];

const opened: MessagePort[] = [];
let warn: MockInstance<typeof console.warn>;
beforeEach(() => {
  warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
});
afterEach(() => {
  warn.mockRestore();
  for (const port of opened.splice(0)) port.close();
});

// ---------- the translation ----------

test("calls of the same meaning keep their name and arguments", () => {
  for (const method of ["setTitle", "readConfig", "storeCache", "enterConfigMode", "fetchHub", "alert"]) {
    expect(translateLegacyCall(method, ["a", 1], SERVICES)).toEqual({ method, args: ["a", 1] });
  }
});

test("fetch(serviceId, url) becomes fetchYouTrack under api/ or fetchHub, by the service", () => {
  const params = { method: "POST", body: { query: "#me" } };
  expect(translateLegacyCall("fetch", ["youtrack", "api/issues?fields=id", params], SERVICES)).toEqual({
    method: "fetchYouTrack",
    args: ["issues?fields=id", params],
  });
  expect(translateLegacyCall("fetch", ["youtrack", "/api/users/me"], SERVICES)).toEqual({
    method: "fetchYouTrack",
    args: ["users/me", undefined],
  });
  expect(translateLegacyCall("fetch", ["hub", "api/rest/users/me", {}], SERVICES)).toEqual({
    method: "fetchHub",
    args: ["api/rest/users/me", {}],
  });
  expect(
    translateLegacyCall("downloadFile", ["youtrack", "api/issues/export", {}, "a.csv"], SERVICES),
  ).toEqual({ method: "downloadFile", args: ["youtrack", "issues/export", {}, "a.csv"] });
});

test("fetch to an unknown service, outside YouTrack's api/ or without a URL is refused", () => {
  expect(() => translateLegacyCall("fetch", ["elsewhere", "api/issues"], SERVICES)).toThrow(
    "Unknown service elsewhere",
  );
  expect(() => translateLegacyCall("fetch", ["youtrack", "rest/issue/DEMO-1"], SERVICES)).toThrow(
    "Request to rest/issue/DEMO-1 is not allowed",
  );
  expect(() => translateLegacyCall("fetch", ["youtrack", "login"], SERVICES)).toThrow("is not allowed");
  expect(() => translateLegacyCall("fetch", ["youtrack", 42], SERVICES)).toThrow("The URL must be a string");
  expect(() => translateLegacyCall("downloadFile", ["hub", "api/rest/x"], SERVICES)).toThrow(
    "is not allowed",
  );
});

test("methods the dashboard API does not have are refused, prototype names included", () => {
  for (const method of [
    "runCode",
    "eval",
    "__proto__",
    "constructor",
    "toString",
    "register",
    "unload",
    "storage.clear",
    "enterModalMode",
    "navigation.updateAppLocation",
    "onRefresh",
  ]) {
    expect(() => translateLegacyCall(method, [], SERVICES), method).toThrow(
      `${method} is not available here`,
    );
  }
});

test("arguments become plain data; prototype keys, cycles and oversized ones are refused", () => {
  expect(plainArguments(["a", undefined, { b: undefined, c: 1 }])).toEqual(["a", null, { c: 1 }]);
  expect(plainArguments([new TypeError("broken")])).toEqual([{ name: "TypeError", message: "broken" }]);
  expect(plainArguments([JSON.parse('{"__proto__":{"polluted":1}}')])).toBeNull();
  expect(plainArguments([{ constructor: { prototype: { polluted: 1 } } }])).toBeNull();
  const cycle: Record<string, unknown> = {};
  cycle.self = cycle;
  expect(plainArguments([cycle])).toBeNull();
  expect(plainArguments(["x".repeat(2_000_001)])).toBeNull();
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
});

// ---------- the bridge in a frame's session ----------

interface Posted {
  type: string;
  callId: string | number;
  success?: boolean;
  result?: unknown;
  apiMethods?: string[];
  methodName?: string;
}

function fakeRequests(): WidgetRequests {
  return {
    fetchYouTrack: vi.fn(async (url: string) => ({ status: 200, data: { url } })),
    fetchApp: vi.fn(async () => ({ status: 200, data: null })),
    fetchHub: vi.fn(async (url: string) => ({ status: 200, data: { hub: url } })),
    downloadFile: vi.fn(async () => undefined),
    loadServices: vi.fn(() => SERVICES),
    storage: {
      getItem: vi.fn(async () => null),
      setItem: vi.fn(async () => null),
      removeItem: vi.fn(async () => null),
      clear: vi.fn(async () => null),
      getKeys: vi.fn(async () => []),
    },
  };
}

function fakeUi(): WidgetUi {
  return {
    registered: vi.fn(),
    alert: vi.fn(),
    setModal: vi.fn(),
    setTitle: vi.fn(),
    setLoading: vi.fn(),
    setConfigMode: vi.fn(),
    setError: vi.fn(),
    remove: vi.fn(),
    readConfig: vi.fn(async () => ({ title: "Stored" })),
    storeConfig: vi.fn(async () => undefined),
    readCache: vi.fn(async () => ({ cached: 1 })),
    storeCache: vi.fn(async () => undefined),
  };
}

/** A dashboard frame whose document opened Keel's channel, as the bootstrap does before any widget code. */
function frameSession(
  options: {
    extensionPoint?: ExtensionPoint;
    editable?: boolean;
    requests?: WidgetRequests;
    hello?: boolean;
  } = {},
) {
  const posted: Posted[] = [];
  const frameWindow = { postMessage: vi.fn((message: Posted) => posted.push(message)) };
  const ui = fakeUi();
  const requests = options.requests ?? fakeRequests();
  const session = new WidgetSession(() => frameWindow as unknown as Window, {
    extensionPoint: options.extensionPoint ?? "DASHBOARD_WIDGET",
    appName: "legacy-app",
    entity: null,
    editable: options.editable ?? true,
    requests,
    ui,
  });
  const { port1, port2 } = new MessageChannel();
  opened.push(port1, port2);
  if (options.hello ?? true) {
    session.accept({
      source: frameWindow,
      origin: "null",
      data: { type: HELLO_TYPE, version: PROTOCOL_VERSION },
      ports: [port2],
    } as unknown as MessageEvent);
  }
  const send = (data: unknown, from: { source?: unknown; origin?: string } = {}) =>
    session.accept({
      source: "source" in from ? from.source : frameWindow,
      origin: from.origin ?? "null",
      data,
      ports: [],
    } as unknown as MessageEvent);
  const handshake = () =>
    send({ type: "service-message", callId: "100", methodName: "iframeInitialized", arguments: [] });
  let nextCall = 200;
  /** A call as the library makes it, and the host's answer to it. */
  const call = async (methodName: string, ...args: unknown[]): Promise<Posted> => {
    const callId = String(nextCall++);
    expect(send({ type: "message", callId, methodName, arguments: args })).toBe(true);
    await vi.waitFor(() => expect(posted.find((m) => m.callId === callId)).toBeDefined());
    return posted.find((m) => m.callId === callId)!;
  };
  return { session, posted, frameWindow, ui, requests, send, handshake, call, keelPort: port1 };
}

test("the handshake registers the widget and announces the dashboard API", () => {
  const { session, posted, ui, handshake } = frameSession();
  expect(session.registered).toBe(false);
  expect(handshake()).toBe(true);
  expect(session.registered).toBe(true);
  expect(ui.registered).toHaveBeenCalledTimes(1);
  expect(posted[0]).toMatchObject({ type: "set-interface", apiMethods: [...LEGACY_METHODS] });
  expect(posted[1]).toEqual({ type: "response", callId: "100", success: true, result: null });
});

test("calls reach the host's operations: title, loading, config, cache, fetch by service", async () => {
  const { ui, requests, handshake, call } = frameSession();
  handshake();
  expect(await call("setTitle", "Legacy", "https://keel.test/issues")).toMatchObject({ success: true });
  expect(ui.setTitle).toHaveBeenCalledWith("Legacy", "https://keel.test/issues");
  await call("setLoadingAnimationEnabled", true);
  expect(ui.setLoading).toHaveBeenCalledWith(true);
  expect((await call("readConfig")).result).toEqual({ title: "Stored" });
  await call("storeConfig", { title: "New" });
  expect(ui.storeConfig).toHaveBeenCalledWith({ title: "New" });
  await call("enterConfigMode");
  await call("exitConfigMode");
  expect(ui.setConfigMode).toHaveBeenNthCalledWith(1, true);
  expect(ui.setConfigMode).toHaveBeenNthCalledWith(2, false);
  expect((await call("readCache")).result).toEqual({ cached: 1 });
  await call("storeCache", { cached: 2 });
  expect(ui.storeCache).toHaveBeenCalledWith({ cached: 2 });
  await call("alert", "Saved", "success", 1000);
  expect(ui.alert).toHaveBeenCalledWith("Saved", "success", 1000);
  await call("setError", { name: "Error", message: "broken" });
  expect(ui.setError).toHaveBeenCalledWith("broken");
  const fetched = await call("fetch", "youtrack", "api/users/me?fields=login", { query: { $top: 1 } });
  expect(fetched).toMatchObject({ success: true, result: { url: "users/me?fields=login" } });
  expect(requests.fetchYouTrack).toHaveBeenCalledWith("users/me?fields=login", { query: { $top: 1 } });
  expect((await call("fetch", "hub", "api/rest/users/me")).result).toEqual({ hub: "api/rest/users/me" });
  expect((await call("fetchYouTrack", "config?fields=contextPath")).result).toEqual({
    url: "config?fields=contextPath",
  });
  expect((await call("loadServices", "YouTrack")).result).toEqual(SERVICES);
});

test("a mutating fetch asks the user first, as fetchYouTrack does, and a denial fails the call", async () => {
  const confirm = vi.fn(async (): Promise<Decision> => "deny");
  const fetchMock = vi.fn(async (url: string) =>
    url.endsWith("/requestDecisions")
      ? Response.json({ always: [] })
      : Response.json({ id: "tag" }, { headers: { "content-type": "application/json" } }),
  );
  const requests = createWidgetRequests({
    appName: "legacy-app",
    origin: "https://keel.test",
    basePath: "",
    confirm,
    fetch: fetchMock as unknown as typeof fetch,
  });
  const { handshake, call } = frameSession({ requests });
  handshake();
  const services = (await call("loadServices", "YouTrack")).result as LegacyService[];
  const youtrack = services[0]!.id;
  const denied = await call("fetch", youtrack, "api/issues/DEMO-1/tags", {
    method: "POST",
    body: { id: "1" },
  });
  expect(confirm).toHaveBeenCalledWith({ method: "POST", path: "issues/DEMO-1/tags", dataLoss: false });
  expect(denied).toMatchObject({
    success: false,
    result: { message: "The POST request to issues/DEMO-1/tags was declined by user" },
  });
  expect(fetchMock.mock.calls.map(([url]) => url)).not.toContain("https://keel.test/api/issues/DEMO-1/tags");

  confirm.mockResolvedValueOnce("once");
  const allowed = await call("fetch", youtrack, "api/issues/DEMO-1/tags", {
    method: "POST",
    body: { id: "1" },
  });
  expect(allowed).toMatchObject({ success: true, result: { id: "tag" } });
  // A GET asks nothing; a path that leaves /api is refused before any request.
  confirm.mockClear();
  await call("fetch", youtrack, "api/issues");
  expect(confirm).not.toHaveBeenCalled();
  const escaped = await call("fetch", youtrack, "api/%2e%2e/hub/api/rest/users");
  expect(escaped).toMatchObject({
    success: false,
    result: { message: expect.stringContaining("is not allowed") },
  });
});

test("the place's rules hold: a read-only tile cannot store its config or enter config mode", async () => {
  const { ui, handshake, call } = frameSession({ editable: false });
  handshake();
  expect(await call("storeConfig", { title: "x" })).toMatchObject({
    success: false,
    result: { message: "This widget is not editable" },
  });
  expect((await call("enterConfigMode")).success).toBe(false);
  expect(ui.storeConfig).not.toHaveBeenCalled();
});

test("unknown methods and unsafe arguments get a refusal; nothing reaches the host", async () => {
  const { requests, handshake, call } = frameSession();
  handshake();
  for (const method of ["runCode", "__proto__", "constructor", "storage.clear", "enterModalMode"]) {
    expect(await call(method), method).toMatchObject({
      success: false,
      result: { message: `${method} is not available here` },
    });
  }
  expect(
    await call("fetch", "youtrack", "api/users/me", JSON.parse('{"__proto__":{"polluted":1}}')),
  ).toMatchObject({ success: false, result: { message: "The host refused this message" } });
  expect(requests.fetchYouTrack).not.toHaveBeenCalled();
  expect(requests.storage.clear).not.toHaveBeenCalled();
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
});

test("messages from another window or origin are not taken and get no answer", async () => {
  const { session, posted, send, frameWindow } = frameSession();
  const handshake = { type: "service-message", callId: "1", methodName: "iframeInitialized", arguments: [] };
  const other = { postMessage: vi.fn() };
  expect(send(handshake, { source: other })).toBe(false);
  expect(send(handshake, { source: null })).toBe(false);
  expect(send(handshake, { source: globalThis })).toBe(false);
  expect(send(handshake, { origin: "https://keel.test" })).toBe(false);
  expect(send(handshake, { origin: "https://evil.test" })).toBe(false);
  expect(send(handshake, { origin: "" })).toBe(false);
  expect(session.registered).toBe(false);
  // Then the real handshake, and calls from elsewhere still count for nothing.
  expect(send(handshake)).toBe(true);
  const count = posted.length;
  const setTitle = { type: "message", callId: "2", methodName: "setTitle", arguments: ["Forged"] };
  expect(send(setTitle, { source: other })).toBe(false);
  expect(send(setTitle, { origin: "https://evil.test" })).toBe(false);
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(posted).toHaveLength(count);
  expect(other.postMessage).not.toHaveBeenCalled();
  expect(frameWindow.postMessage).toHaveBeenCalledTimes(count);
});

test("wrong shapes, calls before the handshake and a second handshake are refused", async () => {
  const { session, posted, send, handshake } = frameSession();
  for (const data of [
    null,
    "iframeInitialized",
    { type: "service-message", methodName: "iframeInitialized" },
    { type: "service-message", callId: {}, methodName: "iframeInitialized" },
    { type: "message", callId: "1", methodName: "x".repeat(101) },
    { type: "message", callId: "1", methodName: "setTitle", arguments: new Array(9).fill(1) },
    { type: "set-interface", callId: "1", apiMethods: "onRefresh" },
    { type: "result", callId: "1" },
  ]) {
    expect(send(data), JSON.stringify(data)).toBe(false);
  }
  expect(send({ type: "message", callId: "3", methodName: "setTitle", arguments: ["Early"] })).toBe(true);
  expect(posted).toHaveLength(0);
  expect(handshake()).toBe(true);
  expect(handshake()).toBe(true);
  expect(posted.filter((m) => m.type === "set-interface")).toHaveLength(1);
  expect(session.registered).toBe(true);
  // Other service methods are not the host's.
  send({ type: "service-message", callId: "4", methodName: "runCode", arguments: ["1"] });
  expect(posted.at(-1)).toMatchObject({ callId: "4", success: false });
});

test("only dashboard and Markdown places speak it, and only after Keel's channel is open", () => {
  const inPanel = frameSession({ extensionPoint: "ISSUE_BELOW_SUMMARY" });
  expect(inPanel.handshake()).toBe(false);
  expect(inPanel.posted).toHaveLength(0);
  expect(inPanel.session.registered).toBe(false);
  expect(frameSession({ extensionPoint: "MARKDOWN" }).handshake()).toBe(true);
  const noHello = frameSession({ hello: false });
  noHello.handshake();
  expect(noHello.posted).toHaveLength(0);
  expect(noHello.session.registered).toBe(false);
});

test("refresh and configure call the callbacks the widget registered, and nothing else", async () => {
  const { session, posted, send, handshake } = frameSession();
  handshake();
  session.send("refresh");
  expect(posted.filter((m) => m.type === "message")).toHaveLength(0);
  send({ type: "set-interface", callId: "9", apiMethods: ["onRefresh", "onConfigure"] });
  expect(posted.at(-1)).toEqual({ type: "response", callId: "9", success: true, result: null });
  session.send("refresh");
  session.send("configure");
  session.send("theme", "dark");
  expect(posted.filter((m) => m.type === "message").map((m) => m.methodName)).toEqual([
    "onRefresh",
    "onConfigure",
  ]);
});

test("when the frame's document goes, the bridge stops: later messages get nothing", async () => {
  const { session, posted, send, handshake, keelPort } = frameSession();
  handshake();
  send({ type: "set-interface", callId: "9", apiMethods: ["onRefresh"] });
  const answered = new Promise((resolve) => (keelPort.onmessage = resolve));
  keelPort.postMessage({ kind: "call", id: 1, method: "unload", args: [] });
  await answered;
  const count = posted.length;
  expect(send({ type: "message", callId: "20", methodName: "fetch", arguments: ["youtrack", "api/x"] })).toBe(
    true,
  );
  expect(send({ type: "service-message", callId: "21", methodName: "iframeInitialized" })).toBe(true);
  session.send("refresh");
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(posted).toHaveLength(count);
});
