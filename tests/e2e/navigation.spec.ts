// The left navigation (app/shell/left-navigation.tsx, nav-menu.tsx) for each demo user, with and without
// JavaScript: which items and menu entries it shows, what the server HTML holds, the keyboard, collapsing
// and the active item. The expectations follow the rules of app/shell/navigation-model.ts (docs/shell.md)
// applied to the demo users and grants of prisma/factories.ts.
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import {
  DEMO_USERS,
  landingOf,
  javaScriptRuns,
  mainNav,
  signInQuickly,
  userOf,
  waitForHydration,
  type DemoLogin,
} from "./helpers.ts";

// ---------- expectations ----------

type Visitor = DemoLogin | "guest";
type MenuName = "Create" | "Help" | "Administration" | "Profile";
/** A menu entry by its name, or a group (a submenu with JavaScript) with its entries. */
type Entry = string | { group: string; entries: readonly string[] };

const HELP: readonly Entry[] = [
  "Feedback",
  "Keyboard Shortcuts",
  "Markdown Reference",
  "Tips for New Users",
  "FAQ",
  "Documentation",
  "Video Demos",
  "Service Status",
  "Maintenance Calendar",
  "Support",
  "About",
];

/** Each language in its own name, posting its code to /settings/language. */
const LANGUAGE_ENTRIES: readonly [string, string][] = [
  ["Čeština", "cs"],
  ["Deutsch", "de"],
  ["English", "en"],
  ["Esperanto", "eo"],
  ["Español", "es"],
  ["Français", "fr"],
  ["עברית", "he"],
  ["Magyar", "hu"],
  ["Italiano", "it"],
  ["日本語", "ja"],
  ["한국어", "ko"],
  ["Polski", "pl"],
  ["Português", "pt"],
  ["Русский", "ru"],
  ["Türkçe", "tr"],
  ["Українська", "uk"],
  ["中文", "zh"],
  ["isiZulu", "zu"],
];

const PROFILE: readonly Entry[] = [
  "Profile",
  "Log out",
  "Switch user",
  "Apply changed user",
  {
    group: "Appearance",
    entries: [
      "Light",
      "Dark",
      "Sync with OS",
      "Contrast: sync with OS",
      "High contrast",
      "Standard contrast",
    ],
  },
  { group: "Language", entries: LANGUAGE_ENTRIES.map(([name]) => name) },
  "More settings",
];

/** Every permission, standalone, embedded hub: no code-review integration, no database export. */
const ADMINISTRATION: readonly Entry[] = [
  "Custom Fields",
  "Link Types",
  "Time Tracking",
  "Workflows",
  "Apps",
  {
    group: "Access Management",
    entries: ["Users", "Organizations", "Groups", "Roles", "Auth Modules", "SAML 2.0"],
  },
  {
    group: "Integrations",
    entries: [
      "Imports",
      "Mailbox Integration",
      "Build Server Integration",
      "VCS Integration",
      "Support Desk Integration",
      "AI",
      // The Team Space sample app's and the workspace harness app's administration pages (apps follow the
      // Apps page's rule).
      "Team announcement",
      "Workspace administration",
    ],
  },
  {
    group: "Server Settings",
    entries: [
      "Global Settings",
      "User Agreement",
      "Database Backup",
      "SSL Certificates",
      "SSL Keys",
      "Audit Events",
    ],
  },
];

interface Expected {
  logo: string;
  /** `data-nav-item` ids, in order. */
  items: readonly string[];
  /** The visible menus; a menu left out must not be there at all. */
  menus: Partial<Record<MenuName, readonly Entry[]>>;
}

const EXPECTED: Record<Visitor, Expected> = {
  // Every permission, a helpdesk folder, time tracking, planning canvas and AI assistant flags.
  admin: {
    logo: "/",
    items: [
      "issues",
      "helpdesk",
      "dashboards",
      "agiles",
      "reports",
      "projects",
      "articles",
      "timesheets",
      "gantt-charts",
      "planning-canvas",
      "ai-assistant",
      "notifications",
    ],
    menus: {
      Create: ["New issue", "New article", "New project"],
      Help: HELP,
      Administration: ADMINISTRATION,
      Profile: PROFILE,
    },
  },
  // Member of DEMO: reads reports, projects and work items, creates issues and articles; AI flag only.
  alice: {
    logo: "/",
    items: [
      "issues",
      "dashboards",
      "agiles",
      "reports",
      "projects",
      "articles",
      "timesheets",
      "gantt-charts",
      "ai-assistant",
      "notifications",
    ],
    menus: { Create: ["New issue", "New article"], Help: HELP, Profile: PROFILE },
  },
  // Reporter with a helpdesk folder; creates issues only in the helpdesk project SUP: no Create menu.
  rachel: {
    logo: "/tickets",
    items: ["tickets", "helpdesk", "agiles", "articles", "notifications"],
    menus: { Help: HELP, Profile: PROFILE },
  },
  // Reads issues and articles in DEMO, nothing else: no reports, projects, timesheets or menus of his own.
  tom: {
    logo: "/",
    items: ["issues", "dashboards", "agiles", "articles", "gantt-charts", "notifications"],
    menus: { Help: HELP, Profile: PROFILE },
  },
  guest: {
    logo: "/",
    items: ["issues", "articles"],
    menus: { Help: HELP },
  },
};

