import { Writable } from "node:stream";
import vm from "node:vm";
import express from "express";
import inject from "light-my-request";
import { afterEach, beforeEach, expect, test, vi, type MockInstance } from "vitest";
import type { BackendRequest, BackendResponse, BackendTransport } from "#app/lib/keel-context.ts";
import { HELLO_TYPE, type FrameData } from "#app/widgets/protocol.ts";
import type { WidgetRequests } from "#app/widgets/host/requests.ts";
import { methodsFor, WidgetSession, type WidgetUi } from "#app/widgets/host/session.ts";
import { createLogger } from "./logger.ts";
import { generateNonce } from "./security.ts";
import { frameDataFrom, injectBootstrap, widgetRouter } from "./widgets.ts";

const NONCE = "test-nonce";

function frameData(overrides: Partial<FrameData> = {}): FrameData {
  return {
    locale: "de-DE",
    theme: "dark",
    entity: {
      type: "issue",
      id: "2-7",
      idReadable: "DEMO-7",
      summary: "Broken </script><script>alert(1)</script>",
    },
    me: { id: "1-1", login: "jane", name: "Jane", avatarUrl: null },
    widget: {
      id: "w-1",
      appId: "app-1",
      appName: "sample-app",
      key: "tile",
      extensionPoint: "DASHBOARD_WIDGET",
    },
    editable: true,
    ...overrides,
  };
}

const BOOTSTRAP_TAG = `<script nonce="${NONCE}">`;

/** The bootstrap script's text from a document `injectBootstrap` made. */
function bootstrapOf(html: string): string {
  const start = html.indexOf(BOOTSTRAP_TAG);
  expect(start).toBeGreaterThanOrEqual(0);
  const end = html.indexOf("</script>", start);
  return html.slice(start + BOOTSTRAP_TAG.length, end);
}

// ---------- injectBootstrap and frameDataFrom ----------

test("the bootstrap goes right after <head>, whatever its attributes and case", () => {
  for (const [html, before] of [
    ["<!doctype html><html><head><title>x</title><script src='a.js'></script></head></html>", "<head>"],
    ['<html><HEAD lang="en"><script src="a.js"></script></HEAD></html>', '<HEAD lang="en">'],
    ["<html><header></header><head>\n<meta charset=utf-8></head></html>", "<head>"],
  ] as const) {
    const result = injectBootstrap(html, frameData(), "https://keel.test", NONCE);
    const at = result.indexOf(BOOTSTRAP_TAG);
    expect(result.slice(at - before.length, at)).toBe(before);
    expect(result.replace(/<script nonce="test-nonce">[\s\S]*?<\/script>/, "")).toBe(html);
  }
});

test("without <head>, before the first script; else after the doctype; else first", () => {
  const noHead = '<html><body><p>x</p><SCRIPT src="app.js"></SCRIPT><script>1</script></body></html>';
  const withScript = injectBootstrap(noHead, frameData(), "https://keel.test", NONCE);
  expect(withScript.indexOf(BOOTSTRAP_TAG)).toBe(noHead.indexOf("<SCRIPT"));

  const doctype = "  <!DOCTYPE html>\n<p>Plain</p>";
  const afterDoctype = injectBootstrap(doctype, frameData(), "https://keel.test", NONCE);
  expect(afterDoctype.startsWith(`  <!DOCTYPE html>${BOOTSTRAP_TAG}`)).toBe(true);
  expect(afterDoctype.endsWith("\n<p>Plain</p>")).toBe(true);

  const bare = injectBootstrap("<p>Bare</p>", frameData(), "https://keel.test", NONCE);
  expect(bare.startsWith(BOOTSTRAP_TAG)).toBe(true);
  expect(bare.endsWith("</script><p>Bare</p>")).toBe(true);
});

