// Every state-changing request Keel answers needs proof that it comes from Keel's own page:
// - React Router actions (every route module of app/routes.ts that exports `action`, found here from the
//   route config, so an action added later is covered without touching this file) refuse a request
//   without the CSRF token bound to this browser's keel_csrf cookie, in a form field or X-CSRF-Token;
// - the backend's writes under /api and /hub (every POST, PUT, DELETE and catch-all route of the mock,
//   read from its Express router) refuse callers without a token and a same-origin Origin; a signed-in
//   browser's request through Keel carries its session's token only with that proof.
// The actions run in the real server (createServerApp over the production build, read-only; those tests
// skip, saying so, without a build), and the check itself also runs from the source.
import { randomBytes } from "node:crypto";
import path from "node:path";
import { Writable } from "node:stream";
import { afterAll, beforeAll, expect, test } from "vitest";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routeConfig from "#app/routes.ts";
import { CSRF_COOKIE } from "#app/lib/constants.ts";
import { SESSION_COOKIE } from "#contract/constants.ts";
import { createMockBackend, createMockBackendApp } from "#mock-backend/app.ts";
import errorsEn from "../../locales/en/errors.json";
import { demoToken } from "#prisma/factories.ts";
import { createSealer } from "#server/session.ts";
import { freshDatabase, type TestDatabase } from "../helpers/database.ts";
import {
  CookieJar,
  cookiePair,
  findCookie,
  hasBuild,
  loadBuild,
  NO_BUILD_MESSAGE,
  send,
  signInThroughIdentity,
  startKeel,
  type Answer,
  type KeelServer,
} from "../helpers/keel-server.ts";
import { TEST_SECRET } from "../helpers/mock-client.ts";
import { callRoute, type RouteArgs } from "../helpers/route.ts";
import { useBackend, writableState } from "../helpers/backend.ts";
import { middleware as rootMiddleware } from "#app/root.tsx";
import { MULTIPART_TOKEN_WINDOW } from "#app/lib/csrf.server.ts";
import { csrfMiddleware } from "#app/middleware/csrf.server.ts";
import { createServerApp } from "#server/app.ts";
import { createLogger } from "#server/logger.ts";

const CSRF_REFUSED = errorsEn.csrfRefused;
const FORM = "application/x-www-form-urlencoded";
/** Route parameters that name something the seed has; any other parameter gets "x". */
const PARAM_SAMPLES: Record<string, string> = { issueId: "DEMO-1", articleId: "DEMO-A-1", projectId: "DEMO" };

if (!hasBuild) console.warn(`tests/security/csrf.test.ts: the action tests ${NO_BUILD_MESSAGE}`);

// ---------- the actions, from the route config ----------

interface ActionRoute {
  id: string;
  file: string;
  /** The document URL a form posts to. */
  url: string;
  /** The URL the browser's script posts to (single fetch). */
  dataUrl: string;
}

const routeIdOf = (entry: RouteConfigEntry) => entry.id ?? entry.file.replace(/\.[^/.]+$/, "");

function concretePath(pattern: string): string {
  return pattern
    .split("/")
    .filter((segment) => segment !== "" && !/^:[^/]+\?$/.test(segment))
    .map((segment) =>
      segment === "*" ? "x" : segment.startsWith(":") ? (PARAM_SAMPLES[segment.slice(1)] ?? "x") : segment,
    )
    .join("/");
}

/** Every route with a URL, with its full path pattern. */
function flatten(entries: readonly RouteConfigEntry[], parent = ""): (RouteConfigEntry & { full: string })[] {
  return entries.flatMap((entry) => {
    const full = [parent, entry.path ?? ""].filter(Boolean).join("/");
    const own = entry.path !== undefined || entry.index ? [{ ...entry, full }] : [];
    return [...own, ...flatten(entry.children ?? [], full)];
  });
}

const toRouteObjects = (entries: readonly RouteConfigEntry[]): RouteObject[] =>
  entries.map((entry) =>
    entry.index
      ? { id: routeIdOf(entry), index: true }
      : { id: routeIdOf(entry), path: entry.path, children: toRouteObjects(entry.children ?? []) },
  );

