// Eighteen languages and right-to-left (docs/i18n.md): the server renders the shell in the chosen language,
// Hebrew mirrored; the language is switched from the profile menu with and without scripts; nothing in the
// German shell is left in English.
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { signIn, signInQuickly, waitForHydration } from "./helpers.ts";

/** The left bar, whatever its name in the page's language. */
const bar = (page: Page) => page.locator("nav.left-nav");

const shell = (language: string) =>
  JSON.parse(readFileSync(new URL(`../../locales/${language}/shell.json`, import.meta.url), "utf8")) as {
    nav: Record<string, string>;
  };

async function setLanguage(page: Page, language: string): Promise<void> {
  const csrf = /name="csrf"[^>]*value="([^"]+)"/.exec(await (await page.request.get("/issues")).text())?.[1];
  const response = await page.request.post("/settings/language", {
    form: { csrf: csrf ?? "", language, back: "/issues" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
}

test.describe("a guest's browser language", () => {
  for (const { locale, language, dir } of [
    { locale: "he-IL", language: "he", dir: "rtl" },
    { locale: "de-DE", language: "de", dir: "ltr" },
    { locale: "ja-JP", language: "ja", dir: "ltr" },
    { locale: "zu-ZA", language: "zu", dir: "ltr" },
  ]) {
    test.describe(language, () => {
      test.use({ locale });

      test(`renders the shell in ${language}, ${dir}`, async ({ page }) => {
        await page.goto("/issues");
        await expect(page.locator("html")).toHaveAttribute("lang", language);
        await expect(page.locator("html")).toHaveAttribute("dir", dir);
        const labels = shell(language).nav;
        await expect(bar(page).getByRole("link", { name: labels.issues, exact: true })).toBeVisible();
        await expect(bar(page).getByRole("link", { name: labels.articles, exact: true })).toBeVisible();
      });
    });
  }

  test.describe("Hebrew", () => {
    test.use({ locale: "he-IL" });

    test("mirrors the layout: the bar is on the right and directional icons are flipped", async ({
      page,
    }) => {
      await page.goto("/issues");
      const viewport = page.viewportSize()!;
      const box = (await bar(page).boundingBox())!;
      expect(box.x).toBeGreaterThan(viewport.width / 2);
      const main = (await page.locator("main").boundingBox())!;
      expect(main.x + main.width).toBeLessThanOrEqual(box.x + 1);
      const flipped = bar(page).locator(".collapse-form .icon-directional");
      await expect(flipped).toHaveCSS("transform", "matrix(-1, 0, 0, 1, 0, 0)");
    });
  });
});

test.describe("switching language", () => {
  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the Language submenu's form saves the choice, and the page comes back in it", async ({ page }) => {
      await signIn(page, "alice");
      await page.goto("/issues");
      // The profile menu is a page of its own without scripts; its forms come back to the page it was opened on.
      await bar(page).getByTestId("current-user").click();
      await expect(page).toHaveURL(`/menu/profile?back=${encodeURIComponent("/issues")}`);
      const language = page.locator("main").getByRole("listitem").filter({ hasText: "Language" });
      await language.getByRole("button", { name: "Deutsch" }).click();
      await expect(page).toHaveURL("/issues");
      await expect(page.locator("html")).toHaveAttribute("lang", "de");
      await expect(bar(page).getByRole("link", { name: shell("de").nav.issues, exact: true })).toBeVisible();
      // Saved to the profile: a new session of alice is German too.
      await page.context().clearCookies();
      await signInQuickly(page, "alice", "/issues");
      await expect(page.locator("html")).toHaveAttribute("lang", "de");
    });
  });

  test("with JavaScript the page switches without reloading", async ({ page }) => {
    await signInQuickly(page, "alice", "/issues");
    await waitForHydration(page);
    await page.evaluate(() => ((window as { __sameDocument?: boolean }).__sameDocument = true));
    await bar(page).getByTestId("current-user").click();
    await page.getByRole("menuitem", { name: "Language" }).click();
    await page.getByRole("menuitem", { name: "日本語" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "ja");
    await expect(bar(page).getByRole("link", { name: shell("ja").nav.issues, exact: true })).toBeVisible();
    expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  });
});

/** The shell's own texts: everything in the navigation (menus included) and every heading and button. */
async function shellTexts(page: Page): Promise<Set<string>> {
  return new Set(
    await page.evaluate(() => {
      const texts: string[] = [];
      const roots = [...document.querySelectorAll("nav.left-nav, h1, h2, button, label, .help-panel")];
      for (const root of roots) {
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (node.parentElement?.closest("kbd, [data-untranslatable], .left-nav-logo")) continue;
          const text = node.textContent?.trim();
          if (text) texts.push(text);
        }
        for (const element of [root, ...root.querySelectorAll("[aria-label], [title]")]) {
          for (const attribute of ["aria-label", "title"]) {
            const value = element.getAttribute(attribute)?.trim();
            if (value) texts.push(value);
          }
        }
      }
      return texts;
    }),
  );
}

test.describe("German", () => {
  test.use({ javaScriptEnabled: false });

  test("leaves nothing of the shell in English", async ({ page }) => {
    await signIn(page, "alice");
    const pages = [
      "/issues?panel=shortcuts",
      "/notifications",
      "/articles?panel=about",
      "/dashboard?panel=tips",
    ];
    const english = new Set<string>();
    for (const path of pages) {
      await page.goto(path);
      for (const text of await shellTexts(page)) english.add(text);
    }
    await setLanguage(page, "de");
    const leftovers = new Set<string>();
    // Names, not words: the user's, the product's and each language in its own name.
    // Installed apps name their own items and widgets (the seeded sample apps are in English).
    const names = new Set([
      "Alice Member",
      "Keel",
      "SAML 2.0",
      "VCS",
      "SSL",
      "AI",
      "×",
      "Workspace",
      "Workspace administration",
      "Team",
      "Team announcement",
    ]);
    for (const path of pages) {
      await page.goto(path);
      for (const text of await shellTexts(page)) {
        if (english.has(text) && !names.has(text) && /[A-Za-z]{2}/.test(text)) leftovers.add(text);
      }
    }
    const languageNames = [
      "Čeština",
      "Deutsch",
      "English",
      "Esperanto",
      "Español",
      "Français",
      "Magyar",
      "Italiano",
      "Polski",
      "Português",
      "Türkçe",
      "isiZulu",
    ];
    for (const name of languageNames) leftovers.delete(name);
    expect([...leftovers]).toEqual([]);
  });
});
