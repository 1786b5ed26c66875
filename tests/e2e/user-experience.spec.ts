// What a person meets while using the shell: choices that keep their place, one current item, user text
// in its own direction, nested narrow menus, the notifications popup by its bell, a dashboard without
// failed requests, a wizard step with a way on, and feedback while pages and forms are on their way.
import { randomUUID } from "node:crypto";
import type { Page, Route } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { mainNav, signInQuickly, tokenOf, waitForHydration } from "./helpers.ts";

/** Holds the matching requests until `release()`; they then go on to the server. */
async function holdRequests(page: Page, pattern: string | RegExp, method = "GET") {
  const held: Route[] = [];
  let released = false;
  await page.route(pattern, async (route) => {
    if (released || route.request().method() !== method) return route.continue();
    held.push(route);
  });
  return {
    waitForOne: () => expect.poll(() => held.length, { timeout: 30_000 }).toBeGreaterThan(0),
    release: async () => {
      released = true;
      for (const route of held.splice(0)) await route.continue();
    },
  };
}

test.describe("a theme or language chosen from the profile menu keeps the page", () => {
  test("with scripts: Dark on an issue's page stays on that issue", async ({ page }) => {
    await signInQuickly(page, "alice", "/issue/DEMO-1");
    await waitForHydration(page);
    await mainNav(page).getByTestId("current-user").click();
    await page.getByRole("menuitem", { name: "Appearance" }).click();
    // The menus stack above the widget frames: what is under the entry's middle is the entry.
    const dark = page.getByRole("menuitem", { name: "Dark" });
    const box = (await dark.boundingBox())!;
    const onTop = await page.evaluate(
      ({ x, y }) => document.elementFromPoint(x, y)?.closest("[role=menuitem]")?.textContent ?? null,
      { x: box.x + box.width / 2, y: box.y + box.height / 2 },
    );
    expect(onTop).toBe("Dark");
    await dark.click();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "darcula");
    await expect(page).toHaveURL("/issue/DEMO-1");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("DEMO-1");
  });

  test("with scripts: a language on the issues list stays on the list", async ({ page }) => {
    await signInQuickly(page, "alice", "/issues?sort=new");
    await waitForHydration(page);
    await mainNav(page).getByTestId("current-user").click();
    await page.getByRole("menuitem", { name: "Language" }).click();
    await page.getByRole("menuitem", { name: "Deutsch" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page).toHaveURL("/issues?sort=new");
  });

  test.describe("without scripts", () => {
    test.use({ javaScriptEnabled: false });

    test("Light from the profile menu on the issues list comes back to the list", async ({ page }) => {
      await signInQuickly(page, "alice", "/issues");
      // Without scripts the profile menu is a page of its own, which knows the page it was opened on.
      await mainNav(page).getByTestId("current-user").click();
      await expect(page).toHaveURL(`/menu/profile?back=${encodeURIComponent("/issues")}`);
      await page.locator("main").getByRole("button", { name: "Light", exact: true }).click();
      await expect(page).toHaveURL("/issues");
      await expect(page.locator("html")).toHaveAttribute("data-theme", "default");
    });

    test.describe("at 390 px", () => {
      test.use({ viewport: { width: 390, height: 800 } });

      test("a language from the menu page goes back to the issue the menu was opened on", async ({
        page,
      }) => {
        await signInQuickly(page, "alice", "/issue/DEMO-1");
        await mainNav(page).getByRole("link", { name: "Menu" }).click();
        await expect(page).toHaveURL(/\/menu\?back=/);
        await page.locator("main").getByText("Language", { exact: true }).click();
        await page.locator("main").getByRole("button", { name: "Deutsch", exact: true }).click();
        await expect(page).toHaveURL("/issue/DEMO-1");
        await expect(page.locator("html")).toHaveAttribute("lang", "de");
      });
    });
  });
});

test("a reporter on her tickets has exactly one current item, Tickets", async ({ page }) => {
  await signInQuickly(page, "rachel", "/tickets");
  const nav = mainNav(page);
  await expect(nav.locator('[data-nav-item="helpdesk"]')).toHaveAttribute("href", "/tickets");
  const current = nav.locator('[aria-current="page"]');
  await expect(current).toHaveCount(1);
  await expect(current).toHaveAttribute("data-nav-item", "tickets");
});

