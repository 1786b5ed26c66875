// The shell around the pages: the two apps, special paths, the More menu, the
// narrow-screen bar and the help panel.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { SHORTCUTS } from "#app/shell/shortcuts.ts";
import {
  DEMO_PASSWORD,
  mainNav,
  refuseChunk,
  signInQuickly,
  submitLogin,
  userOf,
  waitForHydration,
} from "./helpers.ts";

// Twelve of the shell, the Team Space sample app's main-menu item and the workspace harness app's.
const ADMIN_ITEMS = 14;

async function navItemCount(page: Page): Promise<number> {
  return mainNav(page).locator("[data-nav-item]").count();
}

test.describe("the two apps", () => {
  test("a path of the classic app mounts the classic app, and switching unmounts the lite one", async ({
    page,
  }) => {
    await signInQuickly(page, "alice", "/dashboard");
    await waitForHydration(page);
    await expect(page.locator(".layout-host")).toHaveAttribute("data-layout", "lite");
    await mainNav(page).getByRole("link", { name: "Agile Boards" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Agile Boards" })).toBeVisible();
    await expect(page.locator(".layout-host")).toHaveCount(1);
    await expect(page.locator(".layout-host")).toHaveAttribute("data-layout", "classic");
    // The loading overlay goes once the newly mounted app has initialised.
    await expect(page.locator(".layout-host")).toHaveAttribute("data-initialised", "true");
    await expect(page.locator(".layout-loading")).toHaveCount(0);
  });

  test("routes that depend on a feature flag are classic while the flag is off", async ({ page }) => {
    await signInQuickly(page, "admin", "/reports");
    await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
    await expect(page.locator(".layout-host")).toHaveAttribute("data-layout", "classic");
  });
});

test.describe("special paths", () => {
  test("the root goes to the default page: dashboards, tickets for reporters, issues for guests", async ({
    page,
  }) => {
    await page.goto("/");
    await expect(page).toHaveURL("/issues");
    await signInQuickly(page, "rachel");
    await page.goto("/");
    await expect(page).toHaveURL("/tickets");
  });

  test("the welcome path hides the navigation", async ({ page }) => {
    await page.goto("/welcome");
    await expect(page.getByRole("heading", { level: 1, name: "Welcome to Keel" })).toBeVisible();
    await expect(mainNav(page)).toHaveCount(0);
  });

  test("a path starting with two slashes is served at the single-slash path on this site", async ({
    page,
    baseURL,
  }) => {
    const response = await page.request.get(`${baseURL}//issues?x=1`, { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers().location).toBe("/issues?x=1");
    const hostile = await page.request.get(`${baseURL}//evil.example/x`, { maxRedirects: 0 });
    expect(hostile.headers().location).toBe("/evil.example/x");
  });

  test("a guest opening a page that needs an account signs in and comes back", async ({ page }) => {
    await page.goto("/timesheets");
    await expect(page).toHaveURL("/login?redirect=%2Ftimesheets");
    await submitLogin(page, (await userOf("alice")).login, DEMO_PASSWORD);
    await expect(page).toHaveURL("/timesheets");
    await expect(page.getByRole("heading", { level: 1, name: "Timesheets" })).toBeVisible();
  });

  test("a guest opening a form goes to the form-without-authorization page with its id", async ({ page }) => {
    await page.goto("/form/f-17");
    await expect(page).toHaveURL("/form-without-authorization?id=f-17");
    await expect(page.getByRole("heading", { level: 1, name: "Sign in to open this form" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Log in" }).last()).toHaveAttribute(
      "href",
      "/login?redirect=%2Fform%2Ff-17",
    );
  });

  test("the error and unavailable pages explain themselves", async ({ page }) => {
    await page.goto("/error?configUnavailable=true");
    await expect(page.getByRole("alert")).toContainText("could not load its configuration");
    await page.goto("/unavailable");
    await expect(page.getByRole("heading", { level: 1, name: "Keel is not available here" })).toBeVisible();
  });

  test("areas without shell content say what they are for and link to their documentation", async ({
    page,
  }) => {
    await signInQuickly(page, "admin", "/gantt-charts");
    await expect(page.getByRole("heading", { level: 1, name: "Gantt Charts" })).toBeVisible();
    await expect(page.getByTestId("area-intro")).toContainText("Gantt charts lay a project's issues out");
    await expect(
      page.getByRole("link", { name: "Read about Gantt Charts in the documentation" }),
    ).toHaveAttribute("href", "https://www.jetbrains.com/help/youtrack/cloud/Gantt-Charts.html");
    await expect(page).toHaveTitle("Gantt Charts · Keel");
  });

  test("the issue and article views show the seeded data", async ({ page }) => {
    await signInQuickly(page, "alice", "/issues");
    await page.getByRole("link", { name: "Navigation collapses on narrow screens" }).click();
    await expect(page).toHaveURL("/issue/DEMO-1");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("DEMO-1");
    await expect(page.getByText("Steps to reproduce")).toBeVisible();
    await page.goto("/articles");
    await page.getByRole("link", { name: "Getting started: your first week on the team" }).click();
    await expect(
      page.getByRole("heading", { level: 1, name: "Getting started: your first week on the team" }),
    ).toBeVisible();
    const missing = await page.goto("/issue/SUP-1");
    expect(missing?.status()).toBe(404);
  });
});

test.describe("the More menu", () => {
  test("items that do not fit a short window move into More, and come back when it grows", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 560 });
    await signInQuickly(page, "admin", "/dashboard");
    await waitForHydration(page);
    const more = mainNav(page).getByRole("button", { name: "More" });
    await expect(more).toBeVisible();
    const shown = await navItemCount(page);
    expect(shown).toBeLessThan(ADMIN_ITEMS);
    await more.click();
    const moved = mainNav(page).getByRole("menuitem");
    await expect(moved).toHaveCount(ADMIN_ITEMS - shown);
    await expect(moved.last()).toHaveAccessibleName("Notifications");
    await page.keyboard.press("Escape");
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(more).toHaveCount(0);
    await expect.poll(() => navItemCount(page)).toBe(ADMIN_ITEMS);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("every item stays in the list, which scrolls", async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 560 });
      await signInQuickly(page, "admin", "/dashboard");
      expect(await navItemCount(page)).toBe(ADMIN_ITEMS);
      const notifications = mainNav(page).locator('[data-nav-item="notifications"]');
      await notifications.scrollIntoViewIfNeeded();
      await expect(notifications).toBeInViewport();
    });
  });
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`narrow screens ${javaScriptEnabled ? "with" : "without"} JavaScript`, () => {
    test.use({ javaScriptEnabled, viewport: { width: 760, height: 800 } });

    test("a 48 px top bar with a hamburger opens a full-screen menu with nested panels", async ({ page }) => {
      await signInQuickly(page, "admin", "/issues");
      const nav = mainNav(page);
      expect((await nav.boundingBox())?.height).toBe(48);
      await expect(nav.locator("[data-nav-item]").first()).toBeHidden();
      if (javaScriptEnabled) await waitForHydration(page);
      await nav.getByLabel("Menu").click();
      // With scripts the menu opens in place; without them the hamburger leads to it as a page.
      if (!javaScriptEnabled) await expect(page).toHaveURL(`/menu?back=${encodeURIComponent("/issues")}`);
      const panel = (javaScriptEnabled ? nav : page.locator("main")).locator(".mobile-menu-panel");
      await expect(panel).toBeVisible();
      const box = await panel.boundingBox();
      expect(box?.width).toBe(760);
      expect((box?.y ?? 0) + (box?.height ?? 0)).toBe(800);
      await expect(panel.getByRole("link", { name: "Agile Boards" })).toBeVisible();
      for (const title of ["Administration", "Help", "Shortcuts", "About"]) {
        await panel
          .locator(".mobile-panel > summary")
          .filter({ hasText: new RegExp(`^${title}$`) })
          .click();
      }
      await expect(panel.getByRole("link", { name: "Custom Fields" })).toBeVisible();
      await expect(panel.getByRole("link", { name: "Markdown Reference" })).toBeVisible();
      await expect(panel.getByText("Quick search")).toBeVisible();
      await expect(panel.getByText(/© 2009–2025/)).toBeVisible();
      await panel.getByRole("link", { name: "Agile Boards" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Agile Boards" })).toBeVisible();
    });
  });
}

test.describe("touch devices", () => {
  test.use({ viewport: { width: 1024, height: 768 }, hasTouch: true, isMobile: true });
  test("get the top bar even on a wide screen", async ({ page }) => {
    await signInQuickly(page, "alice", "/issues");
    await expect(mainNav(page).getByLabel("Menu")).toBeVisible();
    expect((await mainNav(page).boundingBox())?.height).toBe(48);
  });
});

test.describe("the help panel", () => {
  test("About, from the help menu, shows the copyright since 2009 and the licence, and Escape closes it", async ({
    page,
  }) => {
    await signInQuickly(page, "alice", "/issues");
    await waitForHydration(page);
    await mainNav(page).getByRole("button", { name: "Help" }).click();
    await mainNav(page).getByRole("menuitem", { name: "About" }).click();
    const panel = page.getByRole("dialog", { name: "About Keel" });
    await expect(panel).toBeVisible();
    await expect(panel).toContainText("© 2009–2025 Keel contributors");
    await expect(panel.getByRole("link", { name: "Licence" })).toBeVisible();
    await expect(panel.getByRole("link", { name: "Terms of service" })).toHaveCount(0);
    await page.keyboard.press("Escape");
    await expect(panel).toHaveCount(0);
    await expect(page).toHaveURL("/issues");
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("the shortcuts are searchable, list all on request and close with a link", async ({ page }) => {
      await page.goto("/issues?panel=shortcuts");
      const panel = page.getByRole("dialog", { name: "Keyboard shortcuts" });
      await expect(panel.getByRole("term")).toHaveCount(5);
      await panel.getByRole("link", { name: "All shortcuts" }).click();
      await expect(panel.getByRole("term")).toHaveCount(SHORTCUTS.length);
      await panel.getByLabel("Search shortcuts").fill("star");
      await panel.getByRole("button", { name: "Search" }).click();
      await expect(panel.getByRole("term")).toHaveText(["Star issue"]);
      await expect(panel.getByRole("definition")).toContainText("Ctrl");
      await panel.getByRole("link", { name: "Close help panel" }).click();
      await expect(page.getByRole("dialog")).toHaveCount(0);
    });

    test("an unknown panel name opens nothing", async ({ page }) => {
      const response = await page.goto("/issues?panel=bogus");
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("dialog")).toHaveCount(0);
    });
  });
});

