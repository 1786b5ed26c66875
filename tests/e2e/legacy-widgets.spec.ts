// A Hub dashboard widget on the npm package hub-dashboard-addons, built with Vite and packaged as
// JetBrains' migrated widgets are, installed with the repo's installer and run on the dashboard: the
// older protocol's handshake registers it, and its calls go through the host's own operations and rules.
import { execFileSync } from "node:child_process";
import path from "node:path";
import type { APIRequestContext } from "@playwright/test";
import { e2eDatabaseFile, expect, test } from "./fixtures.ts";
import { demoToken } from "#prisma/factories.ts";
import { buildLegacyWidgetPackage, LEGACY_APP } from "../helpers/legacy-widget.ts";
import { signInQuickly, tokenOf, userOf, waitForHydration, type DemoLogin } from "./helpers.ts";

const TILE = "e2e-legacy";
// Installing an app shows its widgets to everyone: the tests run alone (playwright.config.ts).
const as = async (login: DemoLogin, origin: string) => ({
  authorization: `Bearer ${await tokenOf(login)}`,
  origin,
});

async function setDashboard(request: APIRequestContext, origin: string, tiles: { id: string }[]) {
  const response = await request.put("/api/users/me/dashboard", {
    headers: await as("alice", origin),
    data: { tiles: tiles.map((tile) => ({ ...LEGACY_APP, ...tile })) },
  });
  expect(response.status(), await response.text()).toBe(200);
}

test.beforeAll(async () => {
  test.setTimeout(60_000);
  const packageDir = await buildLegacyWidgetPackage(
    path.resolve(`tests/.tmp/legacy-widget-${process.env.E2E_PORT ?? 3100}`),
  );
  execFileSync(process.execPath, ["mock-backend/apps/install-cli.ts", packageDir], {
    env: { ...process.env, DATABASE_URL: `file:${e2eDatabaseFile()}` },
    stdio: "pipe",
  });
});

test.afterAll(async ({ request, baseURL }) => {
  // After the tests, with no test user left: the demo administrator takes the app away.
  const removed = await request.delete(`/api/admin/apps/${LEGACY_APP.appName}`, {
    headers: { authorization: `Bearer ${demoToken("admin")}`, origin: baseURL! },
  });
  expect([200, 404]).toContain(removed.status());
});

test(
  "a migrated Hub widget registers, fetches by service, configures, titles its tile and keeps its cache",
  { tag: "@global-state" },
  async ({ page, request, baseURL }) => {
    test.slow();
    await setDashboard(request, baseURL!, [{ id: TILE }]);
    await signInQuickly(page, "alice", "/dashboard");
    const { login } = await userOf("alice");
    await waitForHydration(page);
    const tile = page.locator(`li[data-tile-id="${TILE}"]`);
    const host = tile.locator(`[data-widget="${LEGACY_APP.appName}/${LEGACY_APP.widgetKey}"]`);
    // Only the older protocol's handshake can register it: it never calls YTApp.register().
    await expect(host).toHaveAttribute("data-state", "ready");
    const sandbox = (await tile.locator("iframe").getAttribute("sandbox")) ?? "";
    expect(sandbox).toContain("allow-scripts");
    expect(sandbox).not.toContain("allow-same-origin");
    const frame = tile.frameLocator("iframe");
    await expect(frame.getByTestId("environment")).toHaveText("Locale en, editable");
    await expect(frame.getByTestId("cache")).toHaveText("Cache: empty");
    // fetch(serviceId, "api/…") reaches YouTrack's API, and the Hub service's id reaches Hub's.
    await expect(frame.getByTestId("me")).toHaveText(
      new RegExp(`^YouTrack: ${login} sees [A-Z]+-\\d+, [A-Z]+-\\d+$`),
    );
    await expect(frame.getByTestId("hub")).toHaveText(`Hub: ${login}`);
    await expect(frame.getByTestId("loads")).toHaveText("Loads: 1");
    // setTitle heads the tile.
    await expect(page.getByRole("region", { name: "Hub widget", exact: true })).toBeVisible();

    // The tile menu's Refresh calls the onRefresh it registered with registerWidgetApi.
    const menuItem = async (name: string) => {
      await tile.getByRole("button", { name: /^Actions for / }).click();
      await page.getByRole("menu").getByRole("menuitem", { name, exact: true }).click();
    };
    await menuItem("Refresh");
    await expect(frame.getByTestId("loads")).toHaveText("Loads: 2");

    // The menu's Configure calls onConfigure; the widget enters config mode, saves and leaves it.
    await menuItem("Configure");
    await expect(tile.getByText("Configuring", { exact: true })).toBeVisible();
    await expect(frame.getByRole("heading", { name: "Configure legacy board" })).toBeVisible();
    await frame.getByLabel("Widget title").fill("Legacy of DEMO");
    await frame.getByRole("button", { name: "Save" }).click();
    await expect(tile.getByText("Configuring", { exact: true })).toBeHidden();
    await expect(frame.getByTestId("scope")).toHaveText("Title: Legacy of DEMO");
    await expect(page.getByRole("region", { name: "Legacy of DEMO" })).toBeVisible();
    await expect(page.getByTestId("widget-alert").filter({ hasText: "Legacy board saved" })).toBeVisible();

    // A mutating fetch asks the user, as fetchYouTrack does; a denial fails the widget's call.
    await frame.getByRole("button", { name: "Change DEMO-1 (POST)" }).click();
    const confirm = page.getByRole("dialog", { name: "Allow Legacy Board to change data?" });
    await expect(confirm).toBeVisible();
    await expect(confirm).toContainText("send a POST request to issues/DEMO-1");
    await confirm.getByRole("button", { name: "Deny" }).click();
    await expect(frame.getByTestId("result")).toHaveText(
      "POST declined: The POST request to issues/DEMO-1 was declined by user",
    );

    // After a reload: the config came back with readConfig, the cache with readCache.
    await page.reload();
    await expect(page.getByRole("region", { name: "Legacy of DEMO" })).toBeVisible();
    const again = page.locator(`li[data-tile-id="${TILE}"]`).frameLocator("iframe");
    await expect(again.getByTestId("cache")).toHaveText(`Cache: ${login} (load 2)`);
    await expect(again.getByTestId("scope")).toHaveText("Title: Legacy of DEMO");
  },
);
