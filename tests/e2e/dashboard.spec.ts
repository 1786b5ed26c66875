// The dashboard with the Team pulse sample widget (docs/widgets.md): adding tiles, their header and one menu,
// moving and resizing them with the keyboard and the pointer, scrolling inside a tile, config mode; with and
// without scripts. Then the administrators' Apps page: install by upload, removal after a confirmation.
import { randomUUID } from "node:crypto";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { folderFiles, MINIMAL_APP_DIR, zipOf } from "../helpers/app-packages.ts";
import { signInQuickly, tokenOf, waitForHydration, type DemoLogin } from "./helpers.ts";

const PULSE = { appName: "team-pulse", widgetKey: "pulse" };
/** Team pulse's chart after its load number `n`: the status counts the issues and says when. */
const loaded = (status: Locator, n: number) =>
  Promise.all([
    expect(status).toHaveText(/^(\d+ issues? · updated .+|No issues yet)$/),
    expect(status).toHaveAttribute("data-loads", String(n)),
  ]);

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
  await loaded(tile.frameLocator("iframe").getByTestId("status"), 1);
  await expect(tile.frameLocator("iframe").getByRole("table", { name: "Issues by state" })).toBeVisible();
}

/** Waits until the tiles' menus are Radix's menu buttons (they load once the page has hydrated). */
async function waitForTileMenus(page: Page): Promise<void> {
  await waitForHydration(page);
  await expect(page.locator("details.dashboard-tile-menu")).toHaveCount(0);
}

/** Opens the tile's one menu, named after its title, and returns it. */
async function openMenu(page: Page, tile: Locator, title: string): Promise<Locator> {
  await tile.getByRole("button", { name: `Actions for ${title}`, exact: true }).click();
  const menu = page.getByRole("menu", { name: `Actions for ${title}`, exact: true });
  await expect(menu).toBeVisible();
  return menu;
}

/** The tile's widget area, the part of a tile that is its grid steps high. */
const tileBody = (tile: Locator) => tile.locator(".dashboard-tile-body");

/** A tile id of this test's own: a tile's id is its embedding's, unique across users. */
const ownId = (name: string) => `e2e-${name}-${randomUUID().slice(0, 8)}`;

/** Whether box `inner` lies within box `outer` (a pixel of rounding allowed). */
function within(inner: Box | null, outer: Box | null): boolean {
  if (!inner || !outer) return false;
  return (
    inner.x >= outer.x - 1 &&
    inner.y >= outer.y - 1 &&
    inner.x + inner.width <= outer.x + outer.width + 1 &&
    inner.y + inner.height <= outer.y + outer.height + 1
  );
}
type Box = { x: number; y: number; width: number; height: number };

