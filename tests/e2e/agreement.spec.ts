// The user agreement (docs/shell.md): alice, who has not accepted it, must scroll
// through it to accept; declining logs her out; tabs follow each other; guests get a notice instead.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { signIn, waitForHydration } from "./helpers.ts";

const dialog = (page: Page) => page.getByRole("dialog", { name: "User Agreement" });
const acceptButton = (page: Page) => dialog(page).getByRole("button", { name: "Accept" });
const scrollToEnd = (page: Page) =>
  page.getByRole("region", { name: "Agreement text" }).evaluate((region) => {
    region.scrollTop = region.scrollHeight;
  });

// This test's alice, as in the demo data: no consent recorded, so the agreement dialog opens.
test.beforeEach(async ({ users }) => {
  await users.of("alice", { consent: false });
});

test.describe("with JavaScript", () => {
  test("Accept is disabled until the text is scrolled to its end; accepting is saved", async ({ page }) => {
    await signIn(page, "alice");
    await waitForHydration(page);
    await expect(dialog(page)).toBeVisible();
    await expect(acceptButton(page)).toBeDisabled();
    await expect(dialog(page).getByText("Scroll to the end of the agreement to accept it.")).toBeVisible();
    // Modal: the page behind it is inert.
    expect(await dialog(page).evaluate((element) => element.matches(":modal"))).toBe(true);
    await scrollToEnd(page);
    await expect(acceptButton(page)).toBeEnabled();
    await acceptButton(page).click();
    await expect(dialog(page)).toBeHidden();
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Dashboards" })).toBeVisible();
    await expect(dialog(page)).toHaveCount(0);
  });

  test("Decline logs alice out with the declined-agreement message", async ({ page }) => {
    await signIn(page, "alice");
    await waitForHydration(page);
    await dialog(page).getByRole("button", { name: "Decline and log out" }).click();
    await expect(page).toHaveURL("/login?message=userAgreementDeclined");
    await expect(
      page.getByText("You declined the user agreement, so you have been logged out."),
    ).toBeVisible();
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login\?redirect=/);
  });

  test("accepting in one tab hides the dialog in the other", async ({ page, context }) => {
    await signIn(page, "alice");
    const other = await context.newPage();
    await other.goto("/issues");
    await waitForHydration(other);
    await expect(dialog(other)).toBeVisible();
    await waitForHydration(page);
    await scrollToEnd(page);
    await acceptButton(page).click();
    await expect(dialog(page)).toBeHidden();
    await expect(dialog(other)).toBeHidden();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Accept waits at the end of the text and works as a plain form", async ({ page }) => {
    await signIn(page, "alice");
    await expect(dialog(page)).toBeVisible();
    const region = page.getByRole("region", { name: "Agreement text" });
    await expect(region.getByRole("button", { name: "Accept" })).not.toBeInViewport();
    await region.getByRole("button", { name: "Accept" }).click();
    await expect(page).toHaveURL("/dashboard");
    await expect(dialog(page)).toHaveCount(0);
  });
});

test.describe("a guest", () => {
  test("gets a notice, can review the agreement, and can be reminded later", async ({ page }) => {
    await page.goto("/issues");
    const notice = page.getByRole("complementary", { name: "User agreement" });
    await expect(notice).toBeVisible();
    // Not blocking: the page works.
    await expect(page.getByRole("heading", { level: 1, name: "Issues" })).toBeVisible();
    await notice.getByRole("link", { name: "Review now" }).click();
    await expect(dialog(page)).toBeVisible();
    await page.goto("/issues");
    await waitForHydration(page);
    await notice.getByRole("button", { name: "Remind me later" }).click();
    await expect(notice).toBeHidden();
    await page.reload();
    await expect(notice).toHaveCount(0);
  });
});
