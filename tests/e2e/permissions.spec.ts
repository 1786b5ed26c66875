import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { mainNav, signInQuickly, waitForHydration } from "./helpers.ts";

/** The readable ids in the first column of the issue table named `name`. */
async function issueIds(page: Page, name: "Issues" | "Tickets"): Promise<string[]> {
  const table = page.getByRole("table", { name });
  await expect(table).toBeVisible();
  const rows = table.getByRole("row").filter({ has: page.getByRole("cell") });
  await expect(rows.first()).toBeVisible();
  const ids: string[] = [];
  for (const row of await rows.all()) ids.push((await row.getByRole("cell").first().textContent()) ?? "");
  return ids;
}

test("a reporter sees Tickets, only from the helpdesk project SUP", async ({ page }) => {
  await signInQuickly(page, "rachel");
  await waitForHydration(page);
  const nav = mainNav(page);
  await expect(nav.getByRole("link", { name: "Issues", exact: true })).toHaveCount(0);
  await nav.getByRole("link", { name: "Tickets" }).click();
  await expect(page).toHaveURL("/tickets");
  await expect(page.getByRole("heading", { level: 1, name: "Tickets" })).toBeVisible();
  const ids = await issueIds(page, "Tickets");
  expect(ids.length).toBeGreaterThan(0);
  for (const id of ids) expect(id).toMatch(/^SUP-\d+$/);
});

test("a project member sees only the issues of DEMO", async ({ page }) => {
  await signInQuickly(page, "alice");
  await waitForHydration(page);
  await mainNav(page).getByRole("link", { name: "Issues", exact: true }).click();
  await expect(page).toHaveURL("/issues");
  await expect(page.getByRole("heading", { level: 1, name: "Issues" })).toBeVisible();
  const ids = await issueIds(page, "Issues");
  expect(ids.length).toBeGreaterThan(0);
  for (const id of ids) expect(id).toMatch(/^DEMO-\d+$/);
});

test("a guest sees the Log in link and the issue list", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveURL("/issues");
  await expect(page.getByRole("heading", { level: 1, name: "Issues" })).toBeVisible();
  const nav = mainNav(page);
  await expect(nav.getByRole("link", { name: "Log in" })).toBeVisible();
  await expect(page.getByTestId("current-user")).toHaveCount(0);
  await nav.getByRole("link", { name: "Issues", exact: true }).click();
  await expect(page).toHaveURL("/issues");
  await expect(page.getByRole("heading", { level: 1, name: "Issues" })).toBeVisible();
  const ids = await issueIds(page, "Issues");
  expect(ids.length).toBeGreaterThan(0);
  for (const id of ids) expect(id).toMatch(/^DEMO-\d+$/);
});

test("a guest cannot open a helpdesk ticket", async ({ page }) => {
  const response = await page.goto("/issue/SUP-1");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("Cannot sign in from the mobile app")).toHaveCount(0);
});
