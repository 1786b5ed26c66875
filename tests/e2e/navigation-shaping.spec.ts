// A navigation the user shapes: pin, hide and reorder the main menu's items and choose the landing page
// on /settings/navigation, with the keyboard and with plain forms when scripts do not run. The shape is
// kept in Keel's profile extension, so it follows the user to another browser; reset brings back the default.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { mainNav, signInQuickly, waitForHydration } from "./helpers.ts";

const SETTINGS = "/settings/navigation";

// Each test signs in and posts several changes, one of them signs in twice: more than the default 30 s on CI.
test.describe.configure({ timeout: 60_000 });

/** The bar's items, by id, in the order it shows them. */
const barIds = (page: Page) =>
  mainNav(page)
    .locator("[data-nav-item]")
    .evaluateAll((links) => links.map((link) => link.getAttribute("data-nav-item")));

/** The settings page's rows, by item id, in their order. */
const rowIds = (page: Page) =>
  page.locator(".shape-item").evaluateAll((rows) => rows.map((row) => row.getAttribute("data-item")));

const items = (page: Page) => page.getByRole("list", { name: "Main menu items" });

test("the keyboard moves an item up and down; the focus stays on it and the bar follows", async ({
  page,
}) => {
  await signInQuickly(page, "alice", SETTINGS);
  await waitForHydration(page);
  const before = await rowIds(page);
  expect(before.slice(0, 3)).toEqual(["issues", "dashboards", "agiles"]);

  const down = items(page).getByRole("button", { name: "Move down Issues", exact: true });
  await down.focus();
  await page.keyboard.press("Enter");
  await expect.poll(() => rowIds(page)).toEqual(["dashboards", "issues", ...before.slice(2)]);
  await expect(down).toBeFocused();
  await expect(page.getByRole("status").filter({ hasText: "Issues is now at position 2 of" })).toBeAttached();

  await page.keyboard.press("Space");
  await expect.poll(() => rowIds(page)).toEqual(["dashboards", "agiles", "issues", ...before.slice(3)]);
  await expect(down).toBeFocused();

  // The button before Move down is Move up, for the same item.
  await page.keyboard.press("Shift+Tab");
  const up = items(page).getByRole("button", { name: "Move up Issues", exact: true });
  await expect(up).toBeFocused();
  await page.keyboard.press("Enter");
  await expect.poll(() => rowIds(page)).toEqual(["dashboards", "issues", "agiles", ...before.slice(3)]);
  await expect(up).toBeFocused();

  // The first item cannot go further up: its button is disabled, and the focus moved to Move down then.
  await page.keyboard.press("Enter");
  await expect.poll(() => rowIds(page)).toEqual(["issues", "dashboards", "agiles", ...before.slice(3)]);
  await expect(items(page).getByRole("button", { name: "Move up Issues", exact: true })).toBeDisabled();
  await expect(down).toBeFocused();
  await page.keyboard.press("Enter");
  await expect.poll(async () => (await barIds(page)).slice(0, 3)).toEqual(["dashboards", "issues", "agiles"]);
  await page.reload();
  expect((await barIds(page)).slice(0, 2)).toEqual(["dashboards", "issues"]);
});

test("pin, hide and the landing page follow the user to another browser; reset brings the default back", async ({
  page,
  browser,
  baseURL,
}) => {
  await signInQuickly(page, "alice", SETTINGS);
  await waitForHydration(page);
  const list = items(page);

  await list.getByRole("button", { name: "Pin Knowledge Base", exact: true }).click();
  await expect(list.getByRole("button", { name: "Unpin Knowledge Base", exact: true })).toBeFocused();
  await expect.poll(async () => (await barIds(page))[0]).toBe("articles");
  await list.getByRole("button", { name: "Hide Agile Boards", exact: true }).click();
  await expect(list.getByRole("button", { name: "Show Agile Boards", exact: true })).toBeFocused();
  await expect.poll(() => barIds(page)).not.toContain("agiles");
  // Hidden, not gone: More holds it.
  await mainNav(page).getByRole("button", { name: "More", exact: true }).click();
  await expect(page.getByRole("menuitem", { name: "Agile Boards", exact: true })).toBeVisible();
  await page.keyboard.press("Escape");

  await page.getByLabel("Page that opens first").selectOption({ label: "Knowledge Base" });
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await page.goto("/");
  await expect(page).toHaveURL(/\/articles$/);
  await expect(mainNav(page).getByRole("link", { name: "Keel, start page" })).toHaveAttribute(
    "href",
    "/articles",
  );

  // Another browser, the same user: signing in without a target lands on the chosen page.
  const other = await browser.newContext({ baseURL });
  try {
    const elsewhere = await other.newPage();
    await signInQuickly(elsewhere, "alice", "/");
    await expect(elsewhere).toHaveURL(/\/articles$/);
    const bar = await barIds(elsewhere);
    expect(bar[0]).toBe("articles");
    expect(bar).not.toContain("agiles");
  } finally {
    await other.close();
  }

  await page.goto(SETTINGS);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Reset to default", exact: true }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "The navigation is back to its default." }),
  ).toBeVisible();
  await expect.poll(async () => (await barIds(page)).slice(0, 3)).toEqual(["issues", "dashboards", "agiles"]);
  await page.goto("/");
  await expect(page).not.toHaveURL(/\/articles$/);
});

test("a guest's shape stays in this browser", async ({ page }) => {
  await page.goto(SETTINGS);
  await waitForHydration(page);
  await items(page).getByRole("button", { name: "Pin Knowledge Base", exact: true }).click();
  await expect.poll(async () => (await barIds(page))[0]).toBe("articles");
  const cookies = await page.context().cookies();
  expect(cookies.some((cookie) => cookie.name === "keel_guest_appearance")).toBe(true);
  await page.goto("/issues");
  expect((await barIds(page))[0]).toBe("articles");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("plain forms move, hide and reset the items and choose the landing page", async ({ page }) => {
    await signInQuickly(page, "alice", SETTINGS);
    const before = await rowIds(page);
    await items(page).getByRole("button", { name: "Move down Issues", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${SETTINGS}$`));
    // Without scripts the answer is a new document, read once it has arrived in full.
    await expect.poll(() => rowIds(page)).toEqual([before[1], "issues", ...before.slice(2)]);
    expect((await barIds(page)).slice(0, 2)).toEqual([before[1], "issues"]);

    await items(page).getByRole("button", { name: "Hide Agile Boards", exact: true }).click();
    await expect.poll(() => barIds(page)).not.toContain("agiles");
    // More is a link to its menu's page without scripts; the hidden item is a plain link there.
    await mainNav(page).getByRole("link", { name: "More", exact: true }).click();
    await expect(page).toHaveURL(`/menu/more?back=${encodeURIComponent(SETTINGS)}`);
    await expect(page.locator("main").getByRole("link", { name: "Agile Boards", exact: true })).toBeVisible();
    await page.goto(SETTINGS);

    await page.getByLabel("Page that opens first").selectOption({ label: "Knowledge Base" });
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${SETTINGS}$`));
    await page.goto("/");
    await expect(page).toHaveURL(/\/articles$/);

    await page.goto(SETTINGS);
    await page.getByRole("button", { name: "Reset to default", exact: true }).click();
    await expect.poll(() => rowIds(page)).toEqual(before);
    expect(await barIds(page)).toContain("agiles");
    await page.goto("/");
    await expect(page).not.toHaveURL(/\/articles$/);
  });
});
