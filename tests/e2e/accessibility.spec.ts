// Accessibility: an axe-core audit of every shell page and of the shell's open menus and dialogs, with no
// serious or critical violation; then every menu and dialog used with the keyboard alone, with a visible
// focus that Escape hands back. Which combinations of theme, language and width each page is audited in
// follows docs/testing.md: every page and state in English light wide and Hebrew dark narrow, the whole
// product on the representative pages. The theme and the width switch in place (the root's data-theme, as
// the profile's choice sets it, and the window size). Widget frames are their vendors' content and are left
// out; the host's elements around them are audited.
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Locator, Page, TestInfo } from "@playwright/test";
import { expect, test, testUsers } from "./fixtures.ts";
import { LANGUAGE_LOCALES } from "#app/i18n/languages.ts";
import { LOCALE_COOKIE } from "#app/lib/constants.ts";
import { DEMO_USERS, mainNav, signInOverHttp, tokenOf, waitForHydration, type DemoLogin } from "./helpers.ts";

// ---------- the combinations ----------

type AuditLanguage = "en" | "he";
const LANGUAGES: readonly AuditLanguage[] = ["en", "he"];
const DIRECTION: Record<AuditLanguage, "ltr" | "rtl"> = { en: "ltr", he: "rtl" };

interface Theme {
  name: "light" | "dark";
  /** What the profile's Light and Dark choices put on the root element. */
  dataTheme: "default" | "darcula";
  colorScheme: "light" | "dark";
  /** The page background the theme paints (tests/e2e/theme.spec.ts). */
  background: string;
}
const THEMES: readonly Theme[] = [
  { name: "light", dataTheme: "default", colorScheme: "light", background: "rgb(255, 255, 255)" },
  { name: "dark", dataTheme: "darcula", colorScheme: "dark", background: "rgb(30, 31, 34)" },
];
/** The same themes with the system asking for more contrast (app/styles/high-contrast.css). */
const HIGH_CONTRAST_THEMES: readonly Theme[] = [
  { name: "light", dataTheme: "default", colorScheme: "light", background: "rgb(255, 255, 255)" },
  { name: "dark", dataTheme: "darcula", colorScheme: "dark", background: "rgb(0, 0, 0)" },
];
/** Pages whose high-contrast state is audited: the shell's kinds of page, each once. */
const HIGH_CONTRAST_PAGES = ["/issues", "/issue/DEMO-1", "/notifications", "/users/me?tab=settings"] as const;

/** 760 px is the widest window with the narrow layout (app/styles/app.css, max-width: 760px). */
const WIDE = 1280;
const NARROW = 760;
const WIDTHS = [WIDE, NARROW] as const;
/** Tall enough that admin's twelve items fit the bar and none moves into More (tests/e2e/shell.spec.ts). */
const HEIGHT = 900;

const SERIOUS = new Set(["serious", "critical"]);

/** The left bar, whatever its landmark's name in the language under audit. */
const bar = (page: Page) => page.locator("nav.left-nav");

// ---------- texts, in the language under audit ----------

type Catalogue = Record<string, unknown>;
const catalogues = new Map<string, Catalogue>();

/** A text of locales/<language>/<namespace>.json, with its {{values}} filled in. */
function tr(
  language: AuditLanguage,
  namespace: "shell" | "widgets",
  key: string,
  values: Record<string, string> = {},
): string {
  const file = `${language}/${namespace}`;
  let catalogue = catalogues.get(file);
  if (!catalogue) {
    const source = readFileSync(new URL(`../../locales/${file}.json`, import.meta.url), "utf8");
    catalogue = JSON.parse(source) as Catalogue;
    catalogues.set(file, catalogue);
  }
  const text = key
    .split(".")
    .reduce<unknown>((node, part) => (node as Catalogue | undefined)?.[part], catalogue);
  if (typeof text !== "string") throw new Error(`locales/${file}.json has no text ${key}`);
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
}

// ---------- the data the audit arranges for the test's own users ----------

const bearer = async (login: DemoLogin) => ({ authorization: `Bearer ${await tokenOf(login)}` });

interface ProfileLocale {
  language: string;
  locale: string;
}

const localeOf = (language: AuditLanguage): ProfileLocale => ({
  language,
  locale: LANGUAGE_LOCALES[language].replace("-", "_"),
});

interface Tile {
  id: string;
  appName: string;
  widgetKey: string;
  width?: number;
  height?: number;
  collapsed?: boolean;
}

async function setDashboardTiles(request: APIRequestContext, tiles: Tile[]): Promise<void> {
  const headers = await bearer("admin");
  // A tile's id is its embedding's, unique across users: each test's admin gets tiles of its own.
  const own = tiles.map((tile) => ({ ...tile, id: `${tile.id}-${randomUUID().slice(0, 8)}` }));
  // The server keeps idle connections longer than clients do (server/keep-alive.ts): no reset to retry.
  const response = await request.put("/api/users/me/dashboard", { headers, data: { tiles: own } });
  expect(response.status(), await response.text()).toBe(200);
}

/** Runs `body` with admin's dashboard set to `tiles`. */
async function withDashboard(request: APIRequestContext, tiles: Tile[], body: () => Promise<void>) {
  await setDashboardTiles(request, tiles);
  await body();
}

const PULSE_TILE: Tile = { id: "a11y-pulse", appName: "team-pulse", widgetKey: "pulse" };

// ---------- visiting ----------

/**
 * Signs `login` in through the identity service over the page's request context, which shares cookies
 * with the browser; the caller opens the page (some pages, such as /welcome, have no navigation to wait for).
 */
async function signInAs(page: Page, login: DemoLogin): Promise<void> {
  await signInOverHttp(page.request, login);
}

type Visitor = "admin" | "alice" | "rachel" | "guest";

/** Opens `path` as `visitor` in `language`, hydrated, with its widgets past loading. */
async function visit(page: Page, visitor: Visitor, path: string, language: AuditLanguage): Promise<void> {
  if (visitor !== "guest") {
    // The profile's language, which wins over the locale cookie, is the one under audit.
    await testUsers().of(visitor, { locale: localeOf(language) });
    await signInAs(page, visitor);
  }
  await page.goto(path);
  await waitForHydration(page);
  await expect(page.locator("html"), `${path} in ${language}`).toHaveAttribute("lang", language);
  await expect(page.locator("html")).toHaveAttribute("dir", DIRECTION[language]);
  // A widget still loading shows the host's placeholder; the audit wants the settled page. Frames start
  // as their places come near the viewport: each is brought into view, then the page is back at its top.
  for (const widget of await page.locator("[data-widget]").all()) await widget.scrollIntoViewIfNeeded();
  await expect(page.locator('[data-widget][data-state="loading"]'), "widgets done loading").toHaveCount(0, {
    timeout: 10_000,
  });
  await page.evaluate(() => window.scrollTo(0, 0));
}

