// Keel in front of a backend on another origin (BACKEND_URL), as an on-prem admin runs it: the mock
// backend listens on a port of its own, and the whole sign-in, a page, a profile change and sign-out go
// over HTTP, the browser meeting the identity service at the backend's origin.
import { afterAll, beforeAll, expect, test } from "vitest";
import type { TestDatabase } from "#tests/helpers/database.ts";
import { CookieJar, hasBuild, NO_BUILD_MESSAGE, send, type Answer } from "#tests/helpers/keel-server.ts";
import { startKeelOverHttp, type KeelOverHttp } from "#tests/helpers/keel-over-http.ts";

if (!hasBuild) console.warn(`server/real-backend.test.ts: ${NO_BUILD_MESSAGE}`);

let servers: KeelOverHttp | undefined;
let database: TestDatabase;
let backendPort = 0;
let keelPort = 0;
/** The backend answers as the product does without Keel's profile extension: no `profiles.keel`. */
let withoutKeelProfile = false;

beforeAll(async () => {
  if (!hasBuild) return;
  servers = await startKeelOverHttp((req, res, next) => {
    if (withoutKeelProfile && req.path === "/api/users/me/profiles/keel") {
      res
        .status(404)
        .json({ error: "Not Found", error_description: "Entity with id me/profiles/keel not found" });
      return;
    }
    // Like the product, which skips fields it does not know, the current user comes without `keel`.
    if (withoutKeelProfile && req.path === "/api/users/me") {
      const url = new URL(req.url, "http://backend");
      const fields = url.searchParams.get("fields");
      if (fields) url.searchParams.set("fields", fields.replace(/,?keel\((?:[^()]|\([^()]*\))*\)/, ""));
      req.url = `${url.pathname}${url.search}`;
    }
    next();
  });
  ({ database, backendPort, keelPort } = servers);
});

afterAll(() => servers?.close());

/** A request to whichever server an absolute URL names, with the browser's cookies of that origin. */
async function follow(
  url: string,
  jars: Map<number, CookieJar>,
  init: { method?: string; body?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const target = new URL(url);
  const port = Number(target.port);
  const jar = jars.get(port) ?? new CookieJar();
  jars.set(port, jar);
  const answer = await send(port, `${target.pathname}${target.search}`, {
    method: init.method,
    body: init.body,
    headers: { ...init.headers, cookie: jar.header() },
  });
  jar.take(answer);
  return answer;
}

const location = (answer: Answer, base: string) => new URL(String(answer.headers.location), base).href;

/** Signs `login` in through the identity service at the backend's origin, as a browser does. */
async function signIn(jars: Map<number, CookieJar>, login: string): Promise<void> {
  const keelUrl = `http://127.0.0.1:${keelPort}`;
  const backendUrl = `http://127.0.0.1:${backendPort}`;

  // Keel sends the browser to the identity service at the backend's own origin.
  const start = await follow(`${keelUrl}/auth/login?redirect=%2Fissues`, jars);
  expect(start.status).toBe(302);
  const authorize = location(start, keelUrl);
  expect(authorize.startsWith(`${backendUrl}/hub/api/rest/oauth2/auth?`)).toBe(true);
  const form = await follow(authorize, jars);
  expect(form.status).toBe(200);
  const signedIn = await follow(authorize, jars, {
    method: "POST",
    body: new URLSearchParams({ login, password: "demo" }).toString(),
    headers: { origin: backendUrl, "content-type": "application/x-www-form-urlencoded" },
  });
  expect(signedIn.status).toBe(303);
  const back = await follow(location(signedIn, backendUrl), jars);
  expect(back.status, back.text.slice(0, 200)).toBe(302);
  expect(back.headers.location).toBe("/issues");
}

test.skipIf(!hasBuild)(
  "sign-in, a page, a profile change and sign-out work against a backend over HTTP",
  async () => {
    const jars = new Map<number, CookieJar>();
    const keelUrl = `http://127.0.0.1:${keelPort}`;
    const backendUrl = `http://127.0.0.1:${backendPort}`;
    await signIn(jars, "alice");

    // A page, rendered from the backend's answers to Keel's bearer token.
    const page = await follow(`${keelUrl}/issues`, jars);
    expect(page.status).toBe(200);
    expect(page.text).toContain('aria-label="Profile: Alice Member" data-testid="current-user"');
    // Its sign-out form redirects to the identity service: the CSP's form-action allows that origin.
    expect(String(page.headers["content-security-policy"])).toContain(`form-action 'self' ${backendUrl}`);
    const token = /name="csrf" value="([^"]+)"/.exec(page.text)?.[1] ?? "";

    // A profile change through a form, as a browser without scripts posts it.
    const change = await follow(`${keelUrl}/settings/appearance`, jars, {
      method: "POST",
      body: new URLSearchParams({ csrf: token, uiTheme: "darcula", back: "/issues" }).toString(),
      headers: { origin: keelUrl, "content-type": "application/x-www-form-urlencoded" },
    });
    expect(change.status, change.text.slice(0, 200)).toBe(302);
    const alice = await database.db.user.findUniqueOrThrow({ where: { login: "alice" } });
    expect(alice.uiTheme).toBe("darcula");

    // Sign-out: Keel's session, then the identity service's, then back to Keel.
    const signOut = await follow(`${keelUrl}/logout`, jars, {
      method: "POST",
      body: new URLSearchParams({ csrf: token }).toString(),
      headers: { origin: keelUrl, "content-type": "application/x-www-form-urlencoded" },
    });
    expect(signOut.status).toBe(302);
    const logout = location(signOut, keelUrl);
    expect(logout.startsWith(`${backendUrl}/hub/api/rest/oauth2/logout?`)).toBe(true);
    const hubLogout = await follow(logout, jars);
    expect(hubLogout.status).toBe(302);
    const returned = await follow(location(hubLogout, backendUrl), jars);
    expect(returned.headers.location).toBe("/login?loggedOut=1");
    const after = await follow(`${keelUrl}/issues`, jars);
    expect(after.text).not.toContain('data-testid="current-user"');
    expect(after.text).toContain("nav-login");
    // The identity service forgot its own session too: signing in again shows its form.
    const again = await follow(`${keelUrl}/auth/login`, jars);
    expect((await follow(location(again, keelUrl), jars)).status).toBe(200);
  },
);

