// The widget host (docs/widgets.md) with the harness apps (tests/fixtures/apps) and Team pulse in every
// kind of place, the request rules (confirmation, refusal outside /api), the register timeout and a hostile
// widget.
import { execFileSync } from "node:child_process";
import type { APIRequestContext, FrameLocator, Page } from "@playwright/test";
import { expect as baseExpect, test } from "./fixtures.ts";
import { e2eDatabaseFile } from "./fixtures.ts";
import { refuseChunk, signInQuickly, tokenOf, userOf, waitForHydration } from "./helpers.ts";

// An issue page holds the harness frames and the demo's sample apps' frames: on a busy machine the last of
// them registers well after the page has loaded.
const expect = baseExpect.configure({ timeout: 30_000 });
const frame = (page: Page, title: string): FrameLocator => page.frameLocator(`iframe[title="${title}"]`);
const NOTES = "Notes (Issue Companion)";
const NOTES_PATH = "extensionEndpoints/issue-companion/backend-global/notes";
const adminHeaders = async (origin: string) => ({
  authorization: `Bearer ${await tokenOf("admin")}`,
  origin,
});

function installFixture(name: string): void {
  execFileSync(process.execPath, ["mock-backend/apps/install-cli.ts", `tests/fixtures/apps/${name}`], {
    env: { ...process.env, DATABASE_URL: `file:${e2eDatabaseFile()}` },
    stdio: "pipe",
  });
}

async function removeApp(request: APIRequestContext, baseURL: string, name: string): Promise<void> {
  const response = await request.delete(`/api/admin/apps/${name}`, { headers: await adminHeaders(baseURL) });
  expect([200, 404]).toContain(response.status());
}