const nextFrames = (page: Page) =>
  page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );

/** The theme as the profile's choice shows it: the root's data-theme, and the system's scheme to match. */
async function applyTheme(page: Page, theme: Theme): Promise<void> {
  await page.emulateMedia({ colorScheme: theme.colorScheme });
  await page.evaluate(({ dataTheme, colorScheme }) => {
    document.documentElement.dataset.theme = dataTheme;
    document.querySelector('meta[name="color-scheme"]')?.setAttribute("content", colorScheme);
  }, theme);
  await nextFrames(page);
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background, `the ${theme.name} theme's background`).toBe(theme.background);
}

/** The window width; at 760 px and below the bar must really be the narrow top bar. */
async function applyWidth(page: Page, width: number, height = HEIGHT): Promise<void> {
  await page.setViewportSize({ width, height });
  await nextFrames(page);
  const narrow = width <= NARROW;
  expect(
    await page.evaluate(() => window.matchMedia("(max-width: 760px)").matches),
    `the narrow layout's media query at ${width} px`,
  ).toBe(narrow);
  if ((await bar(page).count()) > 0) {
    const hamburger = bar(page).locator(".hamburger");
    if (narrow) await expect(hamburger, `the top bar's hamburger at ${width} px`).toBeVisible();
    else await expect(hamburger, `no hamburger at ${width} px`).toBeHidden();
  }
}

// ---------- the audit ----------

type AxeResults = Awaited<ReturnType<AxeBuilder["analyze"]>>;
type AxeViolation = AxeResults["violations"][number];

/** One serious or critical violation in one combination. */
interface Finding {
  rule: string;
  impact: string;
  help: string;
  helpUrl: string;
  /** The combination it was found in: language, theme, width. */
  combination: string;
  /** Each offending element: its selector and axe's summary of what to fix. */
  nodes: { target: string; summary: string }[];
}

const selectorOf = (target: AxeViolation["nodes"][number]["target"]) =>
  target.map((part) => (Array.isArray(part) ? part.join(" >> ") : String(part))).join(" → ");

function findingsOf(violations: readonly AxeViolation[], combination: string): Finding[] {
  return violations
    .filter((violation) => SERIOUS.has(violation.impact ?? ""))
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? "",
      help: violation.help,
      helpUrl: violation.helpUrl,
      combination,
      nodes: violation.nodes.map((node) => ({
        target: selectorOf(node.target),
        summary: (node.failureSummary ?? "").replace(/\s+/g, " ").trim(),
      })),
    }));
}

/**
 * The frames' contents are their vendors'; the frame element is the host's, and must be named (axe's
 * frame-title, which cannot run on an excluded element).
 */
async function untitledFrames(page: Page, combination: string): Promise<Finding[]> {
  const untitled = await page.locator("iframe").evaluateAll((frames) =>
    frames
      .filter((frame) => !(frame.getAttribute("title") ?? frame.getAttribute("aria-label") ?? "").trim())
      .map((frame) => {
        const holder = frame.closest("[data-widget]")?.getAttribute("data-widget");
        return holder ? `[data-widget="${holder}"] iframe` : `iframe[src="${frame.getAttribute("src")}"]`;
      }),
  );
  if (untitled.length === 0) return [];
  return [
    {
      rule: "frame-title (the spec's own check: frames are excluded from axe)",
      impact: "serious",
      help: "Frames must have an accessible name",
      helpUrl: "https://dequeuniversity.com/rules/axe/4.14/frame-title",
      combination,
      nodes: untitled.map((target) => ({ target, summary: "the iframe has no title or aria-label" })),
    },
  ];
}

/** `enhanced`: text contrast is held to AAA's 7:1 (axe's color-contrast-enhanced), as high contrast promises. */
async function auditNow(page: Page, combination: string, enhanced = false): Promise<Finding[]> {
  // Legacy mode runs axe once in the page instead of finishing each run in a new blank page, which costs
  // more than the audit on CI's two cores; it only loses cross-origin frames, which are left out anyway.
  const results = await new AxeBuilder({ page })
    .setLegacyMode()
    .exclude("iframe")
    .options({
      resultTypes: ["violations"],
      ...(enhanced ? { rules: { "color-contrast-enhanced": { enabled: true } } } : {}),
    })
    .analyze();
  return [...findingsOf(results.violations, combination), ...(await untitledFrames(page, combination))];
}

interface AuditOptions {
  /** The widths the page or state exists at (default: both). */
  widths?: readonly number[];
  height?: number;
  /** Every theme at every width, as on a representative page; otherwise the language's one combination. */
  everyCombination?: boolean;
}

/**
 * The combinations a page or state is audited in (docs/testing.md): each language one of its own, the two
 * complementary (English light and wide, Hebrew dark and narrow), so that every page meets every theme,
 * language and width; representative pages every theme at every width in both languages.
 */
function combinationsOf(
  language: AuditLanguage,
  { widths = WIDTHS, everyCombination = false }: AuditOptions,
): { width: number; theme: Theme }[] {
  if (everyCombination) return widths.flatMap((width) => THEMES.map((theme) => ({ width, theme })));
  const english = language === "en";
  const width = widths.length === 1 ? widths[0]! : english ? WIDE : NARROW;
  return [{ width, theme: english ? THEMES[0]! : THEMES[1]! }];
}

/** Audits the page as it is in the combinations of `combinationsOf`, switching in place. */
async function audit(page: Page, language: AuditLanguage, options: AuditOptions = {}): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const { width, theme } of combinationsOf(language, options)) {
    await applyWidth(page, width, options.height);
    await applyTheme(page, theme);
    findings.push(...(await auditNow(page, `${language} ${theme.name} ${width}px`)));
  }
  return findings;
}

/**
 * One entry per rule and set of elements, with every combination it showed in, so that a contrast
 * problem of the dark theme reads once rather than once per width and language.
 */