const ROUTES = flatten(routeConfig);
const modules = new Map<string, Record<string, unknown>>();
for (const file of new Set(ROUTES.map((r) => r.file))) {
  modules.set(file, (await import(path.resolve("app", file))) as Record<string, unknown>);
}
const ACTION_ROUTES: ActionRoute[] = ROUTES.filter(
  (r) => typeof modules.get(r.file)?.action === "function",
).map((r) => {
  const pathname = `/${concretePath(r.full)}`;
  const search = r.index ? "?index" : "";
  return {
    id: routeIdOf(r),
    file: r.file,
    url: `${pathname}${search}`,
    dataUrl: `${pathname === "/" ? "/_root" : pathname}.data${search}`,
  };
});

// ---------- the server and its browsers ----------

let database: TestDatabase;
let keel: KeelServer;
let build: ServerBuild | undefined;

beforeAll(async () => {
  database = freshDatabase();
  if (hasBuild) build = await loadBuild();
  keel = await startKeel(database.db, { withBuild: hasBuild });
});
afterAll(async () => {
  await keel?.close();
  await database?.close();
});

interface Browser {
  /** keel_csrf=… */
  csrfCookie: string;
  /** The token the page gave this browser. */
  token: string;
  /** keel_session=…, once signed in. */
  session?: string;
}

const cookieHeader = (...pairs: (string | undefined)[]) => pairs.filter(Boolean).join("; ");

/** A browser that has opened Keel's sign-in page: its CSRF cookie and the token in the page. */
async function openBrowser(): Promise<Browser> {
  const page = await keel.send("/login");
  expect(page.status).toBe(200);
  const set = findCookie(page, CSRF_COOKIE);
  const token = /name="csrf" value="([^"]+)"/.exec(page.text)?.[1];
  if (!set || !token) throw new Error("the sign-in page gave no CSRF cookie or token");
  return { csrfCookie: cookiePair(set), token };
}

/**
 * A browser signed in as `login` through the identity service, holding the CSRF token of a page it opened
 * signed in: tokens are bound to the session.
 */
async function signedIn(login = "admin"): Promise<Browser> {
  const browser = await openBrowser();
  const jar = new CookieJar();
  jar.cookies.set(CSRF_COOKIE, browser.csrfCookie.slice(CSRF_COOKIE.length + 1));
  const { landed } = await signInThroughIdentity(keel, login, { jar });
  expect(landed, `signing in as ${login}`).toBe("/");
  const session = jar.cookies.get(SESSION_COOKIE);
  if (!session) throw new Error(`signing in as ${login} set no session cookie`);
  const page = await keel.send("/issues", { headers: { cookie: jar.header() } });
  const token = /name="csrf" value="([^"]+)"/.exec(page.text)?.[1];
  if (!token) throw new Error("the signed-in page gave no CSRF token");
  return { ...browser, token, session: `${SESSION_COOKIE}=${session}` };
}

interface Attempt {
  method?: string;
  cookie: string;
  /** A token sent in the form body. */
  field?: string;
  /** A token sent in X-CSRF-Token. */
  header?: string;
}

function attempt(url: string, { method = "POST", cookie, field, header }: Attempt): Promise<Answer> {
  const body = new URLSearchParams({ probe: "1" });
  if (field !== undefined) body.set("csrf", field);
  const headers: Record<string, string> = { "content-type": FORM, origin: keel.url };
  if (cookie) headers.cookie = cookie;
  if (header !== undefined) headers["x-csrf-token"] = header;
  return keel.send(url, { method, headers, body: body.toString() });
}

const isCsrfRefusal = (answer: Answer) => answer.status === 403 && answer.text.includes(CSRF_REFUSED);

function expectRefused(answer: Answer, what: string) {
  expect(isCsrfRefusal(answer), `${what}: ${answer.status} ${answer.text.slice(0, 200)}`).toBe(true);
}

