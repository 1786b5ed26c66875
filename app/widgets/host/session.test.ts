import { once } from "node:events";
import { afterEach, beforeEach, expect, test, vi, type MockInstance } from "vitest";
import type { ExtensionPoint } from "#contract/extension-points.ts";
import { HELLO_TYPE, PROTOCOL_VERSION, type HostMessage, type WidgetEntity } from "../protocol.ts";
import { WidgetRequestError, type WidgetRequests } from "./requests.ts";
import { methodsFor, WidgetSession, type WidgetUi } from "./session.ts";

type Result = Extract<HostMessage, { kind: "result" }>;
type Event = Extract<HostMessage, { kind: "event" }>;

const opened: MessagePort[] = [];
let warn: MockInstance<typeof console.warn>;

beforeEach(() => {
  warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
});
afterEach(() => {
  warn.mockRestore();
  for (const port of opened.splice(0)) port.close();
});

function channel(): MessageChannel {
  const made = new MessageChannel();
  opened.push(made.port1, made.port2);
  return made;
}

/** A MessageEvent as the page's listener gets it. */
const helloEvent = (
  source: unknown,
  ports: MessagePort[],
  overrides: { origin?: string; data?: unknown } = {},
): MessageEvent =>
  ({
    source,
    origin: overrides.origin ?? "null",
    data: "data" in overrides ? overrides.data : { type: HELLO_TYPE, version: PROTOCOL_VERSION },
    ports,
  }) as unknown as MessageEvent;

/** The widget's end of the channel: calls by id, answers and events as they come. */
class WidgetEnd {
  readonly received: HostMessage[] = [];
  private nextId = 1;
  private readonly waiting = new Map<number, (result: Result) => void>();
  private readonly eventWaiters: ((event: Event) => void)[] = [];
  readonly port: MessagePort;

  constructor(port: MessagePort) {
    this.port = port;
    port.onmessage = ({ data }: MessageEvent<HostMessage>) => {
      this.received.push(data);
      if (data.kind === "result") {
        this.waiting.get(data.id)?.(data);
        this.waiting.delete(data.id);
      } else this.eventWaiters.shift()?.(data);
    };
  }

  /** Posts `message` and waits for the answer with `id`. */
  answerTo(message: unknown, id: number): Promise<Result> {
    const answer = new Promise<Result>((resolve) => this.waiting.set(id, resolve));
    this.port.postMessage(message);
    return answer;
  }

  call(method: string, ...args: unknown[]): Promise<Result> {
    const id = this.nextId++;
    return this.answerTo({ kind: "call", id, method, args }, id);
  }

  async value(method: string, ...args: unknown[]): Promise<unknown> {
    const answer = await this.call(method, ...args);
    if (!answer.ok) throw new Error(`${method} failed: ${answer.error.message}`);
    return answer.value;
  }

  async error(method: string, ...args: unknown[]): Promise<Extract<Result, { ok: false }>["error"]> {
    const answer = await this.call(method, ...args);
    if (answer.ok) throw new Error(`${method} answered ${JSON.stringify(answer.value)}`);
    return answer.error;
  }

  nextEvent(): Promise<Event> {
    return new Promise((resolve) => this.eventWaiters.push(resolve));
  }
}

function fakeRequests(): WidgetRequests {
  return {
    fetchYouTrack: vi.fn(async (url: string) => ({ status: 200, data: { url } })),
    fetchApp: vi.fn(async (url: string, _params: unknown, entity: WidgetEntity | null) => ({
      status: 200,
      data: { url, entity: entity?.id ?? null },
    })),
    fetchHub: vi.fn(async () => ({ status: 200, data: "hub" })),
    downloadFile: vi.fn(async () => undefined),
    loadServices: vi.fn(() => [{ id: "hub", applicationName: "Hub", homeUrl: "https://keel.test/hub" }]),
    storage: {
      getItem: vi.fn(async (key: string) => `value of ${key}`),
      setItem: vi.fn(async () => null),
      removeItem: vi.fn(async () => null),
      clear: vi.fn(async () => null),
      getKeys: vi.fn(async () => ["a"]),
    },
  };
}

function fakeUi(overrides: Partial<WidgetUi> = {}): WidgetUi {
  return {
    registered: vi.fn(),
    alert: vi.fn(),
    setModal: vi.fn(),
    ...overrides,
  };
}

const issue: WidgetEntity = { type: "issue", id: "2-7" };

