import { expect, test, vi } from "vitest";
import { WIDGET_APP_HEADER, type WidgetEntity } from "../protocol.ts";
import {
  createWidgetRequests,
  readParams,
  READ_ONLY_QUERY_POSTS,
  resolveUnder,
  WidgetRequestError,
  type ConfirmRequest,
  type Decision,
} from "./requests.ts";

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
  init: RequestInit | undefined;
}

type Responder = (request: Sent) => Response | Promise<Response> | undefined;

const json = (value: unknown, status = 200, statusText = "") =>
  new Response(JSON.stringify(value), {
    status,
    statusText,
    headers: { "content-type": "application/json" },
  });

/**
 * Widget requests over a recording fetch. The remembered decisions answer `decisions`; everything else
 * answers `respond`, or `{ok: true}`. `confirm` answers the decisions given, in order.
 */
function setup(
  options: {
    decisions?: string[] | Response;
    respond?: Responder;
    answers?: Decision[];
    basePath?: string;
    save?: (blob: Blob, name: string) => void;
  } = {},
) {
  const sent: Sent[] = [];
  const answers = [...(options.answers ?? [])];
  const confirm = vi.fn<ConfirmRequest>(async () => answers.shift() ?? "deny");
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request: Sent = {
      url: String(input),
      method: init?.method ?? "GET",
      headers: { ...(init?.headers as Record<string, string> | undefined) },
      body: typeof init?.body === "string" ? init.body : undefined,
      init,
    };
    sent.push(request);
    if (request.url.includes("/requestDecisions")) {
      if (request.method === "GET") {
        return options.decisions instanceof Response
          ? options.decisions
          : json({ always: options.decisions ?? [] });
      }
      return json({});
    }
    return (await options.respond?.(request)) ?? json({ ok: true });
  });
  const requests = createWidgetRequests({
    appName: "sample-app",
    origin: "https://keel.test",
    basePath: options.basePath ?? "",
    confirm,
    fetch: fetch as typeof globalThis.fetch,
    save: options.save,
  });
  /** What reached the backend besides the remembered decisions. */
  const calls = () => sent.filter((r) => !r.url.includes("/requestDecisions"));
  const decisionCalls = () => sent.filter((r) => r.url.includes("/requestDecisions"));
  return { requests, sent, calls, decisionCalls, confirm, fetch };
}

const issue: WidgetEntity = { type: "issue", id: "2-7", idReadable: "DEMO-7" };

test("a relative URL resolves under /api/, with or without a leading slash, keeping its query", async () => {
  const { requests, calls } = setup();
  await requests.fetchYouTrack("issues/DEMO-1", {});
  await requests.fetchYouTrack("/issues?fields=id,summary", {});
  await requests.fetchYouTrack("users/me", undefined);
  await requests.fetchYouTrack("issues/1/../2", null);
  expect(calls().map((r) => r.url)).toEqual([
    "https://keel.test/api/issues/DEMO-1",
    "https://keel.test/api/issues?fields=id,summary",
    "https://keel.test/api/users/me",
    "https://keel.test/api/issues/2",
  ]);
  expect(calls()[0]?.init).toMatchObject({ method: "GET", credentials: "same-origin", redirect: "error" });
  expect(calls()[0]?.headers).toEqual({ accept: "application/json", [WIDGET_APP_HEADER]: "sample-app" });
});

test("the query object is appended after an inline query, arrays as repeated parameters", async () => {
  const { requests, calls } = setup();
  await requests.fetchYouTrack("issues?fields=id", {
    query: { query: "for: me #Unresolved", $top: 10, tags: ["a", "b c"], skipped: null, gone: undefined },
  });
  const url = new URL(calls()[0]!.url);
  expect(url.pathname).toBe("/api/issues");
  expect([...url.searchParams]).toEqual([
    ["fields", "id"],
    ["query", "for: me #Unresolved"],
    ["$top", "10"],
    ["tags", "a"],
    ["tags", "b c"],
  ]);
});

test("an install under a base path keeps requests under its /api/", async () => {
  const { requests, calls } = setup({ basePath: "/youtrack" });
  await requests.fetchYouTrack("/issues", {});
  await expect(requests.fetchYouTrack("../admin", {})).rejects.toThrow("Request to ../admin is not allowed");
  expect(calls().map((r) => r.url)).toEqual(["https://keel.test/youtrack/api/issues"]);
});