test.describe("user-written text in a Hebrew page keeps its own direction", () => {
  test.use({ locale: "he-IL" });

  test("the English banner and issue read left to right, with their full stops on the right", async ({
    page,
  }) => {
    await page.goto("/issue/DEMO-1");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    const banner = page.locator(".banner-text").first();
    await expect(banner).toHaveAttribute("dir", "auto");
    const description = page.getByTestId("issue-description");
    await expect(description).toHaveAttribute("dir", "auto");
    for (const text of [banner, description, page.locator("h1 bdi")]) {
      expect(await text.evaluate((element) => element.matches(":dir(ltr)"))).toBe(true);
    }
    // The banner's sentence ends in a full stop: left to right, it sits right of the word before it.
    const stop = await banner.evaluate((element) => {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? "";
        if (!/\w\.\s*$/.test(text)) continue;
        const at = text.trimEnd().length - 1;
        const rect = (start: number) => {
          const range = document.createRange();
          range.setStart(node, start);
          range.setEnd(node, start + 1);
          return range.getBoundingClientRect();
        };
        return { stop: rect(at).left, letter: rect(at - 1).left };
      }
      return null;
    });
    expect(stop, "a sentence ending in a full stop").not.toBeNull();
    expect(stop!.stop).toBeGreaterThan(stop!.letter);
  });
});

test.describe("the narrow menu", () => {
  test.use({ viewport: { width: 390, height: 800 } });

  test("nests the languages and the themes in panels, closed until opened", async ({ page }) => {
    await signInQuickly(page, "alice", "/issues");
    await waitForHydration(page);
    await mainNav(page).getByRole("button", { name: "Menu" }).click();
    const panel = page.locator("#mobile-menu-panel");
    const german = panel.getByRole("button", { name: "Deutsch", exact: true });
    const dark = panel.getByRole("button", { name: "Dark", exact: true });
    await expect(panel.getByRole("button", { name: "Log out", exact: true })).toBeVisible();
    await expect(german).toBeHidden();
    await expect(dark).toBeHidden();
    // Languages and themes are one entry each until opened, not twenty-one.
    const visibleEntries = await panel
      .locator(".menu-item")
      .evaluateAll((items) => items.filter((item) => item.checkVisibility()).length);
    expect(visibleEntries).toBeLessThan(30);
    await panel.getByText("Language", { exact: true }).click();
    await expect(german).toBeVisible();
    await panel.getByText("Appearance", { exact: true }).click();
    await expect(dark).toBeVisible();
  });
});

test("the notifications popup opens beside its bell, level with it", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInQuickly(page, "admin", "/issues");
  await waitForHydration(page);
  const bell = mainNav(page).locator('[data-nav-item="notifications"]');
  await bell.click();
  const popup = page.getByRole("dialog", { name: "Notifications" });
  await expect(popup).toBeVisible();
  const [at, of] = [await popup.boundingBox(), await bell.boundingBox()];
  expect(at && of).toBeTruthy();
  expect(at!.x).toBeGreaterThanOrEqual(of!.x + of!.width);
  expect(at!.x - (of!.x + of!.width)).toBeLessThanOrEqual(16);
  // Level with the bell unless the window's bottom edge pushes it up.
  const expectedTop = Math.min(of!.y, 900 - 8 - at!.height);
  expect(Math.abs(at!.y - expectedTop)).toBeLessThanOrEqual(1);
});

test("a dashboard tile's first load finds its embedding: no 404 for its config", async ({
  page,
  request,
  baseURL,
}) => {
  const id = `ux-${randomUUID().slice(0, 8)}`;
  const headers = {
    authorization: `Bearer ${await tokenOf("admin")}`,
    origin: new URL(baseURL ?? "").origin,
  };
  const put = (tiles: unknown[]) => request.put("/api/users/me/dashboard", { headers, data: { tiles } });
  expect((await put([{ id, appName: "team-pulse", widgetKey: "pulse" }])).status()).toBe(200);
  try {
    const failed: string[] = [];
    page.on("response", (response) => {
      if (response.url().includes("/embeddings/") && response.status() >= 400)
        failed.push(`${response.status()} ${response.url()}`);
    });
    await signInQuickly(page, "admin", "/dashboard");
    const config = await page.waitForResponse((response) =>
      response.url().includes(`/api/apps/team-pulse/embeddings/${id}`),
    );
    expect(config.status()).toBe(200);
    await expect(page.locator('[data-widget="team-pulse/pulse"]')).toHaveAttribute("data-state", "ready");
    expect(failed).toEqual([]);
  } finally {
    expect((await put([])).status()).toBe(200);
  }
});