/** A session for a frame of `extensionPoint`, and the widget's end of its accepted channel. */
function connect(
  options: {
    extensionPoint?: ExtensionPoint;
    editable?: boolean;
    ui?: WidgetUi;
    requests?: WidgetRequests;
    entity?: WidgetEntity | null;
  } = {},
) {
  const frameWindow = { name: "widget frame" };
  const ui = options.ui ?? fakeUi();
  const requests = options.requests ?? fakeRequests();
  const session = new WidgetSession(() => frameWindow as unknown as Window, {
    extensionPoint: options.extensionPoint ?? "ISSUE_BELOW_SUMMARY",
    appName: "sample-app",
    entity: options.entity === undefined ? issue : options.entity,
    editable: options.editable ?? false,
    requests,
    ui,
  });
  const { port1, port2 } = channel();
  const accepted = session.accept(helloEvent(frameWindow, [port2]));
  return { session, widget: new WidgetEnd(port1), frameWindow, ui, requests, accepted };
}

test("methodsFor gives each place its methods: navigation for full pages, the embeddable API for tiles", () => {
  const dashboard = methodsFor("DASHBOARD_WIDGET");
  const panel = methodsFor("ISSUE_BELOW_SUMMARY");
  const menu = methodsFor("MAIN_MENU_ITEM");
  expect(dashboard).toContain("readConfig");
  expect(dashboard).toContain("storage.getItem");
  expect(dashboard).not.toContain("navigation.getAppLocation");
  expect(panel).not.toContain("readConfig");
  expect(panel).not.toContain("navigation.updateAppLocation");
  expect(panel).toContain("fetchApp");
  expect(menu).toEqual(
    expect.arrayContaining(["navigation.getAppLocation", "navigation.replaceAppLocation"]),
  );
  expect(menu).not.toContain("readConfig");
  expect(methodsFor("MARKDOWN")).toContain("storeConfig");
  for (const place of ["DASHBOARD_WIDGET", "MAIN_MENU_ITEM"] as const) {
    expect(methodsFor(place)).not.toContain("register");
    expect(methodsFor(place)).not.toContain("reportVitals");
  }
});

test("the hello of its own frame, from the sandbox's null origin with one port, is accepted", async () => {
  const { accepted, widget, session } = connect();
  expect(accepted).toBe(true);
  expect(session.registered).toBe(false);
  expect((await widget.call("enterModalMode")).ok).toBe(true);
  expect(warn).not.toHaveBeenCalled();
});

test("hellos from elsewhere, of the wrong shape or with the wrong ports are ignored", async () => {
  const frameWindow = {};
  const session = new WidgetSession(() => frameWindow as unknown as Window, {
    extensionPoint: "ISSUE_BELOW_SUMMARY",
    appName: "sample-app",
    entity: null,
    editable: false,
    requests: fakeRequests(),
    ui: fakeUi(),
  });
  const port = () => channel().port2;
  const refused: MessageEvent[] = [
    helloEvent({}, [port()]),
    helloEvent(null, [port()]),
    helloEvent(globalThis, [port()]),
    helloEvent(frameWindow, [port()], { origin: "https://keel.test" }),
    helloEvent(frameWindow, [port()], { origin: "" }),
    helloEvent(frameWindow, [port()], { data: { type: HELLO_TYPE, version: 2 } }),
    helloEvent(frameWindow, [port()], { data: { type: "hello", version: 1 } }),
    helloEvent(frameWindow, [port()], { data: { type: HELLO_TYPE, version: 1, extra: true } }),
    helloEvent(frameWindow, [port()], {
      data: JSON.parse(`{"type":"${HELLO_TYPE}","version":1,"__proto__":{}}`),
    }),
    helloEvent(frameWindow, [port()], { data: null }),
    helloEvent(frameWindow, [port()], { data: "keel:widget-hello" }),
    helloEvent(frameWindow, []),
    helloEvent(frameWindow, [port(), port()]),
  ];
  for (const event of refused) expect(session.accept(event)).toBe(false);
  expect(warn).not.toHaveBeenCalled();
  const { port1, port2 } = channel();
  expect(session.accept(helloEvent(frameWindow, [port2]))).toBe(true);
  expect((await new WidgetEnd(port1).call("register", {})).ok).toBe(true);
});

test("no hello is accepted while the frame has no window", () => {
  const session = new WidgetSession(() => null, {
    extensionPoint: "ISSUE_BELOW_SUMMARY",
    appName: "sample-app",
    entity: null,
    editable: false,
    requests: fakeRequests(),
    ui: fakeUi(),
  });
  expect(session.accept(helloEvent(null, [channel().port2]))).toBe(false);
});

