// Two-factor authentication, tom's whole way: he must use it and has none. Signing in on the identity
// service's page sets it up before he reaches Keel; later sign-ins ask for a code. Holding a token from
// before (a permanent one), the backend answers him only who he is, and Keel's account security tab
// leads him to the identity service's set-up.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { currentCode, TOTP_PERIOD_SECONDS } from "#mock-backend/identity/totp.ts";
import {
  chooseProfileEntry,
  completeTwoFactorSetUp,
  DEMO_PASSWORD,
  javaScriptRuns,
  submitLogin,
  tokenOf,
  userOf,
  waitForHydration,
} from "./helpers.ts";

/** The test's tom's account security tab. */
const accountSecurity = async () => `/users/${(await userOf("tom")).id}?tab=account-security`;
/** A code of the next time step: the one of the set-up is spent, and the window takes the next. */
const nextCode = (secret: string) => currentCode(secret, Date.now() + TOTP_PERIOD_SECONDS * 1000);

test.describe.configure({ timeout: 60_000 });

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("tom signs in, sets up two-factor authentication, uses Keel, and is asked for a code next time", async ({
      page,
    }) => {
      await page.goto("/login?redirect=%2Fissues");
      if (await javaScriptRuns(page)) await waitForHydration(page);
      await submitLogin(page, (await userOf("tom")).login, DEMO_PASSWORD);
      await expect(page.getByText("Your organisation requires two-factor authentication")).toBeVisible();
      const secret = await completeTwoFactorSetUp(page);

      await expect(page).toHaveURL("/issues");
      await expect(page.getByTestId("current-user")).toHaveText("Tom Twofactor");
      await page.goto("/issue/DEMO-1");
      await expect(page.getByRole("heading", { level: 1 })).toContainText("Navigation collapses");
      await page.goto(await accountSecurity());
      await expect(page.getByTestId("two-factor-state")).toHaveText("On");
      await expect(page.getByTestId("two-factor-required")).toHaveCount(0);

      await chooseProfileEntry(page, "Log out");
      await expect(page).toHaveURL("/login?loggedOut=1");
      await submitLogin(page, (await userOf("tom")).login, DEMO_PASSWORD);
      await expect(page.getByRole("heading", { level: 1, name: "Two-factor authentication" })).toBeVisible();
      await page.getByLabel("Authentication code", { exact: true }).fill("000000");
      await page.getByRole("button", { name: "Verify", exact: true }).click();
      await expect(page.getByRole("alert")).toHaveText(
        "That code is not valid. Enter the code your app shows now.",
      );
      await page.getByLabel("Authentication code", { exact: true }).fill(nextCode(secret));
      await page.getByRole("button", { name: "Verify", exact: true }).click();
      await expect(page).toHaveURL("/dashboard");
      await expect(page.getByTestId("current-user")).toHaveText("Tom Twofactor");
    });
  });
}

async function signInWithToken(page: Page, token: string): Promise<void> {
  await page.goto("/login");
  if (await javaScriptRuns(page)) await waitForHydration(page);
  const details = page.locator("details.login-token");
  if ((await details.getAttribute("open")) === null) {
    await details.getByText("Sign in with a permanent token", { exact: true }).click();
  }
  await page.getByLabel("Permanent token", { exact: true }).fill(token);
  await page.getByRole("button", { name: "Sign in with token", exact: true }).click();
}

test("with a token from before, tom reaches only his account security tab, which leads to the set-up", async ({
  page,
}) => {
  await signInWithToken(page, await tokenOf("tom"));
  await expect(page).toHaveURL(await accountSecurity());
  await expect(page.getByTestId("two-factor-required")).toContainText("requires two-factor authentication");
  await expect(page.getByTestId("two-factor-state")).toHaveText("Off");
  // The backend itself refuses him everything else, whichever client asks.
  const refused = await page.request.get("/api/issues?fields=idReadable", {
    headers: { authorization: `Bearer ${await tokenOf("tom")}` },
  });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ error: "2fa_required" });
  await page.goto("/articles");
  await expect(page).toHaveURL(await accountSecurity());

  await page.getByRole("link", { name: "Set up two-factor authentication", exact: true }).click();
  await expect(page).toHaveURL(/\/hub\/account\/security\?return_to=/);
  // The identity service has its own session: it signs him in first, then sets it up.
  await page.getByLabel("Username or email", { exact: true }).fill((await userOf("tom")).login);
  await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await completeTwoFactorSetUp(page);
  await expect(page.getByTestId("two-factor-status")).toContainText("On");

  await page.getByRole("link", { name: "Go back", exact: true }).click();
  await expect(page).toHaveURL(await accountSecurity());
  await expect(page.getByTestId("two-factor-state")).toHaveText("On");
  await page.goto("/issues");
  await expect(page).toHaveURL("/issues");
  expect(
    (
      await page.request.get("/api/issues?fields=idReadable", {
        headers: { authorization: `Bearer ${await tokenOf("tom")}` },
      })
    ).status(),
  ).toBe(200);
});