/** A token of the right length and alphabet that no cookie was ever bound to. */
const forgedToken = () => randomBytes(32).toString("base64url");

// ---------- the enumeration itself ----------

test("the route config yields the actions, the sign-in and sign-out forms and the error reports among them", () => {
  const ids = ACTION_ROUTES.map((r) => r.id);
  expect(ids).toEqual(
    expect.arrayContaining(["routes/auth/login", "routes/auth/logout", "routes/resources/error-reports"]),
  );
  // Today's count; more is fine (they are all tested), fewer means the discovery broke.
  expect(ACTION_ROUTES.length).toBeGreaterThanOrEqual(15);
});

test("each action URL reaches that route and no other", () => {
  const tree = toRouteObjects(routeConfig);
  for (const route of ACTION_ROUTES) {
    const matches = matchRoutes(tree, route.url.split("?")[0] ?? "/") ?? [];
    expect(matches.at(-1)?.route.id, route.url).toBe(route.id);
  }
});

test.skipIf(!hasBuild)("the build has the same actions as the source (else run npm run build)", () => {
  const inBuild = Object.values(build?.routes ?? {})
    .filter((r) => typeof (r?.module as { action?: unknown } | undefined)?.action === "function")
    .map((r) => r?.id)
    .filter((id) => id !== "root")
    .sort();
  expect(inBuild).toEqual(ACTION_ROUTES.map((r) => r.id).sort());
});

// ---------- every action ----------

for (const route of ACTION_ROUTES) {
  test.skipIf(!hasBuild)(
    `${route.url} (${route.id}) refuses a post without a valid token, and takes one with it`,
    async () => {
      const mine = await signedIn();
      const other = await openBrowser();
      const cookie = cookieHeader(mine.csrfCookie, mine.session);
      const before = await writableState(database.db);

      for (const url of [route.url, route.dataUrl]) {
        expectRefused(await attempt(url, { cookie }), `${url} without a token`);
        expectRefused(await attempt(url, { cookie, field: "" }), `${url} with an empty token`);
        expectRefused(await attempt(url, { cookie, field: forgedToken() }), `${url} with a forged token`);
        expectRefused(await attempt(url, { cookie, header: forgedToken() }), `${url} with a forged header`);
        expectRefused(
          await attempt(url, { cookie, field: other.token }),
          `${url} with another browser's token`,
        );
        expectRefused(
          await attempt(url, { cookie, header: other.token }),
          `${url} with another browser's token in the header`,
        );
        expectRefused(
          await attempt(url, { cookie: cookieHeader(mine.session), field: mine.token }),
          `${url} with a token but without the cookie it is bound to`,
        );
      }
      for (const method of ["PUT", "PATCH", "DELETE"]) {
        expectRefused(await attempt(route.url, { method, cookie }), `${method} ${route.url} without a token`);
      }
      expect(await writableState(database.db)).toEqual(before);

      // The control: the same post with this browser's token is not refused, so the refusals above
      // came from the token check and the URL reaches an action (not 405).
      for (const [url, token] of [
        [route.url, { field: mine.token }],
        [route.dataUrl, { header: mine.token }],
      ] as const) {
        const accepted = await attempt(url, { cookie, ...token });
        expect(isCsrfRefusal(accepted), `${url} with a valid token: ${accepted.text.slice(0, 200)}`).toBe(
          false,
        );
        expect(accepted.status, `${url}: ${accepted.text.slice(0, 200)}`).not.toBe(405);
        expect(accepted.status, `${url}: ${accepted.text.slice(0, 200)}`).toBeLessThan(500);
      }
    },
  );
}