test.describe("sample apps in their places", () => {
  // Frames load when they come near the viewport; the demo's sample apps share these places, so a tall
  // window keeps every harness frame in view.
  test.use({ viewport: { width: 1280, height: 2400 } });
  // That window starts every frame of the issue page at once (the sample apps' and the harness's).
  test.describe.configure({ timeout: 90_000 });

  test("the issue page runs its widgets in sandboxed frames that read the issue through the host", async ({
    page,
  }) => {
    // The server's elements of the widgets' places, marked before React hydrates them.
    await page.addInitScript(() =>
      document.addEventListener("DOMContentLoaded", () => {
        for (const element of document.querySelectorAll("[data-widget]"))
          Object.assign(element, { fromServer: true });
      }),
    );
    await signInQuickly(page, "alice", "/issue/DEMO-1");
    await waitForHydration(page);
    const places: [string, string][] = [
      ["issue-field-panel-first", "Companion (top of the fields) (Issue Companion)"],
      ["issue-field-panel-last", "Companion (bottom of the fields) (Issue Companion)"],
      ["issue-above-activity-stream", "Companion (above the activity) (Issue Companion)"],
    ];
    for (const [place, title] of places) {
      const iframe = page.locator(`[data-place="${place}"] iframe[title="${title}"]`);
      await expect(iframe).toHaveAttribute("title", title);
      const sandbox = (await iframe.getAttribute("sandbox")) ?? "";
      expect(sandbox.split(" ")).toEqual(
        expect.arrayContaining(["allow-scripts", "allow-downloads", "allow-popups"]),
      );
      expect(sandbox).not.toContain("allow-same-origin");
      await expect(frame(page, title).getByTestId("entity")).toHaveText("Issue DEMO-1");
      await expect(frame(page, title).getByRole("status")).toContainText(
        "GET ok: DEMO-1: Navigation collapses on narrow screens",
      );
      // The frame's code came after hydration and renders inside the server's element, which stays.
      const element = page
        .locator(`[data-place="${place}"] [data-widget]`)
        .filter({ has: page.locator(`iframe[title="${title}"]`) });
      await expect(element).toHaveAttribute("data-state", "ready");
      expect(await element.evaluate((e) => "fromServer" in e), `${place}: the server's element`).toBe(true);
    }
    // App icons are served as inert downloads, which an <img> still shows.
    const icons = page.locator(".widget-header img");
    await expect(icons.first()).toBeVisible();
    await expect
      .poll(() => icons.first().evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
    const notes = frame(page, NOTES);
    await expect(notes.getByTestId("issue")).toHaveText("DEMO-1");
    await notes.getByRole("button", { name: "Who am I (GET)" }).click();
    await expect(notes.getByTestId("result")).toHaveText(`GET ok: ${(await userOf("alice")).login}`);
  });

  test("frames whose code does not load say so in their places, and the page stays", async ({ page }) => {
    await refuseChunk(page, "live-widget-frame");
    await signInQuickly(page, "alice", "/issue/DEMO-1");
    const place = page.locator('[data-place="issue-field-panel-first"] [data-widget]').first();
    await expect(place).toHaveAttribute("data-state", "failed");
    await expect(place.getByRole("alert")).toContainText("There was a problem loading the widget");
    await expect(page.locator("iframe")).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(
      "Navigation collapses on narrow screens",
    );
  });

  test("a link on another site cannot run an app's handler with the user's cookie", async ({
    page,
    baseURL,
    request,
  }) => {
    await signInQuickly(page, "alice", "/issue/DEMO-1");
    // The host's own call, from Keel's page, reaches the handler.
    await expect(frame(page, NOTES).getByTestId("issue")).toHaveText("DEMO-1");
    const target = `${baseURL}/api/${NOTES_PATH}`;
    await page.route("http://attacker.test/**", (route) =>
      route.fulfill({ contentType: "text/html", body: `<a href="${target}">Win a prize</a>` }),
    );
    await page.goto("http://attacker.test/");
    // The guest's answer just before and just after the link: other workers' users add notes the guest can
    // read meanwhile, so the link's answer must be one of the two.
    const guestBefore = await request.get(target);
    const [response] = await Promise.all([
      page.waitForResponse(target),
      page.getByRole("link", { name: "Win a prize" }).click(),
    ]);
    // Keel passes the session's token on only for its own pages' requests: the link arrives as the guest,
    // whom this app's handlers serve as they serve its widgets in the public project, and nothing more.
    const guestAfter = await request.get(target);
    expect([200, 401, 403]).toContain(response.status());
    expect(response.status()).toBe(guestAfter.status());
    expect([await guestBefore.text(), await guestAfter.text()]).toContain(await response.text());
    // Other tests' users may have left notes the guest can read; none of it is this alice's doing.
    expect(await response.text()).not.toContain(`"${(await userOf("alice")).login}"`);
  });

  test("a mutating request asks first: once, deny, always; DELETE warns of data loss", async ({ page }) => {
    await signInQuickly(page, "alice", "/issue/DEMO-1");
    const notes = frame(page, NOTES);
    const result = notes.getByTestId("result");
    await expect(result).toHaveText("Ready");
    await notes.getByRole("button", { name: "Load notes (GET)" }).click();
    await expect(result).toHaveText(/^GET ok: \d+ notes?$/);

    const confirm = page.getByRole("dialog", { name: "Allow Issue Companion to change data?" });
    await notes.getByLabel("Note text").fill("first");
    await notes.getByRole("button", { name: "Add note (POST)" }).click();
    await expect(confirm).toBeVisible();
    await expect(confirm).toContainText(`send a POST request to ${NOTES_PATH}`);
    await confirm.getByRole("button", { name: "Allow once" }).click();
    await expect(result).toHaveText(/^POST ok: \d+ notes?$/);

    await notes.getByRole("button", { name: "Add note (POST)" }).click();
    await expect(confirm).toBeVisible();
    await confirm.getByRole("button", { name: "Deny" }).click();
    await expect(result).toHaveText(`POST declined: The POST request to ${NOTES_PATH} was declined by user`);

    await notes.getByRole("button", { name: "Add note (POST)" }).click();
    await confirm.getByRole("button", { name: "Always allow" }).click();
    await expect(result).toHaveText(/^POST ok: \d+ notes?$/);
    // Remembered for this user and app, also after a reload: no question any more.
    await page.reload();
    await expect(result).toHaveText("Ready");
    await notes.getByRole("button", { name: "Add note (POST)" }).click();
    await expect(result).toHaveText(/^POST ok: \d+ notes?$/);
    await expect(confirm).toBeHidden();

    await notes.getByRole("button", { name: "Clear notes (DELETE)" }).click();
    await expect(confirm).toBeVisible();
    await expect(confirm).toContainText("This can delete data");
    await page.keyboard.press("Escape");
    await expect(result).toHaveText(
      `DELETE declined: The DELETE request to ${NOTES_PATH} was declined by user`,
    );
    await notes.getByRole("button", { name: "Clear notes (DELETE)" }).click();
    await confirm.getByRole("button", { name: "Allow once" }).click();
    await expect(result).toHaveText("DELETE ok: 0 notes");
  });

  test("requests outside /api are refused; alerts, modal mode and the options-menu popup work", async ({
    page,
  }) => {
    await signInQuickly(page, "alice", "/issue/DEMO-1");
    const notes = frame(page, NOTES);
    await expect(notes.getByTestId("result")).toHaveText("Ready");
    await notes.getByRole("button", { name: "Outside api" }).click();
    await expect(notes.getByTestId("log")).toContainText("Refused: Request to ../../login is not allowed");
    await expect(notes.getByTestId("log")).toContainText(
      "Refused: Request to https://evil.example/steal is not allowed",
    );

    await notes.getByRole("button", { name: "Show alert" }).click();
    await expect(page.getByTestId("widget-alert")).toContainText("Saved");

    const viewport = () => notes.locator("html").evaluate(() => `${innerWidth}x${innerHeight}`);
    const inPlace = await viewport();
    await notes.getByRole("button", { name: "Expand" }).click();
    const expanded = page.getByRole("dialog", { name: "Notes, expanded" });
    await expect(expanded).toBeVisible();
    await expect(notes.getByTestId("result")).toHaveText("Modal mode: on");
    // The host answers before the page has drawn the dialog, and the frame, another process, learns its new
    // size later still: Back is clicked once the frame has grown. Pressed before and released after, the
    // click hit nothing and the dialog stayed (a failed run on CI).
    await expect.poll(viewport).not.toBe(inPlace);
    await notes.getByRole("button", { name: "Back" }).click();
    await expect(expanded).toBeHidden();
    await expect(notes.getByTestId("result")).toHaveText("Modal mode: off");

    await page.getByRole("button", { name: "Options", exact: true }).click();
    await page.getByRole("menuitem", { name: "Companion" }).click();
    const popup = page.getByRole("dialog", { name: "Companion" });
    await expect(frame(page, "Companion (Issue Companion)").getByTestId("heading")).toHaveText(
      "Issue DEMO-1",
    );
    await frame(page, "Companion (Issue Companion)").getByRole("button", { name: "Close" }).click();
    await expect(popup).toBeHidden();
  });

  test("the theme reaches the widgets, and follows a change live", async ({ page }) => {
    await signInQuickly(page, "alice", "/issue/DEMO-1");
    const root = frame(page, NOTES).locator("html");
    await expect(root).toHaveAttribute("data-theme", /^(light|dark)$/);
    await page.evaluate(() => (document.documentElement.dataset.theme = "darcula"));
    await expect(root).toHaveAttribute("data-theme", "dark");
    await page.evaluate(() => (document.documentElement.dataset.theme = "default"));
    await expect(root).toHaveAttribute("data-theme", "light");
  });

  test("articles: below the summary, above the activity, the options menu and a Markdown embed", async ({
    page,
  }) => {
    await signInQuickly(page, "alice", "/articles/DEMO-A-2");
    await expect(
      frame(page, "Companion (below the article summary) (Issue Companion)").getByRole("status"),
    ).toContainText(`read by ${(await userOf("alice")).login}`);
    await expect(
      frame(page, "Companion (above the article activity) (Issue Companion)").getByRole("status"),
    ).toContainText("GET ok: article");
    const embed = frame(page, "Team pulse (embedded) (Team Pulse)");
    await expect(embed.getByTestId("status")).toHaveText(/^\d+ issues? · updated /);
    await expect(embed.getByTestId("status")).toHaveAttribute("data-loads", "1");
    await expect(embed.getByRole("table", { name: "Issues by state" })).toBeVisible();
    // The article's author may configure the embed; the config is kept with the embedding.
    await embed.getByRole("button", { name: "Configure" }).click();
    await embed.getByLabel("Title").fill("Conventions pulse");
    await embed.getByRole("button", { name: "Save" }).click();
    await expect(embed.getByTestId("title")).toHaveText("Conventions pulse");
    await page.reload();
    await expect(frame(page, "Team pulse (embedded) (Team Pulse)").getByTestId("title")).toHaveText(
      "Conventions pulse",
    );
    await page.getByRole("button", { name: "Options", exact: true }).click();
    await page.getByRole("menuitem", { name: "Companion" }).click();
    await expect(frame(page, "Companion (Issue Companion)").getByTestId("heading")).toContainText("Article");
  });

  test("the offline widget cache lives in IndexedDB widgets-cache and is emptied above 10 000 000 bytes", async ({
    page,
  }) => {
    await signInQuickly(page, "alice", "/articles/DEMO-A-2");
    const embed = frame(page, "Team pulse (embedded) (Team Pulse)");
    await expect(embed.getByTestId("status")).toHaveText(/^\d+ issues? · updated /);
    const entries = () =>
      page.evaluate(
        () =>
          new Promise<string[]>((resolve, reject) => {
            const open = indexedDB.open("widgets-cache");
            open.onerror = () => reject(open.error);
            open.onsuccess = () => {
              const request = open.result.transaction("entries").objectStore("entries").getAllKeys();
              request.onsuccess = () => {
                resolve(request.result.map(String));
                open.result.close();
              };
            };
          }),
      );
    await expect.poll(entries).toEqual(["team-pulse:pulse-embed:team-conventions-pulse"]);
    // Another entry, then storage use over the limit: the next store empties the cache first.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const open = indexedDB.open("widgets-cache");
          open.onsuccess = () => {
            const tx = open.result.transaction("entries", "readwrite");
            tx.objectStore("entries").put({ data: "old", stored: 0 }, "other:widget:1");
            tx.oncomplete = () => {
              open.result.close();
              resolve();
            };
          };
        }),
    );
    expect(await entries()).toHaveLength(2);
    await page.evaluate(() => {
      navigator.storage.estimate = () => Promise.resolve({ usage: 10_000_001, quota: 50_000_000 });
    });
    await embed.getByRole("button", { name: "Refresh" }).click();
    await expect(embed.getByTestId("status")).toHaveAttribute("data-loads", "2");
    await expect(embed.getByTestId("status")).toHaveText(/ · updated /);
    await expect.poll(entries).toEqual(["team-pulse:pulse-embed:team-conventions-pulse"]);
  });

  test("widget lifecycle and performance (FCP, TTFB…) events reach analytics", async ({ page }) => {
    const batches: { group: string; event: string; eventFields: { name: string; value: unknown }[] }[][] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/analytics") && request.method() === "POST") {
        batches.push(JSON.parse(request.postData() ?? "[]") as (typeof batches)[number]);
      }
    });
    await signInQuickly(page, "admin", "/issue/DEMO-1");
    await expect(page.locator('[data-widget="issue-companion/notes"]')).toHaveAttribute(
      "data-state",
      "ready",
    );
    const fieldsOf = (event: string) =>
      batches
        .flat()
        .filter((e) => e.group === "widgets" && e.event === event)
        .map((e) => Object.fromEntries(e.eventFields.map((f) => [f.name, f.value])));
    // Widgets report in their own time and batches leave in arrival order:
    // wait for the companion's own performance figures, not merely the first.
    await expect
      .poll(() => fieldsOf("performance").map((f) => f.app), { timeout: 20_000 })
      .toContain("issue-companion");
    expect(fieldsOf("performance").map((f) => f.kind)).toEqual(expect.arrayContaining(["TTFB"]));
    const stages = fieldsOf("lifecycle").map((f) => f.stage);
    expect(stages).toEqual(expect.arrayContaining(["loaded", "registered"]));
  });

  test("a main-menu app is a page whose location is the app's own, with storage", async ({ page }) => {
    await signInQuickly(page, "alice", "/issues");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Workspace" }).click();
    await expect(page).toHaveURL("/app/workspace/workspace");
    const app = frame(page, "Workspace (Workspace)");
    await expect(app.getByTestId("me")).toContainText("alice");
    await app.getByRole("button", { name: "Go to reports" }).click();
    await expect(page).toHaveURL("/app/workspace/workspace/reports?tab=2");
    await expect(app.getByTestId("location")).toHaveText("Location: reports?tab=2");
    await app.getByRole("button", { name: "Replace with overview" }).click();
    await expect(page).toHaveURL("/app/workspace/workspace/overview#top");
    await page.goBack();
    await expect(page).toHaveURL("/app/workspace/workspace");
    await expect(app.getByTestId("location-event")).toContainText("Location change #1:");

    await app.getByLabel("Key").fill("greeting");
    await app.getByLabel("Value").fill("hello");
    await app.getByRole("button", { name: "Set item" }).click();
    await expect(app.getByTestId("storage-result")).toHaveText("setItem ok: greeting");
    await page.reload();
    await frame(page, "Workspace (Workspace)").getByRole("button", { name: "Get item" }).click();
    await expect(frame(page, "Workspace (Workspace)").getByTestId("storage-result")).toHaveText(
      "getItem: greeting = hello",
    );
    await frame(page, "Workspace (Workspace)").getByRole("button", { name: "Try reserved key" }).click();
    await expect(frame(page, "Workspace (Workspace)").getByTestId("storage-result")).toContainText(
      "Refused: InvalidAccessError",
    );
    await frame(page, "Workspace (Workspace)").getByRole("button", { name: "Clear storage" }).click();
    await expect(frame(page, "Workspace (Workspace)").getByTestId("storage-result")).toHaveText("clear ok");
  });

  test("administration, project, helpdesk, user-card and profile places", async ({ page }) => {
    await signInQuickly(page, "admin", "/admin/app/workspace/workspace-admin");
    await expect(page.getByRole("heading", { level: 1, name: "Workspace administration" })).toBeVisible();
    await expect(frame(page, "Workspace administration (Workspace)").getByTestId("status")).toHaveText(
      "Ready",
    );

    // The settings tab opens the first app's settings (Team Space's); the harness app's are next to them.
    await page.goto("/projects/DEMO?tab=settings");
    await page
      .getByRole("region", { name: "Demo project" })
      .getByRole("link", { name: "Workspace" })
      .first()
      .click();
    await expect(page).toHaveURL("/projects/DEMO?tab=app%3Aworkspace%3Aproject-settings");
    await expect(frame(page, "Workspace (Workspace)").getByTestId("entity")).toContainText(
      '"type":"project"',
    );
    await page.getByRole("link", { name: "Workspace" }).last().click();
    await expect(page).toHaveURL("/projects/DEMO?tab=app%3Aworkspace%3Aproject-tab");
    await expect(frame(page, "Workspace (Workspace)").getByTestId("entity")).toContainText('"key":"DEMO"');

    await page.goto("/projects/SUP?tab=channels");
    await expect(frame(page, "Workspace channel (Workspace)").getByTestId("status")).toHaveText("Ready");
    await page.goto("/projects/DEMO?tab=channels");
    await expect(page.getByRole("link", { name: "Channels" })).toHaveCount(0);

    await page.goto("/users/alice");
    await expect(frame(page, "Companion (Issue Companion)").getByRole("status")).toContainText(
      "User: alice (Alice Member)",
    );
    await page.goto("/users/me?tab=app:workspace:profile-settings");
    await expect(frame(page, "Workspace (Workspace)").getByTestId("entity")).toContainText(
      `"login":"${(await userOf("admin")).login}"`,
    );
  });

  test("a member may not open an app's administration page", async ({ page }) => {
    await signInQuickly(page, "alice", "/issues");
    const response = await page.goto("/admin/app/workspace/workspace-admin");
    expect(response?.status()).toBe(403);
    expect((await page.goto("/app/workspace/missing"))?.status()).toBe(404);
    await expect(page.getByText("Widget missing not found")).toBeVisible();
  });
});