/** Where a main item leads. */
const ITEM_HREF: Record<string, string> = {
  issues: "/issues",
  tickets: "/tickets",
  helpdesk: "/tickets",
  dashboards: "/dashboard",
  agiles: "/agiles",
  reports: "/reports",
  projects: "/projects",
  articles: "/articles",
  timesheets: "/timesheets",
  "gantt-charts": "/gantt-charts",
  "planning-canvas": "/planning-canvas",
  "ai-assistant": "/pmx/chat",
  notifications: "/notifications",
};

/** A link (`{path}` stands for the current path) or a POST form with its fields besides the CSRF token. */
type Target = { href: string; newTab?: true } | { post: string; fields: Record<string, string> };

/** Where each menu entry leads in the server HTML. */
const ENTRY_TARGET: Record<string, Target> = {
  "New issue": { href: "/newIssue", newTab: true },
  "New article": { href: "/articles/n", newTab: true },
  "New project": { href: "/projects/new", newTab: true },

  Feedback: { href: "https://keel.dev/feedback/", newTab: true },
  "Keyboard Shortcuts": { href: "{path}?panel=shortcuts" },
  "Markdown Reference": { href: "/markup" },
  "Tips for New Users": { href: "{path}?panel=tips" },
  FAQ: { href: "https://keel.dev/faq/", newTab: true },
  Documentation: { href: "https://keel.dev/docs/", newTab: true },
  "Video Demos": { href: "https://www.youtube.com/playlist?list=KEEL-DEMOS", newTab: true },
  "Service Status": { href: "https://status.keel.dev/", newTab: true },
  "Maintenance Calendar": { href: "https://keel.dev/maintenance-calendar/", newTab: true },
  Support: { href: "https://keel.dev/support/", newTab: true },
  About: { href: "{path}?panel=about" },

  "Custom Fields": { href: "/admin/customFields" },
  "Link Types": { href: "/admin/issueLinkTypes" },
  "Time Tracking": { href: "/admin/timeTracking" },
  Workflows: { href: "/admin/workflows" },
  Apps: { href: "/admin/apps" },
  Users: { href: "/admin/hub/users" },
  Organizations: { href: "/admin/hub/organizations" },
  Groups: { href: "/admin/hub/groups" },
  Roles: { href: "/admin/hub/roles" },
  "Auth Modules": { href: "/admin/hub/authmodules" },
  "SAML 2.0": { href: "/admin/hub/saml" },
  Imports: { href: "/admin/imports" },
  "Mailbox Integration": { href: "/admin/mailbox" },
  "Build Server Integration": { href: "/admin/buildServerSettings" },
  "VCS Integration": { href: "/admin/vcs" },
  "Support Desk Integration": { href: "/admin/supportDeskIntegration" },
  AI: { href: "/admin/ai" },
  "Team announcement": { href: "/admin/app/team-space/team-admin" },
  "Workspace administration": { href: "/admin/app/workspace/workspace-admin" },
  "Global Settings": { href: "/admin/settings" },
  "User Agreement": { href: "/admin/hub/userAgreement" },
  "Database Backup": { href: "/admin/databaseBackup" },
  "SSL Certificates": { href: "/admin/sslManagement" },
  "SSL Keys": { href: "/admin/sslKeys" },
  "Audit Events": { href: "/admin/auditEvents" },

  Profile: { href: "/users/me" },
  "Log out": { post: "/logout", fields: {} },
  "Switch user": { post: "/logout", fields: { intent: "switch" } },
  "Apply changed user": { href: "{path}" },
  Light: { post: "/settings/appearance", fields: { uiTheme: "default", redirectTo: "{path}" } },
  Dark: { post: "/settings/appearance", fields: { uiTheme: "darcula", redirectTo: "{path}" } },
  "Sync with OS": { post: "/settings/appearance", fields: { uiTheme: "system", redirectTo: "{path}" } },
  "Contrast: sync with OS": {
    post: "/settings/appearance",
    fields: { contrast: "system", redirectTo: "{path}" },
  },
  "High contrast": { post: "/settings/appearance", fields: { contrast: "more", redirectTo: "{path}" } },
  "Standard contrast": {
    post: "/settings/appearance",
    fields: { contrast: "standard", redirectTo: "{path}" },
  },
  "More settings": { href: "/users/me?tab=settings" },
  ...Object.fromEntries(
    LANGUAGE_ENTRIES.map(([name, language]) => [
      name,
      { post: "/settings/language", fields: { language, back: "{path}" } },
    ]),
  ),
};

/** With JavaScript these re-read the user in place instead of following their link. */
const SCRIPTED_ENTRIES = new Set(["Apply changed user"]);

const HELP_FOOTER = "Keel · Build 2025.4.101407 · 2025-10-11";
const MENUS: readonly MenuName[] = ["Create", "Help", "Administration", "Profile"];
const VISITORS = Object.keys(EXPECTED) as Visitor[];

// ---------- helpers ----------

const isGroup = (entry: Entry): entry is Exclude<Entry, string> => typeof entry !== "string";
const entryName = (entry: Entry): string => (isGroup(entry) ? entry.group : entry);
/** The entries a visitor can pick, groups replaced by their entries. */
const leaves = (entries: readonly Entry[]): string[] =>
  entries.flatMap((entry) => (isGroup(entry) ? [...entry.entries] : [entry]));

/** The accessible name of each menu trigger. */
function menuLabel(visitor: Visitor, menu: MenuName): string {
  return menu === "Profile" && visitor !== "guest" ? `Profile: ${DEMO_USERS[visitor]}` : menu;
}