test("a second hello is refused, its port closed, and the first channel keeps working", async () => {
  const { session, widget, frameWindow } = connect();
  const second = channel();
  const closed = once(second.port1 as unknown as EventTarget, "close");
  expect(session.accept(helloEvent(frameWindow, [second.port2]))).toBe(false);
  await closed;
  expect(warn).toHaveBeenCalledWith("Widget message refused: the frame already has its channel");
  const answer = await widget.call("register", {});
  expect(answer).toMatchObject({ ok: true, value: { methods: methodsFor("ISSUE_BELOW_SUMMARY") } });
});

test("register tells the page the widget's callbacks and answers the place's methods", async () => {
  for (const place of ["DASHBOARD_WIDGET", "ISSUE_BELOW_SUMMARY", "MAIN_MENU_ITEM"] as const) {
    const { widget, ui, session } = connect({ extensionPoint: place });
    const callbacks = { onRefresh: true, onConfigure: false, onAppLocationChange: false };
    expect(await widget.value("register", callbacks)).toEqual({ methods: methodsFor(place) });
    expect(ui.registered).toHaveBeenCalledWith(callbacks);
    expect(session.registered).toBe(true);
  }
});

test("a method the place lacks answers an error, and the session goes on", async () => {
  const ui = fakeUi({ readConfig: vi.fn(async () => ({})), location: { get: vi.fn(), update: vi.fn() } });
  const { widget } = connect({ extensionPoint: "ISSUE_BELOW_SUMMARY", ui });
  for (const method of [
    "readConfig",
    "storeConfig",
    "navigation.getAppLocation",
    "fetchHub",
    "removeWidget",
  ]) {
    expect(await widget.error(method)).toEqual({
      name: "TypeError",
      message: `${method} is not available here`,
    });
  }
  expect(ui.readConfig).not.toHaveBeenCalled();
  expect(ui.location?.get).not.toHaveBeenCalled();
  expect((await widget.call("storage.getKeys")).ok).toBe(true);
});

test("an invalid message with a usable id gets the refusal; one without gets nothing", async () => {
  const { widget, ui } = connect();
  const refusal = { name: "TypeError", message: "The host refused this message" };
  const invalid = [
    { kind: "call", id: 5, method: "eval", args: [] },
    { kind: "call", id: 6, method: "alert", args: "x" },
    { kind: "call", id: 7, method: "alert", args: [JSON.parse('{"__proto__":{"polluted":1}}')] },
    { kind: "call", id: 8, method: "alert", args: [1, 2, 3, 4, 5, 6, 7, 8, 9] },
    { kind: "result", id: 9, method: "alert", args: [] },
    { kind: "call", id: 10, method: "alert", args: [], extra: 1 },
  ];
  for (const message of invalid) {
    expect(await widget.answerTo(message, message.id)).toEqual({
      kind: "result",
      id: message.id,
      ok: false,
      error: refusal,
    });
  }
  for (const message of [
    { kind: "call", method: "alert", args: ["no id"] },
    { kind: "call", id: "11", method: "nope", args: [] },
    { kind: "call", id: 1.5, method: "nope", args: [] },
    { kind: "call", id: -2, method: "nope", args: [] },
    { kind: "call", id: 2 ** 60, method: "nope", args: [] },
    null,
    "call",
    42,
    [1, 2],
  ]) {
    widget.port.postMessage(message);
  }
  const before = widget.received.length;
  expect((await widget.call("enterModalMode")).ok).toBe(true);
  expect(widget.received.slice(before)).toHaveLength(1);
  expect(ui.alert).not.toHaveBeenCalled();
  expect(warn).toHaveBeenCalledWith("Widget message refused: not a valid call");
  expect(warn).toHaveBeenCalledTimes(invalid.length + 9);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
});

test("config mode, storing the config and removing are refused when the widget is not editable", async () => {
  const ui = fakeUi({ setConfigMode: vi.fn(), storeConfig: vi.fn(async () => undefined), remove: vi.fn() });
  const { widget } = connect({ extensionPoint: "DASHBOARD_WIDGET", editable: false, ui });
  for (const method of ["enterConfigMode", "storeConfig", "removeWidget"]) {
    expect(await widget.error(method, { a: 1 })).toEqual({
      name: "Error",
      message: "This widget is not editable",
    });
  }
  expect(ui.setConfigMode).not.toHaveBeenCalled();
  expect(ui.storeConfig).not.toHaveBeenCalled();
  expect(ui.remove).not.toHaveBeenCalled();
  // Leaving config mode is always allowed.
  expect((await widget.call("exitConfigMode")).ok).toBe(true);
  expect(ui.setConfigMode).toHaveBeenCalledWith(false);
});