function formatFindings(where: string, findings: readonly Finding[]): string {
  const merged = new Map<string, Finding & { combinations: string[] }>();
  for (const finding of findings) {
    const key = `${finding.rule}|${finding.nodes.map((node) => node.target).join("|")}`;
    const seen = merged.get(key);
    if (seen) seen.combinations.push(finding.combination);
    else merged.set(key, { ...finding, combinations: [finding.combination] });
  }
  const entries = [...merged.values()].map((entry, index) => {
    const nodes = entry.nodes.slice(0, 12).map((node) => `     - ${node.target}\n       ${node.summary}`);
    if (entry.nodes.length > 12) nodes.push(`     … and ${entry.nodes.length - 12} more elements`);
    return [
      `${index + 1}. ${entry.rule} (${entry.impact}): ${entry.help}`,
      `   on ${where}, in: ${entry.combinations.join(", ")}`,
      `   ${entry.helpUrl}`,
      ...nodes,
    ].join("\n");
  });
  return `${merged.size} serious or critical accessibility violation(s) on ${where}:\n\n${entries.join("\n\n")}\n`;
}

async function expectNoSeriousViolations(
  testInfo: TestInfo,
  where: string,
  findings: readonly Finding[],
): Promise<void> {
  if (findings.length > 0) {
    await testInfo.attach("axe-violations.json", {
      body: JSON.stringify(findings, null, 2),
      contentType: "application/json",
    });
  }
  expect(findings.length, formatFindings(where, findings)).toBe(0);
}

// ---------- every shell page ----------

interface AuditedPage {
  path: string;
  visitor: Visitor;
  /** Why the page is in the list when its path does not say. */
  note?: string;
  /** Admin's dashboard during the visit. */
  dashboard?: Tile[];
  /** A representative page: audited in every combination (docs/testing.md). */
  representative?: true;
}

/**
 * One address per page module of app/routes.ts and per state worth seeing: the lite app's pages with
 * concrete parameters, a sample of the classic app's (they share one module), the pages of special paths
 * and a guest's view. The settings routes are form actions without a page of their own, but for
 * /settings/notifications and /settings/navigation, audited below in its shaped state.
 */
const PAGES: readonly AuditedPage[] = [
  { path: "/login", visitor: "guest", representative: true },
  { path: "/issues", visitor: "guest", note: "a guest's navigation and the agreement notice" },
  { path: "/form-without-authorization?id=f-17", visitor: "guest" },
  { path: "/issues", visitor: "admin", representative: true },
  { path: "/issue/DEMO-1", visitor: "admin", representative: true },
  { path: "/articles", visitor: "admin" },
  { path: "/articles/DEMO-A-1", visitor: "admin" },
  { path: "/dashboard", visitor: "admin", note: "empty", dashboard: [] },
  {
    path: "/dashboard",
    visitor: "admin",
    note: "with a Team pulse tile",
    dashboard: [PULSE_TILE],
    representative: true,
  },
  { path: "/projects", visitor: "admin" },
  { path: "/projects/DEMO", visitor: "admin" },
  { path: "/projects/new", visitor: "admin", representative: true },
  { path: "/notifications", visitor: "admin" },
  { path: "/settings/notifications", visitor: "admin", note: "desktop and push notifications" },
  { path: "/search?q=nav", visitor: "admin" },
  {
    path: "/menu?back=%2Fissues",
    visitor: "admin",
    note: "the narrow menu as a page, for browsers without scripts",
  },
  {
    path: "/menu/profile?back=%2Fissues",
    visitor: "admin",
    note: "one menu of the bar as a page, where its trigger leads before scripts run",
  },
  { path: "/welcome", visitor: "admin" },
  { path: "/error", visitor: "admin" },
  { path: "/unavailable", visitor: "admin" },
  { path: "/form/x", visitor: "admin" },
  { path: "/markup", visitor: "admin" },
  { path: "/admin", visitor: "admin" },
  { path: "/admin/apps", visitor: "admin" },
  { path: "/admin/statistics", visitor: "admin" },
  { path: "/app/workspace/workspace", visitor: "admin" },
  { path: "/users/me", visitor: "admin" },
  { path: "/users/me?tab=settings", visitor: "admin", note: "dates and times", representative: true },
  { path: "/agiles", visitor: "admin", note: "classic app" },
  { path: "/gantt-charts", visitor: "admin", note: "an area page" },
  { path: "/projects", visitor: "rachel", note: "no projects" },
  { path: "/reports", visitor: "admin", note: "classic app while its flag is off" },
  { path: "/admin/users", visitor: "admin", note: "classic administration" },
  { path: "/admin/groups", visitor: "admin", note: "the identity service's groups" },
  { path: "/no-such-page", visitor: "admin", note: "page not found" },
];

const nameOf = (target: AuditedPage) =>
  `${target.path} as ${target.visitor}${target.note ? ` (${target.note})` : ""}`;

// ---------- menus and dialogs, opened ----------

/** The bar's menu triggers, as the Radix menu buttons name them. */
function barMenus(language: AuditLanguage): { id: string; name: string }[] {
  return [
    { id: "create", name: tr(language, "shell", "bar.create") },
    { id: "help", name: tr(language, "shell", "bar.help") },
    { id: "settings", name: tr(language, "shell", "bar.administration") },
    { id: "profile", name: tr(language, "shell", "bar.profile", { name: DEMO_USERS.admin }) },
    { id: "more", name: tr(language, "shell", "bar.more") },
  ];
}

/** Below this height admin's twelve items do not fit, and the last ones move into More. */
const SHORT_HEIGHT = 560;

const notesFrame = (page: Page) => page.frameLocator('[data-widget="issue-companion/notes"] iframe');

test.use({ viewport: { width: WIDE, height: HEIGHT } });

