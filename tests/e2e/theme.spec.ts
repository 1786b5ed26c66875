// Themes (docs/shell.md): light, dark and system, rendered by the server on the first byte, so the
// page is right before any script runs; system follows the operating system live.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { saveAppearance, signInQuickly, waitForHydration } from "./helpers.ts";

const LIGHT_BG = "rgb(255, 255, 255)";
const DARK_BG = "rgb(30, 31, 34)";
const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

test.describe("rendered without scripts, so nothing can flash", () => {
  test.use({ javaScriptEnabled: false });

  for (const { uiTheme, os, expected } of [
    { uiTheme: "default", os: "dark", expected: LIGHT_BG },
    { uiTheme: "darcula", os: "light", expected: DARK_BG },
    { uiTheme: "system", os: "dark", expected: DARK_BG },
    { uiTheme: "system", os: "light", expected: LIGHT_BG },
  ] as const) {
    test(`${uiTheme} with the system set to ${os}`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: os });
      await signInQuickly(page, "alice", "/issues");
      await saveAppearance(page, { uiTheme });
      const html = await (await page.request.get("/issues")).text();
      expect(html).toContain(`data-theme="${uiTheme}"`);
      await page.goto("/issues");
      expect(await background(page)).toBe(expected);
    });
  }
});

test.describe("with scripts", () => {
  test("system follows the operating system's preference live", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await signInQuickly(page, "alice", "/issues");
    await saveAppearance(page, { uiTheme: "system" });
    await page.reload();
    expect(await background(page)).toBe(LIGHT_BG);
    await page.emulateMedia({ colorScheme: "dark" });
    await expect.poll(() => background(page)).toBe(DARK_BG);
  });

  test("choosing Dark saves it to the profile and stores it in this browser", async ({ page }) => {
    await signInQuickly(page, "alice", "/issues");
    await waitForHydration(page);
    await page.getByTestId("current-user").click();
    await page.getByRole("menuitem", { name: "Appearance" }).click();
    await page.getByRole("menuitem", { name: "Dark" }).click();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "darcula");
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem("keel.shell.theme")))
      .toBe(JSON.stringify("darcula"));
    await page.reload();
    expect(await background(page)).toBe(DARK_BG);
  });
});
