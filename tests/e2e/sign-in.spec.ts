import { expect, test, type Page } from "@playwright/test";
import {
  DEMO_PASSWORD,
  DEMO_USERS,
  expectWelcome,
  javaScriptRuns,
  mainNav,
  signIn,
  submitLogin,
  waitForHydration,
  type DemoLogin,
} from "./helpers.ts";

const LOGINS = Object.keys(DEMO_USERS) as DemoLogin[];

/** Opens /login (with an optional query) and, when scripts run, waits for hydration. */
async function openLogin(page: Page, query = ""): Promise<void> {
  await page.goto(`/login${query}`);
  await expect(page.getByRole("heading", { level: 1, name: "Log in to Keel" })).toBeVisible();
  if (await javaScriptRuns(page)) await waitForHydration(page);
}

/** The checks both modes share: the form works the same with and without JavaScript. */
function formBehaviour() {
  test("a wrong password shows the error and keeps the login", async ({ page }) => {
    await openLogin(page);
    await submitLogin(page, "alice", "not-the-password");
    await expect(page.getByRole("alert")).toHaveText("Incorrect login or password");
    await expect(page.getByLabel("Login", { exact: true })).toHaveValue("alice");
    await expect(page).toHaveURL("/login");
    await expect(mainNav(page).getByRole("link", { name: "Log in" })).toBeVisible();
  });

  test("empty fields show field errors", async ({ page }) => {
    await openLogin(page);
    await page.locator("main").getByRole("button", { name: "Log in", exact: true }).click();
    const login = page.getByLabel("Login", { exact: true });
    const password = page.getByLabel("Password", { exact: true });
    await expect(login).toHaveAttribute("aria-invalid", "true");
    await expect(login).toHaveAccessibleDescription("Enter your login");
    await expect(password).toHaveAttribute("aria-invalid", "true");
    await expect(password).toHaveAccessibleDescription("Enter your password");
    await expect(page).toHaveURL("/login");
  });

  test("the redirect parameter is followed after sign-in", async ({ page }) => {
    await openLogin(page, "?redirect=/articles");
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

  test("a signed-in user visiting /login is sent on", async ({ page }) => {
    await signIn(page, "alice");
    await page.goto("/login");
    await expectWelcome(page, "alice");
    await page.goto("/login?redirect=/issues");
    await expect(page).toHaveURL("/issues");
    await expect(page.getByRole("heading", { level: 1, name: "Issues" })).toBeVisible();
  });
}

test.describe("sign-in without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  for (const login of LOGINS) {
    test(`${login} signs in and lands on the welcome page`, async ({ page }) => {
      await page.goto("/login");
      expect(await javaScriptRuns(page)).toBe(false);
      const posted = page.waitForResponse(
        (r) => r.request().method() === "POST" && r.url().includes("/login"),
      );
      await submitLogin(page, login, DEMO_PASSWORD);
      await expectWelcome(page, login);
      // A plain form post: the server answers with a redirect to the start page.
      expect((await posted).status()).toBe(302);
    });
  }

  test("a wrong password answers 401", async ({ page }) => {
    await page.goto("/login");
    const posted = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/login"));
    await submitLogin(page, "alice", "wrong");
    expect((await posted).status()).toBe(401);
    await expect(page.getByRole("alert")).toHaveText("Incorrect login or password");
    // The server renders the form again: the password is not echoed back.
    await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
  });

  formBehaviour();
});

test.describe("sign-in with JavaScript", () => {
  for (const login of LOGINS) {
    test(`${login} signs in without a full page load`, async ({ page }) => {
      await page.goto("/login");
      await waitForHydration(page);
      await page.evaluate(() => {
        (window as unknown as { __e2eMarker?: string }).__e2eMarker = "kept";
      });
      const documentRequests: string[] = [];
      page.on("request", (request) => {
        if (request.resourceType() === "document") documentRequests.push(request.url());
      });
      await submitLogin(page, login, DEMO_PASSWORD);
      await expectWelcome(page, login);
      expect(await page.evaluate(() => (window as unknown as { __e2eMarker?: string }).__e2eMarker)).toBe(
        "kept",
      );
      expect(documentRequests).toEqual([]);
    });
  }

  formBehaviour();
});
