import { afterAll, expect, test } from "vitest";
import { endpointsClient, handlerFile, insertApp } from "#tests/helpers/apps.ts";
import {
  bearer,
  expectError,
  expectOk,
  sameOrigin,
  withBackend,
  type Backend,
} from "#tests/helpers/backend.ts";
import { WIDGET_APP_HEADER } from "#contract/constants.ts";
import { createHandlerRunner } from "./apps/handlers/pool.ts";

const GLOBAL = handlerFile(
  `{ method: "GET", path: "demo", handle(ctx) {
      ctx.response.json({ scope: "global", name: ctx.settings.name, rating: ctx.settings.rating,
        tag: ctx.request.getParameter("tag"), tags: ctx.request.getParameters("tag"), me: ctx.currentUser.login });
    } }`,
  `{ method: "post", path: "echo", handle(ctx) {
      let json = null;
      try { json = ctx.request.json(); } catch (error) { json = "not JSON"; }
      ctx.response.json({ method: ctx.request.method, body: ctx.request.body, json });
    } }`,
  `{ method: "PUT", path: "text", handle(ctx) {
      ctx.response.code = 201;
      ctx.response.addHeader("X-App", "yes").addHeader("Set-Cookie", "stolen=1");
      ctx.response.text("got " + ctx.request.body);
    } }`,
  `{ method: "POST", path: "count", handle(ctx) {
      const global = ctx.globalStorage.extensionProperties;
      global.count = (global.count || 0) + 1;
      const mine = ctx.currentUser.extensionProperties;
      mine.count = (mine.count || 0) + 1;
      ctx.response.json({ global: global.count, mine: mine.count });
    } }`,
  `{ method: "POST", path: "hoard", handle(ctx) {
      ctx.globalStorage.extensionProperties.big = "x".repeat(70000);
      ctx.response.json({ ok: true });
    } }`,
  `{ method: "GET", path: "fail", handle() { throw new Error("The reminder list is empty"); } }`,
  `{ method: "GET", path: "forever", handle() { for (;;) {} } }`,
  `{ method: "GET", path: "hog", handle() { const a = []; for (;;) a.push(new Array(100000).fill(a.length)); } }`,
  `{ scope: "user", method: "GET", path: "demo", handle(ctx) { ctx.response.json({ user: ctx.user.login, email: ctx.user.email }); } }`,
);

const SCOPED = handlerFile(
  `{ scope: "issue", method: "POST", path: "visit", handle(ctx) {
      const props = ctx.issue.extensionProperties;
      props.visits = (props.visits || 0) + 1;
      ctx.response.json({ id: ctx.issue.id, idReadable: ctx.issue.idReadable, summary: ctx.issue.summary,
        project: ctx.issue.project.shortName, visits: props.visits });
    } }`,
  `{ scope: "article", method: "GET", path: "demo", handle(ctx) { ctx.response.json({ summary: ctx.article.summary }); } }`,
  `{ scope: "project", method: "GET", path: "demo", handle(ctx) { ctx.response.json({ name: ctx.project.name }); } }`,
  `{ scope: "user", method: "POST", path: "note", handle(ctx) {
      ctx.user.extensionProperties.note = ctx.request.body;
      ctx.response.json({ user: ctx.user.id, note: ctx.user.extensionProperties.note,
        same: ctx.user.extensionProperties === ctx.currentUser.extensionProperties });
    } }`,
);

const SETTINGS = {
  type: "object",
  properties: { name: { type: "string", default: "Keel" }, rating: { type: "integer" } },
};

const APP = "handlers";
const api = (path: string) => `/api/extensionEndpoints/${APP}/backend-global/${path}`;

async function install(backend: Backend, files: Record<string, string> = {}) {
  return insertApp(backend.db, {
    name: APP,
    files: { "backend-global.js": GLOBAL, "backend.js": SCOPED, ...files },
    settingsSchema: SETTINGS,
  });
}

const slowRunner = createHandlerRunner({ timeoutMs: 1000 });
/** Filling the heap is slow on a loaded machine: a time limit it never meets. */
const roomyRunner = createHandlerRunner({ timeoutMs: 20_000 });
afterAll(() => {
  slowRunner.close();
  roomyRunner.close();
});

test("a global GET handler gets the query, the settings' defaults and the caller", async () => {
  await withBackend(async (backend) => {
    await install(backend);
    const response = await backend.client.request("GET", api("demo?tag=a&tag=b"), {
      headers: bearer("alice"),
    });
    expect(expectOk(response)).toEqual({
      scope: "global",
      name: "Keel",
      tag: "a",
      tags: ["a", "b"],
      me: "alice",
    });
    expect(response.headers.get("content-security-policy")).toContain("sandbox");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });
});

