import type { APIRequestContext, APIResponse } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import {
  csrfFieldValue,
  CSRF_COOKIE,
  getCookie,
  SESSION_COOKIE,
  signIn,
  signInQuickly,
  tokenOf,
  userOf,
} from "./helpers.ts";

/** The Content-Security-Policy as directive → sources. */
function parseCsp(header: string | undefined): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of (header ?? "").split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

function nonceOf(response: APIResponse): string {
  const scriptSrc = parseCsp(response.headers()["content-security-policy"]).get("script-src") ?? [];
  const nonces = scriptSrc.filter((source) => source.startsWith("'nonce-"));
  expect(nonces).toHaveLength(1);
  return nonces[0]!.slice("'nonce-".length, -1);
}

function expectSecurityHeaders(response: APIResponse): void {
  const headers = response.headers();
  const csp = parseCsp(headers["content-security-policy"]);
  const scriptSrc = csp.get("script-src");
  expect(scriptSrc, "script-src").toBeDefined();
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  expect(scriptSrc!.some((source) => /^'nonce-[A-Za-z0-9+/=_-]{16,}'$/.test(source))).toBe(true);
  expect(csp.get("object-src")).toEqual(["'none'"]);
  expect(csp.get("base-uri")).toEqual(["'none'"]);
  expect(csp.get("frame-ancestors")).toEqual(["'self'"]);
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBeTruthy();
  expect(headers["permissions-policy"]).toBeTruthy();
  expect(headers["x-request-id"]).toBeTruthy();
}

/** The CSRF token the login page hands this request context (and so its keel_csrf cookie). */
async function csrfToken(request: APIRequestContext): Promise<string> {
  const page = await request.get("/login");
  expect(page.status()).toBe(200);
  const token = csrfFieldValue(await page.text());
  expect(token, "csrf field on /login").toBeTruthy();
  return token!;
}

test.describe("security headers", () => {
  test("on the HTML page, the API, a static asset and the 404 page", async ({ request }) => {
    const home = await request.get("/");
    expect(home.status()).toBe(200);
    expect(home.headers()["content-type"]).toContain("text/html");
    expectSecurityHeaders(home);

    const config = await request.get("/api/config?fields=version");
    expect(config.status()).toBe(200);
    expect(config.headers()["content-type"]).toContain("application/json");
    expectSecurityHeaders(config);

    // A script the page's module script imports.
    const asset = /\bimport[ (]*"(\/assets\/[^"]+\.js)"/.exec(await home.text())?.[1];
    expect(asset, "a script asset in the page").toBeTruthy();
    const script = await request.get(asset!);
    expect(script.status()).toBe(200);
    expectSecurityHeaders(script);

    const missing = await request.get("/no-such-page");
    expect(missing.status()).toBe(404);
    expect(await missing.text()).toContain("Page not found");
    expectSecurityHeaders(missing);
  });

  test("the CSP nonce is fresh per response and carried by the page's scripts", async ({ request }) => {
    const first = await request.get("/");
    const second = await request.get("/");
    const nonce = nonceOf(first);
    expect(nonceOf(second)).not.toBe(nonce);

    // Browsers hide nonce attributes from the DOM, so compare the raw HTML.
    const scripts = (await first.text()).match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  });

  test("/healthz and /readyz answer", async ({ request }) => {
    const health = await request.get("/healthz");
    expect(health.status()).toBe(200);
    expect(await health.json()).toEqual({ status: "ok" });
    const ready = await request.get("/readyz");
    expect(ready.status()).toBe(200);
    expect(await ready.json()).toMatchObject({ status: "ready" });
  });
});

// Keel's only form of its own on /login is the permanent-token sign-in; it is a write like any other.
test.describe("CSRF", () => {
  test("a POST to /login without the csrf field is refused with 403", async ({ request }) => {
    const token = await tokenOf("alice");
    await csrfToken(request); // sets the keel_csrf cookie in this context's jar
    const response = await request.post("/login", {
      form: { token, redirect: "/" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
    expect(response.headers()["set-cookie"] ?? "").not.toContain(SESSION_COOKIE);
    const wrong = await request.post("/login", {
      form: { csrf: "not-the-token", token, redirect: "/" },
      maxRedirects: 0,
    });
    expect(wrong.status()).toBe(403);
  });

  test("the same POST with the token signs in", async ({ request }) => {
    const token = await tokenOf("alice");
    const csrf = await csrfToken(request);
    const response = await request.post("/login", {
      form: { csrf, token, redirect: "/" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    expect(response.headers()["location"]).toBe("/");
    expect(response.headers()["set-cookie"]).toContain(`${SESSION_COOKIE}=`);
  });

  test("a POST with a forged Origin is refused", async ({ request }) => {
    const token = await tokenOf("alice");
    const csrf = await csrfToken(request);
    const response = await request.post("/login", {
      form: { csrf, token, redirect: "/" },
      headers: { origin: "http://evil.example" },
      maxRedirects: 0,
    });
    expect(response.status()).toBeGreaterThanOrEqual(400);
    expect(response.headers()["set-cookie"] ?? "").not.toContain(SESSION_COOKIE);
  });
});

test.describe("cookies and the API", () => {
  test("keel_session is HttpOnly and SameSite=Lax", async ({ page }) => {
    await signIn(page, "tom");
    const session = await getCookie(page.context(), SESSION_COOKIE);
    expect(session).toBeDefined();
    expect(session!.httpOnly).toBe(true);
    expect(session!.sameSite).toBe("Lax");
    expect(session!.path).toBe("/");
    const csrf = await getCookie(page.context(), CSRF_COOKIE);
    expect(csrf?.httpOnly).toBe(true);
    expect(csrf?.sameSite).toBe("Lax");
    // Scripts cannot read either cookie.
    expect(await page.evaluate(() => document.cookie)).not.toContain(SESSION_COOKIE);
  });

  test("a cross-site write to the API with the session cookie is refused", async ({
    page,
    request,
    baseURL,
  }) => {
    // alice, not tom: tom must set up two-factor authentication before the backend takes his writes.
    await signInQuickly(page, "alice");
    const session = (await getCookie(page.context(), SESSION_COOKIE))!.value;
    const cookie = `${SESSION_COOKIE}=${session}`;
    // Keel puts the session's bearer token only on its own pages' requests, as a browser marks them.
    const current = await request.get("/api/users/me?fields=login,profiles(appearance(showTooltips))", {
      headers: { cookie, "sec-fetch-site": "same-origin" },
    });
    expect(current.status()).toBe(200);
    const me = (await current.json()) as {
      login: string;
      profiles: { appearance: { showTooltips: boolean } };
    };
    expect(me.login).toBe((await userOf("alice")).login);
    const { showTooltips } = me.profiles.appearance;

    const forged = await request.post("/api/users/me/profiles/appearance", {
      headers: { cookie, origin: "http://evil.example" },
      data: { showTooltips },
    });
    expect(forged.status()).toBe(403);

    // The same write from our own origin passes, so the Origin is what was refused.
    const own = await request.post("/api/users/me/profiles/appearance?fields=showTooltips", {
      headers: { cookie, origin: new URL(baseURL!).origin },
      data: { showTooltips },
    });
    expect(own.status()).toBe(200);
    expect(await own.json()).toMatchObject({ showTooltips });
  });
});