test("URLs that leave /api/ are refused with the product's message and nothing is sent", async () => {
  const { requests, sent } = setup();
  for (const url of [
    "..",
    "../hub/api/rest/users",
    "issues/../../admin",
    "%2e%2e/hub",
    "%2E%2E/%2e%2e/etc",
    "issues/%2e%2e/%2e%2e/x",
    ".%2e/x",
    "https://evil.test/api/issues",
    "https://keel.test/api/issues",
    "HTTP://keel.test/api/issues",
    "//evil.test/api/issues",
    "///evil.test/api/issues",
    "javascript:alert(1)",
    "data:text/plain,x",
    "mailto:a@b.c",
    "issues\\..\\..\\x",
    "/\\evil.test/x",
    "\\\\evil.test\\x",
    "\t//evil.test/api/x",
    "/\t/evil.test/api/x",
    " https://evil.test/",
  ]) {
    await expect(requests.fetchYouTrack(url, { method: "GET" }), url).rejects.toHaveProperty(
      "message",
      `Request to ${url} is not allowed`,
    );
  }
  expect(sent).toEqual([]);
});

test("resolveUnder keeps URLs under the root and refuses the rest", () => {
  const root = "https://keel.test/api/";
  expect(resolveUnder(root, "issues")?.href).toBe("https://keel.test/api/issues");
  expect(resolveUnder(root, "")?.href).toBe("https://keel.test/api/");
  expect(resolveUnder(root, "a/./b")?.href).toBe("https://keel.test/api/a/b");
  expect(resolveUnder(root, "../api/x")?.href).toBe("https://keel.test/api/x");
  expect(resolveUnder(root, "../apix")).toBeNull();
  expect(resolveUnder(root, "%2e%2e")).toBeNull();
  expect(resolveUnder(root, "https://keel.test/api/x")).toBeNull();
});

test("bodies: objects and booleans as JSON, JSON text as JSON, other text as plain text", async () => {
  const { requests, calls } = setup({ answers: ["always"] });
  await requests.fetchYouTrack("a", { method: "POST", body: { summary: "New", tags: [1] } });
  await requests.fetchYouTrack("b", { method: "POST", body: '{"summary":"Text"}' });
  await requests.fetchYouTrack("c", { method: "POST", body: "just words" });
  await requests.fetchYouTrack("d", { method: "POST", body: true });
  await requests.fetchYouTrack("e", { method: "POST", body: [1, 2] });
  await requests.fetchYouTrack("f", { method: "POST" });
  await requests.fetchYouTrack("g", { method: "GET", body: { ignored: true } });
  expect(calls().map((r) => [r.url.split("/").pop(), r.body, r.headers["content-type"]])).toEqual([
    ["a", '{"summary":"New","tags":[1]}', "application/json"],
    ["b", '{"summary":"Text"}', "application/json"],
    ["c", "just words", "text/plain;charset=UTF-8"],
    ["d", "true", "application/json"],
    ["e", "[1,2]", "application/json"],
    ["f", undefined, undefined],
    ["g", undefined, undefined],
  ]);
});

test("the method may be given in lower case; an unknown one is refused", async () => {
  const { requests, calls, confirm } = setup({ answers: ["once"] });
  await requests.fetchYouTrack("issues", { method: "post", body: {} });
  expect(calls()[0]?.method).toBe("POST");
  expect(confirm).toHaveBeenCalledWith({ method: "POST", path: "issues", dataLoss: false });
  await expect(requests.fetchYouTrack("issues", { method: "trace" })).rejects.toThrow(
    "The method TRACE is not supported",
  );
  expect(readParams({ method: "delete" }).method).toBe("DELETE");
  expect(readParams("odd").method).toBe("GET");
  expect(readParams({ method: 5 }).method).toBe("GET");
});

test("GET and HEAD never ask and never load the remembered decisions", async () => {
  const { requests, confirm, decisionCalls } = setup();
  await requests.fetchYouTrack("issues", {});
  await requests.fetchYouTrack("issues", { method: "HEAD" });
  await requests.fetchHub("api/rest/users", { method: "get" });
  expect(confirm).not.toHaveBeenCalled();
  expect(decisionCalls()).toEqual([]);
});

