// The projects page (GET api/admin/projects), the Create menu's New project, and the navigation's areas:
// each says what it is for and links to its documentation, never a developer's note.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { DEMO_USERS, javaScriptRuns, signInQuickly, userOf, waitForHydration } from "./helpers.ts";

/** Placeholder texts the area pages showed before they explained themselves. */
const PLACEHOLDERS = [/Nothing to show in/i, /not part of Keel/i, /shell yet/i];

/** A project ID no other test or run uses: a letter, then the test's own user id's digits and time. */
async function uniqueShortName(): Promise<string> {
  const admin = await userOf("admin");
  const stamp = Date.now().toString(36).toUpperCase().slice(-4);
  return `P${admin.id.replace(/\D/g, "").slice(-4)}${stamp}`.slice(0, 10);
}

async function createInWizard(page: Page, name: string, shortName: string): Promise<void> {
  await signInQuickly(page, "admin", "/projects/new");
  if (await javaScriptRuns(page)) await waitForHydration(page);
  await page.getByRole("radio", { name: /^Kanban/ }).check();
  await page.getByLabel("Project name", { exact: true }).fill(name);
  await page.getByLabel("ID", { exact: true }).fill(shortName);
  await page.getByRole("button", { name: "Create project" }).click();
  await expect(page).toHaveURL(`/projects/new?project=${shortName}&step=invite`);
}

/** The row of the projects table whose name link is `name`. */
const projectRow = (page: Page, name: string) =>
  page.getByRole("row").filter({ has: page.getByRole("link", { name, exact: true }) });

function listsTheNewProject(mode: string) {
  test(`a project created in the wizard is on /projects with its ID and leader (${mode})`, async ({
    page,
  }) => {
    // Signing in, the wizard's step and the list: three page loads and a write.
    test.slow();
    const shortName = await uniqueShortName();
    const name = `Field trials ${shortName}`;
    await createInWizard(page, name, shortName);

    await page.goto("/projects");
    await expect(page.getByRole("heading", { level: 1, name: "Projects" })).toBeVisible();
    const row = projectRow(page, name);
    await expect(row).toHaveCount(1);
    await expect(row.getByRole("cell")).toHaveText([name, shortName, DEMO_USERS.admin, "No description"]);
    await expect(row.getByRole("link", { name })).toHaveAttribute("href", `/projects/${shortName}`);
    const demo = projectRow(page, "Demo project");
    await expect(demo.getByRole("cell")).toHaveText([
      "Demo project",
      "DEMO",
      DEMO_USERS.admin,
      "The team's product work: features, bugs and the release plan.",
    ]);
    await expect(page.getByRole("link", { name: "New project", exact: true })).toHaveAttribute(
      "href",
      "/projects/new",
    );
  });
}

test.describe("with JavaScript", () => {
  listsTheNewProject("with JavaScript");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  listsTheNewProject("without JavaScript");

  test("a member sees only their projects, with no New project link", async ({ page }) => {
    await signInQuickly(page, "alice", "/projects");
    await expect(page.getByRole("link", { name: "Demo project", exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Support desk", exact: true })).toHaveCount(0);
    await expect(page.locator("main").getByRole("link", { name: "New project" })).toHaveCount(0);
  });

  test("someone in no project gets an empty state that says what to do", async ({ page }) => {
    await signInQuickly(page, "rachel", "/projects");
    await expect(page.getByRole("heading", { level: 1, name: "Projects" })).toBeVisible();
    await expect(page.getByRole("table")).toHaveCount(0);
    await expect(page.getByTestId("projects-empty")).toContainText("No projects to show.");
    await expect(page.getByTestId("projects-empty")).toContainText("Ask a project's leader to invite you.");
  });
});

test.describe("the Create menu", () => {
  test("offers New project to an admin, in a new tab like its other entries", async ({ page }) => {
    await signInQuickly(page, "admin", "/issues");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Create", exact: true }).click();
    const item = page.getByRole("menu", { name: "Create", exact: true }).getByRole("menuitem", {
      name: "New project",
      exact: true,
    });
    await expect(item).toHaveAttribute("href", "/projects/new");
    await expect(item).toHaveAttribute("target", "_blank");
  });

  test("does not offer New project to a member without project-create", async ({ page }) => {
    await signInQuickly(page, "alice", "/issues");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Create", exact: true }).click();
    const menu = page.getByRole("menu", { name: "Create", exact: true });
    await expect(menu.getByRole("menuitem", { name: "New article", exact: true })).toBeVisible();
    await expect(menu.getByRole("menuitem", { name: "New project" })).toHaveCount(0);
  });

  test("is not there for a reporter, and neither is New project anywhere", async ({ page }) => {
    await signInQuickly(page, "rachel", "/tickets");
    await waitForHydration(page);
    await expect(page.getByRole("button", { name: "Create", exact: true })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "New project" })).toHaveCount(0);
    await expect(page.getByRole("menuitem", { name: "New project" })).toHaveCount(0);
  });
});

test.describe("the navigation's pages", () => {
  test.use({ javaScriptEnabled: false });
  test.describe.configure({ timeout: 90_000 });

  test("no page an admin can reach from the navigation shows a developer's placeholder", async ({ page }) => {
    await signInQuickly(page, "admin", "/issues");
    // Without scripts the bar's items are links, and each menu is a page of links and forms.
    const linksIn = (area: string) =>
      page
        .locator(`${area} a[href^="/"]`)
        .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
    const hrefs = await linksIn("nav");
    for (const menu of hrefs.filter((href) => href.startsWith("/menu/"))) {
      await page.goto(menu);
      hrefs.push(...(await linksIn("main [data-menu-page]")));
    }
    const paths = [...new Set(hrefs.map((href) => href.split("?")[0]!))].filter(
      (path) => path !== "/logout" && path !== "/menu" && !path.startsWith("/menu/"),
    );
    for (const path of ["/agiles", "/reports", "/timesheets", "/gantt-charts", "/pmx/chat", "/projects"]) {
      expect(paths, `the navigation links to ${path}`).toContain(path);
    }
    expect(paths.filter((path) => path.startsWith("/admin/")).length, "administration pages").toBeGreaterThan(
      5,
    );
    let areas = 0;
    for (const path of paths) {
      await page.goto(path);
      const main = page.locator("main");
      const text = (await main.textContent()) ?? "";
      for (const placeholder of PLACEHOLDERS) expect(text, path).not.toMatch(placeholder);
      await expect(page.getByRole("heading", { level: 1 }), path).toHaveCount(1);
      const intro = page.getByTestId("area-intro");
      if ((await intro.count()) > 0) {
        areas++;
        await expect(intro.getByRole("link", { name: /documentation/ }), path).toHaveAttribute(
          "href",
          /^https:\/\/www\.jetbrains\.com\/help\/youtrack\/.+\.html$/,
        );
      }
    }
    expect(areas, "area pages among the navigation's").toBeGreaterThanOrEqual(6);
  });

  test("the areas of the main navigation each say what they are for", async ({ page }) => {
    const areas: [string, string, RegExp][] = [
      ["/agiles", "Agile Boards", /cards in columns/],
      ["/reports", "Reports", /into charts/],
      ["/timesheets", "Timesheets", /the time you and your team log/],
      ["/gantt-charts", "Gantt Charts", /on a timeline/],
      ["/planning-canvas", "Planning Canvas", /sketching a plan/],
      ["/pmx/chat", "AI Assistant", /answers questions/],
      ["/admin", "Administration", /settings that apply to everyone/],
    ];
    await signInQuickly(page, "admin", "/issues");
    for (const [path, heading, purpose] of areas) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: heading, exact: true })).toBeVisible();
      await expect(page.getByTestId("area-intro")).toContainText(purpose);
      await expect(
        page.getByRole("link", { name: `Read about ${heading} in the documentation`, exact: true }),
      ).toBeVisible();
    }
  });
});