// An installed app's widgets show on every issue page: the next two run alone (playwright.config.ts).
test.describe("a widget that never registers", { tag: "@global-state" }, () => {
  test.beforeEach(() => installFixture("silent"));
  test.afterEach(async ({ request, baseURL }) => removeApp(request, baseURL!, "silent"));

  test("shows the register-timeout message after 60 s, not before", async ({ page }) => {
    // The page's clock stands still from here on: the 60 s count starts when the frame is created, which
    // takes a few real seconds on a busy machine, and only the fast-forwards below may move it.
    const start = new Date("2026-01-05T09:00:00Z");
    await page.clock.install({ time: start });
    await page.clock.pauseAt(new Date(start.getTime() + 1_000));
    await signInQuickly(page, "alice", "/issue/DEMO-3");
    const silent = page.locator('[data-widget="silent/silent"]');
    await expect(frame(page, "Silent issue widget (Silent)").getByTestId("state")).toHaveText(
      "Running without registering (YTApp present)",
    );
    await expect(silent).toHaveAttribute("data-state", "loading");
    // The other widgets register on their own time: the fast-forwards below would time them out too.
    const notes = page.locator('[data-widget="issue-companion/notes"]');
    await expect(notes).toHaveAttribute("data-state", "ready");
    await page.clock.fastForward(59_000);
    await expect(silent).toHaveAttribute("data-state", "loading");
    await page.clock.fastForward(1_000);
    await expect(silent.getByRole("alert")).toContainText(
      "YouTrack couldn't register the widget. Please ensure that the YTApp.register() method is properly invoked.",
    );
    await expect(silent.getByRole("alert")).toContainText(
      "Please contact the app vendor for further assistance",
    );
    // The other widgets on the page registered and are unaffected.
    await expect(notes).toHaveAttribute("data-state", "ready");
  });
});