test("POST asks without data loss, DELETE with it, naming the path without its query", async () => {
  const { requests, confirm } = setup({ answers: ["once", "once", "once", "once"] });
  await requests.fetchYouTrack("/issues/1/tags?fields=id", { method: "POST", body: {} });
  await requests.fetchYouTrack("issues/1", { method: "DELETE" });
  await requests.fetchYouTrack("issues/1", { method: "PUT", body: "x" });
  await requests.fetchYouTrack("issues/1#top", { method: "PATCH", body: "x" });
  expect(confirm.mock.calls.map(([request]) => request)).toEqual([
    { method: "POST", path: "/issues/1/tags", dataLoss: false },
    { method: "DELETE", path: "issues/1", dataLoss: true },
    { method: "PUT", path: "issues/1", dataLoss: false },
    { method: "PATCH", path: "issues/1", dataLoss: false },
  ]);
});

test.each(READ_ONLY_QUERY_POSTS)("POST %s is a read-only query: sent without asking", async (path) => {
  const { requests, confirm, calls, decisionCalls } = setup();
  const body = path.startsWith("issuesGetter") ? { query: "#Unresolved" } : { query: "State: ", caret: 7 };
  await requests.fetchYouTrack(path, { method: "post", query: { fields: "id" }, body });
  await requests.fetchYouTrack(`/${path}?$top=1`, { method: "POST", body });
  expect(confirm).not.toHaveBeenCalled();
  expect(decisionCalls()).toEqual([]);
  expect(calls().map((c) => [c.method, c.url, c.body])).toEqual([
    ["POST", `https://keel.test/api/${path}?fields=id`, JSON.stringify(body)],
    ["POST", `https://keel.test/api/${path}?$top=1`, JSON.stringify(body)],
  ]);
});

test("only a POST to exactly one of the read-only queries goes unasked", async () => {
  expect(READ_ONLY_QUERY_POSTS).toEqual([
    "search/assist",
    "issuesGetter",
    "issuesGetter/count",
    "commands/assist",
  ]);
  const { requests, confirm } = setup({ answers: Array<Decision>(8).fill("once") });
  await requests.fetchYouTrack("search/assist", { method: "PUT", body: {} });
  await requests.fetchYouTrack("search/assist", { method: "DELETE" });
  await requests.fetchYouTrack("search/assist/", { method: "POST", body: {} });
  await requests.fetchYouTrack("search%2Fassist", { method: "POST", body: {} });
  await requests.fetchYouTrack("issuesGetter/count/x", { method: "POST", body: {} });
  await requests.fetchYouTrack("commands", { method: "POST", body: {} });
  await requests.fetchYouTrack("search/assist/../../commands", { method: "POST", body: {} });
  await requests.fetchHub("search/assist", { method: "POST", body: {} });
  expect(confirm.mock.calls.map(([request]) => [request.method, request.dataLoss])).toEqual([
    ["PUT", false],
    ["DELETE", true],
    ["POST", false],
    ["POST", false],
    ["POST", false],
    ["POST", false],
    ["POST", false],
    ["POST", false],
  ]);
});

test("a denied request rejects with the product's message and sends nothing", async () => {
  const { requests, calls, confirm } = setup({ answers: ["deny"] });
  await expect(requests.fetchYouTrack("issues/1/tags", { method: "POST", body: {} })).rejects.toHaveProperty(
    "message",
    "The POST request to issues/1/tags was declined by user",
  );
  expect(confirm).toHaveBeenCalledTimes(1);
  expect(calls()).toEqual([]);
});

test("'once' lets one request through and asks again the next time", async () => {
  const { requests, calls, confirm, decisionCalls } = setup({ answers: ["once", "deny"] });
  await requests.fetchYouTrack("issues", { method: "POST", body: {} });
  await expect(requests.fetchYouTrack("issues", { method: "POST", body: {} })).rejects.toThrow(
    "was declined by user",
  );
  expect(confirm).toHaveBeenCalledTimes(2);
  expect(calls()).toHaveLength(1);
  // The remembered decisions are loaded once, and nothing is remembered for "once".
  expect(decisionCalls().map((r) => r.method)).toEqual(["GET"]);
});

