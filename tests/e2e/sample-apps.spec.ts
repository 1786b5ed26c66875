// The sample apps the demo installs (mock-backend/sample-apps): product content in their places, and no
// trace of the request playgrounds the widget tests use (tests/fixtures/apps).
import { execFileSync } from "node:child_process";
import type { Page } from "@playwright/test";
import { e2eDatabaseFile, expect, test } from "./fixtures.ts";
import { signInQuickly, tokenOf, waitForHydration } from "./helpers.ts";
import { HARNESS_APPS } from "../setup/harness-apps.ts";

const CHECKLIST = "Checklist (Checklist)";
/** What only a test harness says; a product never shows it. */
const HARNESS_TEXT = /\((GET|POST|DELETE)\)|GET ok|load #/;

const frame = (page: Page, title: string) => page.frameLocator(`iframe[title="${title}"]`);
/** After a navigation, frames wait for the page to hydrate: on a machine shared by busy runs, that can be slow. */
const settled = expect.configure({ timeout: 30_000 });

// An issue page starts every app's frames at once (the harness apps' too), and some tests load it twice.
test.describe.configure({ timeout: 60_000 });

/** Every widget on the page has registered (or given up): its frame's text is final. A frame starts when
 * its place comes near the viewport, so each place is scrolled into view first. */
async function widgetsSettled(page: Page): Promise<void> {
  for (const widget of await page.locator("[data-widget]").all()) await widget.scrollIntoViewIfNeeded();
  await expect(page.locator('[data-widget][data-state="loading"]')).toHaveCount(0, { timeout: 30_000 });
}

test("a checklist item added and ticked off on an issue is still there after a reload", async ({ page }) => {
  await signInQuickly(page, "alice", "/issue/DEMO-2");
  await waitForHydration(page);
  const checklist = frame(page, CHECKLIST);
  const item = `Write the release note ${test.info().workerIndex}-${Date.now()}`;
  await checklist.getByLabel("New item").fill(item);
  await checklist.getByRole("button", { name: "Add" }).click();
  await expect(checklist.getByRole("checkbox", { name: item })).not.toBeChecked();
  await checklist.getByRole("checkbox", { name: item }).check();
  await expect(checklist.getByRole("status")).toHaveText("");
  await page.reload();
  await settled(frame(page, CHECKLIST).getByRole("checkbox", { name: item })).toBeChecked();
  await expect(frame(page, CHECKLIST).getByTestId("summary")).toHaveText(/^\d+ of \d+ done$/);
  await expect(frame(page, "Checklist progress (Checklist)").getByRole("status")).toHaveText(
    /^Checklist: \d+ of \d+ done$/,
  );
});

test("clearing the checklist asks first, and Deny keeps it", async ({ page }) => {
  await signInQuickly(page, "alice", "/issue/DEMO-3");
  await waitForHydration(page);
  const checklist = frame(page, CHECKLIST);
  await checklist.getByLabel("New item").fill("Reproduce on a phone");
  await checklist.getByRole("button", { name: "Add" }).click();
  await expect(checklist.getByRole("checkbox", { name: "Reproduce on a phone" })).toHaveCount(1);
  const confirm = page.getByRole("dialog", { name: "Allow Checklist to change data?" });
  await checklist.getByRole("button", { name: "Clear checklist" }).click();
  await expect(confirm).toContainText("This can delete data");
  await confirm.getByRole("button", { name: "Deny" }).click();
  await expect(checklist.getByRole("status")).toHaveText("Nothing was changed.");
  await expect(checklist.getByRole("checkbox", { name: "Reproduce on a phone" }).first()).toBeVisible();
  await checklist.getByRole("button", { name: "Clear checklist" }).click();
  await confirm.getByRole("button", { name: "Allow once" }).click();
  await expect(checklist.getByRole("status")).toHaveText("Checklist cleared.");
  await expect(checklist.getByRole("checkbox")).toHaveCount(0);
});

test("an issue and an article list related articles that link into Keel", async ({ page }) => {
  await signInQuickly(page, "alice", "/issue/DEMO-1");
  await page.locator('iframe[title="Related articles (Related Articles)"]').scrollIntoViewIfNeeded();
  const related = frame(page, "Related articles (Related Articles)");
  const links = related.getByRole("link");
  await settled(links.first()).toBeVisible();
  await expect(links.first()).toHaveAttribute("href", /^\/articles\/[A-Z]+-A-\d+$/);
  await expect(links.first()).toHaveAttribute("target", "_top");

  await page.goto("/articles/DEMO-A-2");
  await settled(frame(page, "Related articles (Related Articles)").getByRole("link").first()).toBeVisible();
  await expect(
    frame(page, "Related articles (Related Articles)").getByRole("link", { name: /./ }),
  ).not.toHaveText([/DEMO-A-2/]);
  const feedback = frame(page, "Was this helpful? (Related Articles)");
  await feedback.getByRole("button", { name: "Yes" }).click();
  await expect(feedback.getByRole("button", { name: "Yes" })).toHaveAttribute("aria-pressed", "true");
  await expect(feedback.getByRole("status")).toContainText("found it helpful");
});