test.describe("an unsupported browser", () => {
  test("sees the unsupported-browser message and a link to the browser support page instead of the app", async ({
    page,
  }) => {
    await page.addInitScript(() => {
      delete (Array.prototype as { toSorted?: unknown }).toSorted;
    });
    await page.goto("/issues");
    await expect(
      page.getByRole("heading", { level: 1, name: "This browser is not supported" }),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: /browser-support/ })).toHaveAttribute(
      "href",
      "https://keel.dev/docs/browser-support/",
    );
    await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
  });
});

test.describe("quick search", () => {
  type KeyPress = { key: string; code: string; ctrlKey?: boolean; altKey?: boolean; shiftKey?: boolean };
  async function pressOnLayout(page: Page, init: KeyPress) {
    await page.evaluate((eventInit) => {
      document.body.dispatchEvent(
        new KeyboardEvent("keydown", { bubbles: true, cancelable: true, ...eventInit }),
      );
    }, init);
  }

  test("Ctrl+K searches navigation, issues and articles; Enter opens the highlighted result", async ({
    page,
  }) => {
    await signInQuickly(page, "alice", "/dashboard");
    await waitForHydration(page);
    await page.keyboard.press("Control+k");
    const dialog = page.getByRole("dialog");
    const input = dialog.getByRole("combobox", { name: "Quick search" });
    await expect(input).toBeFocused();
    await input.fill("narrow");
    await expect(dialog.getByRole("option")).toHaveText([/Navigation collapses on narrow screens.*DEMO-1/]);
    await input.fill("knowledge");
    await expect(dialog.getByRole("option").first()).toContainText("Knowledge Base");
    await input.fill("getting started");
    await expect(dialog.getByRole("option")).toHaveText([
      /Getting started: your first week on the team.*DEMO-A-1/,
    ]);
    await input.press("Enter");
    await expect(page).toHaveURL("/articles/DEMO-A-1");
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("a palette whose code does not load opens the search page instead", async ({ page }) => {
    const asked = await refuseChunk(page, "quick-search");
    await signInQuickly(page, "alice", "/dashboard");
    await waitForHydration(page);
    await page.keyboard.press("Control+k");
    await expect(page).toHaveURL("/search");
    expect(asked()).toBe(true);
    const query = page.getByRole("searchbox", { name: "Search navigation, issues and articles" });
    await query.fill("getting started");
    await query.press("Enter");
    await expect(
      page.getByRole("link", { name: /Getting started: your first week on the team/ }),
    ).toBeVisible();
  });

  test("the palette runs actions: theme and language stay on the page, the bar collapses, recent come first", async ({
    page,
  }) => {
    // Several saves and page changes in a row.
    test.setTimeout(60_000);
    await signInQuickly(page, "alice", "/issue/DEMO-1");
    await waitForHydration(page);
    const dialog = page.getByRole("dialog", { name: "Quick search" });
    const input = dialog.getByRole("combobox", { name: "Quick search" });

    await page.keyboard.press("Control+k");
    await input.fill("dark");
    await expect(dialog.getByRole("option").first()).toHaveText(/^Dark.*Actions · Appearance/);
    await input.press("Enter");
    await expect(page.locator("html")).toHaveAttribute("data-theme", "darcula");
    await expect(page).toHaveURL("/issue/DEMO-1");
    await expect(dialog).toBeHidden();

    // Fuzzy: the words' first letters find the navigation's toggle.
    await page.keyboard.press("Control+k");
    await expect(dialog.getByRole("listbox", { name: "Recent" }).getByRole("option")).toHaveText([/^Dark/]);
    await input.fill("colnav");
    await expect(dialog.getByRole("option").first()).toHaveText(/^Collapse navigation/);
    await input.press("Enter");
    await expect(page.getByRole("button", { name: "Expand navigation" })).toBeVisible();

    await page.keyboard.press("Control+k");
    await input.fill("deutsch");
    await input.press("Enter");
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page).toHaveURL("/issue/DEMO-1");
    await page.keyboard.press("Control+k");
    const recent = page.getByRole("dialog").getByRole("option");
    await expect(recent.first()).toHaveText(/^Deutsch/);
    // Right after the language changes the list can show its first option before the others: read it once
    // it has settled.
    await expect
      .poll(() => recent.evaluateAll((options) => options.map((o) => o.getAttribute("data-command"))), {
        message: "the recent choices, newest first",
      })
      .toEqual(["language-de", "toggle-navigation", "theme-darcula"]);
  });

  test("an administrator reaches administration pages, with the shortcuts shown; a member has none", async ({
    page,
  }) => {
    // Several saves and page changes in a row.
    test.setTimeout(60_000);
    await signInQuickly(page, "admin", "/dashboard");
    await waitForHydration(page);
    const dialog = page.getByRole("dialog", { name: "Quick search" });
    const input = dialog.getByRole("combobox", { name: "Quick search" });
    await page.keyboard.press("Control+k");
    await input.fill("issues");
    const issues = dialog
      .getByRole("option")
      .filter({ hasText: /^Issues/ })
      .first();
    await expect(issues.locator("kbd")).toHaveText(["Alt", "I"]);
    await input.fill("users");
    await expect(dialog.getByRole("option").first()).toHaveText(/^Users.*Administration · Access Management/);
    await input.press("Enter");
    await expect(page).toHaveURL("/admin/hub/users");
    // The address changes before the new page renders; the help panel opens over the page shown.
    await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
    await page.keyboard.press("Control+k");
    await input.fill("keyboard shortcuts");
    await input.press("Enter");
    await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeVisible();
    await expect(page).toHaveURL("/admin/hub/users?panel=shortcuts");

    await signInQuickly(page, "alice", "/dashboard");
    await waitForHydration(page);
    await page.keyboard.press("Control+k");
    await input.fill("users");
    await expect(dialog.getByRole("option").filter({ hasText: "Administration" })).toHaveCount(0);
    await input.fill("log out");
    await expect(dialog.getByRole("option").first()).toHaveText(/^Log out/);
    await input.press("Enter");
    await expect(page.getByTestId("current-user")).toHaveCount(0);
  });

  test("Ctrl+K works on a Russian layout (key л) and Ctrl+Z stays the printed Z on a German one", async ({
    page,
  }) => {
    await signInQuickly(page, "alice", "/dashboard");
    await waitForHydration(page);
    // Russian ЙЦУКЕН: the key labelled K prints "л".
    await pressOnLayout(page, { key: "л", code: "KeyK", ctrlKey: true });
    await expect(page.getByRole("dialog").getByRole("combobox", { name: "Quick search" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    // German QWERTZ: the physical KeyY prints "z", so Ctrl+that key is Ctrl+Z, not Ctrl+Y; nothing opens.
    await pressOnLayout(page, { key: "z", code: "KeyY", ctrlKey: true });
    await expect(page.getByRole("dialog")).toHaveCount(0);
    // On German the key printing "k" is still KeyK.
    await pressOnLayout(page, { key: "k", code: "KeyK", ctrlKey: true });
    await expect(page.getByRole("dialog").getByRole("combobox", { name: "Quick search" })).toBeVisible();
  });

  test("Ctrl+/ opens the keyboard shortcuts in the help panel", async ({ page }) => {
    await signInQuickly(page, "alice", "/issues");
    await waitForHydration(page);
    await page.keyboard.press("Control+/");
    await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeVisible();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("the search page finds the same", async ({ page }) => {
      await signInQuickly(page, "alice", "/search");
      await page.getByLabel("Search navigation, issues and articles").fill("narrow");
      await page.getByRole("button", { name: "Search" }).click();
      await expect(page).toHaveURL("/search?q=narrow");
      await expect(page.getByRole("link", { name: "Navigation collapses on narrow screens" })).toBeVisible();
    });

    test("the search page lists the palette's commands and runs them as forms", async ({ page }) => {
      await signInQuickly(page, "alice", "/search?q=dark");
      const dark = page.locator('[data-command="theme-darcula"]');
      await expect(dark).toContainText("Actions · Appearance");
      await dark.getByRole("button", { name: "Dark" }).click();
      await expect(page).toHaveURL("/search?q=dark");
      await expect(page.locator("html")).toHaveAttribute("data-theme", "darcula");
      // Without a query, every command is listed: the places, the menus' actions and help.
      await page.goto("/search");
      await expect(
        page.locator('[data-command="issues"]').getByRole("link", { name: "Issues" }),
      ).toBeVisible();
      await expect(
        page.locator('[data-command="logout"]').getByRole("button", { name: "Log out" }),
      ).toBeVisible();
      await expect(page.locator('[data-command="help-shortcuts"]').getByRole("link")).toHaveAttribute(
        "href",
        "/search?panel=shortcuts",
      );
    });
  });
});

test.describe("two-factor authentication required", () => {
  test("alice, who need not use it, is not redirected", async ({ page }) => {
    await signInQuickly(page, "alice", "/articles");
    await expect(page).toHaveURL("/articles");
  });
});

test.describe("hydration", () => {
  test("the root marks the page hydrated once React owns it", async ({ page }) => {
    await page.goto("/issues");
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
    expect(await page.evaluate(() => "__reactRouterDataRouter" in window)).toBe(true);
  });

  // The left bar's code loads after the page's first scripts, and the bar hydrates on its own
  // (docs/decisions/0029-the-left-bar-hydrates-on-its-own.md).
  const LEFT_NAVIGATION_CHUNK = /\/assets\/left-navigation-[\w-]+\.js$/;

  /** Holds back the answer to a chunk's request until the returned function is called. */
  async function holdBack(page: Page, chunk: RegExp): Promise<() => void> {
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(chunk, async (route) => {
      await released;
      await route.continue();
    });
    return release;
  }

  /** The page's shell is React's once Ctrl+K opens the palette; Escape closes it again. */
  async function openAndClosePalette(page: Page): Promise<void> {
    const palette = page.getByRole("dialog", { name: "Quick search" });
    await expect(async () => {
      await page.keyboard.press("Control+k");
      await expect(palette).toBeVisible({ timeout: 500 });
    }).toPass();
    await page.keyboard.press("Escape");
  }

  test("the left bar hydrates on its own once its code arrives, keeping the server's bar", async ({
    page,
  }) => {
    const release = await holdBack(page, LEFT_NAVIGATION_CHUNK);
    // What changes the bar waits for it: the inbox's live updates start once it has hydrated.
    const liveInbox: string[] = [];
    page.on("request", (request) => {
      if (/\/assets\/inbox-live-[\w-]+\.js$/.test(request.url())) liveInbox.push(request.url());
    });
    await signInQuickly(page, "admin", "/issues");
    const bar = await mainNav(page).elementHandle();
    // The rest of the page is React's: Ctrl+K opens the palette, a render of the shell the bar must not see.
    await openAndClosePalette(page);
    // The server's bar, its menus links to their pages; the page is not yet marked hydrated.
    await expect(mainNav(page).locator("a[data-menu='help']")).toBeVisible();
    await expect(page.locator("html")).not.toHaveAttribute("data-hydrated");
    expect(liveInbox).toEqual([]);

    release();
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
    await expect(mainNav(page).getByRole("button", { name: "Help" })).toHaveAttribute(
      "aria-haspopup",
      "menu",
    );
    // Hydrated, not rendered again: the element the server sent is the one on the page.
    expect(await bar!.evaluate((element) => element.isConnected)).toBe(true);
    await expect.poll(() => liveInbox.length).toBe(1);
  });

  test("a help panel in the page's address hydrates on its own once its code arrives", async ({ page }) => {
    const release = await holdBack(page, /\/assets\/help-panel-body-[\w-]+\.js$/);
    await page.goto("/issues?panel=shortcuts");
    const panel = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    const element = await panel.elementHandle();
    await expect(panel.getByRole("term")).toHaveCount(5);
    await expect(page.locator("html")).not.toHaveAttribute("data-hydrated");

    release();
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
    expect(await element!.evaluate((section) => section.isConnected)).toBe(true);
    // The panel is React's: Escape closes it.
    await page.keyboard.press("Escape");
    await expect(panel).toHaveCount(0);
    await expect(page).toHaveURL("/issues");
  });

  test("the keyboard shortcuts listen once their code arrives, and the page is marked hydrated then", async ({
    page,
  }) => {
    const listener = /\/assets\/shortcut-listener-[\w-]+\.js$/;
    const release = await holdBack(page, listener);
    const requested = page.waitForRequest(listener);
    await signInQuickly(page, "alice", "/issues");
    await requested;
    await expect(mainNav(page).getByRole("button", { name: "Help" })).toHaveAttribute(
      "aria-haspopup",
      "menu",
    );
    await expect(page.locator("html")).not.toHaveAttribute("data-hydrated");

    release();
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
    await page.keyboard.press("Control+k");
    await expect(page.getByRole("dialog", { name: "Quick search" })).toBeVisible();
  });

  test("a bar whose code does not load stays the server's, and its links work", async ({ page }) => {
    await refuseChunk(page, "left-navigation");
    await signInQuickly(page, "admin", "/issues");
    await openAndClosePalette(page);
    await mainNav(page).getByRole("link", { name: "Knowledge Base" }).click();
    await expect(page).toHaveURL("/articles");
    await expect(page.getByRole("heading", { level: 1, name: "Knowledge Base" })).toBeVisible();
    await expect(mainNav(page).getByRole("link", { name: "Issues" })).toBeVisible();
  });

  test("a connection banner whose code does not load leaves the page as it is", async ({ page }) => {
    const asked = await refuseChunk(page, "connection-status");
    await signInQuickly(page, "admin", "/issues");
    await expect.poll(asked, { message: "the banner's code was asked for" }).toBe(true);
    await openAndClosePalette(page);
    await expect(page.getByRole("heading", { level: 1, name: "Issues" })).toBeVisible();
    await mainNav(page).getByRole("link", { name: "Knowledge Base" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Knowledge Base" })).toBeVisible();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the server's page is not marked hydrated", async ({ page }) => {
      await page.goto("/issues");
      await expect(page.getByRole("heading", { level: 1, name: "Issues" })).toBeVisible();
      await expect(page.locator("html")).not.toHaveAttribute("data-hydrated");
    });
  });
});