/** Where the visitor starts: the landing page after sign-in (tom's has his id); guests at / go to /issues. */
async function startOf(visitor: Visitor): Promise<string> {
  return visitor === "guest" ? "/issues" : landingOf(await userOf(visitor)).url;
}

/** Signs the visitor in (guests just open the start page) and waits for hydration when scripts run. */
async function visit(page: Page, visitor: Visitor, path?: string): Promise<boolean> {
  path ??= await startOf(visitor);
  if (visitor === "guest") await page.goto(path);
  else await signInQuickly(page, visitor, path);
  const scripts = await javaScriptRuns(page);
  if (scripts) await waitForHydration(page);
  return scripts;
}

/**
 * The elements' texts with whitespace collapsed, leaving out what is hidden from assistive technology (a
 * menu entry's keyboard hint): the accessible names of text-only entries.
 */
async function texts(locator: Locator): Promise<string[]> {
  return locator.evaluateAll((elements) =>
    elements.map((element) => {
      const copy = element.cloneNode(true) as Element;
      for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
      return (copy.textContent ?? "").replace(/\s+/g, " ").trim();
    }),
  );
}

async function navItemIds(page: Page): Promise<string[]> {
  const ids = await mainNav(page)
    .locator("[data-nav-item]")
    .evaluateAll((elements) => elements.map((element) => element.getAttribute("data-nav-item") ?? ""));
  // Installed apps' items (the seeded sample apps) have generated ids; widgets.spec.ts covers them.
  return ids.filter((id) => !id.startsWith("app-"));
}

/**
 * Without JavaScript a menu's trigger is a link to the menu's own page (docs/decisions/0025), found by its
 * accessible name: its aria-label (the profile menu), else its text.
 */
const menuPageLink = (page: Page, label: string) =>
  mainNav(page)
    .locator("a[data-menu]")
    .and(mainNav(page).getByRole("link", { name: label, exact: true }));
/** The menu on its page: its entries, and the help menu's footer. */
const menuOnPage = (page: Page) => page.locator("main [data-menu-page] .menu");
/** Follows a menu's link from the current page and checks that the menu's page knows the way back. */
async function openMenuPage(page: Page, label: string): Promise<Locator> {
  const { pathname, search } = new URL(page.url());
  const link = menuPageLink(page, label);
  const id = await link.getAttribute("data-menu");
  await link.click();
  await expect(page).toHaveURL(`/menu/${id}?back=${encodeURIComponent(`${pathname}${search}`)}`);
  await expect(page.getByRole("heading", { level: 1, name: label, exact: true })).toBeVisible();
  await expect(page.locator("main").getByRole("link", { name: "Close the menu" })).toHaveAttribute(
    "href",
    `${pathname}${search}`,
  );
  return menuOnPage(page);
}
/** With JavaScript a menu is a menu button. */
const menuButton = (page: Page, label: string) =>
  mainNav(page).getByRole("button", { name: label, exact: true });
const openMenu = (page: Page, label: string) => page.getByRole("menu", { name: label, exact: true });
const menuItems = (menu: Locator) => menu.getByRole("menuitem");
/** Opening from the keyboard focuses the first item; keys pressed before that would be lost. */
const popupFirstItem = (menu: Locator) => menuItems(menu).first();

/** The links and form buttons of a menu on its page, in document order. */
const pageEntries = (menu: Locator) => menu.locator("a[href], button");

async function expectFocusVisible(locator: Locator): Promise<void> {
  await expect(locator).toBeFocused();
  const outline = await locator.evaluate((element) => getComputedStyle(element).outlineStyle);
  expect(outline, "outline-style of the focused element").not.toBe("none");
}

/** Presses Tab until `target` has focus, starting from the logo. */
async function tabTo(page: Page, target: Locator): Promise<void> {
  await mainNav(page).getByRole("link", { name: "Keel, start page" }).focus();
  for (let presses = 0; presses < 60; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) break;
    await page.keyboard.press("Tab");
  }
  await expectFocusVisible(target);
}

/** Opens a menu's page and checks its entries, group by group, then goes back where it was opened. */
async function expectStaticMenu(page: Page, label: string, expected: readonly Entry[]): Promise<void> {
  const from = page.url();
  await expect(menuPageLink(page, label)).toHaveCount(1);
  const menu = await openMenuPage(page, label);
  const entries = pageEntries(menu);
  await expect(entries.first()).toBeVisible();
  expect(await texts(entries), `entries of ${label}`).toEqual(leaves(expected));
  for (const group of expected.filter(isGroup)) {
    const item = menu.getByRole("listitem").filter({ has: page.getByText(group.group, { exact: true }) });
    await expect(item, `the ${group.group} group`).toHaveCount(1);
    expect(await texts(pageEntries(item)), `entries of ${group.group}`).toEqual(group.entries);
  }
  await page.locator("main").getByRole("link", { name: "Close the menu" }).click();
  await expect(page).toHaveURL(from);
}

/** An expected href for the page at `path`: help-panel links keep the page's own query and add panel=…. */
function fillPath(value: string, path: string): string {
  return value.replaceAll("{path}?", path.includes("?") ? `${path}&` : `${path}?`).replaceAll("{path}", path);
}

/** Link items lead where the server HTML's links do (`path`: the current path and query). */
async function expectItemLinks(menu: Locator, names: readonly string[], path: string): Promise<void> {
  for (const name of names) {
    const target = ENTRY_TARGET[name];
    if (target && "href" in target && !SCRIPTED_ENTRIES.has(name))
      await expect(menu.getByRole("menuitem", { name, exact: true })).toHaveAttribute(
        "href",
        fillPath(target.href, path),
      );
  }
}