test.skipIf(!hasBuild)("the error reporter's JSON post needs the token in X-CSRF-Token", async () => {
  const mine = await openBrowser();
  const other = await openBrowser();
  const report = JSON.stringify({
    kind: "other",
    sampleRate: 1,
    name: "Error",
    message: "boom",
    path: "/issues",
  });
  const post = (headers: Record<string, string>) =>
    keel.send("/resources/error-reports", {
      method: "POST",
      headers: { "content-type": "application/json", origin: keel.url, cookie: mine.csrfCookie, ...headers },
      body: report,
    });
  expectRefused(await post({}), "no token");
  expectRefused(await post({ "x-csrf-token": forgedToken() }), "a forged token");
  expectRefused(await post({ "x-csrf-token": other.token }), "another browser's token");
  const accepted = await post({ "x-csrf-token": mine.token });
  expect(accepted.status).toBe(202);
});

test.skipIf(!hasBuild)("a token is bound to the session as well as the browser", async () => {
  const alice = await signedIn("alice");
  const rachel = await signedIn("rachel");
  const url = "/settings/language";
  const aliceCookies = cookieHeader(alice.csrfCookie, alice.session);
  expectRefused(
    await attempt(url, { cookie: aliceCookies, field: rachel.token }),
    "another session's token with this browser's cookies",
  );
  const guest = await openBrowser();
  const jar = new CookieJar();
  jar.cookies.set(CSRF_COOKIE, guest.csrfCookie.slice(CSRF_COOKIE.length + 1));
  await signInThroughIdentity(keel, "admin", { jar });
  expectRefused(
    await attempt(url, { cookie: jar.header(), field: guest.token }),
    "the token of the page from before signing in",
  );
  const accepted = await attempt(url, { cookie: aliceCookies, field: alice.token });
  expect(isCsrfRefusal(accepted)).toBe(false);
});

/** Every row of every table, less the one write a GET makes on purpose: opening the notification
 * centre without scripts marks its folder seen (its route middleware), as viewing a page is seeing it. */
async function stateWithoutSeenMarks(): Promise<Record<string, unknown[]>> {
  const tables = await database.db.$queryRawUnsafe<{ name: string }[]>(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_prisma%' ESCAPE '\\' ORDER BY name",
  );
  const state: Record<string, unknown[]> = {};
  for (const { name } of tables) {
    // A seen mark signals the user's other event streams: its event goes with it.
    if (name === "InboxEvent") continue;
    const rows = await database.db.$queryRawUnsafe<Record<string, unknown>[]>(
      `SELECT * FROM "${name}" ORDER BY 1, 2`,
    );
    state[name] =
      name === "InboxFolder"
        ? rows.map(({ lastSeen: _seen, ...row }) => row)
        : name === "sqlite_sequence"
          ? rows.filter((row) => row.name !== "InboxEvent")
          : rows;
  }
  return state;
}

test.skipIf(!hasBuild)(
  "no page (one per route module) or action URL writes anything on a GET, and none needs a token",
  { timeout: 60_000 },
  async () => {
    const mine = await signedIn();
    const before = await stateWithoutSeenMarks();
    expect(Object.keys(before).length).toBeGreaterThan(10);
    // One page per route module (routes that share a module share its loader and middleware).
    const byModule = new Map(
      ROUTES.map((r) => [r.file, `/${concretePath(r.full)}${r.index ? "?index" : ""}`]),
    );
    const pages = [...byModule.values()];
    expect(pages.length).toBeGreaterThan(20);
    for (const url of new Set([...pages, ...ACTION_ROUTES.flatMap((r) => [r.url, r.dataUrl])])) {
      const answer = await keel.send(url, {
        headers: { cookie: cookieHeader(mine.csrfCookie, mine.session) },
      });
      expect(isCsrfRefusal(answer), url).toBe(false);
      expect(answer.status, url).toBeLessThan(500);
    }
    const after = await stateWithoutSeenMarks();
    for (const table of Object.keys(before)) expect(after[table], table).toEqual(before[table]);
  },
);

// ---------- the check itself, in the source (no build needed) ----------

const sourceBackend = useBackend();

test("the root runs the CSRF check for every route, after the language and before any action", () => {
  expect(rootMiddleware).toContain(csrfMiddleware);
  expect(rootMiddleware.at(-1)).toBe(csrfMiddleware);
});