test("the frame data cannot close the script: every < in it is escaped", () => {
  const html = injectBootstrap(
    "<head></head>",
    frameData({ me: { id: "1", login: "x", name: "<!-- </SCRIPT> <script>", avatarUrl: null } }),
    "https://keel.test",
    NONCE,
  );
  const script = bootstrapOf(html);
  expect(script).not.toMatch(/<\/script/i);
  expect(script).not.toContain("<!--");
  expect(script).toContain("\\u003c/script>");
  expect(html.match(/<\/script>/g)).toHaveLength(1);
  // The call is the whole script: a function expression applied to the data, host origin included.
  expect(script.startsWith("(function (data) {")).toBe(true);
  expect(script).toContain('"hostOrigin":"https://keel.test"');
  expect(script.endsWith('"hostOrigin":"https://keel.test"});')).toBe(true);
});

test("frameDataFrom reads the frame's own description", () => {
  const data = frameData();
  expect(frameDataFrom(JSON.stringify(data), "sample-app")).toEqual(data);
});

test("frameDataFrom falls back to a neutral description for anything wrong", () => {
  const neutral = {
    locale: "en",
    theme: "light",
    entity: null,
    me: null,
    widget: { id: "", appId: "", appName: "sample-app", key: "", extensionPoint: "DASHBOARD_WIDGET" },
    editable: false,
  };
  const valid = frameData();
  const oversized = JSON.stringify({
    ...valid,
    entity: { ...valid.entity, summary: "x".repeat(999) },
  }).padEnd(16_001, " ");
  for (const raw of [
    undefined,
    null,
    42,
    ["a", "b"],
    { ...valid },
    "",
    "not json",
    "{",
    "null",
    JSON.stringify({ ...valid, widget: { ...valid.widget, appName: "other-app" } }),
    JSON.stringify({ ...valid, extra: true }),
    JSON.stringify({ ...valid, locale: "en<script>" }),
    JSON.stringify({ ...valid, widget: { ...valid.widget, extensionPoint: "NOWHERE" } }),
    JSON.stringify(valid).replace('"editable":true', '"editable":true,"__proto__":{"editable":true}'),
    oversized,
  ]) {
    expect(frameDataFrom(raw, "sample-app"), String(raw).slice(0, 80)).toEqual(neutral);
  }
  expect(JSON.parse(oversized)).toMatchObject({ locale: "de-DE" });
});

// ---------- widgetRouter ----------

interface FakeFile {
  status?: number;
  type?: string;
  body?: string;
  raw?: Uint8Array;
  etag?: string;
}

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff, 0xfe, 0x80]);

function server(files: Record<string, FakeFile | Error>) {
  const requests: BackendRequest[] = [];
  const transport: BackendTransport = async (request) => {
    requests.push(request);
    const file = files[request.path];
    if (file instanceof Error) throw file;
    if (!file) return answer({ status: 404, type: "application/json", body: '{"error":"not_found"}' });
    return answer(file);
  };
  const lines: string[] = [];
  const logger = createLogger(
    "info",
    new Writable({
      write(chunk, _encoding, callback) {
        lines.push(String(chunk));
        callback();
      },
    }),
  );
  const app = express();
  // Node's HTTP server keeps the request line as sent (`curl --path-as-is`), while inject() normalizes
  // it like a browser: this header gives the router the raw path.
  app.use((req, _res, next) => {
    const raw = req.get("x-raw-path");
    if (raw) req.url = raw;
    next();
  });
  app.use(generateNonce);
  app.use(widgetRouter(transport, logger));
  return { app, requests, lines };
}

function answer(file: FakeFile): BackendResponse {
  const headers = new Headers();
  if (file.type) headers.set("content-type", file.type);
  if (file.etag) headers.set("etag", file.etag);
  const raw = file.raw ?? new TextEncoder().encode(file.body ?? "");
  return {
    status: file.status ?? 200,
    headers,
    body: file.body ?? new TextDecoder().decode(raw),
    rawBody: raw,
  };
}

const FILES = "/api/apps/sample-app/files/widgets";
const PAGE = '<!doctype html><html><head><script src="main.js"></script></head><body></body></html>';