/** Opens a menu button and checks its items, then each submenu. */
async function expectInteractiveMenu(page: Page, label: string, expected: readonly Entry[]): Promise<void> {
  const { pathname, search } = new URL(page.url());
  const path = `${pathname}${search}`;
  const trigger = menuButton(page, label);
  await expect(trigger).toHaveAttribute("aria-haspopup", "menu");
  await expect(trigger).toHaveAttribute("aria-expanded", "false");
  await trigger.click();
  const menu = openMenu(page, label);
  await expect(menu).toBeVisible();
  await expect(trigger).toHaveAttribute("aria-expanded", "true");
  expect(await texts(menuItems(menu)), `items of ${label}`).toEqual(expected.map(entryName));
  // Every entry is a menu item: a plain link would be out of reach of the arrow keys.
  await expect(menu.getByRole("link")).toHaveCount(0);
  for (const entry of expected) {
    const item = menu.getByRole("menuitem", { name: entryName(entry), exact: true });
    if (isGroup(entry)) await expect(item).toHaveAttribute("aria-haspopup", "menu");
    else await expect(item).not.toHaveAttribute("aria-haspopup");
  }
  await expectItemLinks(
    menu,
    expected.filter((entry): entry is string => !isGroup(entry)),
    path,
  );
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  for (const group of expected.filter(isGroup)) {
    await trigger.click();
    await menu.getByRole("menuitem", { name: group.group, exact: true }).click();
    const submenu = openMenu(page, group.group);
    await expect(submenu).toBeVisible();
    expect(await texts(menuItems(submenu)), `items of ${group.group}`).toEqual(group.entries);
    await expect(submenu.getByRole("link")).toHaveCount(0);
    await expectItemLinks(submenu, group.entries, path);
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
  }
}

/**
 * The item ids and menus the server rendered into the nav, and each menu's entries from the page its
 * trigger links to, all read without running scripts.
 */
interface ServerNav {
  expanded: string | null;
  logo: string | null;
  items: { id: string; href: string | null }[];
  menus: { label: string; href: string; entries: ServerEntry[]; text: string }[];
}
type ServerEntry =
  | { name: string; kind: "link"; href: string | null; target: string | null }
  | {
      name: string;
      kind: "form";
      method: string | null;
      action: string | null;
      fields: Record<string, string>;
    };

/** Reads the server's HTML of `path` in the page: the nav landmark, or the menu a menu page shows. */
async function readServerHtml(page: Page, path: string) {
  const response = await page.request.get(path, { maxRedirects: 0 });
  expect(response.status(), `GET ${path}`).toBe(200);
  const html = await response.text();
  return page.evaluate((source) => {
    const doc = new DOMParser().parseFromString(source, "text/html");
    const name = (element: Element) => {
      const copy = element.cloneNode(true) as Element;
      for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
      return (copy.textContent ?? "").replace(/\s+/g, " ").trim();
    };
    const root = doc.querySelector('nav[aria-label="Main"]');
    const menu = doc.querySelector("main [data-menu-page] .menu");
    return {
      nav: root && {
        expanded: root.getAttribute("data-expanded"),
        logo: root.querySelector('a[aria-label="Keel, start page"]')?.getAttribute("href") ?? null,
        // Installed apps' items and administration pages (the seeded sample apps) are widgets.spec.ts's.
        items: [...root.querySelectorAll("[data-nav-item]:not([data-nav-item^='app-'])")].map((item) => ({
          id: item.getAttribute("data-nav-item") ?? "",
          href: item.getAttribute("href"),
        })),
        // The bar's menus are links to their pages; the narrow screen's hamburger (no data-menu) is another.
        menus: [...root.querySelectorAll("a[data-menu]")].map((link) => ({
          label: link.getAttribute("aria-label") ?? name(link),
          href: link.getAttribute("href") ?? "",
        })),
      },
      menu: menu && {
        entries: [...menu.querySelectorAll("a[href], button")].map((entry): ServerEntry => {
          const form = entry.closest("form");
          if (entry.tagName === "BUTTON" && form) {
            const fields: Record<string, string> = {};
            for (const input of form.querySelectorAll<HTMLInputElement>('input[type="hidden"]'))
              fields[input.name] = input.value;
            return {
              name: name(entry),
              kind: "form" as const,
              method: form.getAttribute("method"),
              action: form.getAttribute("action"),
              fields,
            };
          }
          return {
            name: name(entry),
            kind: "link" as const,
            href: entry.getAttribute("href"),
            target: entry.getAttribute("target"),
          };
        }),
        text: name(menu),
      },
    };
  }, html);
}

async function serverNav(page: Page, path: string): Promise<ServerNav> {
  const { nav } = await readServerHtml(page, path);
  expect(nav, `nav landmark in the HTML of ${path}`).not.toBeNull();
  const menus: ServerNav["menus"] = [];
  for (const link of nav!.menus) {
    const target = new URL(link.href, "http://keel.invalid");
    expect(target.pathname, `${link.label} leads to its menu page`).toMatch(/^\/menu\/[a-z]+$/);
    expect(target.searchParams.get("back"), `${link.label} comes back to ${path}`).toBe(path);
    const { menu } = await readServerHtml(page, link.href);
    expect(menu, `the menu on ${link.href}`).not.toBeNull();
    menus.push({ ...link, ...menu! });
  }
  return { ...nav!, menus };
}