test.describe("a hostile widget", { tag: "@global-state" }, () => {
  test.beforeEach(() => installFixture("hostile"));
  test.afterEach(async ({ request, baseURL }) => removeApp(request, baseURL!, "hostile"));

  test("forges messages, reads its parent and posts to other frames, and achieves nothing", async ({
    page,
  }) => {
    test.setTimeout(45_000);
    await signInQuickly(page, "alice", "/issue/DEMO-3");
    const themeBefore = await page.evaluate(() => document.documentElement.dataset.theme);
    const hostile = frame(page, "Hostile issue widget (Hostile)");
    // Waiting on the page, not in the frame: a test tool acting inside the frame would hand it the user
    // activation that its last attempt (navigating the page away without a click) must not have.
    await expect(page.getByTestId("widget-alert").filter({ hasText: "Hostile widget finished" })).toBeVisible(
      {
        timeout: 30_000,
      },
    );
    await expect(hostile.locator("body")).toHaveAttribute("data-done", "true");
    const report = await hostile.getByTestId("report").innerText();
    expect(report).not.toContain("LEAK:");
    expect(report).not.toContain("FAILED:");
    expect(report).toContain("ok: after the attacks");
    // Another app's storage and handlers answer neither the bridge nor the frame itself; its own do.
    expect(report).toContain('blocked: fetchYouTrack("apps/issue-companion/storage") (403');
    expect(report).toContain(
      'blocked: fetchYouTrack("extensionEndpoints/issue-companion/backend-global/notes") (403',
    );
    expect(report).toContain("blocked: fetch /api/apps/issue-companion/storage from the frame");
    expect(report).toContain("ok: fetchApp reaches its own handler");
    expect(report).toContain("ok: storage reaches its own app's");
    await expect(hostile.getByTestId("summary")).toHaveText("Done: 0 leaks, 0 failures");
    // Nothing it forged reached the page.
    await expect(page.getByText(/Forged alert/)).toHaveCount(0);
    expect(await page.evaluate(() => (Object.prototype as Record<string, unknown>).polluted)).toBeUndefined();
    await expect(page).toHaveURL("/issue/DEMO-3");
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(themeBefore);
    // The other widgets kept working.
    await expect(frame(page, NOTES).getByTestId("issue")).toHaveText("DEMO-3");
  });
});

test.describe("frames further down a phone's page", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a frame more than a screen below the viewport starts when the reader scrolls near it", async ({
    page,
  }) => {
    const requested: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/widgets/related-articles/")) requested.push(request.url());
    });
    await signInQuickly(page, "admin", "/issue/DEMO-2");
    await waitForHydration(page);
    const near = page.locator('[data-widget="checklist/progress"]');
    const far = page.locator('[data-widget="related-articles/issue-related"]');
    await expect(near.locator("iframe")).toHaveCount(1);
    await expect(near).toHaveAttribute("data-state", "ready");
    // The related articles are at the page's end, well beyond a screen below the first.
    const top = await far.evaluate((element) => element.getBoundingClientRect().top / window.innerHeight);
    expect(top).toBeGreaterThan(2);
    await expect(far).toHaveAttribute("data-state", "loading");
    await expect(far.locator("iframe")).toHaveCount(0);
    expect(requested).toEqual([]);

    await far.scrollIntoViewIfNeeded();
    await expect(far).toHaveAttribute("data-state", "ready");
    await expect(frame(page, "Related articles (Related Articles)").getByRole("link").first()).toBeVisible();
    expect(requested.length).toBeGreaterThan(0);
  });
});
