// The new-project wizard (docs/shell.md): template selection, then inviting
// team members and time tracking, each skippable, with and without JavaScript.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { javaScriptRuns, signInQuickly, waitForHydration } from "./helpers.ts";

/** Opens a wizard page as admin and, when scripts run, waits for hydration. */
async function openAsAdmin(page: Page, path: string): Promise<void> {
  await signInQuickly(page, "admin", path);
  if (await javaScriptRuns(page)) await waitForHydration(page);
}

const nameField = (page: Page) => page.getByLabel("Project name", { exact: true });
const idField = (page: Page) => page.getByLabel("ID", { exact: true });
const inviteesField = (page: Page) => page.getByLabel("Logins or e-mail addresses", { exact: true });
const stepHeading = (page: Page, name: string) => page.getByRole("heading", { level: 2, name, exact: true });
const currentStep = (page: Page) =>
  page.getByRole("list", { name: "Steps" }).locator('[aria-current="step"]');

/** The whole wizard, the same in both modes; `tag` keeps each mode's projects apart. */
function wizardBehaviour(tag: string) {
  const name = `Mobile app ${tag}`;
  const id = `MOB${tag}`;

  test("admin finds the wizard from the projects page", async ({ page }) => {
    await openAsAdmin(page, "/projects");
    await page.getByRole("link", { name: "New project", exact: true }).click();
    await expect(page).toHaveURL("/projects/new");
    await expect(page.getByRole("heading", { level: 1, name: "New project" })).toBeVisible();
    await expect(stepHeading(page, "Choose a template")).toBeVisible();
    await expect(currentStep(page)).toHaveText("Template");
  });

  test("an empty form shows an error next to each field and stays on the step", async ({ page }) => {
    await openAsAdmin(page, "/projects/new");
    await page.getByRole("button", { name: "Create project" }).click();
    await expect(nameField(page)).toHaveAttribute("aria-invalid", "true");
    await expect(nameField(page)).toHaveAccessibleDescription("Enter a project name");
    const templates = page.getByRole("radiogroup", { name: "Template" });
    await expect(templates).toHaveAttribute("aria-invalid", "true");
    await expect(templates).toHaveAccessibleDescription("Choose a template");
    await expect(page).toHaveURL("/projects/new");
  });

  test("a taken ID is reported on the ID field and nothing typed is lost", async ({ page }) => {
    await openAsAdmin(page, "/projects/new");
    await page.getByRole("radio", { name: /^Kanban/ }).check();
    await nameField(page).fill(name);
    await idField(page).fill("demo");
    await page.getByRole("button", { name: "Create project" }).click();
    await expect(idField(page)).toHaveAttribute("aria-invalid", "true");
    await expect(idField(page)).toHaveAccessibleDescription(/The ID DEMO is taken by another project/);
    await expect(nameField(page)).toHaveValue(name);
    await expect(idField(page)).toHaveValue("demo");
    await expect(page.getByRole("radio", { name: /^Kanban/ })).toBeChecked();
  });

  test("create, invite with one failure, turn on time tracking, and see the summary", async ({ page }) => {
    await openAsAdmin(page, "/projects/new");
    await page.getByRole("radio", { name: /^Scrum/ }).check();
    await nameField(page).fill(name);
    await idField(page).fill(id);
    await page.getByRole("button", { name: "Create project" }).click();

    await expect(page).toHaveURL(`/projects/new?project=${id}&step=invite`);
    await expect(stepHeading(page, "Invite team members")).toBeVisible();
    await expect(currentStep(page)).toHaveText("Invite team members");
    await expect(page.getByTestId("wizard-project")).toContainText(`${name} · ${id} · Scrum template`);

    await inviteesField(page).fill("alice, nobody");
    await page.getByRole("button", { name: "Send invitations" }).click();
    const failures = page.locator("main").getByRole("alert");
    await expect(failures).toContainText("1 could not be invited: 1 user");
    await expect(failures).toContainText("nobody: No user has the login nobody");
    await expect(page.getByText("Invited: alice")).toBeVisible();
    await expect(inviteesField(page)).toHaveValue("nobody");

    // Someone is in: the step goes on with Continue rather than a skip.
    await page.getByRole("button", { name: "Continue", exact: true }).click();
    await expect(page).toHaveURL(`/projects/new?project=${id}&step=time-tracking`);
    await expect(stepHeading(page, "Time tracking")).toBeVisible();
    const tracking = page.getByRole("checkbox", { name: "Enable time tracking" });
    await expect(tracking).not.toBeChecked();
    await tracking.check();
    await page.getByRole("button", { name: "Save and finish" }).click();

    await expect(page).toHaveURL(`/projects/new?project=${id}&step=done`);
    await expect(stepHeading(page, "Project created")).toBeVisible();
    await expect(page.getByText("alice (added)")).toBeVisible();
    await expect(page.getByRole("definition").filter({ hasText: /^On$/ })).toBeVisible();
    await expect(page.getByRole("link", { name: `Open ${name}` })).toHaveAttribute("href", `/projects/${id}`);
  });

  test("both setup steps can be skipped; an empty ID is made from the name", async ({ page }) => {
    await openAsAdmin(page, "/projects/new");
    await page.getByRole("radio", { name: /^Help desk/ }).check();
    await nameField(page).fill(`Quick desk ${tag}`);
    await page.getByRole("button", { name: "Create project" }).click();
    await expect(page).toHaveURL(`/projects/new?project=QD${tag.slice(0, 1)}&step=invite`);
    await page.getByRole("button", { name: "Skip this step" }).click();
    await expect(stepHeading(page, "Time tracking")).toBeVisible();
    await page.getByRole("button", { name: "Skip this step" }).click();
    await expect(stepHeading(page, "Project created")).toBeVisible();
    await expect(page.getByText("No one invited yet")).toBeVisible();
    await expect(page.getByRole("definition").filter({ hasText: /^Off$/ })).toBeVisible();
  });
}

