// Signing in through the backend's identity service (docs/decisions/0007-identity-and-sessions.md): Keel's
// /login links to the identity service's own page, which sends the browser back to Keel's /auth/callback;
// the permanent-token form is Keel's only form. Everything works the same with and without JavaScript.
import { expect, test, type Page } from "@playwright/test";
import { demoToken } from "../../prisma/factories.ts";
import {
  DEMO_PASSWORD,
  DEMO_USERS,
  expectWelcome,
  getCookie,
  javaScriptRuns,
  mainNav,
  chooseProfileEntry,
  SESSION_COOKIE,
  signIn,
  signInOverHttp,
  signInQuickly,
  submitLogin,
  waitForHydration,
  withdrawAliceConsent,
  acceptAgreementAs,
  type DemoLogin,
} from "./helpers.ts";

// tom's sign-in sets up two-factor authentication first: two-factor.spec.ts follows it.
const LOGINS = (Object.keys(DEMO_USERS) as DemoLogin[]).filter((login) => login !== "tom");
const IDENTITY_PAGE = /\/hub\/api\/rest\/oauth2\/auth\?/;

/** Opens Keel's /login (with an optional query) and, when scripts run, waits for hydration. */
async function openLogin(page: Page, query = ""): Promise<void> {
  await page.goto(`/login${query}`);
  await expect(page.getByRole("heading", { level: 1, name: "Log in to Keel" })).toBeVisible();
  if (await javaScriptRuns(page)) await waitForHydration(page);
}

/** Opens the permanent-token form of Keel's /login and submits `token`. */
async function submitToken(page: Page, token: string): Promise<void> {
  const details = page.locator("details.login-token");
  if ((await details.getAttribute("open")) === null) {
    await details.getByText("Sign in with a permanent token", { exact: true }).click();
  }
  await page.getByLabel("Permanent token", { exact: true }).fill(token);
  await page.getByRole("button", { name: "Sign in with token", exact: true }).click();
}

/** A guest's page: the navigation offers Log in and names nobody. */
async function expectGuest(page: Page): Promise<void> {
  await expect(mainNav(page).getByRole("link", { name: "Log in" })).toBeVisible();
  await expect(page.getByTestId("current-user")).toHaveCount(0);
}

// An account waits after a failed sign-in unless it signed in from this address before
// (mock-backend/sign-in-throttle.ts): alice signs in once, so the wrong passwords below delay no one.
test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  try {
    await signInOverHttp(request, "alice");
  } finally {
    await request.dispose();
  }
});

