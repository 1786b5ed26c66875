import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import {
  getCookie,
  javaScriptRuns,
  chooseProfileEntry,
  mainNav,
  SESSION_COOKIE,
  signInQuickly,
  waitForHydration,
} from "./helpers.ts";

/** What the backend makes of a request carrying only this session cookie. */
async function guestFlag(request: APIRequestContext, session: string): Promise<unknown> {
  const response = await request.get("/api/users/me?fields=guest", {
    headers: { cookie: `${SESSION_COOKIE}=${session}` },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { guest?: unknown }).guest;
}

async function expectSignedOut(page: Page, message: string): Promise<void> {
  await expect(page.getByRole("status").filter({ hasText: message })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Log in to Keel" })).toBeVisible();
  const nav = mainNav(page);
  await expect(nav.getByRole("link", { name: "Log in" })).toBeVisible();
  await expect(nav.getByRole("button", { name: "Log out" })).toHaveCount(0);
  await expect(page.getByTestId("current-user")).toHaveCount(0);
  expect(await getCookie(page.context(), SESSION_COOKIE)).toBeUndefined();
}

for (const javaScriptEnabled of [false, true]) {
  test.describe(javaScriptEnabled ? "sign-out with JavaScript" : "sign-out without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("Log out returns to the login page and ends the session", async ({ page, request }) => {
      await signInQuickly(page, "alice");
      if (await javaScriptRuns(page)) await waitForHydration(page);
      const session = (await getCookie(page.context(), SESSION_COOKIE))?.value;
      expect(session).toBeTruthy();
      expect(await guestFlag(request, session!)).toBe(false);

      await chooseProfileEntry(page, "Log out");
      await expect(page).toHaveURL("/login?loggedOut=1");
      await expectSignedOut(page, "You have logged out.");

      // The old cookie value no longer authenticates anyone.
      expect(await guestFlag(request, session!)).toBe(true);
    });

    test("Switch user signs out and asks for another user", async ({ page, request }) => {
      await signInQuickly(page, "admin");
      if (await javaScriptRuns(page)) await waitForHydration(page);
      const session = (await getCookie(page.context(), SESSION_COOKIE))?.value;
      expect(session).toBeTruthy();

      await chooseProfileEntry(page, "Switch user");
      await expect(page).toHaveURL("/login?switched=1");
      await expectSignedOut(page, "Signed out. Log in as another user.");
      expect(await guestFlag(request, session!)).toBe(true);
    });
  });
}