/** The nav start tag of the server's HTML for `path`: what the browser lays out before any script. */
async function serverNavTag(page: Page, path: string): Promise<string> {
  const html = await (await page.request.get(path)).text();
  const tag = /<nav\b[^>]*aria-label="Main"[^>]*>/.exec(html)?.[0];
  expect(tag, `nav start tag of ${path}`).toBeTruthy();
  return tag!;
}

function expectTarget(entry: ServerEntry, target: Target, path: string): void {
  const fill = (value: string) => fillPath(value, path);
  if ("href" in target) {
    expect(entry, `${entry.name} is a link`).toMatchObject({ kind: "link", href: fill(target.href) });
    if (entry.kind === "link")
      expect(entry.target, `${entry.name} target`).toBe(target.newTab ? "_blank" : null);
    return;
  }
  expect(entry, `${entry.name} is a form`).toMatchObject({ kind: "form", action: target.post });
  if (entry.kind !== "form") return;
  expect(entry.method?.toLowerCase(), `${entry.name} method`).toBe("post");
  const { csrf, ...fields } = entry.fields;
  expect(csrf, `${entry.name} csrf field`).toBeTruthy();
  expect(fields, `${entry.name} fields`).toEqual(
    Object.fromEntries(Object.entries(target.fields).map(([key, value]) => [key, fill(value)])),
  );
}

// ---------- what each visitor sees ----------