for (const language of LANGUAGES) {
  test.describe(`axe audit in ${language === "en" ? "English" : "Hebrew"}`, () => {
    test.describe.configure({ timeout: 60_000 });

    // Made before anything else asks for admin (withDashboard does), in the language under audit.
    test.beforeEach(async ({ users }) => {
      await users.of("admin", { locale: localeOf(language) });
    });
    test.beforeEach(async ({ context, baseURL }) => {
      // Guests have no profile: their language is the locale cookie.
      await context.addCookies([{ name: LOCALE_COOKIE, value: language, url: baseURL! }]);
    });

    test("the identity service's sign-in page, and its error", async ({ browser, baseURL }, testInfo) => {
      // It is the identity service's page, not Keel's: its language is Accept-Language's (the browser's
      // locale), its theme the system's, and it has no script to wait for. A representative page: every
      // combination.
      const context = await browser.newContext({
        baseURL,
        locale: LANGUAGE_LOCALES[language],
        viewport: { width: WIDE, height: HEIGHT },
      });
      try {
        const page = await context.newPage();
        await page.goto("/auth/login");
        await expect(page).toHaveURL(/\/hub\/api\/rest\/oauth2\/auth\?/);
        const findings: Finding[] = [];
        const auditIdentityPage = async (state: string) => {
          await expect(page.locator("html")).toHaveAttribute("lang", language);
          await expect(page.locator("html")).toHaveAttribute("dir", DIRECTION[language]);
          for (const width of WIDTHS) {
            await page.setViewportSize({ width, height: HEIGHT });
            for (const theme of THEMES) {
              await page.emulateMedia({ colorScheme: theme.colorScheme });
              await nextFrames(page);
              findings.push(...(await auditNow(page, `${state}, ${language} ${theme.name} ${width}px`)));
            }
          }
        };
        await auditIdentityPage("the form");
        // An unknown login: the throttle's wait falls on no demo user.
        await page.locator("#login").fill("a11y-nobody");
        await page.locator("#password").fill("not-the-password");
        await page.locator('button[value="sign-in"]').click();
        await expect(page.getByRole("alert")).toBeVisible();
        await auditIdentityPage("the error");
        await expectNoSeriousViolations(testInfo, "the identity service's sign-in page", findings);
      } finally {
        await context.close();
      }
    });

    for (const target of PAGES) {
      test(`page ${nameOf(target)}`, async ({ page, request }, testInfo) => {
        // Four audits of a page with widgets take their time on a busy machine.
        if (target.representative) test.setTimeout(120_000);
        const run = async () => {
          await visit(page, target.visitor, target.path, language);
          const findings = await audit(page, language, { everyCombination: target.representative });
          await expectNoSeriousViolations(testInfo, nameOf(target), findings);
        };
        if (target.dashboard) await withDashboard(request, target.dashboard, run);
        else await run();
      });
    }

    // Colours do not change with the language: high contrast is audited once, in English.
    for (const path of language === "en" ? HIGH_CONTRAST_PAGES : []) {
      test(`high contrast: text on ${path} reaches AAA${path === "/issues" ? ", the Appearance menu open too" : ""}`, async ({
        page,
      }, testInfo) => {
        test.setTimeout(120_000);
        await page.emulateMedia({ contrast: "more" });
        const findings: Finding[] = [];
        const auditBothThemes = async (where: string) => {
          for (const theme of HIGH_CONTRAST_THEMES) {
            await applyTheme(page, theme);
            findings.push(
              ...(await auditNow(page, `${where}, ${language} high-contrast ${theme.name}`, true)),
            );
          }
        };
        await visit(page, "admin", path, language);
        await auditBothThemes(path);
        if (path === "/issues") {
          const profile = barMenus(language).find((menu) => menu.id === "profile")!.name;
          await bar(page).getByRole("button", { name: profile, exact: true }).click();
          const appearance = tr(language, "shell", "nav.appearance");
          await page.getByRole("menuitem", { name: appearance, exact: true }).click();
          await expect(page.getByRole("menu", { name: appearance, exact: true })).toBeVisible();
          await auditBothThemes("the Appearance menu");
        }
        await expectNoSeriousViolations(testInfo, `${path} in high contrast`, findings);
      });
    }

    test("the bar's menus, open", async ({ page }, testInfo) => {
      await page.setViewportSize({ width: WIDE, height: SHORT_HEIGHT });
      await visit(page, "admin", "/issues", language);
      const findings: Finding[] = [];
      for (const menu of barMenus(language)) {
        const trigger = bar(page).getByRole("button", { name: menu.name, exact: true });
        await expect(trigger, `the ${menu.id} menu's trigger at ${SHORT_HEIGHT} px high`).toBeVisible();
        await trigger.click();
        const popup = page.getByRole("menu", { name: menu.name, exact: true });
        await expect(popup).toBeVisible();
        const found = await audit(page, language, { widths: [WIDE], height: SHORT_HEIGHT });
        findings.push(...found.map((f) => ({ ...f, combination: `${menu.id} menu, ${f.combination}` })));
        await page.keyboard.press("Escape");
        await expect(popup).toBeHidden();
      }
      await expectNoSeriousViolations(testInfo, "/issues with each menu of the bar open", findings);
    });

    test("the narrow screen's menu, open with its panels", async ({ page }, testInfo) => {
      await page.setViewportSize({ width: NARROW, height: HEIGHT });
      await visit(page, "admin", "/issues", language);
      const nav = bar(page);
      await nav.getByLabel(tr(language, "shell", "bar.menu"), { exact: true }).click();
      await expect(nav.locator(".mobile-menu-panel")).toBeVisible();
      const panels = nav.locator(".mobile-panel > summary");
      for (let index = 0; index < (await panels.count()); index++) await panels.nth(index).click();
      await expect(nav.locator(".mobile-panel:not([open])")).toHaveCount(0);
      await expectNoSeriousViolations(
        testInfo,
        "/issues with the narrow screen's menu open",
        await audit(page, language, { widths: [NARROW] }),
      );
    });

    test("the navigation settings of a shaped menu, and More holding a hidden item", async ({
      page,
      request,
    }, testInfo) => {
      test.setTimeout(120_000);
      await testUsers().of("admin", { locale: localeOf(language) });
      const navigation = { order: [], pinned: ["articles"], hidden: ["agiles"], landing: "articles" };
      const saved = await request.post("/api/users/me/profiles/keel", {
        headers: await bearer("admin"),
        data: { navigation },
      });
      expect(saved.status(), await saved.text()).toBe(200);
      await visit(page, "admin", "/settings/navigation", language);
      const findings = await audit(page, language);
      // The Hebrew audit ends on the narrow layout, whose bar has no More: back to the wide one.
      await applyWidth(page, WIDE);
      const more = barMenus(language).find((menu) => menu.id === "more")!.name;
      await bar(page).getByRole("button", { name: more, exact: true }).click();
      await expect(page.getByRole("menu", { name: more, exact: true })).toBeVisible();
      findings.push(
        ...(await audit(page, language, { widths: [WIDE] })).map((f) => ({
          ...f,
          combination: `More open, ${f.combination}`,
        })),
      );
      await expectNoSeriousViolations(testInfo, "/settings/navigation, shaped", findings);
    });

    test("the notifications centre, open", async ({ page }, testInfo) => {
      await visit(page, "admin", "/issues", language);
      await bar(page).locator('[data-nav-item="notifications"]').click();
      const centre = page.getByRole("dialog", { name: tr(language, "shell", "notifications.title") });
      await expect(centre).toBeVisible();
      await expect(centre.getByRole("status"), "the centre has loaded").toHaveCount(0);
      // It opens from the wide bar's Notifications item; the narrow bar reaches the page instead.
      await expectNoSeriousViolations(
        testInfo,
        "/issues with the notifications centre open",
        await audit(page, language, { widths: [WIDE] }),
      );
    });

    test.describe("with the service worker", () => {
      test.use({ serviceWorkers: "allow" });
      test("offline: a page from the service worker's cache under the banner, and the offline page", async ({
        page,
        context,
      }, testInfo) => {
        await visit(page, "admin", "/issues", language);
        // The worker controls the page, keeps it, and has the offline page in this language.
        await expect
          .poll(() =>
            page.evaluate(async () => {
              if (!navigator.serviceWorker.controller) return "no worker";
              const offline = await (await caches.open("keel-offline-v1")).match("/offline");
              const names = (await caches.keys()).filter((name) => name.startsWith("keel-pages-"));
              const kept = names.length === 1 && (await (await caches.open(names[0]!)).match("/issues"));
              return `${kept ? "kept" : "not kept"} ${/<html lang="(\w+)"/.exec((await offline?.text()) ?? "")?.[1]}`;
            }),
          )
          .toBe(`kept ${language}`);
        await context.setOffline(true);
        await page.goto("/issues");
        await waitForHydration(page);
        await expect(
          page.getByRole("status").filter({ hasText: tr(language, "shell", "connection.offline") }),
        ).toBeVisible();
        const findings = await audit(page, language);
        await page.goto("/projects");
        await expect(
          page.getByRole("heading", { level: 1, name: tr(language, "shell", "offlinePage.title") }),
        ).toBeVisible();
        findings.push(...(await audit(page, language)));
        await context.setOffline(false);
        await expectNoSeriousViolations(
          testInfo,
          "offline: /issues from the cache and the offline page",
          findings,
        );
      });
    });

    test("quick search (Ctrl+K), open with results", async ({ page }, testInfo) => {
      await visit(page, "admin", "/issues", language);
      await page.keyboard.press("Control+k");
      const dialog = page.getByRole("dialog", { name: tr(language, "shell", "search.title") });
      await expect(dialog).toBeVisible();
      await dialog.getByRole("combobox").fill("nav");
      await expect(dialog.getByRole("option").first()).toBeVisible();
      await expectNoSeriousViolations(
        testInfo,
        "/issues with quick search open",
        await audit(page, language),
      );
    });

    test("the help panel: shortcuts, tips and about", async ({ page }, testInfo) => {
      // The panel's frame is the same for the three; the narrow width is audited with the first.
      const views = [
        { panel: "shortcuts", title: tr(language, "shell", "help.shortcutsTitle"), widths: WIDTHS },
        { panel: "tips", title: tr(language, "shell", "help.tipsTitle"), widths: [WIDE] },
        {
          panel: "about",
          title: tr(language, "shell", "help.aboutTitle", { product: "Keel" }),
          widths: [WIDE],
        },
      ];
      const findings: Finding[] = [];
      for (const [index, view] of views.entries()) {
        const path = `/issues?panel=${view.panel}`;
        if (index === 0) await visit(page, "admin", path, language);
        else {
          await page.goto(path);
          await waitForHydration(page);
        }
        await expect(page.getByRole("dialog", { name: view.title })).toBeVisible();
        const found = await audit(page, language, { widths: view.widths });
        findings.push(...found.map((f) => ({ ...f, combination: `${view.panel} panel, ${f.combination}` })));
      }
      await expectNoSeriousViolations(testInfo, "/issues with the help panel open", findings);
    });

    test("the user agreement dialog, for a user without consent", async ({ page }, testInfo) => {
      await testUsers().of("alice", { consent: false, locale: localeOf(language) });
      await visit(page, "alice", "/issues", language);
      const dialog = page.getByRole("dialog", { name: tr(language, "shell", "agreement.title") });
      await expect(dialog).toBeVisible();
      expect(await dialog.evaluate((element) => element.matches(":modal")), "modal").toBe(true);
      await expectNoSeriousViolations(
        testInfo,
        "/issues as alice behind the user agreement",
        await audit(page, language),
      );
    });

    test("the widget request confirmation", async ({ page }, testInfo) => {
      await visit(page, "admin", "/issue/DEMO-1", language);
      const notes = notesFrame(page);
      await expect(notes.getByTestId("result")).toHaveText("Ready");
      await notes.getByRole("button", { name: "Add note (POST)" }).click();
      const confirm = page.getByRole("dialog", {
        name: tr(language, "widgets", "confirm.title", { app: "Issue Companion" }),
      });
      await expect(confirm).toBeVisible();
      const findings = await audit(page, language);
      // Declined: nothing is written.
      await page.keyboard.press("Escape");
      await expect(confirm).toBeHidden();
      await expect(notes.getByTestId("result")).toContainText("POST declined");
      await expectNoSeriousViolations(testInfo, "/issue/DEMO-1 asking to allow a widget's POST", findings);
    });

    test("the dashboard's Add widget dialog", async ({ page, request }, testInfo) => {
      await withDashboard(request, [], async () => {
        await visit(page, "admin", "/dashboard", language);
        await page.getByRole("button", { name: tr(language, "widgets", "dashboard.addWidget") }).click();
        const dialog = page.getByRole("dialog", { name: tr(language, "widgets", "dashboard.addTitle") });
        await expect(dialog).toBeVisible();
        await expectNoSeriousViolations(
          testInfo,
          "/dashboard with the Add widget dialog open",
          await audit(page, language),
        );
      });
    });

    test("the issue's options menu and the widget popup it opens", async ({ page }, testInfo) => {
      await visit(page, "admin", "/issue/DEMO-1", language);
      const options = page.getByRole("button", {
        name: tr(language, "widgets", "options.trigger"),
        exact: true,
      });
      await options.click();
      const menu = page.getByRole("menu");
      await expect(menu).toBeVisible();
      const findings = (await audit(page, language, { widths: [WIDE] })).map((f) => ({
        ...f,
        combination: `options menu, ${f.combination}`,
      }));
      await menu.getByRole("menuitem", { name: "Companion", exact: true }).click();
      const popup = page.getByRole("dialog", { name: "Companion", exact: true });
      await expect(popup).toBeVisible();
      await expect(popup.locator('[data-widget][data-state="loading"]')).toHaveCount(0, { timeout: 10_000 });
      findings.push(
        ...(await audit(page, language)).map((f) => ({
          ...f,
          combination: `widget popup, ${f.combination}`,
        })),
      );
      await expectNoSeriousViolations(testInfo, "/issue/DEMO-1 with its options menu and popup", findings);
    });
  });
}