function directives(csp: string | undefined): Map<string, string> {
  return new Map(
    (csp ?? "")
      .split(";")
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => [d.split(" ")[0]!, d]),
  );
}

test("an HTML document is served with the bootstrap, the frame's data and the widget policy", async () => {
  const { app, requests } = server({ [`${FILES}/tile/index.html`]: { type: "text/html", body: PAGE } });
  const ytapp = encodeURIComponent(JSON.stringify(frameData()));
  const response = await inject(app, { url: `/widgets/sample-app/widgets/tile/index.html?ytapp=${ytapp}` });
  expect(response.statusCode).toBe(200);
  expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
  const policy = directives(response.headers["content-security-policy"] as string);
  const sandbox = policy.get("sandbox") ?? "";
  expect(sandbox).toMatch(/^sandbox allow-scripts\b/);
  expect(sandbox).not.toContain("allow-same-origin");
  expect(response.headers["content-security-policy"]).not.toContain("allow-same-origin");
  expect(policy.get("frame-ancestors")).toBe("frame-ancestors 'self'");
  expect(policy.get("default-src")).toBe("default-src 'none'");
  const nonce = /'nonce-([^']+)'/.exec(policy.get("script-src") ?? "")?.[1];
  expect(nonce).toMatch(/^[A-Za-z0-9+/=]{20,}$/);
  expect(policy.get("script-src")).toBe(`script-src 'self' http://localhost:80/widgets/ 'nonce-${nonce}'`);
  expect(policy.get("connect-src")).toBe("connect-src 'self' http://localhost:80/widgets/");
  expect(response.headers["access-control-allow-origin"]).toBe("*");
  expect(response.headers["cross-origin-resource-policy"]).toBe("cross-origin");
  expect(response.headers["x-content-type-options"]).toBe("nosniff");
  expect(response.headers["cache-control"]).toBe("no-cache");

  const html = response.payload;
  const tag = `<script nonce="${nonce}">`;
  expect(html.indexOf(tag)).toBe(html.indexOf("<head>") + "<head>".length);
  expect(html.indexOf(tag)).toBeLessThan(html.indexOf('<script src="main.js">'));
  expect(html).toContain('"locale":"de-DE"');
  expect(html).toContain('"hostOrigin":"http://localhost:80"');
  expect(requests).toEqual([{ method: "GET", path: `${FILES}/tile/index.html`, headers: { accept: "*/*" } }]);
});

test("a document opened without its data gets the neutral description", async () => {
  const { app } = server({ [`${FILES}/tile/index.html`]: { type: "text/html; charset=utf-8", body: PAGE } });
  const response = await inject(app, { url: "/widgets/sample-app/widgets/tile/index.html?ytapp=%7Bbroken" });
  expect(response.statusCode).toBe(200);
  expect(response.payload).toContain('"locale":"en","theme":"light","entity":null,"me":null');
});

test("other files pass through byte for byte with their type, the policy and open CORS", async () => {
  const { app, requests } = server({
    [`${FILES}/tile/pixel.png`]: { type: "image/png", raw: PNG, etag: '"abc"' },
    [`${FILES}/assets/app.js`]: { type: "text/javascript", body: "console.log('<head>')" },
  });
  const image = await inject(app, { url: "/widgets/sample-app/widgets/tile/pixel.png" });
  expect(image.statusCode).toBe(200);
  expect(image.headers["content-type"]).toBe("image/png");
  expect(new Uint8Array(image.rawPayload)).toEqual(PNG);
  expect(image.headers["access-control-allow-origin"]).toBe("*");
  expect(image.headers.etag).toBe('"abc"');
  expect(image.headers["content-security-policy"]).toContain("sandbox allow-scripts");

  const script = await inject(app, {
    url: "/widgets/sample-app/widgets/assets/app.js",
    headers: { "if-none-match": '"x"' },
  });
  expect(script.payload).toBe("console.log('<head>')");
  expect(script.headers["content-type"]).toMatch(/^text\/javascript/);
  expect(requests.at(-1)?.headers).toEqual({ accept: "*/*", "if-none-match": '"x"' });
});