test("'always' is remembered on the backend and not asked again for that method", async () => {
  const { requests, calls, confirm, decisionCalls } = setup({ answers: ["always", "deny"] });
  await requests.fetchYouTrack("issues", { method: "POST", body: {} });
  await requests.fetchYouTrack("issues/2", { method: "POST", body: {} });
  expect(confirm).toHaveBeenCalledTimes(1);
  expect(calls()).toHaveLength(2);
  expect(decisionCalls().map((r) => [r.method, r.url, r.body])).toEqual([
    ["GET", "https://keel.test/api/apps/sample-app/requestDecisions", undefined],
    ["PUT", "https://keel.test/api/apps/sample-app/requestDecisions/POST", '{"decision":"always"}'],
  ]);
  // Another method still asks.
  await expect(requests.fetchYouTrack("issues/2", { method: "DELETE" })).rejects.toThrow(
    "The DELETE request to issues/2 was declined by user",
  );
  expect(confirm).toHaveBeenCalledTimes(2);
});

test("a decision remembered earlier skips the question", async () => {
  const { requests, confirm, calls } = setup({ decisions: ["POST"] });
  await requests.fetchYouTrack("issues", { method: "POST", body: {} });
  await requests.fetchHub("api/rest/users", { method: "POST", body: {} });
  expect(confirm).not.toHaveBeenCalled();
  expect(calls()).toHaveLength(2);
});

test("when the remembered decisions cannot be loaded, the user is asked", async () => {
  const { requests, confirm } = setup({ decisions: json({ error: "x" }, 500), answers: ["once"] });
  await requests.fetchYouTrack("issues", { method: "POST", body: {} });
  expect(confirm).toHaveBeenCalledTimes(1);
});

test("HTTP errors reject as HTTPError with the status and the backend's description", async () => {
  const { requests } = setup({
    respond: ({ url }) =>
      url.endsWith("/described")
        ? json({ error: "bad_request", error_description: "Summary is required" }, 400)
        : url.endsWith("/plain")
          ? new Response("nope", { status: 404, statusText: "Not Found" })
          : new Response("", { status: 500 }),
  });
  const failure = (url: string) =>
    requests.fetchYouTrack(url, {}).then(
      () => expect.unreachable(),
      (error: unknown) => error as WidgetRequestError,
    );
  const described = await failure("described");
  expect(described).toBeInstanceOf(WidgetRequestError);
  expect(described).toMatchObject({
    name: "HTTPError",
    status: 400,
    message: "Summary is required",
    data: { error: "bad_request", error_description: "Summary is required" },
  });
  expect(await failure("plain")).toMatchObject({ name: "HTTPError", status: 404, message: "Not Found" });
  expect(await failure("bare")).toMatchObject({ name: "HTTPError", status: 500, message: "HTTP 500" });
});

test("a network failure rejects as HTTPError", async () => {
  const { requests } = setup({
    respond: () => {
      throw new TypeError("fetch failed");
    },
  });
  await expect(requests.fetchYouTrack("issues", {})).rejects.toMatchObject({
    name: "HTTPError",
    message: "fetch failed",
    status: 0,
  });
});

test("answers: JSON parsed by content type, text kept as text, an empty body as null", async () => {
  const { requests } = setup({
    respond: ({ url }) => {
      if (url.endsWith("/json")) return json({ id: "1" }, 200);
      if (url.endsWith("/text")) return new Response("hello", { headers: { "content-type": "text/plain" } });
      if (url.endsWith("/broken"))
        return new Response("{oops", { headers: { "content-type": "application/json" } });
      return new Response(null, { status: 204 });
    },
  });
  expect(await requests.fetchYouTrack("json", {})).toEqual({ status: 200, data: { id: "1" } });
  expect(await requests.fetchYouTrack("text", {})).toEqual({ status: 200, data: "hello" });
  expect(await requests.fetchYouTrack("broken", {})).toEqual({ status: 200, data: "{oops" });
  expect(await requests.fetchYouTrack("empty", {})).toEqual({ status: 204, data: null });
});

test("fetchApp calls the app's global handlers and never asks", async () => {
  const { requests, calls, confirm } = setup();
  await requests.fetchApp("backend/status?verbose=1", { method: "POST", body: { a: 1 } }, null);
  await requests.fetchApp("backend-global/items", { method: "DELETE", query: { id: 3 } }, issue);
  expect(calls().map((r) => [r.method, r.url])).toEqual([
    ["POST", "https://keel.test/api/extensionEndpoints/sample-app/backend/status?verbose=1"],
    ["DELETE", "https://keel.test/api/extensionEndpoints/sample-app/backend-global/items?id=3"],
  ]);
  expect(confirm).not.toHaveBeenCalled();
});