/** Runs the root's CSRF middleware for admin's /settings/tips request; `ran` says whether it let it through. */
async function throughCsrfMiddleware(init: RequestInit) {
  let ran = false;
  const outcome = await callRoute(
    sourceBackend,
    "admin",
    "/settings/tips",
    (args: RouteArgs) =>
      csrfMiddleware(args as unknown as Parameters<typeof csrfMiddleware>[0], async () => {
        ran = true;
        return new Response("ran");
      }),
    init,
  );
  return { outcome, ran };
}

test("in the source, every unsafe method without the token is refused before the action runs", async () => {
  const bodies: [string, string][] = [
    [FORM, "showTips=false"],
    [FORM, "csrf=wrong&showTips=false"],
    [FORM, "csrf=&csrf=test-csrf"],
    ["multipart/form-data", '--x\r\nContent-Disposition: form-data; name="csrf"\r\n\r\ntest-csrf'],
    ["multipart/form-data; boundary=x", "not multipart at all"],
    ["application/json", JSON.stringify({ csrf: "test-csrf" })],
    ["text/plain", "csrf=test-csrf"],
    ["", "csrf=test-csrf"],
  ];
  for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
    for (const [type, body] of bodies) {
      const { outcome, ran } = await throughCsrfMiddleware({
        method,
        body,
        headers: type ? { "content-type": type } : {},
      });
      expect(outcome, `${method} ${type} ${body}`).toEqual({ status: 403, data: { message: CSRF_REFUSED } });
      expect(ran).toBe(false);
    }
  }
});

test("in the source, the token in the form or the header lets the request through", async () => {
  const inits: RequestInit[] = [
    { method: "POST", body: "csrf=test-csrf", headers: { "content-type": FORM } },
    {
      method: "DELETE",
      body: "{}",
      headers: { "content-type": "application/json", "x-csrf-token": "test-csrf" },
    },
    { method: "GET" },
    { method: "HEAD" },
  ];
  for (const init of inits) {
    const { ran } = await throughCsrfMiddleware(init);
    expect(ran, init.method).toBe(true);
  }
});

/** A multipart upload as a browser sends it: the token first, then the file, `fileBytes` long. */
function multipartUpload(fields: [string, string][], fileBytes: number) {
  const boundary = "----keel-test-boundary";
  const encoder = new TextEncoder();
  const head = encoder.encode(
    fields
      .map(
        ([name, value]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      )
      .join("") +
      `--${boundary}\r\nContent-Disposition: form-data; name="package"; filename="app.zip"\r\n` +
      "Content-Type: application/zip\r\n\r\n",
  );
  const tail = encoder.encode(`\r\n--${boundary}--\r\n`);
  const state = { pulled: 0 };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (state.pulled === 0) {
        state.pulled += head.length;
        controller.enqueue(head);
      } else if (state.pulled < head.length + fileBytes) {
        const chunk = new Uint8Array(Math.min(64 * 1024, head.length + fileBytes - state.pulled));
        state.pulled += chunk.length;
        controller.enqueue(chunk);
      } else {
        controller.enqueue(tail);
        controller.close();
      }
    },
  });
  const init = {
    method: "POST",
    body,
    duplex: "half",
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  } as RequestInit;
  return { init, state };
}

test("in the source, a multipart upload's token is found in its first bytes, and the file is never read", async () => {
  const upload = multipartUpload(
    [
      ["csrf", "test-csrf"],
      ["intent", "install"],
    ],
    64 * 1024 * 1024,
  );
  const { ran } = await throughCsrfMiddleware(upload.init);
  expect(ran).toBe(true);
  expect(upload.state.pulled).toBeLessThan(MULTIPART_TOKEN_WINDOW + 256 * 1024);
});

test("in the source, a multipart token behind a large field, or a wrong one, is refused", async () => {
  for (const fields of [
    [
      ["intent", "x".repeat(MULTIPART_TOKEN_WINDOW)],
      ["csrf", "test-csrf"],
    ],
    [["csrf", "wrong"]],
    [["csrf-not", "test-csrf"]],
  ] as [string, string][][]) {
    const { outcome, ran } = await throughCsrfMiddleware(multipartUpload(fields, 1024).init);
    expect(outcome).toEqual({ status: 403, data: { message: CSRF_REFUSED } });
    expect(ran).toBe(false);
  }
});