test("a file the backend says is unchanged answers 304; documents are never revalidated", async () => {
  const { app, requests } = server({
    [`${FILES}/tile/pixel.png`]: { status: 304 },
    [`${FILES}/tile/index.html`]: { type: "text/html", body: PAGE },
  });
  const image = await inject(app, {
    url: "/widgets/sample-app/widgets/tile/pixel.png",
    headers: { "if-none-match": '"abc"' },
  });
  expect(image.statusCode).toBe(304);
  const page = await inject(app, {
    url: "/widgets/sample-app/widgets/tile/index.html",
    headers: { "if-none-match": '"abc"' },
  });
  expect(page.statusCode).toBe(200);
  expect(requests.map((r) => r.headers["if-none-match"])).toEqual(['"abc"', undefined]);
});

test("paths are encoded segment by segment on the way to the backend", async () => {
  const { app, requests } = server({});
  await inject(app, { url: "/widgets/sample-app/widgets/tile/v1.2/c@1~x+y.js" });
  expect(requests.map((r) => r.path)).toEqual([`${FILES}/tile/v1.2/c%401~x%2By.js`]);
});

test("bad app names and paths answer 404 with the policy, without asking the backend", async () => {
  const { app, requests } = server({});
  const raw = (path: string) => inject(app, { url: "/", headers: { "x-raw-path": path } });
  for (const path of [
    "/widgets/Sample/index.html",
    "/widgets/.hidden/index.html",
    "/widgets/-app/index.html",
    "/widgets/../index.html",
    "/widgets/%2e%2e/index.html",
    "/widgets/sample-app/../secret.txt",
    "/widgets/sample-app/widgets/tile/../../manifest.json",
    "/widgets/sample-app/%2e%2e/manifest.json",
    "/widgets/sample-app/%2E%2E/%2e%2e/backend.js",
    "/widgets/sample-app/.%2e/backend.js",
    "/widgets/sample-app/widgets/tile/..%2f..%2fbackend.js",
    "/widgets/sample-app/widgets/tile/%2e%2e%2fbackend.js",
    "/widgets/sample-app/widgets/tile/..%5c..%5cbackend.js",
    "/widgets/sample-app/.env",
    "/widgets/sample-app/widgets/tile/.hidden",
    "/widgets/sample-app/widgets/tile/a%20b.js",
    "/widgets/sample-app/widgets/tile/a%5cb.js",
    "/widgets/sample-app/widgets/tile/a%00.js",
    "/widgets/sample-app/widgets/tile//index.html",
    `/widgets/${"a".repeat(101)}/index.html`,
  ]) {
    const response = await raw(path);
    expect(response.statusCode, path).toBe(404);
    expect(response.headers["content-security-policy"], path).toContain("sandbox allow-scripts");
    expect(response.payload, path).toBe("Not found");
  }
  // Sent through a normalizing client, the dot segments never reach a widget file either.
  for (const url of [
    "/widgets/sample-app/../secret.txt",
    "/widgets/sample-app/widgets/tile/%2e%2e/%2e%2e/backend.js",
  ]) {
    expect((await inject(app, { url })).statusCode, url).toBe(404);
  }
  expect(requests).toEqual([]);
});

test("the package's own layout: a Vite build's ../../widgets/assets/ URLs and root icons resolve", async () => {
  const ROOT = "/api/apps/sample-app/files";
  const { app, requests } = server({
    [`${FILES}/tile/index.html`]: { type: "text/html", body: PAGE },
    [`${FILES}/assets/tile-Dx1.js`]: { type: "text/javascript", body: "export {}" },
    [`${ROOT}/icon.svg`]: { type: "image/svg+xml", body: "<svg/>" },
  });
  const documentUrl = new URL("http://keel.test/widgets/sample-app/widgets/tile/index.html");
  for (const relative of ["../../widgets/assets/tile-Dx1.js", "../assets/tile-Dx1.js", "../../icon.svg"]) {
    const resolved = new URL(relative, documentUrl).pathname;
    const response = await inject(app, { url: resolved });
    expect(response.statusCode, relative).toBe(200);
    expect(response.headers["content-security-policy"], relative).toContain("sandbox allow-scripts");
  }
  expect(requests.map((r) => r.path)).toEqual([
    `${FILES}/assets/tile-Dx1.js`,
    `${FILES}/assets/tile-Dx1.js`,
    `${ROOT}/icon.svg`,
  ]);
});