test("a POST handler gets JSON, text and bare boolean bodies as text, and methods match in any case", async () => {
  await withBackend(async (backend) => {
    await install(backend);
    const post = (body: Record<string, unknown>) =>
      backend.client.request("POST", api("echo"), { headers: bearer("alice"), ...body });
    expect(expectOk(await post({ body: { val1: 1, val2: "two" } }))).toEqual({
      method: "POST",
      body: '{"val1":1,"val2":"two"}',
      json: { val1: 1, val2: "two" },
    });
    expect(expectOk(await post({ body: true }))).toEqual({ method: "POST", body: "true", json: true });
    const text = await post({
      rawBody: "plain words",
      headers: { ...bearer("alice"), "content-type": "text/plain" },
    });
    expect(expectOk(text)).toEqual({ method: "POST", body: "plain words", json: "not JSON" });
    expect(expectOk(await post({}))).toEqual({ method: "POST", body: "", json: "not JSON" });
  });
});

test("a handler sets the status, text and its own headers, but never cookies", async () => {
  await withBackend(async (backend) => {
    await install(backend);
    const response = await backend.client.request("PUT", api("text"), {
      rawBody: "hello",
      headers: { ...bearer("alice"), "content-type": "text/plain" },
    });
    expect(response.status).toBe(201);
    expect(response.text).toBe("got hello");
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(response.headers.get("x-app")).toBe("yes");
    expect(response.headers.getSetCookie()).toEqual([]);
  });
});

test("global and per-user extensionProperties persist between calls", async () => {
  await withBackend(async (backend) => {
    const { id } = await install(backend);
    const count = (login: string) => backend.client.request("POST", api("count"), { headers: bearer(login) });
    expect(expectOk(await count("alice"))).toEqual({ global: 1, mine: 1 });
    expect(expectOk(await count("alice"))).toEqual({ global: 2, mine: 2 });
    expect(expectOk(await count("admin"))).toEqual({ global: 3, mine: 1 });
    const rows = await backend.db.appStorage.findMany({ where: { appId: id }, orderBy: { scope: "asc" } });
    expect(rows.map((row) => [row.scope, row.key, JSON.parse(row.value)])).toEqual([
      ["global", "extensionProperties", { count: 3 }],
      ["user:1-1", "extensionProperties", { count: 1 }],
      ["user:1-2", "extensionProperties", { count: 2 }],
    ]);
  });
});

test("a scoped issue handler sees the issue, by id or readable id, and its extensionProperties persist", async () => {
  await withBackend(async (backend) => {
    const { id } = await install(backend);
    const visit = (issue: string) =>
      backend.client.request("POST", `/api/issues/${issue}/extensionEndpoints/${APP}/backend/visit`, {
        headers: bearer("alice"),
      });
    const first = expectOk(await visit("DEMO-1"));
    expect(first).toMatchObject({ id: "2-1", idReadable: "DEMO-1", project: "DEMO", visits: 1 });
    expect(expectOk(await visit("2-1"))).toMatchObject({ visits: 2 });
    const row = await backend.db.appStorage.findUnique({
      where: { appId_scope_key: { appId: id, scope: "issue:2-1", key: "extensionProperties" } },
    });
    expect(JSON.parse(row?.value ?? "null")).toEqual({ visits: 2 });
  });
});

test("scoped handlers need an entity the caller may read", async () => {
  await withBackend(async (backend) => {
    await install(backend);
    const scoped = (login: string, path: string) =>
      backend.client.request("GET", `/api/${path}/extensionEndpoints/${APP}/backend/demo`, {
        headers: bearer(login),
      });
    expect(expectOk(await scoped("alice", "articles/DEMO-A-1"))).toHaveProperty("summary");
    expect(expectOk(await scoped("alice", "admin/projects/DEMO"))).toEqual({ name: "Demo project" });
    expectError(await scoped("tom", "admin/projects/DEMO"), 404, "not_found");
    expectError(await scoped("tom", "articles/SUP-A-1"), 404, "not_found");
    const issue = await backend.client.request(
      "POST",
      `/api/issues/SUP-1/extensionEndpoints/${APP}/backend/visit`,
      { headers: bearer("tom") },
    );
    expect(expectError(issue, 404).error_description).toBe("Issue SUP-1 not found");
  });
});

