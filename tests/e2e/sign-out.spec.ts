import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import {
  getCookie,
  javaScriptRuns,
  chooseProfileEntry,
  mainNav,
  SESSION_COOKIE,
  signInQuickly,
  waitForHydration,
} from "./helpers.ts";

/**
 * Who the backend says a request with only this session cookie is. The request proves it comes from Keel's
 * page (Sec-Fetch-Site), so Keel passes the session's token on; 401 when the backend refuses the token.
 */
async function whoIs(
  request: APIRequestContext,
  session: string,
): Promise<{ status: number; guest?: unknown }> {
  const response = await request.get("/api/users/me?fields=guest", {
    headers: { cookie: `${SESSION_COOKIE}=${session}`, "sec-fetch-site": "same-origin" },
  });
  const body = (await response.json()) as { guest?: unknown };
  return { status: response.status(), guest: body.guest };
}

async function expectSignedOut(page: Page, message: string): Promise<void> {
  await expect(page.getByRole("status").filter({ hasText: message })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Log in to Keel" })).toBeVisible();
  const nav = mainNav(page);
  await expect(nav.getByRole("link", { name: "Log in" })).toBeVisible();
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
      expect(await whoIs(request, session!)).toEqual({ status: 200, guest: false });

      await chooseProfileEntry(page, "Log out");
      await expect(page).toHaveURL("/login?loggedOut=1");
      await expectSignedOut(page, "You have logged out.");

      // The identity service revoked the session's tokens: a copy of the old cookie is worth nothing.
      expect((await whoIs(request, session!)).status).toBe(401);
    });

    test("Switch user signs out and asks the identity service for another user", async ({
      page,
      request,
    }) => {
      await signInQuickly(page, "admin");
      if (await javaScriptRuns(page)) await waitForHydration(page);
      const session = (await getCookie(page.context(), SESSION_COOKIE))?.value;
      expect(session).toBeTruthy();

      await chooseProfileEntry(page, "Switch user");
      await expect(page).toHaveURL(/\/hub\/api\/rest\/oauth2\/auth\?.*request_credentials=required/);
      await expect(page.getByLabel("Username or email", { exact: true })).toBeVisible();
      expect(await getCookie(page.context(), SESSION_COOKIE)).toBeUndefined();
      expect((await whoIs(request, session!)).status).toBe(401);
    });
  });
}