for (const width of [1280, 390]) {
  test.describe(`the dashboard with scripts at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

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
      await expect(dialog).toContainText("A project's issues by state or by assignee");
      await expect(dialog).toContainText("From Team Pulse");
      await dialog.getByRole("button", { name: "Add Team pulse" }).click();
      await expect(dialog).toBeHidden();

      const tile = page.getByRole("region", { name: "Team pulse", exact: true });
      await expect(tile).toBeVisible();
      await expectWidgetReady(tile);
      const frame = tile.frameLocator("iframe");
      await expect(frame.getByRole("heading", { name: "Team pulse", exact: true })).toBeVisible();
      await expect(frame.getByTestId("scope")).toHaveText("Issues by state");
      await expect(page.locator("li[data-tile-id]")).toHaveAttribute("data-width", "50");
      await expect(page.locator("li[data-tile-id]")).toHaveAttribute("data-height", "1");

      await expectSaved(page);
      await page.reload();
      await expectWidgetReady(page.getByRole("region", { name: "Team pulse", exact: true }));
    });

    test("a tile's header has its title once, a handle and one menu instead of a row of buttons", async ({
      page,
      request,
      baseURL,
    }) => {
      const id = ownId("header");
      await setDashboard(request, baseURL!, [{ id }]);
      await signInQuickly(page, "alice", "/dashboard");
      await waitForTileMenus(page);
      const region = page.getByRole("region", { name: "Team pulse", exact: true });
      await expectWidgetReady(region);
      // Outside the widget's own frame, the tile shows its title once and exactly two controls.
      await expect(region.getByText("Team pulse", { exact: true })).toHaveCount(1);
      await expect(region.getByRole("button")).toHaveText(["", ""]);
      await expect(region.getByRole("button", { name: "Move Team pulse" })).toHaveAccessibleDescription(
        "Drag to move. Arrow keys move the widget; Shift with the arrow keys resizes it.",
      );
      const trigger = region.getByRole("button", { name: "Actions for Team pulse" });
      await expect(trigger).toHaveAttribute("aria-haspopup", "menu");
      const header = await region.locator(".dashboard-tile-header").boundingBox();
      expect(header?.height).toBeLessThanOrEqual(48);

      const menu = await openMenu(page, region, "Team pulse");
      await expect(menu.getByRole("menuitem")).toHaveText([
        "Refresh",
        "Configure",
        "Collapse",
        "Move earlier",
        "Move later",
        "Narrower",
        "Wider",
        "Shorter",
        "Taller",
        "Remove",
      ]);
      await expect(menu).toContainText("Width 50%, height 1");
      // The only tile can go neither earlier nor later, nor shorter than one step.
      for (const name of ["Move earlier", "Move later", "Shorter"]) {
        await expect(menu.getByRole("menuitem", { name })).toHaveAttribute("aria-disabled", "true");
      }
      await page.keyboard.press("Escape");
      await expect(menu).toBeHidden();
      await expect(trigger).toBeFocused();
    });

    test("the menu's Configure and Refresh reach the widget; config mode shows; the stored title heads the tile", async ({
      page,
      request,
      baseURL,
    }) => {
      test.slow();
      const id = ownId("config");
      await setDashboard(request, baseURL!, [{ id }]);
      await signInQuickly(page, "alice", "/dashboard");
      await waitForTileMenus(page);
      const tile = tileItem(page, id);
      await expectWidgetReady(tile);
      const frame = tile.frameLocator("iframe");

      await (await openMenu(page, tile, "Team pulse")).getByRole("menuitem", { name: "Refresh" }).click();
      await loaded(frame.getByTestId("status"), 2);

      // The widget's own Configure asks the host for config mode, which the tile shows.
      await frame.getByRole("button", { name: "Configure" }).click();
      await expect(tile.getByText("Configuring", { exact: true })).toBeVisible();
      await frame.getByRole("button", { name: "Cancel" }).click();
      await expect(tile.getByText("Configuring", { exact: true })).toBeHidden();

      // The menu's Configure sends onConfigure, which opens the widget's form.
      await (await openMenu(page, tile, "Team pulse")).getByRole("menuitem", { name: "Configure" }).click();
      await expect(frame.getByRole("heading", { name: "Configure Team pulse" })).toBeVisible();
      await frame.getByLabel("Title").fill("Pulse of DEMO");
      await frame.getByLabel("Project").fill("DEMO");
      await frame.getByRole("button", { name: "Save" }).click();
      await expect(frame.getByTestId("scope")).toHaveText("Issues by state · DEMO");
      // setTitle: the tile's heading is the widget's title now.
      await expect(page.getByRole("region", { name: "Pulse of DEMO" })).toBeVisible();
      await expect(tile.getByRole("button", { name: "Actions for Pulse of DEMO" })).toBeVisible();

      await page.reload();
      await expect(page.getByRole("region", { name: "Pulse of DEMO" })).toBeVisible();
      await expect(tileItem(page, id).frameLocator("iframe").getByTestId("scope")).toHaveText(
        "Issues by state · DEMO",
      );
    });

    test("config mode's Save and Cancel stay in sight in a one-step tile while the form scrolls", async ({
      page,
      request,
      baseURL,
    }) => {
      const id = ownId("sticky");
      await setDashboard(request, baseURL!, [{ id, height: 1 }]);
      await signInQuickly(page, "alice", "/dashboard");
      await waitForTileMenus(page);
      const tile = tileItem(page, id);
      await expectWidgetReady(tile);
      const frame = tile.frameLocator("iframe");
      await (await openMenu(page, tile, "Team pulse")).getByRole("menuitem", { name: "Configure" }).click();
      await expect(frame.getByRole("heading", { name: "Configure Team pulse" })).toBeVisible();
      const body = await tileBody(tile).boundingBox();
      // At the form's top (its first field has focus) and at its bottom, both buttons are inside the tile.
      for (const field of ["Title", "Project"]) {
        await frame.getByLabel(field).focus();
        for (const name of ["Save", "Cancel"]) {
          const button = frame.getByRole("button", { name, exact: true });
          await expect(button).toBeInViewport({ ratio: 1 });
          expect(within(await button.boundingBox(), body), `${name}, with ${field} focused`).toBe(true);
        }
      }
      await frame.getByRole("button", { name: "Cancel" }).click();
      await expect(tile.getByText("Configuring", { exact: true })).toBeHidden();
    });

    test("content taller than its tile scrolls inside the tile: the widget's error and its frame, whole", async ({
      page,
      request,
      baseURL,
    }) => {
      const id = ownId("scroll");
      await setDashboard(request, baseURL!, [{ id, height: 1 }]);
      // The widget's issues cannot be read: it reports an error, which the tile shows above its frame.
      await page.route(
        (url) => url.pathname === "/api/issues",
        (route) =>
          route.fulfill({ status: 500, contentType: "application/json", body: '{"error":"server_error"}' }),
      );
      await signInQuickly(page, "alice", "/dashboard");
      await waitForTileMenus(page);
      const tile = tileItem(page, id);
      const alert = tile.getByRole("alert").filter({ hasText: "The widget reports an error" });
      await expect(alert).toBeVisible();
      const body = tileBody(tile);
      const card = tile.locator(".dashboard-tile-card");
      const sizes = await body.evaluate((element) => ({
        scroll: element.scrollHeight,
        client: element.clientHeight,
      }));
      expect(sizes.client).toBe(160);
      expect(sizes.scroll).toBeGreaterThan(sizes.client);
      // Nothing spills out of the card or is cut by it: the card ends where the body does.
      const [cardBox, bodyBox] = [await card.boundingBox(), await body.boundingBox()];
      expect(Math.abs(cardBox!.y + cardBox!.height - (bodyBox!.y + bodyBox!.height))).toBeLessThanOrEqual(2);
      // The alert reads whole at the top; scrolled, the frame shows whole and keeps a usable height.
      expect(within(await alert.boundingBox(), bodyBox)).toBe(true);
      await body.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
      const frameBox = await tile.locator("iframe").boundingBox();
      expect(frameBox!.height).toBeGreaterThanOrEqual(120);
      expect(within(frameBox, await body.boundingBox())).toBe(true);
    });

    test("two tiles are moved, resized and collapsed with the keyboard alone: the handle's arrow keys and the menu", async ({
      page,
      request,
      baseURL,
    }) => {
      test.slow();
      const [idA, idB] = [ownId("a"), ownId("b")];
      await storeConfig(request, baseURL!, idA, "Pulse A");
      await storeConfig(request, baseURL!, idB, "Pulse B");
      await setDashboard(request, baseURL!, [{ id: idA }, { id: idB }]);
      await signInQuickly(page, "alice", "/dashboard");
      await waitForTileMenus(page);
      const a = tileItem(page, idA);
      const b = tileItem(page, idB);
      const announced = (text: string) => page.getByRole("status").filter({ hasText: text });
      // Each widget read its stored config and titled its tile.
      const pulseA = page.getByRole("region", { name: "Pulse A" });
      const pulseB = page.getByRole("region", { name: "Pulse B" });
      await expect(pulseA).toBeVisible();
      await expect(pulseB).toBeVisible();
      await expect(a).toHaveAttribute("aria-posinset", "1");
      await expect(b).toHaveAttribute("aria-posinset", "2");
      // A second load of A, to tell later that its frame was not reloaded by the changes around it.
      await expectWidgetReady(a);
      await (await openMenu(page, pulseA, "Pulse A")).getByRole("menuitem", { name: "Refresh" }).click();
      await loaded(a.frameLocator("iframe").getByTestId("status"), 2);

      // The handle: arrows move A, Shift and arrows resize it; focus stays on the handle, and each change
      // is announced.
      const handle = pulseA.getByRole("button", { name: "Move Pulse A" });
      await handle.focus();
      await page.keyboard.press("ArrowDown");
      await expect(a).toHaveAttribute("aria-posinset", "2");
      await expect(b).toHaveAttribute("aria-posinset", "1");
      await expect(announced("Pulse A moved to position 2 of 2.")).toHaveCount(1);
      await expect(handle).toBeFocused();
      await page.keyboard.press("Shift+ArrowRight");
      await expect(a).toHaveAttribute("data-width", "60");
      await page.keyboard.press("Shift+ArrowRight");
      await expect(a).toHaveAttribute("data-width", "70");
      await page.keyboard.press("Shift+ArrowDown");
      await page.keyboard.press("Shift+ArrowDown");
      await expect(a).toHaveAttribute("data-height", "3");
      await expect(announced("Pulse A: width 70%, height 3.")).toHaveCount(1);
      await expect(handle).toBeFocused();

      // The menu's resize entries keep it open, so the size steps again; Escape hands focus back.
      const trigger = pulseA.getByRole("button", { name: "Actions for Pulse A" });
      await trigger.focus();
      await page.keyboard.press("Enter");
      const menu = page.getByRole("menu", { name: "Actions for Pulse A" });
      await expect(menu).toBeVisible();
      const shorter = menu.getByRole("menuitem", { name: "Shorter" });
      while (!(await shorter.evaluate((element) => element === document.activeElement))) {
        await page.keyboard.press("ArrowDown");
      }
      await page.keyboard.press("Enter");
      await expect(a).toHaveAttribute("data-height", "2");
      await expect(menu).toContainText("Width 70%, height 2");
      await page.keyboard.press("Escape");
      await expect(menu).toBeHidden();
      await expect(trigger).toBeFocused();

      // B collapses to its header from its menu: its frame is hidden, not gone.
      const bMenu = await openMenu(page, pulseB, "Pulse B");
      await bMenu.getByRole("menuitem", { name: "Collapse" }).click();
      await expect(b).toHaveAttribute("data-collapsed", "true");
      await expect(b.locator("iframe")).toBeHidden();
      await expect(announced("Pulse B collapsed.")).toHaveCount(1);
      await expect(
        (await openMenu(page, pulseB, "Pulse B")).getByRole("menuitem", { name: "Expand" }),
      ).toBeVisible();
      await page.keyboard.press("Escape");
      // A's frame was not reloaded: it still shows its second load.
      await loaded(a.frameLocator("iframe").getByTestId("status"), 2);

      await expectSaved(page);
      expect(await savedTiles(request, baseURL!)).toEqual([
        { id: idB, width: 50, height: 1, collapsed: true },
        { id: idA, width: 70, height: 2, collapsed: false },
      ]);
      await page.reload();
      await expect(tileItem(page, idB)).toHaveAttribute("aria-posinset", "1");
      await expect(tileItem(page, idA)).toHaveAttribute("aria-posinset", "2");
      await expect(tileItem(page, idA)).toHaveAttribute("data-width", "70");
      await expect(tileItem(page, idA)).toHaveAttribute("data-height", "2");
      await expect(tileItem(page, idB)).toHaveAttribute("data-collapsed", "true");
      await expect(tileItem(page, idB).locator("iframe")).toBeHidden();
    });

    test("a tile is resized by dragging its edge, in grid steps; Escape cancels a drag", async ({
      page,
      request,
      baseURL,
    }) => {
      const id = ownId("drag");
      await setDashboard(request, baseURL!, [{ id, width: 50, height: 1 }]);
      await signInQuickly(page, "alice", "/dashboard");
      await waitForTileMenus(page);
      const tile = tileItem(page, id);
      await expectWidgetReady(tile);
      const row = (await tilesList(page).boundingBox())!.width;
      const narrow = width <= 760;
      // Narrow windows stack tiles full width: there the bottom edge resizes, the side and corner are gone.
      const edge = tile.locator(`.dashboard-tile-resize[data-edge="${narrow ? "block" : "corner"}"]`);
      if (narrow) await expect(tile.locator('.dashboard-tile-resize[data-edge="inline"]')).toBeHidden();
      const grab = async () => {
        const box = (await edge.boundingBox())!;
        const start = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
        await page.mouse.move(start.x, start.y);
        await page.mouse.down();
        return start;
      };

      let start = await grab();
      // A tenth of the row wider and two 80 px steps taller (one step above the 160 px minimum is 240 px).
      await page.mouse.move(start.x + row * 0.1, start.y + 40, { steps: 4 });
      await page.mouse.move(start.x + row * 0.1, start.y + 80, { steps: 4 });
      const tag = tile.locator(".dashboard-tile-size");
      await expect(tag).toHaveText(narrow ? "Width 50%, height 3" : "Width 60%, height 3");
      await expect(tileBody(tile)).toHaveCSS("height", "240px");
      await page.mouse.up();
      await expect(tag).toHaveCount(0);
      await expect(tile).toHaveAttribute("data-height", "3");
      await expect(tile).toHaveAttribute("data-width", narrow ? "50" : "60");
      await expect(page.getByRole("status").filter({ hasText: "Team pulse: width" })).toHaveCount(1);
      await expectSaved(page);
      expect(await savedTiles(request, baseURL!)).toEqual([
        { id, width: narrow ? 50 : 60, height: 3, collapsed: false },
      ]);

      start = await grab();
      await page.mouse.move(start.x, start.y + 240, { steps: 4 });
      await expect(tag).toHaveText(narrow ? "Width 50%, height 6" : "Width 60%, height 6");
      await page.keyboard.press("Escape");
      await page.mouse.up();
      await expect(tag).toHaveCount(0);
      await expect(tile).toHaveAttribute("data-height", "3");
      await expect(tileBody(tile)).toHaveCSS("height", "240px");
    });

    test("a tile goes with its menu's Remove, and when its widget calls removeWidget()", async ({
      page,
      request,
      baseURL,
    }) => {
      test.slow();
      const [first, second] = [ownId("r1"), ownId("r2")];
      await setDashboard(request, baseURL!, [{ id: first }, { id: second }]);
      await signInQuickly(page, "alice", "/dashboard");
      await waitForTileMenus(page);
      await expectWidgetReady(tileItem(page, second));

      await (
        await openMenu(page, tileItem(page, first), "Team pulse")
      )
        .getByRole("menuitem", { name: "Remove" })
        .click();
      await expect(tileItem(page, first)).toHaveCount(0);
      // Focus does not fall off the page with the removed tile.
      await expect(page.getByRole("button", { name: "Add widget" })).toBeFocused();

      // A click event, not the mouse: the click removes the frame it lands in, and a mouse click whose frame is
      // gone before the browser acknowledges the button's release waited out the test (a flaky failure in CI).
      await tileItem(page, second)
        .frameLocator("iframe")
        .getByRole("button", { name: "Remove" })
        .dispatchEvent("click");
      await expect(tileItem(page, second)).toHaveCount(0);
      await expect(page.getByText("Your dashboard is empty")).toBeVisible();
      await expectSavedEmpty(request, baseURL!);
    });
  });
}

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
    // Nothing spins for a widget that cannot load here.
    await expect(tile.locator(".widget-frame-spinner")).toBeHidden();
    const item = page.locator("li[data-tile-id]");
    // The tile's one menu is a disclosure of forms: each post comes back with it closed.
    const choose = async (name: string) => {
      const menu = tile.getByLabel("Actions for Team pulse", { exact: true });
      await expect(tile.getByRole("button", { name, exact: true })).toBeHidden();
      await menu.click();
      await tile.getByRole("button", { name, exact: true }).click();
    };
    await choose("Wider");
    await expect(item).toHaveAttribute("data-width", "60");
    await choose("Taller");
    await expect(item).toHaveAttribute("data-height", "2");
    await choose("Collapse");
    await expect(item).toHaveAttribute("data-collapsed", "true");
    await choose("Expand");
    await expect(item).toHaveAttribute("data-collapsed", "false");
    await choose("Remove");
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