test.describe("Administration › Users", () => {
  test.use({ javaScriptEnabled: false });

  test("lists the accounts the identity service has, for an administrator", async ({ page }) => {
    await signInQuickly(page, "admin", "/admin/hub/users");
    await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
    // In login order, the seeded admin comes first: the tests' own users are admin-…, alice-… and so on.
    await expect(page.getByRole("row").nth(1).getByRole("cell")).toHaveText([
      "Ada Admin",
      "admin",
      "Account",
    ]);
    await expect(page.getByText(/^Accounts: \d+$/)).toBeVisible();
  });

  test("tells a member that only administrators see it", async ({ page }) => {
    await signInQuickly(page, "alice", "/issues");
    const response = await page.goto("/admin/users");
    expect(response?.status()).toBe(403);
    await expect(page.getByText("Only administrators can see the list of users.")).toBeVisible();
  });
});

test.describe("Administration › Groups", () => {
  test.use({ javaScriptEnabled: false });

  test("lists the identity service's groups with their member counts, from the menu", async ({ page }) => {
    await signInQuickly(page, "admin", "/issues");
    await page.goto("/menu?back=/issues");
    const menu = page.locator("main");
    await menu.getByText("Administration", { exact: true }).click();
    await menu.getByText("Access Management", { exact: true }).click();
    await menu.getByRole("link", { name: "Groups", exact: true }).click();
    await expect(page).toHaveURL("/admin/hub/groups");
    await expect(page.getByRole("heading", { level: 1, name: "Groups" })).toBeVisible();
    await expect(page.getByText("Groups: 4", { exact: true })).toBeVisible();
    const rows = page.getByRole("row");
    await expect(rows).toHaveCount(5);
    await expect(rows.nth(1).getByRole("cell")).toHaveText([
      "Administrators",
      "Manage projects, accounts and the server's settings.",
      "1",
    ]);
    await expect(rows.nth(3).getByRole("cell")).toHaveText([
      "Developers",
      "Plan, build and ship the product in project DEMO.",
      "3",
    ]);
  });

  test("tells a member that only administrators see it", async ({ page }) => {
    await signInQuickly(page, "alice", "/issues");
    const response = await page.goto("/admin/groups");
    expect(response?.status()).toBe(403);
    await expect(page.getByText("Only administrators can see the list of groups.")).toBeVisible();
    await expect(page.getByRole("table")).toHaveCount(0);
  });

  test.describe("at 390 px", () => {
    test.use({ viewport: { width: 390, height: 800 } });

    test("does not scroll sideways", async ({ page }) => {
      await signInQuickly(page, "admin", "/admin/groups");
      await expect(page.getByRole("heading", { level: 1, name: "Groups" })).toBeVisible();
      await expect(page.getByText("Support agents", { exact: true })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  });
});