test("Team pulse draws a chart of issues by state on the dashboard and in an article", async ({ page }) => {
  await signInQuickly(page, "alice", "/articles/DEMO-A-2");
  await page.locator('iframe[title="Team pulse (embedded) (Team Pulse)"]').scrollIntoViewIfNeeded();
  const embed = frame(page, "Team pulse (embedded) (Team Pulse)");
  const chart = embed.getByRole("table", { name: "Issues by state" });
  await expect(chart.getByRole("row").first()).toBeVisible();
  await expect(chart.getByRole("rowheader").first()).toHaveText(/\S/);
  await expect(chart.getByRole("cell").first()).toHaveText(/^\d+$/);

  await page.goto("/dashboard");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Add widget" }).click();
  await page
    .getByRole("dialog", { name: "Add a widget" })
    .getByRole("button", { name: "Add Team pulse" })
    .click();
  const tile = page.getByRole("region", { name: "Team pulse", exact: true });
  const tileChart = tile.frameLocator("iframe").getByRole("table", { name: "Issues by state" });
  await settled(tileChart.getByRole("rowheader").first()).toBeVisible();
});

test("the team page shows the announcement, statuses and who works on what", async ({ page }) => {
  await signInQuickly(page, "alice", "/issues");
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Team", exact: true })
    .click();
  await expect(page).toHaveURL("/app/team-space/team");
  const team = frame(page, "Team (Team Space)");
  await team.getByLabel(/^Status/).fill("Reviewing the release notes");
  await team.getByRole("button", { name: "Save my status" }).click();
  await expect(team.getByRole("status")).toHaveText("Your status is saved.");
  await team.getByRole("button", { name: "Workload" }).click();
  await expect(page).toHaveURL("/app/team-space/team/workload");
  await expect(
    team.getByRole("list", { name: "Open issues per person" }).getByRole("listitem").first(),
  ).toContainText(/open issues?/);
  await page.reload();
  await settled(frame(page, "Team (Team Space)").getByRole("button", { name: "Workload" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await page.goto("/users/me?tab=app:team-space:profile-settings");
  await settled(frame(page, "Team status (Team Space)").getByLabel("Status")).toHaveValue(
    "Reviewing the release notes",
  );
});

// Without the harness apps the tests install, what the demo shows: run alone, since removing them changes
// every user's pages (playwright.config.ts).
test.describe("the demo's pages", { tag: "@global-state" }, () => {
  test.afterAll(() => {
    for (const name of HARNESS_APPS) {
      execFileSync(process.execPath, ["mock-backend/apps/install-cli.ts", `tests/fixtures/apps/${name}`], {
        env: { ...process.env, DATABASE_URL: `file:${e2eDatabaseFile()}` },
        stdio: "pipe",
      });
    }
  });

  test("show no test-harness text in any widget", async ({ page, request, baseURL }) => {
    test.slow();
    const headers = { authorization: `Bearer ${await tokenOf("admin")}`, origin: baseURL! };
    for (const name of HARNESS_APPS) {
      expect([200, 404]).toContain((await request.delete(`/api/admin/apps/${name}`, { headers })).status());
    }
    await signInQuickly(page, "admin", "/dashboard");
    const pages = [
      "/dashboard",
      "/issue/DEMO-1",
      "/issue/DEMO-2",
      "/articles/DEMO-A-2",
      "/app/team-space/team",
      "/admin/app/team-space/team-admin",
      "/projects/DEMO?tab=app%3Ateam-space%3Aproject-tab",
      "/projects/DEMO?tab=settings",
      "/projects/SUP?tab=channels",
      "/users/me?tab=app:team-space:profile-settings",
      "/users/alice",
    ];
    for (const path of pages) {
      await page.goto(path);
      await widgetsSettled(page);
      const texts = [await page.locator("body").innerText()];
      for (const child of page.frames().slice(1)) texts.push(await child.locator("body").innerText());
      expect(texts.join("\n"), path).not.toMatch(HARNESS_TEXT);
    }
    expect(page.frames().length, "the last page has app widgets").toBeGreaterThan(1);
  });
});
