// When the server cannot be reached, the page on screen stays (docs/decisions/0034-keep-the-page-when-the-server-is-unreachable.md):
// a read of it keeps what it shows, a link stays on it, a change keeps its form and says it was not saved.
// The network is cut the way the browser meets it: each request to the page's data fails as Chromium's
// fetch does without a connection.
import type { Page, Route } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { mainNav, signInQuickly, waitForHydration } from "./helpers.ts";

const STALE = "The server could not be reached. This page shows what was last loaded.";
const NOT_SAVED =
  "The server could not be reached, so your change was not saved. Try again when the connection is back.";

const isPageData = (url: URL) => url.pathname.endsWith(".data");

/** Every request for a page's data with this method fails as a fetch without a connection does. */
async function cut(page: Page, method: "GET" | "POST"): Promise<() => Promise<void>> {
  const handler = (route: Route) =>
    route.request().method() === method ? route.abort("internetdisconnected") : route.fallback();
  await page.route(isPageData, handler);
  return () => page.unroute(isPageData, handler);
}

const errorPage = (page: Page) => page.getByRole("heading", { name: "Something went wrong" });

/** The connection's banner is a chunk loaded after hydration. */
async function bannerLoaded(page: Page): Promise<void> {
  await waitForHydration(page);
  await expect(page.locator('.connection-banner[data-state="online"]')).toBeAttached();
}

test("a link whose page cannot be read leaves the page as it was and says so; once the server answers it leads on", async ({
  page,
}) => {
  await signInQuickly(page, "alice", "/issues");
  await bannerLoaded(page);
  const restore = await cut(page, "GET");
  const failedRead = page.waitForEvent("requestfailed", (request) => isPageData(new URL(request.url())));
  await mainNav(page).getByRole("link", { name: "Knowledge Base" }).click();
  await failedRead;

  await expect(page.getByRole("status").filter({ hasText: STALE })).toBeVisible();
  await expect(page).toHaveURL("/issues");
  await expect(page.getByRole("heading", { level: 1, name: "Issues" })).toBeVisible();
  await expect(page.locator(".issue-list, table, ul").first()).toBeVisible();
  await expect(errorPage(page)).toHaveCount(0);

  await restore();
  await mainNav(page).getByRole("link", { name: "Knowledge Base" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Knowledge Base" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: STALE })).toHaveCount(0);
  // Back is the issues' page, once: staying on it did not add a step to the history.
  await page.goBack();
  await expect(page).toHaveURL("/issues");
  await expect(page.getByRole("heading", { level: 1, name: "Issues" })).toBeVisible();
});

test("a change that cannot be sent keeps its form as it was and says it was not saved; sent again, it is", async ({
  page,
}) => {
  await signInQuickly(page, "alice", "/users/me?tab=settings");
  await bannerLoaded(page);
  await page.getByLabel("Time zone").selectOption("Pacific/Kiritimati");
  await page.getByLabel("Date format").selectOption("yyyy-MM-dd");
  const restore = await cut(page, "POST");
  await page.getByRole("button", { name: "Save" }).click();

  await expect(page.getByRole("alert").filter({ hasText: NOT_SAVED })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Dates and times" })).toBeVisible();
  await expect(page.getByLabel("Time zone")).toHaveValue("Pacific/Kiritimati");
  await expect(page.getByLabel("Date format")).toHaveValue("yyyy-MM-dd");
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toHaveCount(0);
  await expect(errorPage(page)).toHaveCount(0);

  await restore();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: NOT_SAVED })).toHaveCount(0);
  await page.reload();
  await expect(page.getByLabel("Date format")).toHaveValue("yyyy-MM-dd");
});

test("offline, opening the notifications keeps the page without a word of a change; back online it reads again", async ({
  page,
  context,
}) => {
  await signInQuickly(page, "alice", "/issues");
  await bannerLoaded(page);
  // The centre's code comes when it first opens: opened once online, it opens offline too.
  const centre = page.getByRole("dialog", { name: "Notifications" });
  await mainNav(page).getByRole("link", { name: "Notifications" }).click();
  await expect(centre).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(centre).toBeHidden();

  await context.setOffline(true);
  await expect(
    page
      .getByRole("status")
      .filter({ hasText: "You are offline. Pages you have visited can still be read." }),
  ).toBeVisible();
  // Opening the centre reads its threads and marks them seen: both fail offline.
  const failed = page.waitForEvent("requestfailed", (request) => request.method() === "POST");
  await mainNav(page).getByRole("link", { name: "Notifications" }).click();
  await expect(centre).toBeVisible();
  await failed;
  await page.keyboard.press("Escape");
  await expect(page.getByRole("heading", { level: 1, name: "Issues" })).toBeVisible();
  await expect(errorPage(page)).toHaveCount(0);
  await expect(page.getByTestId("not-saved")).toBeEmpty();

  const reread = page.waitForResponse(
    (response) => new URL(response.url()).pathname === "/issues.data" && response.status() === 200,
  );
  await context.setOffline(false);
  await reread;
  await expect(page.locator(".connection-banner[role=status]")).toBeEmpty();
  await expect(page.getByRole("heading", { level: 1, name: "Issues" })).toBeVisible();
});
