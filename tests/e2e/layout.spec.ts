import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { DEMO_USERS, expectWelcome, mainNav, signIn, signInQuickly, waitForHydration } from "./helpers.ts";

/** The seeded global banner (prisma/factories.ts), in parts that survive any markup. */
const BANNER_PARTS = [
  "Scheduled maintenance",
  "on Saturday from 22:00 UTC",
  "Keel may be unavailable for up to 30 minutes.",
];

async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `scrollWidth ${scrollWidth} within innerWidth ${innerWidth}`).toBeLessThanOrEqual(
    innerWidth,
  );
}

/** Collects console errors and uncaught exceptions from the moment it is called. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
}

test.describe("narrow window, dark colour scheme", () => {
  test.use({ viewport: { width: 760, height: 800 }, colorScheme: "dark" });

  test("the login page fits and shows the navigation", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByRole("heading", { level: 1, name: "Log in to Keel" })).toBeVisible();
    await expect(mainNav(page)).toBeVisible();
    // At 760 px the bar is a top bar: its entries are behind the hamburger, a link to /menu until the
    // page is hydrated and a button after; a click while one becomes the other is lost.
    await waitForHydration(page);
    await mainNav(page).getByLabel("Menu").click();
    await expect(mainNav(page).getByRole("link", { name: "Log in" })).toBeVisible();
    await expect(page.locator("main").getByRole("link", { name: "Log in", exact: true })).toBeAttached();
    expect(await page.evaluate(() => window.matchMedia("(prefers-color-scheme: dark)").matches)).toBe(true);
    // The system theme follows the dark scheme: the dark background, not white.
    await expect(page.locator("body")).toHaveCSS("background-color", "rgb(30, 31, 34)");
    await expectNoHorizontalScroll(page);
  });

  test("the signed-in home page fits and shows the navigation", async ({ page }) => {
    await signInQuickly(page, "alice");
    await expectWelcome(page, "alice");
    const nav = mainNav(page);
    await expect(nav).toBeVisible();
    await expect(nav.getByTestId("current-user")).toHaveText(DEMO_USERS.alice);
    await waitForHydration(page);
    await nav.getByLabel("Menu").click();
    await expect(nav.getByRole("link", { name: "Issues", exact: true })).toBeVisible();
    await expect(nav.getByRole("button", { name: "Log out", exact: true })).toBeVisible();
    await expect(page.locator("body")).toHaveCSS("background-color", "rgb(30, 31, 34)");
    await expectNoHorizontalScroll(page);
  });
});

test.describe("a phone's window", () => {
  test.use({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });

  test("a resolved issue's summary is struck through in the list, and its field's label is not", async ({
    page,
  }) => {
    await signInQuickly(page, "alice", "/issues");
    const cell = page.locator("td.resolved").first();
    await expect(cell).toBeVisible();
    // Each cell shows its label before its value here: a line drawn through the cell would cross it.
    expect(await cell.evaluate((element) => getComputedStyle(element, "::before").content)).toBe('"Summary"');
    await expect(cell).toHaveCSS("text-decoration-line", "none");
    await expect(cell.getByRole("link")).toHaveCSS("text-decoration-line", "underline line-through");
  });
});

test.describe("narrow window without JavaScript", () => {
  test.use({ viewport: { width: 760, height: 800 }, javaScriptEnabled: false });

  test("the hamburger leads to the menu as a page, whose entries work and which leads back", async ({
    page,
  }) => {
    await signIn(page, "admin");
    await page.goto("/issues?query=open");
    // The page carries no hidden copy of the menu: the hamburger is a link.
    await expect(mainNav(page).locator(".mobile-menu-panel")).toHaveCount(0);
    const hamburger = mainNav(page).getByRole("link", { name: "Menu", exact: true });
    await expect(hamburger).toHaveAttribute("href", `/menu?back=${encodeURIComponent("/issues?query=open")}`);
    await hamburger.click();
    await expect(page).toHaveTitle("Menu · Keel");
    const menu = page.locator("main");
    await expect(menu.getByRole("heading", { level: 1, name: "Menu" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Issues", exact: true })).toHaveAttribute("href", "/issues");
    // Help entries open the help panel over the page the menu came from.
    await menu.getByText("Help", { exact: true }).click();
    await expect(menu.getByRole("link", { name: "Keyboard shortcuts" })).toHaveAttribute(
      "href",
      "/issues?query=open&panel=shortcuts",
    );
    await menu.getByText("Administration", { exact: true }).click();
    await expect(menu.getByRole("link", { name: "Users", exact: true })).toBeVisible();
    await menu.getByRole("link", { name: "Close the menu" }).click();
    await expect(page).toHaveURL("/issues?query=open");
  });

  test("the menu page's way back stays on this site", async ({ page }) => {
    await page.goto(`/menu?back=${encodeURIComponent("//evil.example/")}`);
    await expect(page.locator("main").getByRole("link", { name: "Close the menu" })).toHaveAttribute(
      "href",
      "/",
    );
    await expect(page.locator("main").getByRole("link", { name: "Log in" })).toHaveAttribute(
      "href",
      "/login?redirect=%2F",
    );
  });

  test("one menu's page keeps its way back on this site, and an unknown menu is not found", async ({
    page,
  }) => {
    await page.goto(`/menu/help?back=${encodeURIComponent("https://evil.example/x")}`);
    await expect(page.getByRole("heading", { level: 1, name: "Help" })).toBeVisible();
    await expect(page.locator("main").getByRole("link", { name: "Close the menu" })).toHaveAttribute(
      "href",
      "/",
    );
    // On its own page the menu's trigger says so.
    await expect(page.locator('nav a[data-menu="help"]')).toHaveAttribute("aria-current", "page");
    const response = await page.goto("/menu/nope?back=%2Fissues");
    expect(response?.status()).toBe(404);
  });
});

test("the seeded announcement banner is visible", async ({ page }) => {
  await page.goto("/");
  const banner = page.getByRole("complementary", { name: "Announcement" }).first();
  await expect(banner).toBeVisible();
  for (const part of BANNER_PARTS) await expect(banner).toContainText(part);
});

test("an unknown path shows Page not found with status 404", async ({ page }) => {
  const response = await page.goto("/no-such-page/at-all");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to the start page" })).toHaveAttribute("href", "/");
});

test("the home page logs no console errors", async ({ page }) => {
  const errors = collectErrors(page);
  await page.goto("/");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Issues" })).toBeVisible();
  await signIn(page, "alice");
  // Client-side navigation through the shell, then back home.
  await mainNav(page).getByRole("link", { name: "Issues", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Issues" })).toBeVisible();
  await mainNav(page).getByRole("link", { name: "Keel" }).click();
  await expectWelcome(page, "alice");
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByTestId("welcome")).toBeVisible();
  expect(errors).toEqual([]);
});

test.describe("the design system", () => {
  test.use({ javaScriptEnabled: false });

  test("native controls take its tokens: /markup's Preview button and text field", async ({ page }) => {
    await signInQuickly(page, "alice", "/markup");
    const token = (name: string) =>
      page.evaluate((n) => getComputedStyle(document.documentElement).getPropertyValue(n).trim(), name);
    const preview = page.getByRole("button", { name: "Preview" });
    const field = page.locator("#markup-text");
    const style = (locator: typeof preview, property: string) =>
      locator.evaluate((element, p) => getComputedStyle(element).getPropertyValue(p), property);
    expect(await style(preview, "border-top-left-radius")).toBe(await token("--radius-md"));
    expect(await style(field, "border-top-left-radius")).toBe(await token("--radius-md"));
    // The browser's own grey button face is gone: the surface colour of the theme instead.
    const surface = await page.evaluate(() => {
      const probe = document.body.appendChild(document.createElement("div"));
      probe.style.background = "var(--surface)";
      const colour = getComputedStyle(probe).backgroundColor;
      probe.remove();
      return colour;
    });
    expect(await style(preview, "background-color")).toBe(surface);
  });

  test("a notification shows its sender's avatar and the time apart from the text", async ({ page }) => {
    await signInQuickly(page, "admin", "/notifications");
    const thread = page.getByRole("listitem", { name: "Alice Member mentioned you in DEMO-2" });
    await expect(thread.locator(".avatar")).toHaveText("AM");
    await expect(thread.locator(".avatar")).toHaveAttribute("aria-hidden", "true");
    await expect(thread.locator(".thread-time time")).toHaveAttribute("datetime", /^\d{4}-\d\d-\d\dT/);
  });
});
