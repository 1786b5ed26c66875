// Banners (docs/shell.md): Markdown, dismissible with and without scripts.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { waitForHydration } from "./helpers.ts";

const announcements = (page: Page) => page.getByRole("complementary", { name: "Announcement" });

test("the global and the system-event banner render their Markdown", async ({ page }) => {
  await page.goto("/issues");
  await expect(announcements(page)).toHaveCount(2);
  await expect(announcements(page).first().locator("strong")).toHaveText("Scheduled maintenance");
  await expect(announcements(page).nth(1).locator("strong")).toHaveText("reindexed");
});

test("a dismissed banner goes at once and stays away", async ({ page }) => {
  await page.goto("/issues");
  await waitForHydration(page);
  const saved = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname.startsWith("/settings/banners") &&
      response.request().method() === "POST",
  );
  await announcements(page).first().getByRole("button", { name: "Dismiss announcement" }).click();
  // It goes before the server has answered; a reload before then would cancel the request.
  await expect(announcements(page)).toHaveCount(1);
  expect((await saved).ok()).toBe(true);
  await page.reload();
  await expect(announcements(page)).toHaveCount(1);
  await expect(announcements(page)).toContainText("reindexed");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Dismiss is a plain form that returns to the page", async ({ page }) => {
    await page.goto("/articles");
    await announcements(page).nth(1).getByRole("button", { name: "Dismiss announcement" }).click();
    await expect(page).toHaveURL("/articles");
    await expect(announcements(page)).toHaveCount(1);
    await expect(announcements(page)).toContainText("Scheduled maintenance");
  });
});