test("after an invitation goes out, the wizard's invite step goes on with Continue", async ({ page }) => {
  const id = `UX${randomUUID().replace(/-/g, "").slice(0, 6).toUpperCase()}`;
  await signInQuickly(page, "admin", "/projects/new");
  await waitForHydration(page);
  await page.getByRole("radio", { name: /^Kanban/ }).check();
  await page.getByLabel("Project name", { exact: true }).fill(`Onboarding ${id}`);
  await page.getByLabel("ID", { exact: true }).fill(id);
  await page.getByRole("button", { name: "Create project" }).click();
  await expect(page).toHaveURL(`/projects/new?project=${id}&step=invite`);
  await expect(page.getByRole("button", { name: "Skip this step" })).toBeVisible();

  await page.getByLabel("Logins or e-mail addresses", { exact: true }).fill("alice, nobody");
  await page.getByRole("button", { name: "Send invitations" }).click();
  await expect(page.getByText("Invited: alice")).toBeVisible();
  await expect(page.getByRole("button", { name: "Skip this step" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Invite more" })).toBeVisible();
  const next = page.getByRole("button", { name: "Continue", exact: true });
  await expect(next).toHaveClass(/button-primary/);

  // Back on the step later, the way on is still Continue.
  await page.goto(`/projects/new?project=${id}&step=invite`);
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await expect(page).toHaveURL(`/projects/new?project=${id}&step=time-tracking`);
});

test.describe("feedback while things happen", () => {
  test("a slow page shows the progress bar and a busy main region until it arrives", async ({ page }) => {
    await signInQuickly(page, "admin", "/issues");
    await waitForHydration(page);
    const slow = await holdRequests(page, /\/articles\.data/);
    const bar = page.getByRole("progressbar", { name: "Loading the page" });
    await expect(bar).toHaveCount(0);
    await mainNav(page).getByRole("link", { name: "Knowledge Base", exact: true }).click();
    await slow.waitForOne();
    await expect(bar).toBeVisible();
    await expect(page.locator("main")).toHaveAttribute("aria-busy", "true");
    await expect(page).toHaveURL("/issues");
    await slow.release();
    await expect(page).toHaveURL("/articles");
    await expect(bar).toHaveCount(0);
    await expect(page.locator("main")).not.toHaveAttribute("aria-busy", "true");
  });

  test("a form's submit button shows that it is pending until the answer comes", async ({ page }) => {
    await signInQuickly(page, "admin", "/markup");
    await waitForHydration(page);
    const slow = await holdRequests(page, /\/markup\.data/, "POST");
    const preview = page.getByRole("button", { name: "Preview", exact: true });
    await preview.click();
    await slow.waitForOne();
    await expect(preview).toHaveAttribute("data-pending", "");
    await expect(preview).toHaveAttribute("aria-disabled", "true");
    await slow.release();
    await expect(preview).not.toHaveAttribute("data-pending");
    await expect(preview).not.toHaveAttribute("aria-disabled");
  });

  test("widget frames show their placeholder at their final size, and nothing on the page moves", async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const shifts: { value: number; moved: string[] }[] = [];
      (window as { __shifts?: typeof shifts }).__shifts = shifts;
      type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node?: Node }[] };
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Shift[]) {
          if (entry.hadRecentInput) continue;
          const moved = entry.sources.map((source) => {
            const node = source.node as Element | undefined;
            return `${node?.nodeName ?? "?"}.${node?.className ?? ""} ${node?.textContent?.slice(0, 30) ?? ""}`;
          });
          shifts.push({ value: entry.value, moved });
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
    const documents = await holdRequests(page, /\/widgets\/issue-companion\//);
    await signInQuickly(page, "admin", "/issue/DEMO-1");
    // A slow response is parsed in pieces: the first paint waits for the main region, or the bar
    // and the banners would grow on screen as their markup arrives (a shift in about 1 run of 4).
    const expectMain = page.locator('head link[rel="expect"][blocking="render"]');
    await expect(expectMain).toHaveAttribute("href", "#main");
    await expect(page.locator("#main")).toHaveCount(1);
    const frames = page.locator('[data-widget^="issue-companion/"]');
    await expect(frames.first()).toBeVisible();
    const count = await frames.count();
    expect(count).toBeGreaterThan(1);
    await documents.waitForOne();
    const placeholder = frames.first().locator(".widget-frame-placeholder");
    await expect(placeholder).toBeVisible();
    await expect(placeholder).toContainText("Loading");
    const heightsWhileLoading = await frames.evaluateAll((all) =>
      all.map((f) => f.getBoundingClientRect().height),
    );
    await documents.release();
    for (let i = 0; i < count; i++)
      await expect(frames.nth(i)).toHaveAttribute("data-state", "ready", { timeout: 30_000 });
    await expect(placeholder).toHaveCount(0);
    expect(await frames.evaluateAll((all) => all.map((f) => f.getBoundingClientRect().height))).toEqual(
      heightsWhileLoading,
    );
    const shifts = await page.evaluate(
      () => (window as { __shifts?: { value: number; moved: string[] }[] }).__shifts ?? [],
    );
    // A frame that changed size, or content pushed by one, shifts the page by 0.01 or more; on a loaded
    // machine two values of the fields panel were once seen to move by 0.0001, too little to see.
    expect(
      shifts.reduce((sum, shift) => sum + shift.value, 0),
      `layout shifts: ${JSON.stringify(shifts)}`,
    ).toBeLessThan(0.001);
  });
});
