// Shared steps for the end-to-end specs: signing in through the identity service as the running test's own
// users (tests/e2e/fixtures.ts), made like the demo users.
import type { APIRequestContext, BrowserContext, Cookie, Page } from "@playwright/test";
import { currentCode } from "#mock-backend/identity/totp.ts";
import { expect, testUsers, type Persona, type TestUser } from "./fixtures.ts";

export const DEMO_PASSWORD = "demo";

export const DEMO_USERS = {
  admin: "Ada Admin",
  alice: "Alice Member",
  rachel: "Rachel Reporter",
  tom: "Tom Twofactor",
} as const;

export type DemoLogin = Persona;

/** The running test's own user like `login` (fixtures.ts), made on first use. */
export function userOf(login: DemoLogin): Promise<TestUser> {
  return testUsers().of(login);
}

/** The permanent token of the running test's user like `login`. */
export async function tokenOf(login: DemoLogin): Promise<string> {
  return (await userOf(login)).token;
}

export const SESSION_COOKIE = "keel_session";
export const CSRF_COOKIE = "keel_csrf";

/**
 * Waits until React has hydrated the page: the root marks <html data-hydrated> once hydration has
 * committed. The left bar's menus load their script after hydration; until then
 * their triggers are links to the menus' pages (a[data-menu]), so this waits for those to be gone too.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.documentElement.hasAttribute("data-hydrated") &&
      document.querySelector("a[data-menu]") === null,
  );
}

/**
 * Signs in on the identity service's own page. From Keel's /login it first follows the "Log in" link there
 * ("Try again" after a failed round trip); on the identity service's page it fills the form and submits it.
 */
export async function submitLogin(page: Page, login: string, password: string): Promise<void> {
  if (new URL(page.url()).pathname === "/login") {
    await page
      .locator("main")
      .getByRole("link", { name: /^(Log in|Try again)$/ })
      .click();
  }
  await expect(page).toHaveURL(/\/hub\/api\/rest\/oauth2\/auth/);
  await page.getByLabel("Username or email", { exact: true }).fill(login);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
}

/** Where the start page sends `user`: reporters to their tickets, the others to the dashboards. */
export function landingOf(user: TestUser): { url: string; heading: string } {
  // tom must use two-factor authentication: signing in sets it up first, then he lands as alice does.
  return user.persona === "rachel"
    ? { url: "/tickets", heading: "Tickets" }
    : { url: "/dashboard", heading: "Dashboards" };
}

/** Asserts the landing page of the test's user like `login` and the name in the navigation. */
export async function expectWelcome(page: Page, login: DemoLogin): Promise<void> {
  const landing = landingOf(await userOf(login));
  await expect(page).toHaveURL(landing.url);
  await expect(page.getByRole("heading", { level: 1, name: landing.heading })).toBeVisible();
  await expect(page.getByTestId("current-user")).toHaveText(DEMO_USERS[login]);
}

/**
 * Signs the test's user like `login` in as a person does: Keel's /login, its "Log in" link, the identity
 * service's form. Then waits for the welcome page.
 */
export async function signIn(page: Page, login: DemoLogin): Promise<void> {
  const user = await userOf(login);
  await page.goto("/login");
  await submitLogin(page, user.login, DEMO_PASSWORD);
  if (login === "tom") await completeTwoFactorSetUp(page);
  await expectWelcome(page, login);
}

/**
 * On the identity service's two-factor set-up page: types in the code of the key it shows, as an
 * authenticator app would, and goes on. Returns the key, for the codes of later sign-ins.
 */
export async function completeTwoFactorSetUp(page: Page): Promise<string> {
  await expect(
    page.getByRole("heading", { level: 1, name: "Set up two-factor authentication" }),
  ).toBeVisible();
  const secret = (await page.locator("code.key").getAttribute("data-secret")) ?? "";
  await page.getByLabel("Authentication code", { exact: true }).fill(currentCode(secret));
  await page.getByRole("button", { name: "Turn on and continue", exact: true }).click();
  return secret;
}

/** The hidden csrf field's value in a page's HTML. */
export function csrfFieldValue(html: string): string | undefined {
  const input = /<input[^>]*\bname="csrf"[^>]*>/.exec(html)?.[0] ?? "";
  return /\bvalue="([^"]+)"/.exec(input)?.[1];
}

/**
 * Signs the test's user like `login` in over HTTP with `request`: Keel's /auth/login, the identity service's form, Keel's
 * callback, which sets the session cookie in the request context's jar and answers with a redirect to
 * `path`. A page's `page.request` shares its cookies with the browser, so the page is signed in too.
 */