test("fetchApp with scope calls the handler of the hosting entity", async () => {
  const { requests, calls } = setup();
  const entities: WidgetEntity[] = [
    issue,
    { type: "ticket", id: "2-9" },
    { type: "article", id: "3-1" },
    { type: "project", id: "0-1" },
    { type: "user", id: "1-1" },
    { type: "issue", id: "a/b" },
  ];
  for (const entity of entities) await requests.fetchApp("backend/x", { scope: true }, entity);
  expect(calls().map((r) => r.url.replace("https://keel.test/api/", ""))).toEqual([
    "issues/2-7/extensionEndpoints/sample-app/backend/x",
    "issues/2-9/extensionEndpoints/sample-app/backend/x",
    "articles/3-1/extensionEndpoints/sample-app/backend/x",
    "admin/projects/0-1/extensionEndpoints/sample-app/backend/x",
    "users/1-1/extensionEndpoints/sample-app/backend/x",
    "issues/a%2Fb/extensionEndpoints/sample-app/backend/x",
  ]);
});

test("fetchApp with scope but no scopable entity rejects with the product's message", async () => {
  const { requests, sent } = setup();
  const message =
    "Scoped app endpoints are supported only for user, article, project, issue and ticket entities";
  await expect(requests.fetchApp("backend/x", { scope: true }, null)).rejects.toThrow(message);
  await expect(requests.fetchApp("backend/x", { scope: 1 }, { type: "app", id: "9" })).rejects.toThrow(
    message,
  );
  expect(sent).toEqual([]);
});

test("fetchApp refuses URLs that leave the app's handlers", async () => {
  const { requests, sent } = setup();
  for (const url of [
    "/issues",
    "../other-app/backend/x",
    "backend/../../other-app/x",
    "./backend/x",
    "backend/..",
    "%2e%2e/other-app/backend/x",
    "backend/%2e%2e/%2E%2E/other-app/x",
    "https://evil.test/x",
    "//evil.test/x",
    "backend\\..\\..\\x",
  ]) {
    await expect(requests.fetchApp(url, {}, null), url).rejects.toThrow(`Request to ${url} is not allowed`);
  }
  expect(sent).toEqual([]);
});

test("every request made for a widget names its app, which the widget cannot change", async () => {
  const { requests, sent } = setup({ answers: ["always"] });
  await requests.fetchApp("backend/x", { headers: { [WIDGET_APP_HEADER]: "other-app" } }, null);
  await requests.fetchYouTrack("apps/other-app/storage", { headers: { [WIDGET_APP_HEADER]: "other-app" } });
  await requests.fetchYouTrack("issues", { method: "POST", body: {} });
  await requests.fetchHub("api/rest/users/me", {});
  await requests.downloadFile("issues/export", {});
  await requests.storage.getItem("k");
  await requests.storage.setItem("k", "v");
  expect(sent.length).toBeGreaterThanOrEqual(9);
  for (const request of sent) {
    expect(request.headers[WIDGET_APP_HEADER], `${request.method} ${request.url}`).toBe("sample-app");
  }
});

test("fetchHub stays under /hub/ and asks like fetchYouTrack", async () => {
  const { requests, calls, confirm } = setup({ answers: ["once"] });
  await requests.fetchHub("api/rest/users/me", { query: { fields: "id" } });
  await requests.fetchHub("api/rest/users", { method: "POST", body: {} });
  await expect(requests.fetchHub("../api/issues", {})).rejects.toThrow(
    "Request to ../api/issues is not allowed",
  );
  expect(calls().map((r) => r.url)).toEqual([
    "https://keel.test/hub/api/rest/users/me?fields=id",
    "https://keel.test/hub/api/rest/users",
  ]);
  expect(confirm).toHaveBeenCalledWith({ method: "POST", path: "api/rest/users", dataLoss: false });
});