// ---------- the keyboard alone ----------

async function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((element) => element === element.ownerDocument.activeElement);
}

/** Presses Tab until `target` has focus, as a keyboard user reaches it. */
async function tabTo(page: Page, target: Locator, what: string, limit = 150): Promise<void> {
  for (let presses = 0; presses < limit && !(await isFocused(target)); presses++) {
    await page.keyboard.press("Tab");
  }
  expect(await isFocused(target), `${what} is reached with Tab within ${limit} presses`).toBe(true);
}

interface FocusLook {
  element: string;
  outlineStyle: string;
  outlineWidth: number;
  boxShadow: string;
}

/** How the page's focused element shows its focus; null when nothing of the page has it. */
async function focusLook(page: Page): Promise<FocusLook | null> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body || element === document.documentElement) return null;
    const style = getComputedStyle(element);
    const name = element.getAttribute("aria-label") ?? element.textContent?.replace(/\s+/g, " ").trim() ?? "";
    return {
      element: `<${element.tagName.toLowerCase()}${element.id ? ` id="${element.id}"` : ""}${
        element.className && typeof element.className === "string" ? ` class="${element.className}"` : ""
      }> “${name.slice(0, 40)}”`,
      outlineStyle: style.outlineStyle,
      outlineWidth: Number.parseFloat(style.outlineWidth) || 0,
      boxShadow: style.boxShadow,
    };
  });
}