export async function signInOverHttp(
  request: APIRequestContext,
  login: DemoLogin,
  path = "/",
): Promise<void> {
  const start = await request.get(`/auth/login?redirect=${encodeURIComponent(path)}`, { maxRedirects: 0 });
  expect(start.status(), "Keel's /auth/login").toBe(302);
  const authorize = new URL(start.headers().location ?? "", start.url());
  expect(authorize.pathname, "Keel's /auth/login sends to the identity service").toBe(
    "/hub/api/rest/oauth2/auth",
  );
  const { login: account } = await userOf(login);
  let form = await request.post(authorize.href, {
    form: { login: account, password: DEMO_PASSWORD, intent: "sign-in" },
    headers: { origin: authorize.origin },
    maxRedirects: 0,
  });
  if (login === "tom") {
    const setUp = await form.text();
    expect(setUp, "the identity service's two-factor set-up").toContain('value="set-up"');
    form = await request.post(authorize.href, {
      form: { intent: "set-up", pending: pendingOf(setUp), code: currentCode(secretOf(setUp)) },
      headers: { origin: authorize.origin },
      maxRedirects: 0,
    });
  }
  expect(form.status(), `the identity service's sign-in of ${login}`).toBe(303);
  const callback = new URL(form.headers().location ?? "", authorize);
  expect(callback.pathname, "the identity service sends back to Keel's callback").toBe("/auth/callback");
  const back = await request.get(callback.href, { maxRedirects: 0 });
  expect(back.status(), "Keel's callback").toBe(302);
  expect(back.headers().location, "Keel's callback sends on to the page").toBe(path);
}

/**
 * Signs `login` in over HTTP with the page's own request context (signInOverHttp), then opens `path`.
 * Quicker than the pages when signing in is not what the test is about.
 */
export async function signInQuickly(page: Page, login: DemoLogin, path = "/"): Promise<void> {
  await signInOverHttp(page.request, login, path);
  await page.goto(path);
  await expect(page.getByTestId("current-user")).toHaveText(DEMO_USERS[login]);
}

/**
 * True when the page ran its scripts: React Router's inline context script sets this global. Asked once the
 * document is parsed: asked earlier, right after a navigation, it read false on a page with scripts.
 */
export async function javaScriptRuns(page: Page): Promise<boolean> {
  await page.waitForLoadState("domcontentloaded");
  return page.evaluate(() => "__reactRouterContext" in window);
}

/**
 * Refuses the build's chunk of that name (`assets/<name>-<hash>.js`), as an offline browser or a new
 * deployment would; the answer tells whether the page asked for it.
 */
export async function refuseChunk(page: Page, name: string): Promise<() => boolean> {
  let asked = false;
  await page.route(new RegExp(`/assets/${name}-[\\w-]+\\.js$`), (route) => {
    asked = true;
    return route.abort();
  });
  return () => asked;
}

export async function getCookie(context: BrowserContext, name: string): Promise<Cookie | undefined> {
  return (await context.cookies()).find((cookie) => cookie.name === name);
}

/** The left navigation landmark. */
export const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });

/**
 * Opens the profile menu and picks an entry: a menu item once scripts run, without them a plain form
 * button on the menu's page (/menu/profile), which comes back to the page it was opened on.
 */
export async function chooseProfileEntry(page: Page, name: string): Promise<void> {
  const nav = mainNav(page);
  const scripts = await javaScriptRuns(page);
  if (scripts) await waitForHydration(page);
  await nav.getByTestId("current-user").click();
  if (scripts) {
    await nav.getByRole("menuitem", { name, exact: true }).click();
    return;
  }
  await expect(page).toHaveURL(/\/menu\/profile\?back=/);
  await page.locator("main [data-menu-page]").getByRole("button", { name, exact: true }).click();
}

/** What the appearance form saves to the profile (routes/settings/appearance.tsx). */
export interface AppearanceChoice {
  uiTheme?: "default" | "darcula" | "system";
  expandNavigation?: boolean;
  contrast?: "system" | "more" | "standard";
}

/**
 * Saves appearance choices for the signed-in user with the same form post the navigation
 * sends, over the page's request context. Tests use it to put back what they changed.
 */
export async function saveAppearance(page: Page, choice: AppearanceChoice): Promise<void> {
  const csrf = csrfFieldValue(await (await page.request.get("/")).text());
  expect(csrf, "csrf field on the start page").toBeTruthy();
  const form: Record<string, string> = { csrf: csrf!, redirectTo: "/" };
  if (choice.uiTheme !== undefined) form.uiTheme = choice.uiTheme;
  if (choice.expandNavigation !== undefined) form.expandNavigation = String(choice.expandNavigation);
  if (choice.contrast !== undefined) form.contrast = choice.contrast;
  const response = await page.request.post("/settings/appearance", { form, maxRedirects: 0 });
  expect(response.status(), "appearance saved").toBe(302);
}

/** The signed state and the new key of the identity service's two-factor set-up page. */
export const pendingOf = (page: string) => /name="pending" value="([^"]+)"/.exec(page)?.[1] ?? "";
export const secretOf = (page: string) => /data-secret="([A-Z2-7]+)"/.exec(page)?.[1] ?? "";