test("a user-scoped handler sees that user; the caller's own properties are the same object", async () => {
  await withBackend(async (backend) => {
    await install(backend);
    const note = (login: string, user: string) =>
      backend.client.request("POST", `/api/users/${user}/extensionEndpoints/${APP}/backend/note`, {
        rawBody: "hi",
        headers: { ...bearer(login), "content-type": "text/plain" },
      });
    expect(expectOk(await note("alice", "me"))).toEqual({ user: "1-2", note: "hi", same: true });
    expect(expectOk(await note("alice", "admin"))).toEqual({ user: "1-1", note: "hi", same: false });
    const user = await backend.client.request(
      "GET",
      `/api/users/1-1/extensionEndpoints/${APP}/backend-global/demo`,
      { headers: bearer("tom") },
    );
    expect(expectOk(user)).toEqual({ user: "admin", email: null });
    expectError(
      await backend.client.request("GET", `/api/users/guest/extensionEndpoints/${APP}/backend-global/demo`, {
        headers: bearer("tom"),
      }),
      404,
    );
  });
});

test("guests are refused by an app none of whose widgets they may see", async () => {
  await withBackend(async (backend) => {
    await install(backend);
    expectError(await backend.client.request("GET", api("demo")), 401, "unauthorized");
    expectError(await backend.client.request("POST", api("count"), { headers: sameOrigin() }), 401);
    await backend.db.app.deleteMany({ where: { name: APP } });
    await insertApp(backend.db, {
      name: APP,
      files: { "backend-global.js": GLOBAL, "backend.js": SCOPED },
      widgets: [
        { key: "stats", extensionPoint: "ARTICLE_OPTIONS_MENU_ITEM", permissions: ["UPDATE_ARTICLE"] },
      ],
    });
    expectError(await backend.client.request("GET", api("demo")), 401, "unauthorized");
  });
});

test("guests reach the handlers of an app with a widget for them, on entities they may read", async () => {
  await withBackend(async (backend) => {
    await insertApp(backend.db, {
      name: APP,
      files: { "backend-global.js": GLOBAL, "backend.js": SCOPED },
      // Article feedback: a form every reader sees, in the public project DEMO (guests read its articles).
      widgets: [
        { key: "feedback", extensionPoint: "ARTICLE_ABOVE_ACTIVITY_STREAM", permissions: ["READ_ARTICLE"] },
      ],
    });
    expect(expectOk(await backend.client.request("GET", api("demo")))).toMatchObject({ me: "guest" });
    expect(expectOk(await backend.client.request("POST", api("count"), { headers: sameOrigin() }))).toEqual({
      global: 1,
      mine: 1,
    });
    const article = (id: string) => `/api/articles/${id}/extensionEndpoints/${APP}/backend/demo`;
    expect(expectOk(await backend.client.request("GET", article("DEMO-A-1")))).toEqual({
      summary: expect.any(String),
    });
    // A helpdesk article is not the guest's to read: as if it did not exist.
    const hidden = await backend.db.article.findFirstOrThrow({ where: { project: { shortName: "SUP" } } });
    expectError(await backend.client.request("GET", article(hidden.idReadable)), 404);
    expectError(
      await backend.client.request("POST", `/api/users/me/extensionEndpoints/${APP}/backend/note`, {
        rawBody: "hi",
        headers: { ...sameOrigin(), "content-type": "text/plain" },
      }),
      401,
    );
  });
});

test("without a token a request runs a user's handler for nobody, and cross-site no write at all", async () => {
  await withBackend(async (backend) => {
    await install(backend);
    const own = { [WIDGET_APP_HEADER]: APP };
    // Keel lends a browser's request its session's token only with same-origin proof (server/auth.test.ts):
    // a link on another site, or a widget's sandboxed frame, arrives here with none.
    for (const path of [api("demo"), `/api/users/me/extensionEndpoints/${APP}/backend-global/demo`]) {
      const navigation = { "sec-fetch-site": "cross-site", "sec-fetch-mode": "navigate" };
      expectError(await backend.client.request("GET", path, { headers: navigation }), 401, "unauthorized");
      expectError(await backend.client.request("GET", path, { headers: { ...own, origin: "null" } }), 401);
      expectOk(await backend.client.request("GET", path, { headers: { ...bearer("alice"), ...own } }));
    }
    const before = await backend.db.appStorage.count();
    const crossSite: Record<string, string>[] = [
      {},
      { origin: "null" },
      { origin: "https://evil.example", ...own },
    ];
    for (const headers of crossSite) {
      const refused = expectError(
        await backend.client.request("POST", api("count"), { headers }),
        403,
        "forbidden",
      );
      expect(refused.error_description).toContain("Cross-site request refused");
    }
    expect(await backend.db.appStorage.count()).toBe(before);
    expectOk(await backend.client.request("POST", api("count"), { headers: { ...bearer("alice"), ...own } }));
    // A token is not ambient: API clients need no header.
    expectOk(await backend.client.request("GET", api("demo"), { headers: bearer("alice") }));
  });
});