test("handler code, the manifest and settings are never served, without asking the backend", async () => {
  const { app, requests } = server({});
  for (const path of [
    "backend.js",
    "backend-global.js",
    "lib/helpers.js",
    "requirements.mjs",
    "manifest.json",
    "settings.json",
    "entity-extensions.json",
    "tile/index.html",
    "README.md",
  ]) {
    const response = await inject(app, { url: `/widgets/sample-app/${path}` });
    expect(response.statusCode, path).toBe(404);
  }
  expect(requests).toEqual([]);
});

test("a file the backend does not have is 404; another backend failure is 502", async () => {
  const { app } = server({
    [`${FILES}/tile/boom.js`]: { status: 500, type: "application/json", body: "{}" },
  });
  expect((await inject(app, { url: "/widgets/sample-app/widgets/tile/missing.js" })).statusCode).toBe(404);
  expect((await inject(app, { url: "/widgets/sample-app/widgets/tile/boom.js" })).statusCode).toBe(502);
});

test("an unreachable backend answers 502 'Failed to load frame content' and is logged", async () => {
  const { app, lines } = server({ [`${FILES}/tile/index.html`]: new Error("connect ECONNREFUSED") });
  const response = await inject(app, { url: "/widgets/sample-app/widgets/tile/index.html" });
  expect(response.statusCode).toBe(502);
  expect(response.payload).toContain("Failed to load frame content");
  expect(response.headers["content-security-policy"]).toContain("sandbox allow-scripts");
  expect(lines.join("")).toContain("widget file: backend unreachable");
});

// ---------- the bootstrap script, run in a fake frame ----------

interface Posted {
  message: unknown;
  origin: string;
  ports: MessagePort[];
}

const openedPorts: MessagePort[] = [];
let warn: MockInstance<typeof console.warn>;
beforeEach(() => {
  warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
});
afterEach(() => {
  warn.mockRestore();
  for (const port of openedPorts.splice(0)) port.close();
});

/** Runs the bootstrap of a document for `data` in a minimal frame and returns the frame. */
function runBootstrap(data: FrameData = frameData()) {
  const script = bootstrapOf(injectBootstrap("<head></head>", data, "https://keel.test", NONCE));
  const posted: Posted[] = [];
  const classes = new Set<string>();
  const root = {
    dataset: {} as Record<string, string>,
    style: {} as Record<string, string>,
    classList: {
      toggle: (name: string, on: boolean) => void (on ? classes.add(name) : classes.delete(name)),
    },
  };
  const logged: unknown[][] = [];
  const listeners: [string, (event: unknown) => void][] = [];
  const frame: Record<string, unknown> = {
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.push([type, listener]),
    parent: {
      postMessage(message: unknown, origin: string, ports: MessagePort[]) {
        // The browser clones the message into the host's realm.
        posted.push({ message: structuredClone(message), origin, ports });
        openedPorts.push(...ports);
      },
    },
    document: { documentElement: root },
    MessageChannel,
    console: { error: (...args: unknown[]) => logged.push(args), log: () => undefined },
  };
  frame.window = frame;
  vm.createContext(frame);
  vm.runInContext(script, frame);
  const YTApp = frame.YTApp as {
    locale: string;
    entity: unknown;
    me: unknown;
    widget: unknown;
    register(api?: object): Promise<Record<string, unknown>>;
  };
  /** Fires the frame's listeners of `type`, as the browser would. */
  const dispatch = (type: string, event: unknown) => {
    for (const [name, listener] of listeners) if (name === type) listener(event);
  };
  return { frame, YTApp, posted, root, classes, logged, dispatch };
}

