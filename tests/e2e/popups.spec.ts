// The tips for new users and the pricing-update popup (docs/shell.md, Startup popups).
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import {
  DEMO_PASSWORD,
  refuseChunk,
  signIn,
  signInQuickly,
  submitLogin,
  userOf,
  waitForHydration,
} from "./helpers.ts";

const tipsSwitch = (page: Page) => page.getByRole("switch", { name: "Show tips when I sign in" });

/**
 * Waits until the pricing popup's code has loaded and started its 10-minute wait (it stores when this
 * browser first saw the user). The code loads after hydration: a clock moved before that starts the wait
 * late, and the popup misses the test's window (seen failing in CI, and with the chunk held back 1.5 s).
 */
async function pricingWaitStarted(page: Page) {
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem("keel.shell.firstTimeSeen")), {
      message: "the pricing popup's code started its wait",
    })
    .not.toBeNull();
}

test("turning tips on saves it to the profile, and they open at the next sign-in", async ({
  page,
  browser,
}) => {
  // Two browsers and two sign-ins, the second through the identity service's page: several document loads.
  test.setTimeout(30_000);
  await signInQuickly(page, "alice", "/issues?panel=tips");
  await waitForHydration(page);
  await expect(tipsSwitch(page)).toHaveAttribute("aria-checked", "false");
  // The switch turns at once, before the server has the setting: a reload before its answer would cancel
  // the save.
  const saved = page.waitForResponse(
    (response) => response.url().includes("/settings/tips") && response.request().method() === "POST",
  );
  await tipsSwitch(page).click();
  await expect(tipsSwitch(page)).toHaveAttribute("aria-checked", "true");
  expect((await saved).ok()).toBe(true);
  await page.reload();
  await expect(tipsSwitch(page)).toHaveAttribute("aria-checked", "true");

  const later = await browser.newContext();
  const next = await later.newPage();
  // Not signIn(): it expects the plain landing page, which the tips replace as soon as they open. The
  // "Log in" link is a plain link to the identity service's page: nothing to hydrate first.
  await next.goto("/login");
  await submitLogin(next, (await userOf("alice")).login, DEMO_PASSWORD);
  await expect(next.getByRole("dialog", { name: "Tips for new users" })).toBeVisible();
  await expect(next).toHaveURL("/dashboard?panel=tips");
  // Once per session: closing it keeps it closed.
  await next.getByRole("link", { name: "Close help panel" }).click();
  await expect(next).toHaveURL("/dashboard");
  await next.reload();
  await expect(next.getByRole("dialog", { name: "Tips for new users" })).toHaveCount(0);
  await later.close();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the tips setting is a plain form", async ({ page }) => {
    await signIn(page, "alice");
    await page.goto("/issues?panel=tips");
    await tipsSwitch(page).click();
    await expect(page).toHaveURL("/issues?panel=tips");
    await expect(tipsSwitch(page)).toHaveAttribute("aria-checked", "true");
  });
});

test("the pricing update shows after 10 minutes for admin, and closing it is remembered", async ({
  page,
}) => {
  await page.clock.install();
  await signInQuickly(page, "admin", "/issues");
  await waitForHydration(page);
  await pricingWaitStarted(page);
  const popup = page.getByRole("dialog", { name: "Pricing update" });
  await page.clock.runFor(9 * 60_000);
  await expect(popup).toHaveCount(0);
  await page.clock.runFor(60_000);
  await expect(popup).toBeVisible();
  await expect(popup).toContainText("October 1, 2025");
  const saved = page.waitForResponse(
    (r) => r.url().includes("/settings/tips") && r.request().method() === "POST",
  );
  await popup.getByRole("button", { name: "Got it" }).click();
  expect((await saved).ok()).toBe(true);
  await expect(popup).toHaveCount(0);
  await page.reload();
  await waitForHydration(page);
  await page.clock.runFor(4 * 60 * 60_000);
  await expect(popup).toHaveCount(0);
});

test("alice, without the pricing flag, never sees it", async ({ page }) => {
  await page.clock.install();
  await signInQuickly(page, "alice", "/issues");
  await waitForHydration(page);
  await page.clock.runFor(30 * 60_000);
  await expect(page.getByRole("dialog", { name: "Pricing update" })).toHaveCount(0);
});

test("a pricing popup whose code does not load leaves the page as it is", async ({ page }) => {
  // The popup's code loads after hydration, only for the users it may be for (admin here).
  const asked = await refuseChunk(page, "pricing-popup");
  await page.clock.install();
  await signInQuickly(page, "admin", "/issues");
  await waitForHydration(page);
  await expect.poll(asked, { message: "the popup's code was asked for" }).toBe(true);
  await page.clock.runFor(11 * 60_000);
  await expect(page.getByRole("dialog", { name: "Pricing update" })).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1, name: "Issues" })).toBeVisible();
  await expect(page.getByTestId("current-user")).toHaveText("Ada Admin");
});