test("another app's widget cannot call this app's handlers, whatever credentials it has", async () => {
  await withBackend(async (backend) => {
    await install(backend);
    const other = { [WIDGET_APP_HEADER]: "issue-companion" };
    for (const path of [api("demo"), `/api/users/me/extensionEndpoints/${APP}/backend-global/demo`]) {
      for (const credentials of [bearer("alice"), sameOrigin(), {}]) {
        const refused = expectError(
          await backend.client.request("GET", path, {
            headers: { ...credentials, "sec-fetch-site": "same-origin", ...other },
          }),
          403,
          "forbidden",
        );
        expect(refused.error_description).toBe(`A widget of app issue-companion cannot reach app ${APP}`);
      }
    }
    const before = await backend.db.appStorage.count();
    expectError(
      await backend.client.request("POST", api("count"), { headers: { ...bearer("alice"), ...other } }),
      403,
    );
    expect(await backend.db.appStorage.count()).toBe(before);
  });
});

test("an unknown app, file or endpoint is a 404 that says which", async () => {
  await withBackend(async (backend) => {
    await install(backend);
    const get = (path: string) => backend.client.request("GET", path, { headers: bearer("alice") });
    const message = async (path: string) => expectError(await get(path), 404).error_description;
    expect(await message("/api/extensionEndpoints/nope/backend-global/demo")).toBe("App nope not found");
    expect(await message(`/api/extensionEndpoints/${APP}/backend-other/demo`)).toBe(
      `Handler file backend-other.js not found in app ${APP}`,
    );
    expect(await message(api("missing"))).toBe(
      `Endpoint GET missing not found in backend-global.js of app ${APP}`,
    );
    expect(await message(`/api/issues/DEMO-1/extensionEndpoints/${APP}/backend-global/demo`)).toBe(
      `Endpoint GET demo (issue scope) not found in backend-global.js of app ${APP}`,
    );
    expect(await message(`/api/extensionEndpoints/${APP}/backend/visit`)).toContain("not found");
  });
});

test("a handler that throws answers 500 with its message and no stack", async () => {
  await withBackend(async (backend) => {
    await install(backend);
    const body = expectError(
      await backend.client.request("GET", api("fail"), { headers: bearer("alice") }),
      500,
      "handler_error",
    );
    expect(body.error_description).toBe("The reminder list is empty");
  });
});

test("a file that requires a module answers that require is not available", async () => {
  await withBackend(async (backend) => {
    await install(backend, { "needs.js": `const http = require("@jetbrains/youtrack-scripting-api/http");` });
    const response = await backend.client.request("GET", `/api/extensionEndpoints/${APP}/needs/demo`, {
      headers: bearer("alice"),
    });
    expect(expectError(response, 500).error_description).toBe("require is not available");
  });
});

test("more than 64 KB of extensionProperties is refused, and nothing is stored", async () => {
  await withBackend(async (backend) => {
    const { id } = await install(backend);
    const response = await backend.client.request("POST", api("hoard"), { headers: bearer("alice") });
    expectError(response, 413, "payload_too_large");
    expect(await backend.db.appStorage.count({ where: { appId: id } })).toBe(0);
  });
});

test("a handler that runs past the limit answers 504 handler_timeout, not before the limit", async () => {
  await withBackend(async (backend) => {
    await install(backend);
    const request = endpointsClient(backend.db, slowRunner);
    const started = Date.now();
    // The handler never ends: any answer at all is the limit's.
    const response = await request("GET", api("forever"), bearer("alice"));
    expectError(response, 504, "handler_timeout");
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(expectOk(await request("GET", api("demo"), bearer("alice")))).toHaveProperty("scope", "global");
  });
});

test("a handler that exhausts its memory answers 500 handler_failed", async () => {
  await withBackend(async (backend) => {
    await install(backend);
    const request = endpointsClient(backend.db, roomyRunner);
    expectError(await request("GET", api("hog"), bearer("alice")), 500, "handler_failed");
  });
}, 30_000);

test("the seeded sample app's handlers keep notes for everyone and per issue", async () => {
  await withBackend(async (backend) => {
    const notes = "/api/extensionEndpoints/issue-companion/backend-global/notes";
    const added = await backend.client.request("POST", notes, {
      body: { text: "Check the fix on staging" },
      headers: bearer("alice"),
    });
    expect(expectOk(added)).toEqual({ notes: [{ text: "Check the fix on staging", author: "alice" }] });
    const read = await backend.client.request("GET", notes, { headers: bearer("admin") });
    expect(expectOk(read)).toEqual({ notes: [{ text: "Check the fix on staging", author: "alice" }] });
    const issue = await backend.client.request(
      "GET",
      "/api/issues/DEMO-1/extensionEndpoints/issue-companion/backend/notes",
      { headers: bearer("alice") },
    );
    expect(expectOk(issue)).toMatchObject({ issue: "2-1", issueNotes: [] });
  });
});