for (const javaScriptEnabled of [false, true]) {
  test.describe(javaScriptEnabled ? "navigation with JavaScript" : "navigation without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test.describe("items and menus per visitor", () => {
      // Tall enough that no item has to move into the More menu: this is about permissions.
      test.use({ viewport: { width: 1280, height: 1400 } });

      for (const visitor of VISITORS) {
        test(`${visitor} sees exactly the items and menu entries the model allows`, async ({ page }) => {
          test.slow(visitor === "admin" && javaScriptEnabled, "opens every Administration submenu");
          const expected = EXPECTED[visitor];
          const scripts = await visit(page, visitor);
          expect(scripts).toBe(javaScriptEnabled);
          await expect(page).toHaveURL(await startOf(visitor));
          const nav = mainNav(page);

          await expect(nav.getByRole("link", { name: "Keel, start page" })).toHaveAttribute(
            "href",
            expected.logo,
          );
          expect(await navItemIds(page)).toEqual(expected.items);
          for (const id of expected.items)
            await expect(nav.locator(`[data-nav-item="${id}"]`)).toHaveAttribute("href", ITEM_HREF[id]!);

          for (const menu of MENUS) {
            const label = menuLabel(visitor, menu);
            const entries = expected.menus[menu];
            const trigger = scripts ? menuButton(page, label) : menuPageLink(page, label);
            if (!entries) {
              await expect(trigger, `${label} menu is hidden`).toHaveCount(0);
              continue;
            }
            await expect(trigger).toBeVisible();
            if (scripts) await expectInteractiveMenu(page, label, entries);
            else await expectStaticMenu(page, label, entries);
          }

          const login = nav.getByRole("link", { name: "Log in", exact: true });
          if (visitor === "guest") {
            await expect(login).toHaveAttribute(
              "href",
              `/login?redirect=${encodeURIComponent(await startOf(visitor))}`,
            );
            await expect(page.getByTestId("current-user")).toHaveCount(0);
          } else {
            await expect(login).toHaveCount(0);
            await expect(page.getByTestId("current-user")).toHaveText(DEMO_USERS[visitor]);
          }
        });
      }
    });

    test("on /articles only Knowledge Base is the current page", async ({ page }) => {
      await visit(page, "admin", "/articles");
      const nav = mainNav(page);
      const current = nav.locator('[aria-current="page"]').filter({ visible: true });
      await expect(nav.getByRole("link", { name: "Knowledge Base", exact: true })).toHaveAttribute(
        "aria-current",
        "page",
      );
      await expect(current).toHaveCount(1);
      await expect(current).toHaveAttribute("data-nav-item", "articles");
      await expect(nav.locator("[data-nav-item][aria-current]")).toHaveCount(1);
      // Below its url too.
      await page.goto("/articles/DEMO-A-1");
      await expect(current).toHaveCount(1);
      await expect(current).toHaveAttribute("data-nav-item", "articles");
    });

    test("the guest's Knowledge Base is current on /articles and Issues is not", async ({ page }) => {
      await visit(page, "guest", "/articles");
      const nav = mainNav(page);
      await expect(nav.locator('[aria-current="page"]').filter({ visible: true })).toHaveCount(1);
      await expect(nav.locator('[data-nav-item="articles"]')).toHaveAttribute("aria-current", "page");
      await expect(nav.locator('[data-nav-item="issues"]')).not.toHaveAttribute("aria-current");
    });

    test("the Help menu shows the build footer and opens panels on the current path", async ({ page }) => {
      const scripts = await visit(page, "alice");
      const container = scripts ? openMenu(page, "Help") : menuOnPage(page);
      const entry = (name: string) =>
        scripts
          ? container.getByRole("menuitem", { name, exact: true })
          : container.getByRole("link", { name, exact: true });
      const open = async () => {
        if (scripts) await menuButton(page, "Help").click();
        else await openMenuPage(page, "Help");
      };

      await open();
      await expect(container.getByText(HELP_FOOTER, { exact: true })).toBeVisible();
      await expect(container.locator("time")).toHaveAttribute("datetime", "2025-10-11");
      await expect(entry("About")).toHaveAttribute("href", "/dashboard?panel=about");
      await expect(entry("Keyboard Shortcuts")).toHaveAttribute("href", "/dashboard?panel=shortcuts");
      await expect(entry("Tips for New Users")).toHaveAttribute("href", "/dashboard?panel=tips");

      // On another page the entries follow the new path.
      if (scripts) {
        await page.keyboard.press("Escape");
        await expect(container).toBeHidden();
      }
      await mainNav(page).getByRole("link", { name: "Knowledge Base", exact: true }).click();
      await expect(page).toHaveURL("/articles");
      await open();
      await expect(entry("About")).toHaveAttribute("href", "/articles?panel=about");
      await expect(entry("Keyboard Shortcuts")).toHaveAttribute("href", "/articles?panel=shortcuts");
      await entry("About").click();
      await expect(page).toHaveURL("/articles?panel=about");
    });

    test("a guest's Collapse navigation is kept in the guest's browser", async ({ page }) => {
      await visit(page, "guest");
      const collapse = mainNav(page).getByRole("button", { name: "Collapse navigation", exact: true });
      // No button for guests would do as well.
      if ((await collapse.count()) === 0) return;
      const [response] = await Promise.all([
        page.waitForResponse(
          (r) =>
            r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/settings/appearance"),
        ),
        collapse.click(),
      ]);
      expect(response.status(), "answer to the collapse form").toBeLessThan(500);
      await expect(page.getByRole("heading", { level: 1, name: "Something went wrong" })).toHaveCount(0);
      await expect(mainNav(page)).toBeVisible();
      await expect(page.getByRole("heading", { level: 1, name: "Issues" })).toBeVisible();
      // Guests share one profile, so the choice lives in a cookie of this browser only.
      await expect(mainNav(page)).toHaveAttribute("data-expanded", "false");
      await page.reload();
      await expect(mainNav(page)).toHaveAttribute("data-expanded", "false");
    });

    test.describe("collapsing", () => {
      test("Collapse navigation is saved to the profile and rendered by the server", async ({ page }) => {
        const scripts = await visit(page, "admin");
        const path = await startOf("admin");
        const nav = mainNav(page);
        const collapse = nav.getByRole("button", { name: "Collapse navigation", exact: true });
        const expand = nav.getByRole("button", { name: "Expand navigation", exact: true });
        await expect(nav).toHaveAttribute("data-expanded", "true");
        if (scripts) await page.evaluate(() => Object.assign(window, { keelNoReload: true }));

        await collapse.click();
        await expect(nav).toHaveAttribute("data-expanded", "false");
        await expect(expand).toBeVisible();
        await expect(page).toHaveURL(path);
        // Collapsed, the items keep their names for assistive technology and as tooltips.
        await expect(nav.getByRole("link", { name: "Knowledge Base", exact: true })).toHaveAttribute(
          "title",
          "Knowledge Base",
        );
        if (scripts) expect(await page.evaluate(() => "keelNoReload" in window), "no page load").toBe(true);

        // Saved: the server's first HTML already has the collapsed bar, so nothing jumps before scripts run.
        await expect.poll(() => serverNavTag(page, path)).toContain('data-expanded="false"');
        await page.reload();
        await expect(nav).toHaveAttribute("data-expanded", "false");
        if (scripts) await waitForHydration(page);

        await expand.click();
        await expect(nav).toHaveAttribute("data-expanded", "true");
        await expect(collapse).toBeVisible();
        await expect.poll(() => serverNavTag(page, path)).toContain('data-expanded="true"');
        await page.reload();
        await expect(nav).toHaveAttribute("data-expanded", "true");
      });

      test("in the collapsed bar an open menu shows its entries in full", async ({ page }) => {
        const scripts = await visit(page, "alice");
        const nav = mainNav(page);
        await nav.getByRole("button", { name: "Collapse navigation", exact: true }).click();
        await expect(nav).toHaveAttribute("data-expanded", "false");
        if (scripts) await menuButton(page, "Help").click();
        else await openMenuPage(page, "Help");
        const menu = scripts ? openMenu(page, "Help") : menuOnPage(page);
        for (const name of leaves(HELP)) {
          const entry = menu.getByRole(scripts ? "menuitem" : "link", { name, exact: true });
          await expect(entry, `${name} unclipped`).toBeInViewport({ ratio: 1 });
        }
      });
    });

    test.describe("themes", () => {
      test("choosing Dark in Appearance switches the theme and keeps it", async ({ page }) => {
        const scripts = await visit(page, "tom");
        const html = page.locator("html");
        await expect(html).toHaveAttribute("data-theme", "system");
        const label = menuLabel("tom", "Profile");
        if (scripts) {
          await menuButton(page, label).click();
          await openMenu(page, label).getByRole("menuitem", { name: "Appearance", exact: true }).click();
          await openMenu(page, "Appearance").getByRole("menuitem", { name: "Dark", exact: true }).click();
        } else {
          const menu = await openMenuPage(page, label);
          await menu.getByRole("button", { name: "Dark", exact: true }).click();
        }
        await expect(html).toHaveAttribute("data-theme", "darcula");
        await expect(page).toHaveURL(await startOf("tom"));
        await page.reload();
        await expect(html).toHaveAttribute("data-theme", "darcula");
      });
    });
  });
}

// ---------- the server's HTML ----------