/** A 2 px outline, or a box shadow with a length of 2 px or more (a focus ring drawn as a shadow). */
function showsFocus(look: FocusLook): boolean {
  if (look.outlineStyle !== "none" && look.outlineWidth >= 2) return true;
  if (look.boxShadow === "none") return false;
  const lengths = [...look.boxShadow.matchAll(/(-?\d+(?:\.\d+)?)px/g)].map((m) => Math.abs(Number(m[1])));
  return lengths.some((length) => length >= 2);
}

/** `target` has focus and shows it. */
async function expectVisibleFocus(page: Page, target: Locator, what: string): Promise<void> {
  await expect(target, `${what} has focus`).toBeFocused();
  const look = await focusLook(page);
  expect(look, `${what}: the page's focused element`).not.toBeNull();
  expect(
    showsFocus(look!),
    `${what}: ${look!.element} shows its focus (outline ${look!.outlineStyle} ${look!.outlineWidth}px, ` +
      `box-shadow ${look!.boxShadow})`,
  ).toBe(true);
}

/** Focus is inside `container` (a dialog) and shows. */
async function expectVisibleFocusWithin(page: Page, container: Locator, what: string): Promise<void> {
  const inside = await container.evaluate((element) => element.contains(document.activeElement));
  const look = await focusLook(page);
  expect(inside, `${what}: focus moved into it (now on ${look?.element ?? "the page itself"})`).toBe(true);
  expect(
    look !== null && showsFocus(look),
    `${what}: ${look?.element ?? "nothing"} shows its focus (outline ${look?.outlineStyle} ` +
      `${look?.outlineWidth}px, box-shadow ${look?.boxShadow})`,
  ).toBe(true);
}

/**
 * After a Tab in a modal dialog focus may leave the document for the browser's own controls, as a native
 * modal dialog allows, but never for the inert page behind the dialog.
 */
async function expectFocusNotBehind(page: Page, dialog: Locator, what: string): Promise<boolean> {
  const behind = await dialog.evaluate((element) => {
    const active = element.ownerDocument.activeElement;
    if (!active || active === document.body || element.contains(active)) return null;
    return `<${active.tagName.toLowerCase()}> “${(active.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 40)}”`;
  });
  expect(behind, `${what}: focus went to the page behind the dialog`).toBeNull();
  return dialog.evaluate((element) => element.contains(element.ownerDocument.activeElement));
}

/**
 * A Radix menu from the keyboard: Enter and Space open it on its first entry, ArrowDown moves on, a
 * submenu opens with ArrowRight and closes with ArrowLeft, Escape closes and gives focus back.
 */
async function operateMenu(page: Page, trigger: Locator, name: string): Promise<void> {
  const menu = page.getByRole("menu", { name, exact: true });
  const items = menu.getByRole("menuitem");
  await tabTo(page, trigger, `the ${name} menu's trigger`);
  await expectVisibleFocus(page, trigger, `the ${name} menu's trigger`);

  await page.keyboard.press("Enter");
  await expect(menu, `${name} opens with Enter`).toBeVisible();
  await expect(trigger).toHaveAttribute("aria-expanded", "true");
  await expectVisibleFocus(page, items.first(), `${name}: its first entry, after Enter`);
  const submenuAt = await items.evaluateAll((elements) =>
    elements.findIndex((element) => element.getAttribute("aria-haspopup") === "menu"),
  );
  const last = submenuAt > 0 ? submenuAt : Math.min(1, (await items.count()) - 1);
  // Radix moves focus in a timeout: each key waits for the one before it to land.
  for (let index = 1; index <= last; index++) {
    await page.keyboard.press("ArrowDown");
    await expectVisibleFocus(page, items.nth(index), `${name}: entry ${index + 1}, after ArrowDown`);
  }
  if (submenuAt >= 0) {
    const group = items.nth(submenuAt);
    const groupName = (await group.innerText()).trim();
    const submenu = page.getByRole("menu", { name: groupName, exact: true });
    await page.keyboard.press("ArrowRight");
    await expect(submenu, `${name} › ${groupName} opens with ArrowRight`).toBeVisible();
    await expectVisibleFocus(
      page,
      submenu.getByRole("menuitem").first(),
      `${name} › ${groupName}: first entry`,
    );
    await page.keyboard.press("ArrowLeft");
    await expect(submenu, `${name} › ${groupName} closes with ArrowLeft`).toBeHidden();
    await expectVisibleFocus(page, group, `${name}: ${groupName}, after ArrowLeft`);
  }
  await page.keyboard.press("Escape");
  await expect(menu, `${name} closes with Escape`).toBeHidden();
  await expectVisibleFocus(page, trigger, `${name}: its trigger, after Escape`);

  await page.keyboard.press(" ");
  await expect(menu, `${name} opens with Space`).toBeVisible();
  await expectVisibleFocus(page, items.first(), `${name}: its first entry, after Space`);
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expectVisibleFocus(page, trigger, `${name}: its trigger, after the second Escape`);
}