// ---------- the backend's writes ----------

interface Layer {
  rawPath?: unknown;
  route?: { path: unknown; methods: Record<string, boolean> };
  handle: { stack?: Layer[] };
}

/** Every write route of the mock backend, read from its Express router. */
function backendWrites(): { method: string; path: string }[] {
  const router = createMockBackend({ db: database.db, secret: TEST_SECRET }) as unknown as {
    stack: Layer[];
  };
  const writes: { method: string; path: string }[] = [];
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        const pattern = `${prefix}${String(layer.route.path)}`;
        const concrete = pattern.replace(/[:*][A-Za-z0-9_]+/g, "x");
        for (const method of Object.keys(layer.route.methods)) {
          if (method === "_all") writes.push({ method: "POST", path: concrete });
          else if (!["get", "head", "options"].includes(method))
            writes.push({ method: method.toUpperCase(), path: concrete });
        }
      } else if (layer.handle.stack) {
        const mount = typeof layer.rawPath === "string" && layer.rawPath !== "/" ? layer.rawPath : "";
        walk(layer.handle.stack, `${prefix}${mount}`);
      }
    }
  };
  walk(router.stack, "");
  // The identity service's token endpoint takes no cookie: clients authenticate with their own secret
  // (mock-backend/identity/routes.test.ts).
  return writes.filter((w) => w.path !== "/hub/api/rest/oauth2/token");
}

/**
 * The identity service's own pages sign in with a password and keep their own session: a bearer token
 * proves nothing there.
 */
const SIGN_IN_FORMS = new Set(["/hub/api/rest/oauth2/auth", "/hub/account/security"]);

const CROSS_SITE = /Cross-site request refused/;

function expectCrossSiteRefusal(answer: Answer, what: string) {
  expect(answer.status, `${what}: ${answer.text.slice(0, 200)}`).toBe(403);
  expect(JSON.parse(answer.text) as { error_description?: string }).toMatchObject({
    error: "forbidden",
    error_description: expect.stringMatching(CROSS_SITE),
  });
}

test("the backend's write routes are found: the identity service's sign-in, profile, inbox, apps and hub consent", () => {
  const paths = backendWrites().map((w) => `${w.method} ${w.path}`);
  expect(paths).toEqual(
    expect.arrayContaining([
      "POST /hub/api/rest/oauth2/auth",
      "POST /api/users/me/profiles/general",
      "POST /api/inbox/markAll",
      "PUT /api/users/me/dashboard",
      "DELETE /api/apps/x/storage/x",
      "POST /hub/api/rest/users/endUserAgreementConsent",
    ]),
  );
  expect(paths.length).toBeGreaterThanOrEqual(30);
});