for (const javaScriptEnabled of [false, true]) {
  test.describe(javaScriptEnabled ? "sign-in with JavaScript" : "sign-in without JavaScript", () => {
    test.use({ javaScriptEnabled });

    for (const login of LOGINS) {
      test(`${login} signs in on the identity service's page and lands on the welcome page`, async ({
        page,
      }) => {
        await openLogin(page);
        expect(await javaScriptRuns(page)).toBe(javaScriptEnabled);
        await page.locator("main").getByRole("link", { name: "Log in", exact: true }).click();
        await expect(page).toHaveURL(IDENTITY_PAGE);
        await expect(page.getByRole("heading", { level: 1, name: "Log in" })).toBeVisible();
        const posted = page.waitForResponse(
          (r) => r.request().method() === "POST" && IDENTITY_PAGE.test(r.url()),
        );
        const callback = page.waitForResponse((r) => r.url().includes("/auth/callback?"));
        await submitLogin(page, login, DEMO_PASSWORD);
        expect((await posted).status(), "the identity service sends back with a 303").toBe(303);
        expect((await callback).status(), "Keel's callback sends on with a 302").toBe(302);
        await expectWelcome(page, login);
        expect(await getCookie(page.context(), SESSION_COOKIE)).toBeDefined();
      });
    }

    test("the redirect parameter is followed after sign-in", async ({ page }) => {
      await openLogin(page, "?redirect=/articles");
      await expect(page.locator("main").getByRole("link", { name: "Log in", exact: true })).toHaveAttribute(
        "href",
        "/auth/login?redirect=%2Farticles",
      );
      await submitLogin(page, "admin", DEMO_PASSWORD);
      await expect(page).toHaveURL("/articles");
      await expect(page.getByRole("heading", { level: 1, name: "Knowledge Base" })).toBeVisible();
      await expect(page.getByTestId("current-user")).toHaveText(DEMO_USERS.admin);
    });

    test("an absolute-URL redirect lands on the start page", async ({ page }) => {
      await openLogin(page, "?redirect=https://evil.example/");
      await submitLogin(page, "admin", DEMO_PASSWORD);
      await expectWelcome(page, "admin");
    });

    test("a wrong password shows the identity page's error, keeps the login and empties the password", async ({
      page,
    }) => {
      await openLogin(page);
      const posted = page.waitForResponse(
        (r) => r.request().method() === "POST" && IDENTITY_PAGE.test(r.url()),
      );
      await submitLogin(page, "alice", "not-the-password");
      expect((await posted).status()).toBe(401);
      await expect(page).toHaveURL(IDENTITY_PAGE);
      await expect(page.getByRole("alert")).toHaveText("Incorrect login or password");
      await expect(page.getByLabel("Username or email", { exact: true })).toHaveValue("alice");
      // The page is rendered again: the password is not echoed back.
      await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
      expect(await getCookie(page.context(), SESSION_COOKIE)).toBeUndefined();
    });

    test("Cancel comes back to Keel's /login with a message", async ({ page }) => {
      await openLogin(page, "?redirect=/articles");
      await page.locator("main").getByRole("link", { name: "Log in", exact: true }).click();
      await expect(page).toHaveURL(IDENTITY_PAGE);
      await page.getByRole("button", { name: "Cancel", exact: true }).click();
      await expect(page).toHaveURL("/login?error=denied&redirect=%2Farticles");
      await expect(page.getByRole("alert")).toHaveText("Signing in was cancelled.");
      // Trying again keeps the page to return to.
      await expect(
        page.locator("main").getByRole("link", { name: "Try again", exact: true }),
      ).toHaveAttribute("href", "/auth/login?redirect=%2Farticles");
      await expectGuest(page);
    });

    test("a signed-in user visiting /login is sent on", async ({ page }) => {
      await signInQuickly(page, "alice");
      await page.goto("/login");
      await expectWelcome(page, "alice");
      await page.goto("/login?redirect=/issues");
      await expect(page).toHaveURL("/issues");
      await expect(page.getByRole("heading", { level: 1, name: "Issues" })).toBeVisible();
    });

    test("Log out lands on /login?loggedOut=1 and later pages are a guest's", async ({ page }) => {
      await signIn(page, "alice");
      await chooseProfileEntry(page, "Log out");
      await expect(page).toHaveURL("/login?loggedOut=1");
      await expect(page.getByRole("status").filter({ hasText: "You have logged out." })).toBeVisible();
      await expectGuest(page);
      expect(await getCookie(page.context(), SESSION_COOKIE)).toBeUndefined();
      await page.goto("/issues");
      await expect(page.getByRole("heading", { level: 1, name: "Issues" })).toBeVisible();
      await expectGuest(page);
      // The identity service's session ended too: signing in asks for the password again.
      await openLogin(page);
      await page.locator("main").getByRole("link", { name: "Log in", exact: true }).click();
      await expect(page).toHaveURL(IDENTITY_PAGE);
      await expect(page.getByLabel("Password", { exact: true })).toBeVisible();
    });

    test("Switch user shows the identity service's form again and signs in as another user", async ({
      page,
    }) => {
      await signIn(page, "alice");
      await chooseProfileEntry(page, "Switch user");
      await expect(page).toHaveURL(IDENTITY_PAGE);
      await expect(page).toHaveURL(/[?&]request_credentials=required(&|$)/);
      await expect(page.getByLabel("Username or email", { exact: true })).toHaveValue("");
      expect(await getCookie(page.context(), SESSION_COOKIE)).toBeUndefined();
      await submitLogin(page, "admin", DEMO_PASSWORD);
      await expectWelcome(page, "admin");
    });

    test("a second tab stays signed in", async ({ page, context }) => {
      await signIn(page, "admin");
      const other = await context.newPage();
      await other.goto("/issues");
      await expect(other.getByRole("heading", { level: 1, name: "Issues" })).toBeVisible();
      await expect(other.getByTestId("current-user")).toHaveText(DEMO_USERS.admin);
      await page.reload();
      await expect(page.getByTestId("current-user")).toHaveText(DEMO_USERS.admin);
      await other.close();
    });

    test("a valid permanent token signs in and lands on the redirect", async ({ page }) => {
      await openLogin(page, "?redirect=/articles");
      await submitToken(page, demoToken("admin"));
      await expect(page).toHaveURL("/articles");
      await expect(page.getByRole("heading", { level: 1, name: "Knowledge Base" })).toBeVisible();
      await expect(page.getByTestId("current-user")).toHaveText(DEMO_USERS.admin);
    });

    test("an invalid permanent token shows a field error", async ({ page }) => {
      await openLogin(page);
      await submitToken(page, "perm:bm90LWEtdG9rZW4=.MS0x.notatoken");
      const field = page.getByLabel("Permanent token", { exact: true });
      await expect(field).toHaveAttribute("aria-invalid", "true");
      await expect(field).toHaveAccessibleDescription("The backend did not accept this token");
      await expect(page).toHaveURL("/login");
      await expectGuest(page);
    });
  });
}

test.describe("the user agreement", () => {
  test.beforeEach(withdrawAliceConsent);
  test.afterAll(async ({ request }) => {
    await acceptAgreementAs(request, "alice");
  });

  test("declining it logs out with its message", async ({ page }) => {
    await signIn(page, "alice");
    await waitForHydration(page);
    const dialog = page.getByRole("dialog", { name: "User Agreement" });
    await dialog.getByRole("button", { name: "Decline and log out" }).click();
    await expect(page).toHaveURL("/login?message=userAgreementDeclined");
    await expect(
      page.getByText("You declined the user agreement, so you have been logged out."),
    ).toBeVisible();
    await expectGuest(page);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login\?redirect=/);
  });
});
