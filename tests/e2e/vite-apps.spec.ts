// An app built by the product's official tooling, unchanged: tests/fixtures/vite-apps/vite-sample, built
// here with Vite as the app generator configures it (React, Ring UI, ../../widgets/assets/ URLs, top-level
// `await YTApp.register()`), installed with npm run apps:install, and run in each place it declares.
import { execFileSync } from "node:child_process";
import type { APIRequestContext, FrameLocator, Page } from "@playwright/test";
import { e2eDatabaseFile, expect, test } from "./fixtures.ts";
import { demoToken } from "#prisma/factories.ts";
import { buildViteApp } from "../helpers/vite-apps.ts";
import { signInQuickly, tokenOf, userOf, waitForHydration, type DemoLogin } from "./helpers.ts";

const APP = "vite-sample";
// Installing an app shows its widgets to everyone: the tests run alone (playwright.config.ts).
// The first handler call of an app starts its process; widgets load several modules: more than the default.
test.describe.configure({ timeout: 60_000 });
const SLOW = { timeout: 20_000 };
const frame = (page: Page, widget: string): FrameLocator =>
  page.frameLocator(`iframe[title="${widget} (Vite Sample)"]`);
const as = async (login: DemoLogin, origin: string) => ({
  authorization: `Bearer ${await tokenOf(login)}`,
  origin,
});

async function setDashboard(request: APIRequestContext, origin: string, tiles: { id: string }[]) {
  const response = await request.put("/api/users/me/dashboard", {
    headers: await as("alice", origin),
    data: { tiles: tiles.map((tile) => ({ appName: APP, widgetKey: "dashboard-tile", ...tile })) },
  });
  expect(response.status(), await response.text()).toBe(200);
}

test.beforeAll(async () => {
  // Built once per content of the fixture and the tooling; a fresh build takes seconds.
  test.setTimeout(180_000);
  const dist = await buildViteApp(APP);
  const output = execFileSync(process.execPath, ["mock-backend/apps/install-cli.ts", dist], {
    env: { ...process.env, DATABASE_URL: `file:${e2eDatabaseFile()}` },
    encoding: "utf8",
  });
  expect(output).toMatch(/^(Installed|Upgraded) Vite Sample 1\.0\.0 \(6 widgets\)/);
});

test.afterAll(async ({ request, baseURL }) => {
  // After the tests, with no test user left: the demo administrator takes the app away.
  const response = await request.delete(`/api/admin/apps/${APP}`, {
    headers: { authorization: `Bearer ${demoToken("admin")}`, origin: baseURL! },
  });
  expect([200, 404]).toContain(response.status());
});

test(
  "the issue panel registers, reads the issue, asks nothing for search/assist and closes",
  { tag: "@global-state" },
  async ({ page }) => {
    await signInQuickly(page, "alice", "/issue/DEMO-1");
    await waitForHydration(page);
    const panel = frame(page, "Vite panel");
    await expect(panel.getByTestId("status")).toHaveText(
      "DEMO-1: Navigation collapses on narrow screens",
      SLOW,
    );
    await expect(page.locator('[data-widget="vite-sample/issue-panel"]')).toHaveAttribute(
      "data-state",
      "ready",
    );
    // Ring UI's button, styled by its own stylesheet from widgets/assets/.
    const suggest = panel.getByRole("button", { name: "Suggest" });
    await expect(suggest).toHaveCSS("cursor", "pointer");

    await suggest.click();
    await expect(panel.getByTestId("assist")).toHaveText(/^answered/, SLOW);
    await expect(page.locator("dialog.widget-confirm")).toHaveCount(0);

    // closeWidget() folds the widget in place; showing it again starts a new frame.
    await panel.getByRole("button", { name: "Close" }).click();
    const show = page.getByRole("button", { name: "Show Vite panel" });
    await expect(show).toBeFocused();
    await expect(page.locator('iframe[title="Vite panel (Vite Sample)"]')).toHaveCount(0);
    await expect(page.locator('[data-widget="issue-companion/field-first"]')).toHaveCount(1);
    await show.click();
    await expect(panel.getByTestId("status")).toHaveText(
      "DEMO-1: Navigation collapses on narrow screens",
      SLOW,
    );
  },
);

test(
  "the dashboard tile and the main-menu page register, fetch and draw",
  { tag: "@global-state" },
  async ({ page, request, baseURL }) => {
    await setDashboard(request, baseURL!, [{ id: "vite-tile" }]);
    await signInQuickly(page, "alice", "/dashboard");
    const { login } = await userOf("alice");
    await expect(frame(page, "Vite tile").getByTestId("status")).toHaveText(`${login}, config null`, SLOW);
    await expect(page.getByText(`Vite tile for ${login}`)).toBeVisible();

    await page.goto("/app/vite-sample/main-page/reports/weekly");
    await expect(frame(page, "Vite page").getByRole("heading", { name: "Vite page" })).toBeVisible();
    await expect(frame(page, "Vite page").getByTestId("status")).toHaveText(
      `hello ${login} at /reports/weekly`,
      SLOW,
    );
  },
);

test(
  "article feedback works for members and for guests on a public article",
  { tag: "@global-state" },
  async ({ page, browser }) => {
    await signInQuickly(page, "alice", "/articles/DEMO-A-1");
    const { login } = await userOf("alice");
    // Above the activity, further down than a screen: the frame starts when its place comes near.
    const place = '[data-widget="vite-sample/article-feedback"]';
    await page.locator(place).scrollIntoViewIfNeeded();
    const feedback = frame(page, "Vite feedback");
    await expect(feedback.getByTestId("status")).toHaveText(/: \d+ likes$/, SLOW);
    await feedback.getByRole("button", { name: "Like" }).click();
    await expect(feedback.getByTestId("liked")).toHaveText(new RegExp(`^\\d+ by ${login}$`), SLOW);

    const guest = await browser.newPage();
    try {
      await guest.goto("/articles/DEMO-A-1");
      await guest.locator(place).scrollIntoViewIfNeeded();
      const anonymous = frame(guest, "Vite feedback");
      await expect(anonymous.getByTestId("status")).toHaveText(/: \d+ likes$/, SLOW);
      await anonymous.getByRole("button", { name: "Like" }).click();
      await expect(anonymous.getByTestId("liked")).toHaveText(/^\d+ by guest$/, SLOW);
    } finally {
      await guest.close();
    }
  },
);

test("each project settings widget has a tab of its own", { tag: "@global-state" }, async ({ page }) => {
  await signInQuickly(page, "admin", "/projects/DEMO");
  const tabs = page.getByRole("navigation", { name: "Sections" });
  await tabs.getByRole("link", { name: "Vite general" }).click();
  await expect(page).toHaveURL("/projects/DEMO?tab=app%3Avite-sample%3Asettings-general");
  await expect(frame(page, "Vite general").getByTestId("status")).toHaveText(
    "settings-general of DEMO",
    SLOW,
  );
  await expect(page.locator('iframe[title="Vite labels (Vite Sample)"]')).toHaveCount(0);

  await tabs.getByRole("link", { name: "Vite labels" }).click();
  await expect(frame(page, "Vite labels").getByTestId("status")).toHaveText("settings-labels of DEMO", SLOW);
  await expect(page.locator('iframe[title="Vite general (Vite Sample)"]')).toHaveCount(0);
});