test("downloadFile fetches under /api/ and saves the blob under the given or the URL's name", async () => {
  const save = vi.fn<(blob: Blob, name: string) => void>();
  const { requests, calls } = setup({
    save,
    respond: () => new Response("bytes", { headers: { "content-type": "text/csv" } }),
  });
  await requests.downloadFile("issues/export%20all.csv", { query: { q: "x" } });
  await requests.downloadFile("issues/export", {}, "mine.csv");
  expect(calls().map((r) => r.url)).toEqual([
    "https://keel.test/api/issues/export%20all.csv?q=x",
    "https://keel.test/api/issues/export",
  ]);
  expect(save.mock.calls.map(([, name]) => name)).toEqual(["export all.csv", "mine.csv"]);
  expect(await save.mock.calls[0]![0].text()).toBe("bytes");
  await expect(requests.downloadFile("../secret", {})).rejects.toThrow("Request to ../secret is not allowed");
});

test("a failed download rejects with its status", async () => {
  const { requests } = setup({ respond: () => new Response("", { status: 403, statusText: "Forbidden" }) });
  await expect(requests.downloadFile("issues/export", {})).rejects.toMatchObject({
    message: "Forbidden",
    status: 403,
  });
});

test("storage methods map to the app's storage REST calls", async () => {
  const { requests, calls } = setup({
    respond: ({ url, method }) =>
      method === "GET" && url.endsWith("/storage")
        ? json({ keys: ["a", 1, "b"] })
        : method === "GET"
          ? json({ value: "stored" })
          : json({}),
  });
  expect(await requests.storage.getItem("my key/1")).toBe("stored");
  expect(await requests.storage.setItem("k", "v")).toBeNull();
  expect(await requests.storage.removeItem("k")).toBeNull();
  expect(await requests.storage.clear()).toBeNull();
  expect(await requests.storage.getKeys()).toEqual(["a", "b"]);
  const root = "https://keel.test/api/apps/sample-app/storage";
  expect(calls().map((r) => [r.method, r.url, r.body])).toEqual([
    ["GET", `${root}/my%20key%2F1`, undefined],
    ["PUT", `${root}/k`, '{"value":"v"}'],
    ["DELETE", `${root}/k`, undefined],
    ["DELETE", root, undefined],
    ["GET", root, undefined],
  ]);
  expect(calls()[1]?.headers["content-type"]).toBe("application/json");
});

test("a missing item reads as null", async () => {
  const { requests } = setup({ respond: () => json({ value: null }) });
  expect(await requests.storage.getItem("absent")).toBeNull();
});

test("keys that URLs would read as path steps are refused instead of reaching another call", async () => {
  // `storage/.` is `storage/` to fetch: removeItem(".") would clear everything.
  const { requests, calls } = setup();
  for (const key of ["", ".", ".."]) {
    await expect(requests.storage.removeItem(key)).rejects.toThrow(WidgetRequestError);
    await expect(requests.storage.getItem(key)).rejects.toThrow(WidgetRequestError);
    await expect(requests.storage.setItem(key, "v")).rejects.toThrow(WidgetRequestError);
  }
  expect(calls()).toEqual([]);
  await requests.storage.removeItem("...");
  expect(new URL(calls()[0]!.url).pathname).toBe("/api/apps/sample-app/storage/...");
});

test("storage errors keep the backend's error name, such as InvalidAccessError", async () => {
  const { requests } = setup({
    respond: ({ url }) =>
      url.endsWith("/quota")
        ? json({ error: "InvalidAccessError", error_description: "The storage quota is exceeded" }, 403)
        : new Response("oops", { status: 500 }),
  });
  await expect(requests.storage.setItem("quota", "x".repeat(10))).rejects.toMatchObject({
    name: "InvalidAccessError",
    message: "The storage quota is exceeded",
    status: 403,
  });
  await expect(requests.storage.getItem("other")).rejects.toMatchObject({
    name: "Error",
    message: "Storage failed (500)",
    status: 500,
  });
});

test("loadServices lists the product and Hub, or the one asked for by name", () => {
  const { requests } = setup({ basePath: "/youtrack" });
  expect(requests.loadServices("")).toEqual([
    { id: "youtrack", applicationName: "YouTrack", homeUrl: "https://keel.test/youtrack/" },
    { id: "hub", applicationName: "Hub", homeUrl: "https://keel.test/youtrack/hub" },
  ]);
  expect(requests.loadServices("HUB")).toEqual([
    { id: "hub", applicationName: "Hub", homeUrl: "https://keel.test/youtrack/hub" },
  ]);
  expect(requests.loadServices("Confluence")).toEqual([]);
});
