// A Hub dashboard widget on the npm package hub-dashboard-addons, built with Vite and packaged as
// JetBrains' migrated widgets are, installed with the repo's installer and run on the dashboard: the
// older protocol's handshake registers it, and its calls go through the host's own operations and rules.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { demoToken } from "../../prisma/factories.ts";
import { buildLegacyWidgetPackage, LEGACY_APP } from "../helpers/legacy-widget.ts";
import { e2eDatabaseFile, signInQuickly, waitForHydration } from "./helpers.ts";

const TILE = "e2e-legacy";
const as = (login: string, origin: string) => ({ authorization: `Bearer ${demoToken(login)}`, origin });

async function setDashboard(request: APIRequestContext, origin: string, tiles: { id: string }[]) {
  const response = await request.put("/api/users/me/dashboard", {
    headers: as("alice", origin),
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
  await setDashboard(request, baseURL!, []);
  const removed = await request.delete(`/api/admin/apps/${LEGACY_APP.appName}`, {
    headers: as("admin", baseURL!),
  });
  expect([200, 404]).toContain(removed.status());
});

test("a migrated Hub widget registers, fetches by service, configures, titles its tile and keeps its cache", async ({
  page,
  request,
  baseURL,
}) => {
  test.slow();
  await setDashboard(request, baseURL!, [{ id: TILE }]);
  await signInQuickly(page, "alice", "/dashboard");
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
  await expect(frame.getByTestId("me")).toHaveText(/^YouTrack: alice sees [A-Z]+-\d+, [A-Z]+-\d+$/);
  await expect(frame.getByTestId("hub")).toHaveText("Hub: alice");
  await expect(frame.getByTestId("loads")).toHaveText("Loads: 1");
  // setTitle heads the tile.
  await expect(page.getByRole("region", { name: "Hub widget", exact: true })).toBeVisible();

  // The tile's Refresh calls the onRefresh it registered with registerWidgetApi.
  await tile.getByRole("button", { name: "Refresh", exact: true }).click();
  await expect(frame.getByTestId("loads")).toHaveText("Loads: 2");

  // The tile's Configure calls onConfigure; the widget enters config mode, saves and leaves it.
  await tile.getByRole("button", { name: "Configure", exact: true }).click();
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
  await expect(again.getByTestId("cache")).toHaveText("Cache: alice (load 2)");
  await expect(again.getByTestId("scope")).toHaveText("Title: Legacy of DEMO");
});