test("an editable tile enters config mode, stores its config and removes itself", async () => {
  const ui = fakeUi({
    setConfigMode: vi.fn(),
    readConfig: vi.fn(async () => ({ stored: true })),
    storeConfig: vi.fn(async () => undefined),
    remove: vi.fn(),
  });
  const { widget } = connect({ extensionPoint: "DASHBOARD_WIDGET", editable: true, ui });
  expect(await widget.value("enterConfigMode")).toBeNull();
  expect(await widget.value("storeConfig", { query: "#me" })).toBeNull();
  expect(await widget.value("storeConfig")).toBeNull();
  expect(await widget.value("readConfig")).toEqual({ stored: true });
  expect(await widget.value("removeWidget")).toBeNull();
  expect(ui.setConfigMode).toHaveBeenCalledWith(true);
  expect(vi.mocked(ui.storeConfig!).mock.calls).toEqual([[{ query: "#me" }], [null]]);
  expect(ui.remove).toHaveBeenCalledTimes(1);
});

test("closeWidget and collapse close a popup, or answer that they cannot", async () => {
  const { widget } = connect();
  for (const method of ["closeWidget", "collapse"]) {
    expect(await widget.error(method)).toEqual({ name: "Error", message: "Could not collapse this widget" });
  }
  const close = vi.fn();
  const popup = connect({ extensionPoint: "ISSUE_OPTIONS_MENU_ITEM", ui: fakeUi({ close }) });
  expect(await popup.widget.value("closeWidget")).toBeNull();
  expect(await popup.widget.value("collapse")).toBeNull();
  expect(close).toHaveBeenCalledTimes(2);
});

test("alert clamps the message and the timeout and defaults the type", async () => {
  const { widget, ui } = connect();
  await widget.value("alert", "Saved", "success", 5000);
  await widget.value("alert", "x".repeat(5000), "evil", -1);
  await widget.value("alert", { text: 1 }, undefined, 10 ** 9);
  await widget.value("alert");
  await widget.value("alert", 42, "error", "soon");
  expect(vi.mocked(ui.alert).mock.calls).toEqual([
    ["Saved", "success", 5000],
    ["x".repeat(1000), "message", 10_000],
    ["[object Object]", "message", 600_000],
    ["", "message", 10_000],
    ["42", "error", 10_000],
  ]);
});

test("modal mode, title, loading and errors reach the page", async () => {
  const ui = fakeUi({ setTitle: vi.fn(), setLoading: vi.fn(), setError: vi.fn() });
  const { widget } = connect({ extensionPoint: "DASHBOARD_WIDGET", ui });
  await widget.value("enterModalMode");
  await widget.value("exitModalMode");
  await widget.value("setTitle", "t".repeat(300), "https://example.test");
  await widget.value("setTitle", "Plain", 5);
  await widget.value("setLoadingAnimationEnabled", 1);
  await widget.value("setError", { message: "Broken" });
  await widget.value("setError", "Text");
  await widget.value("setError", null);
  await widget.value("clearError");
  expect(vi.mocked(ui.setModal).mock.calls).toEqual([[true], [false]]);
  expect(vi.mocked(ui.setTitle!).mock.calls).toEqual([
    ["t".repeat(200), "https://example.test"],
    ["Plain", null],
  ]);
  expect(ui.setLoading).toHaveBeenCalledWith(true);
  expect(vi.mocked(ui.setError!).mock.calls).toEqual([["Broken"], ["Text"], ["Error"], [null]]);
});

test("a method the page does not provide answers that it is not available", async () => {
  const { widget } = connect({ extensionPoint: "DASHBOARD_WIDGET" });
  expect(await widget.error("readCache")).toEqual({
    name: "TypeError",
    message: "readCache is not available here",
  });
  expect(await widget.error("setTitle", "x")).toMatchObject({ message: "setTitle is not available here" });
});

test("navigation reads and updates the app's location with its strings only", async () => {
  const location = {
    get: vi.fn(() => ({ pathname: "/app", search: "", hash: "" })),
    update: vi.fn(),
  };
  const { widget } = connect({ extensionPoint: "MAIN_MENU_ITEM", ui: fakeUi({ location }) });
  expect(await widget.value("navigation.getAppLocation")).toEqual({ pathname: "/app", search: "", hash: "" });
  await widget.value("navigation.updateAppLocation", { pathname: "/next", search: 5, other: "x" });
  await widget.value("navigation.replaceAppLocation", { hash: "#h".padEnd(3000, "h") });
  await widget.value("navigation.updateAppLocation", "nope");
  expect(location.update.mock.calls).toEqual([
    [{ pathname: "/next" }, false],
    [{ hash: "#h".padEnd(2000, "h") }, true],
    [{}, false],
  ]);
});