test.describe("the keyboard alone", () => {
  test.describe.configure({ timeout: 45_000 });

  test("the Create, Help, Administration and Profile menus", async ({ page }) => {
    await visit(page, "admin", "/issues", "en");
    for (const name of ["Create", "Help", "Administration", `Profile: ${DEMO_USERS.admin}`]) {
      await operateMenu(page, mainNav(page).getByRole("button", { name, exact: true }), name);
    }
  });

  test("the More menu of a short window", async ({ page }) => {
    await page.setViewportSize({ width: WIDE, height: SHORT_HEIGHT });
    await visit(page, "admin", "/dashboard", "en");
    const more = mainNav(page).getByRole("button", { name: "More", exact: true });
    await expect(more).toBeVisible();
    await operateMenu(page, more, "More");
  });

  test("Help › Keyboard Shortcuts opens the help panel; Escape closes it and returns to Help", async ({
    page,
  }) => {
    await visit(page, "admin", "/issues", "en");
    const help = mainNav(page).getByRole("button", { name: "Help", exact: true });
    const menu = page.getByRole("menu", { name: "Help", exact: true });
    const shortcuts = menu.getByRole("menuitem", { name: "Keyboard Shortcuts", exact: true });
    await tabTo(page, help, "the Help menu's trigger");
    await page.keyboard.press("Enter");
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("menuitem").first()).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expectVisibleFocus(page, shortcuts, "Help › Keyboard Shortcuts");
    await page.keyboard.press("Enter");
    const panel = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    await expect(panel).toBeVisible();
    await expect(page).toHaveURL("/issues?panel=shortcuts");
    await expectVisibleFocusWithin(page, panel, "the help panel");
    await page.keyboard.press("Tab");
    await expectVisibleFocusWithin(page, panel, "the help panel, after Tab");
    await page.keyboard.press("Escape");
    await expect(panel).toHaveCount(0);
    await expect(page).toHaveURL("/issues");
    await expectVisibleFocus(page, help, "the Help trigger, after Escape closed the panel");
  });

  test("the notifications centre", async ({ page }) => {
    await visit(page, "admin", "/issues", "en");
    const item = mainNav(page).locator('[data-nav-item="notifications"]');
    await tabTo(page, item, "the Notifications item");
    await expectVisibleFocus(page, item, "the Notifications item");
    await page.keyboard.press("Enter");
    const centre = page.getByRole("dialog", { name: "Notifications" });
    await expect(centre).toBeVisible();
    await expectVisibleFocusWithin(page, centre, "the notifications centre");
    await page.keyboard.press("Tab");
    await expectVisibleFocus(page, centre.getByRole("button", { name: "Close notifications" }), "its Close");
    await page.keyboard.press("Escape");
    await expect(centre).toBeHidden();
    await expectVisibleFocus(page, item, "the Notifications item, after Escape");
  });

  test("quick search: Ctrl+K, arrows through the results, Escape back to where focus was", async ({
    page,
  }) => {
    await visit(page, "admin", "/issues", "en");
    const issues = mainNav(page).getByRole("link", { name: "Issues", exact: true });
    await tabTo(page, issues, "the Issues item");
    await page.keyboard.press("Control+k");
    const dialog = page.getByRole("dialog", { name: "Quick search" });
    const input = dialog.getByRole("combobox", { name: "Quick search" });
    await expect(dialog).toBeVisible();
    await expectVisibleFocus(page, input, "the quick search field");
    await page.keyboard.type("s");
    const options = dialog.getByRole("option");
    await expect(options.nth(1), "at least two results for “s”").toBeVisible();
    await expect(options.first()).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("ArrowDown");
    await expect(options.nth(1)).toHaveAttribute("aria-selected", "true");
    await expect(input).toHaveAttribute("aria-activedescendant", (await options.nth(1).getAttribute("id"))!);
    await expect(input, "focus stays in the field while the arrows move").toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expectVisibleFocus(page, issues, "the Issues item, after Escape");
  });

  test("the user agreement: focus stays in it, Escape does not dismiss it, the keys scroll and accept", async ({
    page,
  }) => {
    await testUsers().of("alice", { consent: false });
    await visit(page, "alice", "/issues", "en");
    const dialog = page.getByRole("dialog", { name: "User Agreement" });
    const text = dialog.getByRole("region", { name: "Agreement text" });
    const accept = dialog.getByRole("button", { name: "Accept" });
    await expect(dialog).toBeVisible();
    // Opened with the page, before any key: focus is inside; whether it shows is checked from the first Tab on.
    expect(
      await dialog.evaluate((element) => element.contains(document.activeElement)),
      "the agreement dialog takes focus when it opens",
    ).toBe(true);
    for (let presses = 1; presses <= 4; presses++) {
      await page.keyboard.press("Tab");
      const what = `the agreement dialog, after ${presses} Tab(s)`;
      if (await expectFocusNotBehind(page, dialog, what)) await expectVisibleFocusWithin(page, dialog, what);
    }
    // Blocking by design: the answer is Accept or Decline, so Escape leaves it open.
    await page.keyboard.press("Escape");
    await expect(dialog).toBeVisible();
    await tabTo(page, text, "the agreement text", 30);
    await expectVisibleFocus(page, text, "the agreement text");
    await page.keyboard.press("End");
    await expect(accept, "End scrolled the text to its end").toBeEnabled();
    await tabTo(page, accept, "Accept", 30);
    await expectVisibleFocus(page, accept, "Accept");
    await page.keyboard.press("Enter");
    await expect(dialog).toBeHidden();
  });

  test("the widget request confirmation: Tab inside, Escape declines and returns to the widget", async ({
    page,
  }) => {
    await visit(page, "admin", "/issue/DEMO-1", "en");
    const notes = notesFrame(page);
    const add = notes.getByRole("button", { name: "Add note (POST)" });
    await expect(notes.getByTestId("result")).toHaveText("Ready");
    await tabTo(page, add, "the Notes widget's Add note (POST)");
    await page.keyboard.press("Enter");
    const confirm = page.getByRole("dialog", { name: "Allow Issue Companion to change data?" });
    await expect(confirm).toBeVisible();
    await expectVisibleFocusWithin(page, confirm, "the confirmation");
    await page.keyboard.press("Tab");
    await expectVisibleFocusWithin(page, confirm, "the confirmation, after Tab");
    await page.keyboard.press("Escape");
    await expect(confirm).toBeHidden();
    await expect(notes.getByTestId("result")).toContainText("POST declined");
    const focused = await page.evaluate(
      () => document.activeElement?.closest("[data-widget]")?.getAttribute("data-widget") ?? null,
    );
    expect(focused, "after Escape, focus is back in the Notes widget's frame").toBe("issue-companion/notes");
    // Inside the frame, focus is the widget's own business: a host cannot focus into another origin.
  });

  test("the dashboard's Add widget dialog: open, Tab inside, Escape back; Enter adds a widget", async ({
    page,
    request,
  }) => {
    await withDashboard(request, [], async () => {
      await visit(page, "admin", "/dashboard", "en");
      const add = page.getByRole("button", { name: "Add widget" });
      const dialog = page.getByRole("dialog", { name: "Add a widget" });
      await tabTo(page, add, "Add widget");
      await expectVisibleFocus(page, add, "Add widget");
      await page.keyboard.press("Enter");
      await expect(dialog).toBeVisible();
      await expectVisibleFocusWithin(page, dialog, "the Add widget dialog");
      await page.keyboard.press("Tab");
      await expectVisibleFocusWithin(page, dialog, "the Add widget dialog, after Tab");
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expectVisibleFocus(page, add, "Add widget, after Escape");

      await page.keyboard.press(" ");
      await expect(dialog, "opens with Space").toBeVisible();
      const pulse = dialog.getByRole("button", { name: "Add Team pulse" });
      await tabTo(page, pulse, "Add Team pulse", 10);
      await expectVisibleFocus(page, pulse, "Add Team pulse");
      await page.keyboard.press("Enter");
      await expect(dialog).toBeHidden();
      await expect(page.getByRole("region", { name: "Team pulse", exact: true })).toBeVisible();
      await expectVisibleFocus(page, add, "Add widget, after adding");
      await expect(page.getByRole("list", { name: "Widgets on your dashboard" })).toHaveAttribute(
        "aria-busy",
        "false",
      );
    });
  });

  test("the issue's options menu and the widget popup it opens", async ({ page }) => {
    await visit(page, "admin", "/issue/DEMO-1", "en");
    const options = page.getByRole("button", { name: "Options", exact: true });
    const menu = page.getByRole("menu");
    const companion = menu.getByRole("menuitem", { name: "Companion", exact: true });
    await tabTo(page, options, "Options");
    await expectVisibleFocus(page, options, "Options");
    const first = menu.getByRole("menuitem").first();
    await page.keyboard.press("Enter");
    await expect(menu).toBeVisible();
    await expectVisibleFocus(page, first, "Options › its first entry");
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expectVisibleFocus(page, options, "Options, after Escape");

    await page.keyboard.press("ArrowDown");
    await expect(menu, "opens with ArrowDown").toBeVisible();
    await expect(first).toBeFocused();
    // Several apps add entries; the arrow keys walk to the companion's.
    for (let step = 0; step < (await menu.getByRole("menuitem").count()); step++) {
      if (await companion.evaluate((item) => item === document.activeElement)) break;
      await page.keyboard.press("ArrowDown");
    }
    await expectVisibleFocus(page, companion, "Options › Companion");
    await page.keyboard.press("Enter");
    const popup = page.getByRole("dialog", { name: "Companion", exact: true });
    await expect(popup).toBeVisible();
    // The popup focuses its close button; a widget may take focus into its own frame as it loads, and how
    // it shows focus there is the widget's (another origin) — the host's part is that focus is inside.
    const intoFrame = await page.evaluate(() => document.activeElement?.tagName === "IFRAME");
    if (intoFrame) {
      expect(await popup.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    } else {
      await expectVisibleFocusWithin(page, popup, "the Companion popup");
    }
    await page.keyboard.press("Escape");
    await expect(popup).toBeHidden();
    await expectVisibleFocus(page, options, "Options, after Escape closed the popup");
  });

  test.describe("at 760 px", () => {
    test.use({ viewport: { width: NARROW, height: HEIGHT } });

    test("the narrow screen's menu opens and closes from the keyboard and Tab walks into it", async ({
      page,
    }) => {
      await visit(page, "admin", "/issues", "en");
      const nav = mainNav(page);
      const hamburger = nav.getByLabel("Menu", { exact: true });
      const panel = nav.locator(".mobile-menu-panel");
      await tabTo(page, hamburger, "the hamburger");
      await expectVisibleFocus(page, hamburger, "the hamburger");
      await page.keyboard.press("Enter");
      await expect(panel).toBeVisible();
      await page.keyboard.press("Tab");
      await expectVisibleFocusWithin(page, panel, "the narrow screen's menu");
      await page.keyboard.press("Shift+Tab");
      await expectVisibleFocus(page, hamburger, "the hamburger, after Shift+Tab");
      await page.keyboard.press("Enter");
      await expect(panel).toBeHidden();
      // Escape from inside the menu closes it and gives the focus back to the hamburger.
      await page.keyboard.press("Enter");
      await expect(panel).toBeVisible();
      await page.keyboard.press("Tab");
      await expectVisibleFocusWithin(page, panel, "the narrow screen's menu");
      await page.keyboard.press("Escape");
      await expect(panel).toBeHidden();
      await expectVisibleFocus(page, hamburger, "the hamburger, after Escape");
    });
  });
});