test("every backend write refuses a signed-in browser's cross-site or origin-less request", async () => {
  const session = await backendSession();
  const before = await writableState(database.db);
  for (const { method, path: target } of backendWrites()) {
    const what = `${method} ${target}`;
    const body = "{}";
    const json = { "content-type": "application/json", cookie: session };
    expectCrossSiteRefusal(
      await keel.send(target, { method, body, headers: { ...json, origin: "https://evil.example" } }),
      `${what} from another site`,
    );
    expectCrossSiteRefusal(
      await keel.send(target, {
        method,
        body,
        headers: { ...json, origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      }),
      `${what} from another site, as the browser says`,
    );
    expectCrossSiteRefusal(
      await keel.send(target, {
        method,
        body,
        headers: { ...json, origin: `http://127.0.0.1:${keel.port + 1}` },
      }),
      `${what} from another port`,
    );
    expectCrossSiteRefusal(
      await keel.send(target, { method, body, headers: { ...json, origin: "null" } }),
      `${what} from an opaque origin (a sandboxed frame)`,
    );
    expectCrossSiteRefusal(
      await keel.send(target, { method, body, headers: json }),
      `${what} without Origin`,
    );
    expectCrossSiteRefusal(
      await keel.send(target, { method, body, headers: { "content-type": "application/json" } }),
      `${what} as the guest without Origin`,
    );
    // A form a foreign page submits: no JSON, the browser's own content type.
    expectCrossSiteRefusal(
      await keel.send(target, {
        method,
        body: "a=1",
        headers: { "content-type": "text/plain", cookie: session, origin: "https://evil.example" },
      }),
      `${what} as a text/plain form from another site`,
    );
  }
  expect(await writableState(database.db)).toEqual(before);
});

test("the control: same-origin and bearer writes pass the origin check", async () => {
  const session = await backendSession();
  for (const { method, path: target } of backendWrites()) {
    const proofs: Record<string, string>[] = [
      { cookie: session, origin: keel.url },
      { cookie: session, "sec-fetch-site": "same-origin" },
      { authorization: `Bearer ${demoToken("admin")}` },
    ];
    for (const headers of proofs) {
      if (SIGN_IN_FORMS.has(target) && headers.authorization) continue;
      const answer = await keel.send(target, {
        method,
        body: "{}",
        headers: { "content-type": "application/json", ...headers },
      });
      const refused = answer.status === 403 && CROSS_SITE.test(answer.text);
      expect(refused, `${method} ${target} with ${Object.keys(headers).join("+")}`).toBe(false);
    }
  }
});

test("behind the BACKEND_URL proxy, cross-site writes are still refused and same-origin ones pass", async () => {
  const backendApp = createMockBackendApp({ db: database.db, secret: TEST_SECRET });
  const backend = backendApp.listen(0, "127.0.0.1");
  await new Promise((resolve) => backend.once("listening", resolve));
  const backendUrl = `http://127.0.0.1:${(backend.address() as { port: number }).port}`;
  const proxied = await createServerApp({
    env: {
      NODE_ENV: "production",
      SESSION_SECRET: TEST_SECRET,
      TRUST_PROXY: "loopback",
      BACKEND_URL: backendUrl,
    },
    logger: createLogger("info", new Writable({ write: (_c, _e, callback) => callback() })),
    build: async () => {
      throw new Error("not used");
    },
  });
  const front = proxied.app.listen(0, "127.0.0.1");
  await new Promise((resolve) => front.once("listening", resolve));
  const port = (front.address() as { port: number }).port;
  try {
    // Keel's own session for admin, sealed as Keel seals it: the proxy passes its token on only with
    // same-origin proof, and the backend refuses a cross-site write without one.
    const sealed = createSealer(TEST_SECRET, "session v1").seal({
      v: 1,
      kind: "token",
      userId: "1-1",
      login: "admin",
      accessToken: demoToken("admin"),
      refreshToken: null,
      expiresAt: null,
      sid: "test-session",
      issuedAt: Date.now(),
    });
    const session = `${SESSION_COOKIE}=${sealed}`;
    const write = (origin?: string) =>
      send(port, "/api/users/me/profiles/tips", {
        method: "POST",
        body: JSON.stringify({ showTips: false }),
        headers: { "content-type": "application/json", cookie: session, ...(origin ? { origin } : {}) },
      });
    expectCrossSiteRefusal(await write("https://evil.example"), "through the proxy from another site");
    expectCrossSiteRefusal(await write(), "through the proxy without Origin");
    expect((await write(`http://127.0.0.1:${port}`)).status).toBe(200);
  } finally {
    front.closeAllConnections();
    backend.closeAllConnections();
    await new Promise((resolve) => front.close(resolve));
    await new Promise((resolve) => backend.close(resolve));
  }
});

/** Keel's session cookie of admin, signed in through the identity service as a browser is. */
async function backendSession(): Promise<string> {
  const { jar } = await signInThroughIdentity(keel, "admin");
  const session = jar.cookies.get(SESSION_COOKIE);
  if (!session) throw new Error("signing in as admin set no session cookie");
  return `${SESSION_COOKIE}=${session}`;
}