type Call = { kind: "call"; id: number; method: string; args: unknown[] };

/** Plays the host on the hello's port by hand. */
function handHost(port: MessagePort) {
  const calls: Call[] = [];
  const waiters: ((call: Call) => void)[] = [];
  port.onmessage = ({ data }: MessageEvent<Call>) => {
    calls.push(data);
    waiters.shift()?.(data);
  };
  return {
    calls,
    nextCall: () => new Promise<Call>((resolve) => waiters.push(resolve)),
    send: (message: unknown) => port.postMessage(message),
  };
}

test("the bootstrap defines a frozen YTApp from the data and applies the theme", () => {
  const { frame, YTApp, root, classes } = runBootstrap();
  expect(Object.isFrozen(YTApp)).toBe(true);
  expect(Object.getOwnPropertyDescriptor(frame, "YTApp")).toMatchObject({
    writable: false,
    configurable: false,
  });
  expect(YTApp.locale).toBe("de-DE");
  expect(YTApp.entity).toEqual({
    type: "issue",
    id: "2-7",
    idReadable: "DEMO-7",
    summary: "Broken </script><script>alert(1)</script>",
  });
  expect(YTApp.me).toEqual({ id: "1-1", login: "jane", name: "Jane", avatarUrl: null });
  expect(YTApp.widget).toEqual({ id: "w-1", appId: "app-1" });
  expect(typeof YTApp.register).toBe("function");
  expect(root.dataset.theme).toBe("dark");
  expect(root.style.colorScheme).toBe("dark");
  expect([...classes]).toEqual(["ring-ui-theme-dark"]);
});

test("the bootstrap says hello to the host's origin with one port", () => {
  const { posted } = runBootstrap();
  expect(posted).toHaveLength(1);
  expect(posted[0]?.message).toEqual({ type: HELLO_TYPE, version: 1 });
  expect(posted[0]?.origin).toBe("https://keel.test");
  expect(posted[0]?.ports).toHaveLength(1);
  expect(posted[0]?.ports[0]).toBeInstanceOf(MessagePort);
});

test("the bootstrap tells the host when its document goes, but not when it enters the page cache", async () => {
  const { posted, dispatch } = runBootstrap();
  const host = handHost(posted[0]!.ports[0]!);
  dispatch("pagehide", { persisted: true });
  dispatch("pagehide", { persisted: false });
  expect(await host.nextCall()).toEqual({ kind: "call", id: 1, method: "unload", args: [] });
  expect(host.calls).toHaveLength(1);
});

test("register sends the callbacks it has and builds host from the answered methods", async () => {
  const { YTApp, posted } = runBootstrap();
  const host = handHost(posted[0]!.ports[0]!);
  const onRefresh = vi.fn();
  const registering = YTApp.register({ onRefresh, onConfigure: "not a function" });
  expect(YTApp.register()).toBe(registering);
  const call = await host.nextCall();
  expect(call).toEqual({
    kind: "call",
    id: 1,
    method: "register",
    args: [{ onRefresh: true, onConfigure: false, onAppLocationChange: false }],
  });
  host.send({
    kind: "result",
    id: 1,
    ok: true,
    value: { methods: ["alert", "storage.getItem", "storage.clear"] },
  });
  const api = await registering;
  expect(Object.keys(api).sort()).toEqual(["alert", "storage"]);
  expect(Object.keys(api.storage as object).sort()).toEqual(["clear", "getItem"]);
  expect(Object.isFrozen(api)).toBe(true);
  expect("readConfig" in api).toBe(false);

  // A call round-trips with its arguments as JSON.
  const storage = api.storage as { getItem(key: string, extra?: unknown): Promise<unknown> };
  const reading = storage.getItem("key", { when: undefined, list: [1, undefined] });
  const getItem = await host.nextCall();
  expect(getItem).toEqual({
    kind: "call",
    id: 2,
    method: "storage.getItem",
    args: ["key", { list: [1, null] }],
  });
  host.send({ kind: "result", id: 2, ok: true, value: "stored" });
  expect(await reading).toBe("stored");

  // Errors come back as Error objects.
  const failing = (api.alert as (m: string) => Promise<unknown>)("x");
  const alertCall = await host.nextCall();
  host.send({
    kind: "result",
    id: alertCall.id,
    ok: false,
    error: { name: "HTTPError", message: "Nope", status: 403, data: { error: "x" } },
  });
  const error = await failing.then(
    () => expect.unreachable(),
    (e: unknown) => e as Error & { status?: number; data?: unknown },
  );
  expect(Object.prototype.toString.call(error)).toBe("[object Error]");
  expect(error).toMatchObject({ name: "HTTPError", message: "Nope", status: 403, data: { error: "x" } });

  // A "refresh" event calls onRefresh; answers for unknown ids and odd messages are ignored.
  host.send({ kind: "result", id: 99, ok: true, value: 1 });
  host.send(null);
  host.send({ kind: "event", name: "refresh" });
  await vi.waitFor(() => expect(onRefresh).toHaveBeenCalledTimes(1));
});

