// No page of the shell scrolls sideways at 320, 390 or 760 px: every page of the route table and every
// page the navigation leads to, as the administrator (who sees the most) and as the reporter, in English
// and in Hebrew. Wide content wraps, stacks or scrolls inside its own box. The page scans run without
// scripts: the server's layout is the layout (widget frames keep their size once scripts fill them, which
// the 390 px checks below and tests/e2e/user-experience.spec.ts see with scripts).
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { SHELL_ROUTES } from "#app/shell/route-table.ts";
import { signInQuickly, type DemoLogin } from "./helpers.ts";

/** Demo values for the route table's parameters. */
const PARAMS: Record<string, string> = {
  issueId: "DEMO-1",
  projectId: "DEMO",
  articleId: "DEMO-A-1",
  userId: "me",
  type: "burndown",
  id: "1",
  formId: "feedback",
};

function concrete(path: string): string | null {
  if (path.includes("/app/")) return null; // apps' pages come from the navigation's own links
  const filled = path
    .replace(/\/:([A-Za-z]+)\?/g, "")
    .replace(/:([A-Za-z]+)/g, (_, name: string) => PARAMS[name] ?? name)
    .replace(/\/\*$/, "");
  return filled || "/";
}

/** Every page: the route table's and every internal link of the narrow menu's page. */
async function shellPages(page: Page): Promise<string[]> {
  await page.goto("/menu?back=/dashboard");
  const linked = await page
    .locator("main a[href^='/']")
    .evaluateAll((links) => links.map((link) => (link.getAttribute("href") ?? "/").split("?")[0] ?? "/"));
  const routes = SHELL_ROUTES.map((route) => concrete(route.path)).filter((path) => path !== null);
  return [...new Set([...routes, ...linked, "/markup", "/admin/apps", "/menu", "/login"])].sort();
}

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** Each page loads once per visitor and is measured at every width, the window resized in place. */
const MATRIX: { login: DemoLogin; widths: readonly number[]; locale: string }[] = [
  { login: "admin", widths: [320, 390, 760], locale: "en-US" },
  { login: "rachel", widths: [320], locale: "en-US" },
];
/** The admin's pages are many: split among tests that run side by side. */
const PARTS: Record<DemoLogin, number> = { admin: 3, alice: 1, rachel: 1, tom: 1 };

for (const { login, widths, locale } of MATRIX) {
  test.describe(`${login} at ${widths.join(", ")} px`, () => {
    test.use({ viewport: { width: widths[0]!, height: 800 }, locale, javaScriptEnabled: false });

    for (let part = 0; part < PARTS[login]; part++) {
      const which = PARTS[login] > 1 ? ` (pages ${part + 1} of ${PARTS[login]})` : "";
      test(`no page scrolls sideways${which}`, async ({ page }) => {
        test.setTimeout(120_000);
        await signInQuickly(page, login, "/issues");
        const pages = (await shellPages(page)).filter((_, index) => index % PARTS[login] === part);
        const overflowing: string[] = [];
        for (const path of pages) {
          await page.goto(path);
          for (const width of widths) {
            await page.setViewportSize({ width, height: 800 });
            const overflow = await horizontalOverflow(page);
            if (overflow > 0) overflowing.push(`${path} at ${width} px by ${overflow} px`);
          }
        }
        expect(overflowing).toEqual([]);
      });
    }
  });
}

test.describe("a guest in Hebrew, dark, at 320 px", () => {
  test.use({
    viewport: { width: 320, height: 800 },
    locale: "he-IL",
    colorScheme: "dark",
    javaScriptEnabled: false,
  });

  test("no public page scrolls sideways", async ({ page }) => {
    const overflowing: string[] = [];
    for (const path of [
      "/issues",
      "/issue/DEMO-1",
      "/articles",
      "/articles/DEMO-A-1",
      "/markup",
      "/login",
      "/menu",
    ]) {
      await page.goto(path);
      const overflow = await horizontalOverflow(page);
      if (overflow > 0) overflowing.push(`${path} by ${overflow} px`);
    }
    expect(overflowing).toEqual([]);
  });
});

test.describe("at 390 px", () => {
  test.use({ viewport: { width: 390, height: 800 } });

  test("the Apps table shows every column of every app, nothing cut", async ({ page }) => {
    await signInQuickly(page, "admin", "/admin/apps");
    const table = page.locator(".admin-apps-table");
    await expect(table).toBeVisible();
    const cut = await page
      .locator(".admin-apps-table-wrap")
      .evaluate((wrap) => wrap.scrollWidth - wrap.clientWidth);
    expect(cut).toBeLessThanOrEqual(0);
    for (const cell of await table.locator("tbody td").all()) {
      const box = await cell.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    }
  });

  test("the Markup page's text box fits the page", async ({ page }) => {
    await signInQuickly(page, "admin", "/markup");
    const box = await page.locator("#markup-text").boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(390);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  });

  test("widgets on an issue fit the page: no frame wider than the window", async ({ page }) => {
    await signInQuickly(page, "admin", "/issue/DEMO-1");
    const frames = page.locator(".widget-frame");
    await expect(frames.first()).toBeVisible();
    for (const frame of await frames.all()) {
      const box = await frame.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    }
  });
});
