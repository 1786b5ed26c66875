// Banners (docs/shell.md): Markdown, one row however many, dismissible with and without scripts.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { waitForHydration } from "./helpers.ts";

const announcements = (page: Page) => page.getByRole("complementary", { name: "Announcement" });

const more = (page: Page) => page.locator(".banner-more > summary");

test("the global and the system-event banner render their Markdown in one row with a count", async ({
  page,
}) => {
  await page.goto("/issues");
  await expect(announcements(page)).toHaveCount(1);
  await expect(announcements(page).first().locator("strong")).toHaveText("Scheduled maintenance");
  await expect(more(page)).toHaveAccessibleName("1 more announcement");
  const row = await page.locator(".banner-stack").boundingBox();
  expect(row?.height).toBeLessThan(48);
  await more(page).click();
  await expect(announcements(page)).toHaveCount(2);
  await expect(announcements(page).nth(1).locator("strong")).toHaveText("reindexed");
  // The others open over the page instead of pushing it down.
  expect((await page.locator(".banner-stack").boundingBox())?.height).toBe(row?.height);
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
  await expect(announcements(page)).toContainText("reindexed");
  await expect(more(page)).toHaveCount(0);
  expect((await saved).ok()).toBe(true);
  await page.reload();
  await expect(announcements(page)).toHaveCount(1);
  await expect(announcements(page)).toContainText("reindexed");
  await expect(more(page)).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Dismiss is a plain form that returns to the page", async ({ page }) => {
    await page.goto("/articles");
    await more(page).click();
    await announcements(page).nth(1).getByRole("button", { name: "Dismiss announcement" }).click();
    await expect(page).toHaveURL("/articles");
    await expect(announcements(page)).toHaveCount(1);
    await expect(announcements(page)).toContainText("Scheduled maintenance");
  });
});