test("the bootstrap and a real host session talk: methods of the place, calls, errors and events", async () => {
  const { frame, YTApp, posted, root, logged } = runBootstrap();
  const ui: WidgetUi = {
    registered: vi.fn(),
    alert: vi.fn(),
    setModal: vi.fn(),
    readConfig: async () => ({ query: "#me" }),
  };
  const requests = {
    storage: { getItem: vi.fn(async (key: string) => `value of ${key}`) },
  } as unknown as WidgetRequests;
  const session = new WidgetSession(() => frame as unknown as Window, {
    extensionPoint: "DASHBOARD_WIDGET",
    appName: "sample-app",
    entity: null,
    editable: false,
    requests,
    ui,
  });
  const hello = posted[0]!;
  expect(
    session.accept({
      source: frame,
      origin: "null",
      data: hello.message,
      ports: hello.ports,
    } as unknown as MessageEvent),
  ).toBe(true);

  const onRefresh = vi.fn();
  const onConfigure = vi.fn(() => {
    throw new Error("widget bug");
  });
  const api = (await YTApp.register({ onRefresh, onConfigure })) as Record<string, unknown> & {
    storage: Record<string, (...args: unknown[]) => Promise<unknown>>;
    readConfig(): Promise<unknown>;
    readCache(): Promise<unknown>;
    collapse(): unknown;
  };
  expect(ui.registered).toHaveBeenCalledWith({
    onRefresh: true,
    onConfigure: true,
    onAppLocationChange: false,
  });
  const expected = methodsFor("DASHBOARD_WIDGET").filter((m) => !m.includes("."));
  expect(Object.keys(api).sort()).toEqual([...expected, "storage"].sort());
  expect("readConfig" in api).toBe(true);
  expect(await api.storage.getItem!("k")).toBe("value of k");
  expect(await api.readConfig()).toEqual({ query: "#me" });
  await expect(api.readCache()).rejects.toMatchObject({
    name: "TypeError",
    message: "readCache is not available here",
  });
  // collapse returns nothing; its failure is reported in the frame's console.
  expect(api.collapse()).toBeUndefined();
  await vi.waitFor(() => expect(logged).toHaveLength(1));
  expect(String(logged[0]?.[0])).toContain("Could not collapse this widget");

  session.send("refresh");
  await vi.waitFor(() => expect(onRefresh).toHaveBeenCalledTimes(1));
  session.send("theme", "light");
  await vi.waitFor(() => expect(root.dataset.theme).toBe("light"));
  session.send("configure");
  await vi.waitFor(() => expect(onConfigure).toHaveBeenCalledTimes(1));
  await vi.waitFor(() => expect(logged).toHaveLength(2));
  expect(session.registered).toBe(true);
  session.dispose();
});
