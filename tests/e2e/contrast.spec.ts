// High contrast beside the theme: chosen in the profile's Appearance menu (saved in Keel's profile
// extension, so it follows the user), or taken from the system's prefers-contrast and forced colours.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { chooseProfileEntry, mainNav, saveAppearance, signInQuickly, waitForHydration } from "./helpers.ts";

/** The colour text is painted in: #000 in high-contrast light, rgb(27, 29, 33) in the standard palette. */
const textColour = (page: Page) => page.evaluate(() => getComputedStyle(document.body).color);
const HIGH_CONTRAST_LIGHT_TEXT = "rgb(0, 0, 0)";
const HIGH_CONTRAST_DARK_BG = "rgb(0, 0, 0)";
const STANDARD_LIGHT_TEXT = "rgb(27, 29, 33)";

test("choosing High contrast applies it in place, and it follows the user to another browser", async ({
  page,
  browser,
  baseURL,
}) => {
  await page.emulateMedia({ colorScheme: "light", contrast: "no-preference" });
  await signInQuickly(page, "alice", "/issues");
  await waitForHydration(page);
  const html = page.locator("html");
  await expect(html).toHaveAttribute("data-contrast", "system");
  expect(await textColour(page)).toBe(STANDARD_LIGHT_TEXT);

  await mainNav(page).getByTestId("current-user").click();
  await page.getByRole("menuitem", { name: "Appearance", exact: true }).click();
  const appearance = page.getByRole("menu", { name: "Appearance", exact: true });
  await expect(appearance.getByRole("menuitem", { name: "Contrast: sync with OS" })).toHaveAttribute(
    "aria-current",
    "true",
  );
  await appearance.getByRole("menuitem", { name: "High contrast", exact: true }).click();
  await expect(html).toHaveAttribute("data-contrast", "more");
  await expect.poll(() => textColour(page)).toBe(HIGH_CONTRAST_LIGHT_TEXT);
  await expect(page).toHaveURL(/\/issues$/);

  // Links are underlined and focus is a thick ring, not colour alone.
  const link = page.getByRole("main").getByRole("link").first();
  expect(await link.evaluate((a) => getComputedStyle(a).textDecorationLine)).toBe("underline");
  await link.focus();
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Tab");
  expect(await link.evaluate((a) => getComputedStyle(a).outlineWidth)).toBe("3px");

  await page.reload();
  await expect(html).toHaveAttribute("data-contrast", "more");

  // Another browser, the same user: the profile kept the choice, in the dark theme too.
  const other = await browser.newContext({ baseURL, colorScheme: "dark" });
  try {
    const elsewhere = await other.newPage();
    await signInQuickly(elsewhere, "alice", "/issues");
    await expect(elsewhere.locator("html")).toHaveAttribute("data-contrast", "more");
    expect(await elsewhere.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
      HIGH_CONTRAST_DARK_BG,
    );
  } finally {
    await other.close();
  }
});

test("Contrast: sync with OS follows prefers-contrast live; Standard contrast ignores it", async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: "light", contrast: "more" });
  await signInQuickly(page, "alice", "/issues");
  expect(await textColour(page)).toBe(HIGH_CONTRAST_LIGHT_TEXT);
  await page.emulateMedia({ contrast: "no-preference" });
  await expect.poll(() => textColour(page)).toBe(STANDARD_LIGHT_TEXT);
  await page.emulateMedia({ contrast: "more" });
  await expect.poll(() => textColour(page)).toBe(HIGH_CONTRAST_LIGHT_TEXT);

  await saveAppearance(page, { contrast: "standard" });
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("data-contrast", "standard");
  expect(await textColour(page)).toBe(STANDARD_LIGHT_TEXT);
});

test("under forced colours the current place keeps a mark that is not a shadow", async ({ page }) => {
  await page.emulateMedia({ forcedColors: "active" });
  await signInQuickly(page, "alice", "/issues");
  const current = mainNav(page).locator('.nav-item[aria-current="page"]').first();
  await expect(current).toBeVisible();
  expect(await current.evaluate((item) => getComputedStyle(item).borderInlineStartWidth)).toBe("3px");
  // app.css's forced-colours rules hold whatever the saved contrast: Windows decides, not the profile.
  await saveAppearance(page, { contrast: "standard" });
  await page.reload();
  expect(await current.evaluate((item) => getComputedStyle(item).borderInlineStartWidth)).toBe("3px");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the Appearance menu's High contrast button saves it and comes back to the page", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "light", contrast: "no-preference" });
    await signInQuickly(page, "alice", "/issues");
    await chooseProfileEntry(page, "High contrast");
    await expect(page).toHaveURL(/\/issues$/);
    await expect(page.locator("html")).toHaveAttribute("data-contrast", "more");
    expect(await textColour(page)).toBe(HIGH_CONTRAST_LIGHT_TEXT);
  });
});