test.describe("server-rendered navigation", () => {
  for (const visitor of VISITORS) {
    test(`${visitor}: every item and menu entry is in the HTML as a link or form`, async ({ page }) => {
      const expected = EXPECTED[visitor];
      const path = await startOf(visitor);
      if (visitor !== "guest") await signInQuickly(page, visitor, path);
      const nav = await serverNav(page, path);

      expect(nav.expanded).toBe("true");
      expect(nav.logo).toBe(expected.logo);
      expect(nav.items).toEqual(expected.items.map((id) => ({ id, href: ITEM_HREF[id] })));

      const labels = MENUS.filter((menu) => expected.menus[menu]).map((menu) => menuLabel(visitor, menu));
      expect(nav.menus.map((menu) => menu.label)).toEqual(labels);
      for (const menu of MENUS) {
        const entries = expected.menus[menu];
        if (!entries) continue;
        const rendered = nav.menus.find((m) => m.label === menuLabel(visitor, menu));
        expect(
          rendered?.entries.map((entry) => entry.name),
          `${menu} entries`,
        ).toEqual(leaves(entries));
        for (const entry of rendered?.entries ?? []) {
          const target = ENTRY_TARGET[entry.name];
          expect(target, `a target for ${entry.name}`).toBeDefined();
          expectTarget(entry, target!, path);
        }
      }
      if (expected.menus.Help)
        expect(nav.menus.find((menu) => menu.label === "Help")?.text).toContain(HELP_FOOTER);
    });
  }
});

// ---------- keyboard ----------

test.describe("keyboard, without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a menu's link opens its page with Enter, and Enter on Close the menu comes back", async ({
    page,
  }) => {
    await visit(page, "admin");
    const from = page.url();
    await tabTo(page, menuPageLink(page, "Help"));
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(`/menu/help?back=${encodeURIComponent(new URL(from).pathname)}`);
    const close = page.locator("main").getByRole("link", { name: "Close the menu" });
    await tabTo(page, close);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(from);
  });

  test("Tab reaches a menu page's entries, and the focused one is outlined", async ({ page }) => {
    await visit(page, "admin");
    const menu = await openMenuPage(page, "Help");
    await tabTo(page, menu.getByRole("link", { name: "Feedback", exact: true }));
  });
});

