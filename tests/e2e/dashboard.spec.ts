// The dashboard (issue 8, seed 001 section 9) with the Team pulse sample widget, and the administrators'
// Apps page: install by upload, removal after a confirmation.
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { folderFiles, MINIMAL_APP_DIR, zipOf } from "../helpers/app-packages.ts";
import { signInQuickly, tokenOf, waitForHydration, type DemoLogin } from "./helpers.ts";

const PULSE = { appName: "team-pulse", widgetKey: "pulse" };
const LOADED = /^Loaded \d+ issues? \(load #1\)$/;

const as = async (login: DemoLogin, origin: string) => ({
  authorization: `Bearer ${await tokenOf(login)}`,
  origin,
});

/** Replaces alice's dashboard through the backend (a removed tile takes its stored config with it). */
async function setDashboard(
  request: APIRequestContext,
  origin: string,
  tiles: { id: string; width?: number; height?: number }[],
): Promise<void> {
  const response = await request.put("/api/users/me/dashboard", {
    headers: await as("alice", origin),
    data: { tiles: tiles.map((tile) => ({ ...PULSE, ...tile })) },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** What Team pulse would have stored with storeConfig for the tile `id`. */
async function storeConfig(request: APIRequestContext, origin: string, id: string, title: string) {
  const response = await request.put(`/api/apps/team-pulse/embeddings/${id}`, {
    headers: await as("alice", origin),
    data: { widgetKey: "pulse", config: { title, project: "" } },
  });
  expect(response.status(), await response.text()).toBe(200);
}

interface SavedTile {
  id: string;
  width: number;
  height: number;
  collapsed: boolean;
}

/** Alice's dashboard as the backend keeps it: each tile's id, size and state, in order. */
async function savedTiles(request: APIRequestContext, origin: string) {
  const response = await request.get("/api/users/me/dashboard", { headers: await as("alice", origin) });
  expect(response.status()).toBe(200);
  const { tiles } = (await response.json()) as { tiles: SavedTile[] };
  return tiles.map(({ id, width, height, collapsed }) => ({ id, width, height, collapsed }));
}

/** A tile's list item, which carries its place and size. */
const tileItem = (page: Page, id: string): Locator => page.locator(`li[data-tile-id="${id}"]`);
const tilesList = (page: Page) => page.getByRole("list", { name: "Widgets on your dashboard" });

/** Waits until every change made on the page is saved. */
async function expectSaved(page: Page): Promise<void> {
  await expect(tilesList(page)).toHaveAttribute("aria-busy", "false");
}

async function expectWidgetReady(tile: Locator): Promise<void> {
  await expect(tile.locator('[data-widget="team-pulse/pulse"]')).toHaveAttribute("data-state", "ready");
  await expect(tile.frameLocator("iframe").getByTestId("status")).toHaveText(LOADED);
}

test.describe("the dashboard with scripts", () => {
  test.beforeEach(async ({ request, baseURL }) => {
    await setDashboard(request, baseURL!, []);
  });

  test("Add widget opens the widget dialog; Team pulse is added, registers in its frame and stays after a reload", async ({
    page,
  }) => {
    test.slow();
    await signInQuickly(page, "alice", "/dashboard");
    await waitForHydration(page);
    await expect(page.getByTestId("welcome")).toBeVisible();
    await expect(page.getByText("Your dashboard is empty")).toBeVisible();

    await page.getByRole("button", { name: "Add widget" }).click();
    const dialog = page.getByRole("dialog", { name: "Add a widget" });
    await expect(dialog).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box?.width).toBeLessThanOrEqual(600);
    expect(box?.height).toBeLessThanOrEqual(640);
    await expect(dialog).toContainText("The five latest issues of a project");
    await expect(dialog).toContainText("From Team Pulse");
    await dialog.getByRole("button", { name: "Add Team pulse" }).click();
    await expect(dialog).toBeHidden();

    const tile = page.getByRole("region", { name: "Team pulse", exact: true });
    await expect(tile).toBeVisible();
    await expectWidgetReady(tile);
    const frame = tile.frameLocator("iframe");
    await expect(frame.getByRole("heading", { name: "Team pulse", exact: true })).toBeVisible();
    await expect(frame.getByTestId("scope")).toHaveText("All projects");
    await expect(page.locator("li[data-tile-id]")).toHaveAttribute("data-width", "50");
    await expect(page.locator("li[data-tile-id]")).toHaveAttribute("data-height", "1");

    await expectSaved(page);
    await page.reload();
    await expectWidgetReady(page.getByRole("region", { name: "Team pulse", exact: true }));
  });

  test("the tile's Configure and Refresh reach the widget; config mode shows; the stored title heads the tile", async ({
    page,
    request,
    baseURL,
  }) => {
    test.slow();
    await setDashboard(request, baseURL!, [{ id: "e2e-config" }]);
    await signInQuickly(page, "alice", "/dashboard");
    await waitForHydration(page);
    const tile = tileItem(page, "e2e-config");
    await expectWidgetReady(tile);
    const frame = tile.frameLocator("iframe");

    await tile.getByRole("button", { name: "Refresh", exact: true }).click();
    await expect(frame.getByTestId("status")).toHaveText(/^Loaded \d+ issues? \(load #2\)$/);

    // The widget's own Configure asks the host for config mode, which the tile shows.
    await frame.getByRole("button", { name: "Configure" }).click();
    await expect(tile.getByText("Configuring", { exact: true })).toBeVisible();
    await frame.getByRole("button", { name: "Cancel" }).click();
    await expect(tile.getByText("Configuring", { exact: true })).toBeHidden();

    // The tile's Configure button sends onConfigure, which opens the widget's form.
    await tile.getByRole("button", { name: "Configure", exact: true }).click();
    await expect(frame.getByRole("heading", { name: "Configure Team pulse" })).toBeVisible();
    await frame.getByLabel("Title").fill("Pulse of DEMO");
    await frame.getByLabel("Project").fill("DEMO");
    await frame.getByRole("button", { name: "Save" }).click();
    await expect(frame.getByTestId("scope")).toHaveText("Project: DEMO");
    // setTitle: the tile's heading is the widget's title now.
    await expect(page.getByRole("region", { name: "Pulse of DEMO" })).toBeVisible();

    await page.reload();
    await expect(page.getByRole("region", { name: "Pulse of DEMO" })).toBeVisible();
    await expect(tileItem(page, "e2e-config").frameLocator("iframe").getByTestId("scope")).toHaveText(
      "Project: DEMO",
    );
  });

  test("two tiles are reordered, resized and collapsed with the keyboard alone, and the layout is kept", async ({
    page,
    request,
    baseURL,
  }) => {
    test.slow();
    await storeConfig(request, baseURL!, "e2e-a", "Pulse A");
    await storeConfig(request, baseURL!, "e2e-b", "Pulse B");
    await setDashboard(request, baseURL!, [{ id: "e2e-a" }, { id: "e2e-b" }]);
    await signInQuickly(page, "alice", "/dashboard");
    await waitForHydration(page);
    const a = tileItem(page, "e2e-a");
    const b = tileItem(page, "e2e-b");
    // Each widget read its stored config and titled its tile.
    const pulseA = page.getByRole("region", { name: "Pulse A" });
    const pulseB = page.getByRole("region", { name: "Pulse B" });
    await expect(pulseA).toBeVisible();
    await expect(pulseB).toBeVisible();
    await expect(a).toHaveAttribute("aria-posinset", "1");
    await expect(b).toHaveAttribute("aria-posinset", "2");
    // A second load of A, to tell later that its frame was not reloaded by the changes around it.
    await expectWidgetReady(a);
    await pulseA.getByRole("button", { name: "Refresh", exact: true }).click();
    await expect(a.frameLocator("iframe").getByTestId("status")).toHaveText(/\(load #2\)$/);

    // A later: B comes first. Focus stays on the button, so Tab goes on through A's layout buttons.
    await pulseA.getByRole("button", { name: "Move later" }).focus();
    await page.keyboard.press("Enter");
    await expect(a).toHaveAttribute("aria-posinset", "2");
    await expect(b).toHaveAttribute("aria-posinset", "1");
    await expect(pulseA.getByRole("button", { name: "Move later" })).toBeFocused();
    await page.keyboard.press("Tab"); // Narrower
    await page.keyboard.press("Tab"); // Wider
    await expect(pulseA.getByRole("button", { name: "Wider" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(a).toHaveAttribute("data-width", "60");
    await page.keyboard.press("Enter");
    await expect(a).toHaveAttribute("data-width", "70");
    await page.keyboard.press("Tab"); // Shorter
    await page.keyboard.press("Tab"); // Taller
    await page.keyboard.press("Space");
    await expect(a).toHaveAttribute("data-height", "2");
    await expect(pulseA).toContainText("Width 70%, height 2");

    // B collapses to its header: its frame is hidden, not gone.
    await pulseB.getByRole("button", { name: "Collapse" }).focus();
    await page.keyboard.press("Enter");
    await expect(b).toHaveAttribute("data-collapsed", "true");
    await expect(pulseB.getByRole("button", { name: "Expand" })).toHaveAttribute("aria-expanded", "false");
    await expect(b.locator("iframe")).toBeHidden();
    // A's frame was not reloaded: it still shows its second load.
    await expect(a.frameLocator("iframe").getByTestId("status")).toHaveText(/\(load #2\)$/);

    await expectSaved(page);
    expect(await savedTiles(request, baseURL!)).toEqual([
      { id: "e2e-b", width: 50, height: 1, collapsed: true },
      { id: "e2e-a", width: 70, height: 2, collapsed: false },
    ]);
    await page.reload();
    await expect(tileItem(page, "e2e-b")).toHaveAttribute("aria-posinset", "1");
    await expect(tileItem(page, "e2e-a")).toHaveAttribute("aria-posinset", "2");
    await expect(tileItem(page, "e2e-a")).toHaveAttribute("data-width", "70");
    await expect(tileItem(page, "e2e-a")).toHaveAttribute("data-height", "2");
    await expect(tileItem(page, "e2e-b")).toHaveAttribute("data-collapsed", "true");
    await expect(tileItem(page, "e2e-b").locator("iframe")).toBeHidden();
  });

  test("a tile goes with its Remove button, and when its widget calls removeWidget()", async ({
    page,
    request,
    baseURL,
  }) => {
    test.slow();
    await setDashboard(request, baseURL!, [{ id: "e2e-r1" }, { id: "e2e-r2" }]);
    await signInQuickly(page, "alice", "/dashboard");
    await waitForHydration(page);
    const first = tileItem(page, "e2e-r1");
    const second = tileItem(page, "e2e-r2");
    await expectWidgetReady(second);

    await first.getByRole("button", { name: "Remove", exact: true }).click();
    await expect(first).toHaveCount(0);
    // Focus does not fall off the page with the removed tile.
    await expect(page.getByRole("button", { name: "Add widget" })).toBeFocused();

    await second.frameLocator("iframe").getByRole("button", { name: "Remove" }).click();
    await expect(second).toHaveCount(0);
    await expect(page.getByText("Your dashboard is empty")).toBeVisible();
    await expectSavedEmpty(request, baseURL!);
  });
});

async function expectSavedEmpty(request: APIRequestContext, origin: string): Promise<void> {
  await expect.poll(() => savedTiles(request, origin)).toEqual([]);
}

test.describe("the dashboard without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("adding, resizing, collapsing and removing are form posts that come back to the dashboard", async ({
    page,
    request,
    baseURL,
  }) => {
    await setDashboard(request, baseURL!, []);
    await signInQuickly(page, "alice", "/dashboard");
    await expect(page.getByTestId("welcome")).toBeVisible();
    await page.getByRole("link", { name: "Add widget" }).click();
    await expect(page).toHaveURL("/dashboard?add=1");
    const dialog = page.getByRole("dialog", { name: "Add a widget" });
    await dialog.getByRole("button", { name: "Add Team pulse" }).click();
    await expect(page).toHaveURL(/\/dashboard#tile-[A-Za-z0-9_-]+$/);

    const tile = page.getByRole("region", { name: "Team pulse", exact: true });
    await expect(tile).toContainText("Team pulse is an app widget and needs JavaScript.");
    const item = page.locator("li[data-tile-id]");
    await tile.getByRole("button", { name: "Wider" }).click();
    await expect(item).toHaveAttribute("data-width", "60");
    await tile.getByRole("button", { name: "Taller" }).click();
    await expect(item).toHaveAttribute("data-height", "2");
    await tile.getByRole("button", { name: "Collapse" }).click();
    await expect(item).toHaveAttribute("data-collapsed", "true");
    await tile.getByRole("button", { name: "Remove" }).click();
    await expect(page.getByText("Your dashboard is empty")).toBeVisible();
    await expectSavedEmpty(request, baseURL!);
  });
});

// Installing an app shows its widgets to everyone: these run alone (playwright.config.ts).
test.describe("the Apps page", { tag: "@global-state" }, () => {
  const removeMinimal = async (request: APIRequestContext, origin: string) => {
    const response = await request.delete("/api/admin/apps/minimal", { headers: await as("admin", origin) });
    expect([200, 404]).toContain(response.status());
  };
  test.beforeEach(async ({ request, baseURL }) => removeMinimal(request, baseURL!));
  test.afterEach(async ({ request, baseURL }) => removeMinimal(request, baseURL!));

  test("is for administrators only", async ({ page }) => {
    await signInQuickly(page, "alice", "/issues");
    const response = await page.goto("/admin/apps");
    expect(response?.status()).toBe(403);
    await expect(page.getByText("Only administrators can install and remove apps.")).toBeVisible();
  });

  test("an administrator uploads the minimal app as a .zip, sees it listed, and removes it after confirming", async ({
    page,
  }) => {
    test.slow();
    await signInQuickly(page, "admin", "/admin/apps");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1, name: "Apps" })).toBeVisible();
    const rowOf = (title: string) =>
      page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: title, exact: true }) });
    await expect(rowOf("Team Pulse")).toContainText("DASHBOARD_WIDGET");
    await expect(rowOf("Team Pulse").getByRole("link", { name: "Keel samples" })).toHaveAttribute(
      "href",
      "https://example.com",
    );

    const file = page.getByLabel("App package (.zip)");
    await file.setInputFiles({
      name: "broken.zip",
      mimeType: "application/zip",
      buffer: Buffer.from("this is not a zip"),
    });
    await page.getByRole("button", { name: "Upload and install" }).click();
    await expect(
      page.getByText("The app was not installed: The package is not a readable .zip file", { exact: true }),
    ).toBeVisible();
    await expect(file).toHaveAttribute("aria-invalid", "true");

    const zip = zipOf(folderFiles(MINIMAL_APP_DIR), "minimal");
    await file.setInputFiles({ name: "minimal.zip", mimeType: "application/zip", buffer: Buffer.from(zip) });
    await page.getByRole("button", { name: "Upload and install" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Installed Minimal 1.0.0" })).toBeVisible();
    await expect(page).toHaveURL("/admin/apps?done=installed&name=minimal");
    const minimal = rowOf("Minimal");
    await expect(minimal).toContainText("2 widgets");
    await expect(minimal).toContainText("ISSUE_BELOW_SUMMARY");
    await expect(minimal.getByRole("link", { name: "Keel tests" })).toHaveAttribute(
      "href",
      "https://keel.test",
    );

    // Remove asks first; Escape keeps the app.
    await minimal.getByRole("button", { name: "Remove Minimal" }).click();
    const confirm = page.getByRole("dialog", { name: "Remove Minimal?" });
    // Modal: showModal() has put focus on its first button.
    await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(confirm).toBeHidden();
    await expect(page).toHaveURL("/admin/apps");
    await expect(minimal).toBeVisible();

    await minimal.getByRole("button", { name: "Remove Minimal" }).click();
    await page
      .getByRole("dialog", { name: "Remove Minimal?" })
      .getByRole("button", { name: "Confirm removal" })
      .click();
    await expect(page.getByRole("status").filter({ hasText: "Removed Minimal" })).toBeVisible();
    await expect(rowOf("Minimal")).toHaveCount(0);
  });
});