test.skipIf(!hasBuild)(
  "Keel's own preferences go to the backend's profile, or to a cookie when the backend has no such profile",
  async () => {
    const jars = new Map<number, CookieJar>();
    const keelUrl = `http://127.0.0.1:${keelPort}`;
    await signIn(jars, "admin");
    const contrastOf = (html: string) => /data-contrast="(\w+)"/.exec(html)?.[1];
    const choose = async (contrast: string) => {
      const page = await follow(`${keelUrl}/issues`, jars);
      const token = /name="csrf" value="([^"]+)"/.exec(page.text)?.[1] ?? "";
      return follow(`${keelUrl}/settings/appearance`, jars, {
        method: "POST",
        body: new URLSearchParams({ csrf: token, contrast, redirectTo: "/issues" }).toString(),
        headers: { origin: keelUrl, "content-type": "application/x-www-form-urlencoded" },
      });
    };
    const adminsRow = () => database.db.user.findUniqueOrThrow({ where: { login: "admin" } });

    try {
      withoutKeelProfile = true;
      const kept = await choose("more");
      expect(kept.status, kept.text.slice(0, 200)).toBe(302);
      expect(String(kept.headers["set-cookie"])).toContain("keel_guest_appearance=");
      expect((await adminsRow()).contrast).toBe("system");
      const page = await follow(`${keelUrl}/issues`, jars);
      expect(contrastOf(page.text)).toBe("more");
      // Always on: the stylesheet has no media condition.
      expect(page.text).toMatch(/<link rel="stylesheet" href="[^"]*high-contrast[^"]*"\/>/);
    } finally {
      withoutKeelProfile = false;
    }

    // With the extension, the profile is what counts and follows the user to every browser.
    expect(contrastOf((await follow(`${keelUrl}/issues`, jars)).text)).toBe("system");
    const saved = await choose("standard");
    expect(saved.status).toBe(302);
    expect(saved.headers["set-cookie"]).toBeUndefined();
    expect((await adminsRow()).contrast).toBe("standard");
    const page = await follow(`${keelUrl}/issues`, jars);
    expect(contrastOf(page.text)).toBe("standard");
    expect(page.text).not.toContain("high-contrast");
  },
);

test.skipIf(!hasBuild)(
  "the navigation's shape goes to the backend's profile, or to a cookie when the backend has no such profile",
  async () => {
    const jars = new Map<number, CookieJar>();
    const keelUrl = `http://127.0.0.1:${keelPort}`;
    await signIn(jars, "admin");
    const home = (await follow(`${keelUrl}/`, jars)).headers.location;
    const shape = async (fields: Record<string, string>) => {
      const page = await follow(`${keelUrl}/settings/navigation`, jars);
      expect(page.status).toBe(200);
      const token = /name="csrf" value="([^"]+)"/.exec(page.text)?.[1] ?? "";
      return follow(`${keelUrl}/settings/navigation`, jars, {
        method: "POST",
        body: new URLSearchParams({ csrf: token, ...fields }).toString(),
        headers: { origin: keelUrl, "content-type": "application/x-www-form-urlencoded" },
      });
    };
    const adminsRow = () => database.db.user.findUniqueOrThrow({ where: { login: "admin" } });
    /** The bar's item ids in the order the page shows them. */
    const barOf = (html: string) => [...html.matchAll(/data-nav-item="([^"]+)"/g)].map((m) => m[1]);

    try {
      withoutKeelProfile = true;
      const kept = await shape({ intent: "hide", id: "agiles" });
      expect(kept.status, kept.text.slice(0, 200)).toBe(302);
      expect(kept.headers.location).toBe("/settings/navigation");
      expect(String(kept.headers["set-cookie"])).toContain("keel_guest_appearance=");
      expect((await adminsRow()).navigationShape).toBe("");
      const landed = await shape({ intent: "landing", landing: "articles" });
      expect(landed.status).toBe(302);
      const page = await follow(`${keelUrl}/issues`, jars);
      expect(barOf(page.text)).not.toContain("agiles");
      expect(barOf(page.text)).toContain("issues");
      expect((await follow(`${keelUrl}/`, jars)).headers.location).toBe("/articles");
    } finally {
      withoutKeelProfile = false;
    }

    // With the extension, the profile is what counts: the cookie's shape is not read.
    expect(barOf((await follow(`${keelUrl}/issues`, jars)).text)).toContain("agiles");
    const saved = await shape({ intent: "pin", id: "articles" });
    expect(saved.status).toBe(302);
    expect(saved.headers["set-cookie"]).toBeUndefined();
    expect(JSON.parse((await adminsRow()).navigationShape)).toMatchObject({
      pinned: ["articles"],
      hidden: [],
    });
    expect(barOf((await follow(`${keelUrl}/issues`, jars)).text)[0]).toBe("articles");
    expect((await follow(`${keelUrl}/`, jars)).headers.location).toBe(home);
  },
);