test.describe("new-project wizard with JavaScript", () => {
  wizardBehaviour("J");

  test("the create button shows the pending state while the project is created", async ({ page }) => {
    await openAsAdmin(page, "/projects/new");
    // The post is held until the pending state has been seen.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/projects/new*", async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    });
    await page.getByRole("radio", { name: /^Default/ }).check();
    await nameField(page).fill("Pending state");
    await idField(page).fill("PEND");
    await page.getByRole("button", { name: "Create project" }).click();
    const pending = page.getByRole("button", { name: "Creating the project…" });
    await expect(pending).toBeDisabled();
    await expect(page.getByRole("status").filter({ hasText: "Creating the project…" })).toBeVisible();
    release();
    await expect(stepHeading(page, "Invite team members")).toBeVisible();
  });
});

test.describe("new-project wizard without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("scripts really are off, and a step is a plain post answered with a redirect", async ({ page }) => {
    await openAsAdmin(page, "/projects/new");
    expect(await javaScriptRuns(page)).toBe(false);
    await page.getByRole("radio", { name: /^Default/ }).check();
    await nameField(page).fill("Plain post");
    await idField(page).fill("PLAIN");
    const posted = page.waitForResponse((r) => r.request().method() === "POST");
    await page.getByRole("button", { name: "Create project" }).click();
    expect((await posted).status()).toBe(302);
    await expect(page).toHaveURL("/projects/new?project=PLAIN&step=invite");
  });

  test("a refused post answers 400 and renders the form again", async ({ page }) => {
    await openAsAdmin(page, "/projects/new");
    const posted = page.waitForResponse((r) => r.request().method() === "POST");
    await page.getByRole("button", { name: "Create project" }).click();
    expect((await posted).status()).toBe(400);
    await expect(nameField(page)).toHaveAccessibleDescription("Enter a project name");
  });

  wizardBehaviour("N");
});

test.describe("who may use the wizard", () => {
  test("a user without project-create sees no link and gets 403", async ({ page }) => {
    await signInQuickly(page, "alice", "/projects");
    await expect(page.getByRole("heading", { level: 1, name: "Projects" })).toBeVisible();
    await expect(page.getByRole("link", { name: "New project" })).toHaveCount(0);
    const response = await page.goto("/projects/new");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { level: 1, name: "You cannot create projects" })).toBeVisible();
  });

  test("guests are sent to sign in first", async ({ page }) => {
    await page.goto("/projects/new");
    await expect(page).toHaveURL("/login?redirect=%2Fprojects%2Fnew");
  });
});