test.describe("keyboard, with JavaScript", () => {
  for (const menu of MENUS) {
    test(`the ${menu} menu opens with Enter, Space and ArrowDown and Escape returns to its trigger`, async ({
      page,
    }) => {
      await visit(page, "admin");
      const label = menuLabel("admin", menu);
      const trigger = menuButton(page, label);
      const popup = openMenu(page, label);
      const first = entryName(EXPECTED.admin.menus[menu]![0]!);

      await tabTo(page, trigger);
      for (const key of ["Enter", " ", "ArrowDown"]) {
        await page.keyboard.press(key);
        await expect(popup, `opened with ${JSON.stringify(key)}`).toBeVisible();
        await expect(trigger).toHaveAttribute("aria-expanded", "true");
        await expectFocusVisible(popup.getByRole("menuitem", { name: first, exact: true }));
        await page.keyboard.press("Escape");
        await expect(popup).toBeHidden();
        await expect(trigger).toHaveAttribute("aria-expanded", "false");
        await expectFocusVisible(trigger);
      }
    });

    test(`arrow keys move through every entry of the ${menu} menu and its submenus`, async ({ page }) => {
      await visit(page, "admin");
      const label = menuLabel("admin", menu);
      const expected = EXPECTED.admin.menus[menu]!;
      const names = expected.map(entryName);
      const popup = openMenu(page, label);
      const item = (name: string) => popup.getByRole("menuitem", { name, exact: true });

      await tabTo(page, menuButton(page, label));
      await page.keyboard.press("Enter");
      await expect(popup).toBeVisible();
      await expect(popup.getByRole("menuitem")).toHaveCount(names.length);
      for (const [index, name] of names.entries()) {
        if (index > 0) await page.keyboard.press("ArrowDown");
        await expectFocusVisible(item(name));
      }
      // The menu loops both ways.
      await page.keyboard.press("ArrowDown");
      await expect(item(names[0]!)).toBeFocused();
      await page.keyboard.press("ArrowUp");
      await expect(item(names.at(-1)!)).toBeFocused();

      for (const group of expected.filter(isGroup)) {
        // Radix moves focus in a timeout: each key waits for the one before it to land.
        await page.keyboard.press("Home");
        await expect(item(names[0]!)).toBeFocused();
        for (const name of names.slice(1, names.indexOf(group.group) + 1)) {
          await page.keyboard.press("ArrowDown");
          await expect(item(name)).toBeFocused();
        }
        await page.keyboard.press("ArrowRight");
        const submenu = openMenu(page, group.group);
        await expect(submenu).toBeVisible();
        for (const [index, name] of group.entries.entries()) {
          if (index > 0) await page.keyboard.press("ArrowDown");
          await expectFocusVisible(submenu.getByRole("menuitem", { name, exact: true }));
        }
        await page.keyboard.press("ArrowLeft");
        await expect(submenu).toBeHidden();
        await expect(item(group.group)).toBeFocused();
      }
    });
  }

  const TYPEAHEAD: [MenuName, string, string][] = [
    ["Create", "New a", "New article"],
    ["Help", "Su", "Support"],
    ["Administration", "Wo", "Workflows"],
    ["Administration", "Int", "Integrations"],
    ["Profile", "Sw", "Switch user"],
    ["Profile", "Mo", "More settings"],
  ];
  for (const [menu, typed, found] of TYPEAHEAD) {
    test(`typing "${typed}" in the ${menu} menu highlights ${found}`, async ({ page }) => {
      await visit(page, "admin");
      const label = menuLabel("admin", menu);
      const popup = openMenu(page, label);
      await tabTo(page, menuButton(page, label));
      await page.keyboard.press("Enter");
      await expect(popupFirstItem(popup)).toBeFocused();
      await page.keyboard.type(typed);
      const item = popup.getByRole("menuitem", { name: found, exact: true });
      await expectFocusVisible(item);
      await expect(item).toHaveAttribute("data-highlighted", "");
    });
  }

  test("ArrowRight opens Access Management, ArrowLeft closes it, Escape closes the menu", async ({
    page,
  }) => {
    await visit(page, "admin");
    const trigger = menuButton(page, "Administration");
    const menu = openMenu(page, "Administration");
    const group = menu.getByRole("menuitem", { name: "Access Management", exact: true });
    const submenu = openMenu(page, "Access Management");

    await tabTo(page, trigger);
    await page.keyboard.press("Enter");
    await expect(popupFirstItem(menu)).toBeFocused();
    await page.keyboard.type("Acc");
    await expectFocusVisible(group);
    await expect(group).toHaveAttribute("aria-expanded", "false");

    await page.keyboard.press("ArrowRight");
    await expect(submenu).toBeVisible();
    await expect(group).toHaveAttribute("aria-expanded", "true");
    await expectFocusVisible(submenu.getByRole("menuitem", { name: "Users", exact: true }));
    await expect(menuItems(submenu)).toHaveText([
      "Users",
      "Organizations",
      "Groups",
      "Roles",
      "Auth Modules",
      "SAML 2.0",
    ]);

    await page.keyboard.press("ArrowLeft");
    await expect(submenu).toBeHidden();
    await expect(menu).toBeVisible();
    await expectFocusVisible(group);

    // Enter opens it too; Escape then closes the whole menu and returns to the trigger.
    await page.keyboard.press("Enter");
    await expect(submenu).toBeVisible();
    await expect(submenu.getByRole("menuitem", { name: "Users", exact: true })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(submenu.getByRole("menuitem", { name: "Organizations", exact: true })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(submenu).toBeHidden();
    await expect(menu).toBeHidden();
    await expectFocusVisible(trigger);
  });

  test("entries show an icon and their shortcut's keys, named for assistive technology", async ({ page }) => {
    await visit(page, "alice");
    const trigger = menuButton(page, "Help");
    const menu = openMenu(page, "Help");
    await trigger.click();
    const shortcuts = menu.getByRole("menuitem", { name: "Keyboard Shortcuts", exact: true });
    await expect(shortcuts.locator(".menu-item-keys kbd")).toHaveText(["Ctrl", "/"]);
    await expect(shortcuts).toHaveAttribute("aria-keyshortcuts", "Control+/");
    await expect(shortcuts.locator(".menu-item-icon svg")).toHaveCount(1);
    // An entry without a shortcut has an icon and no keys.
    const markup = menu.getByRole("menuitem", { name: "Markdown Reference", exact: true });
    await expect(markup.locator(".menu-item-icon svg")).toHaveCount(1);
    await expect(markup.locator("kbd")).toHaveCount(0);
    await expect(markup).not.toHaveAttribute("aria-keyshortcuts");
  });

  test("following a link entry closes its menu", async ({ page }) => {
    await visit(page, "alice");
    const trigger = menuButton(page, "Help");
    const menu = openMenu(page, "Help");
    await trigger.click();
    await expect(menu).toBeVisible();
    await menu.getByRole("menuitem", { name: "Markdown Reference", exact: true }).click();
    await expect(page).toHaveURL("/markup");
    await expect(menu).toBeHidden();
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
  });

  test.describe("themes", () => {
    test("Enter on Dark in Appearance switches to the dark theme, which survives a reload", async ({
      page,
    }) => {
      await visit(page, "admin");
      const html = page.locator("html");
      const label = menuLabel("admin", "Profile");
      const menu = openMenu(page, label);
      const appearance = openMenu(page, "Appearance");
      const theme = (name: string) => appearance.getByRole("menuitem", { name, exact: true });
      await expect(html).toHaveAttribute("data-theme", "system");

      await tabTo(page, menuButton(page, label));
      await page.keyboard.press("Enter");
      await expect(popupFirstItem(menu)).toBeFocused();
      await page.keyboard.type("Appe");
      await expectFocusVisible(menu.getByRole("menuitem", { name: "Appearance", exact: true }));
      await page.keyboard.press("ArrowRight");
      await expect(appearance).toBeVisible();
      await expect(theme("Sync with OS")).toHaveAttribute("aria-current", "true");
      await expectFocusVisible(theme("Light"));
      await page.keyboard.press("ArrowDown");
      await expectFocusVisible(theme("Dark"));
      await page.keyboard.press("Enter");

      await expect(menu).toBeHidden();
      await expect(html).toHaveAttribute("data-theme", "darcula");
      await page.reload();
      await expect(html).toHaveAttribute("data-theme", "darcula");
      await waitForHydration(page);
      await menuButton(page, label).click();
      await menu.getByRole("menuitem", { name: "Appearance", exact: true }).click();
      await expect(theme("Dark")).toHaveAttribute("aria-current", "true");
      await expect(theme("Sync with OS")).not.toHaveAttribute("aria-current");
    });
  });
});