test("requests go to the request layer and answer their data; failures keep name, status and data", async () => {
  const requests = fakeRequests();
  const { widget } = connect({ extensionPoint: "DASHBOARD_WIDGET", requests, entity: issue });
  expect(await widget.value("fetchYouTrack", "issues", { method: "GET" })).toEqual({ url: "issues" });
  expect(await widget.value("fetchApp", "backend/x", { scope: true })).toEqual({
    url: "backend/x",
    entity: "2-7",
  });
  expect(await widget.value("fetchHub", "api/rest/users")).toBe("hub");
  expect(
    await widget.value("downloadFile", "ignored", "issues/export", { query: {} }, "file.csv"),
  ).toBeNull();
  expect(requests.downloadFile).toHaveBeenCalledWith("issues/export", { query: {} }, "file.csv");
  expect(await widget.value("loadServices", "Hub")).toEqual([
    { id: "hub", applicationName: "Hub", homeUrl: "https://keel.test/hub" },
  ]);
  expect(await widget.value("storage.getItem", "k")).toBe("value of k");
  expect(await widget.value("storage.setItem", "k", "v")).toBeNull();
  expect(await widget.value("storage.removeItem", "k")).toBeNull();
  expect(await widget.value("storage.clear")).toBeNull();
  expect(await widget.value("storage.getKeys")).toEqual(["a"]);
  expect(requests.storage.setItem).toHaveBeenCalledWith("k", "v");

  vi.mocked(requests.fetchYouTrack).mockRejectedValueOnce(
    new WidgetRequestError("Summary is required", 400, { error: "bad_request" }, "HTTPError"),
  );
  expect(await widget.error("fetchYouTrack", "issues")).toEqual({
    name: "HTTPError",
    message: "Summary is required",
    status: 400,
    data: { error: "bad_request" },
  });
  vi.mocked(requests.fetchHub).mockRejectedValueOnce(new WidgetRequestError("declined"));
  expect(await widget.error("fetchHub", "x")).toEqual({ name: "Error", message: "declined" });
  vi.mocked(requests.fetchHub).mockRejectedValueOnce("a string");
  expect(await widget.error("fetchHub", "x")).toEqual({ name: "Error", message: "a string" });
});

test("arguments of the wrong type are refused before they reach the request layer", async () => {
  const requests = fakeRequests();
  const { widget } = connect({ requests });
  expect(await widget.error("fetchYouTrack", 5)).toEqual({
    name: "TypeError",
    message: "The URL must be a string",
  });
  expect(await widget.error("storage.getItem", null)).toEqual({
    name: "TypeError",
    message: "The key must be a string",
  });
  expect(await widget.error("storage.setItem", "k", { v: 1 })).toEqual({
    name: "TypeError",
    message: "The value must be a string",
  });
  expect(requests.fetchYouTrack).not.toHaveBeenCalled();
  expect(requests.storage.setItem).not.toHaveBeenCalled();
});

test("a page callback that throws answers its error and the session goes on", async () => {
  const ui = fakeUi({
    setModal: () => {
      throw new RangeError("no modal today");
    },
  });
  const { widget } = connect({ ui });
  expect(await widget.error("enterModalMode")).toEqual({ name: "RangeError", message: "no modal today" });
  expect((await widget.call("storage.getKeys")).ok).toBe(true);
});

test("reportVitals passes the numbers to the page", async () => {
  const vitals = vi.fn();
  const { widget } = connect({ ui: fakeUi({ vitals }) });
  expect(await widget.value("reportVitals", { FCP: 120 })).toBeNull();
  expect(vitals).toHaveBeenCalledWith({ FCP: 120 });
});

test("events reach the widget through send(), and nothing breaks after dispose", async () => {
  const { session, widget } = connect();
  const first = widget.nextEvent();
  session.send("refresh");
  expect(await first).toEqual({ kind: "event", name: "refresh" });
  const second = widget.nextEvent();
  session.send("theme", "dark");
  expect(await second).toEqual({ kind: "event", name: "theme", payload: "dark" });
  const third = widget.nextEvent();
  session.send("locationChange", { pathname: "/x" });
  expect(await third).toEqual({ kind: "event", name: "locationChange", payload: { pathname: "/x" } });
  session.dispose();
  expect(() => session.send("configure")).not.toThrow();
  expect(() => session.send("locationChange", () => undefined)).not.toThrow();
});
