import { expect, test } from "vitest";
import {
  COMMAND_LIMIT,
  entryScore,
  foundEntries,
  fuzzyScore,
  paletteCommands,
  rankPalette,
  rememberChoice,
  RECENT_LIMIT,
  type PaletteContext,
  type PaletteEntry,
} from "./command-palette.ts";
import type { Navigation, NavItem } from "./navigation-model.ts";

const item = (id: string, name: string, url: string, extra: Partial<NavItem> = {}): NavItem => ({
  id,
  name,
  url,
  icon: "issues",
  active: false,
  ...extra,
});

function navigation({ guest = false, admin = true } = {}): Navigation {
  return {
    logoUrl: "/",
    items: [
      item("issues", "Issues", "/issues"),
      item("articles", "Knowledge Base", "/articles"),
      item("notifications", "Notifications", "/notifications"),
    ],
    hidden: [item("gantt-charts", "Gantt Charts", "/gantt-charts")],
    allItems: [],
    create: guest ? [] : [item("new-issue", "New issue", "/newIssue", { target: "_blank" })],
    help: {
      items: [
        { id: "shortcuts", name: "Keyboard Shortcuts", actionKey: "shortcuts" },
        { id: "markup", name: "Markdown Reference", url: "/markup" },
        { id: "documentation", name: "Documentation", url: "https://example.com/docs", target: "_blank" },
      ],
      footer: { productName: "Keel", build: "1", releaseDate: "2026-01-01" },
    },
    settings: admin
      ? [
          item("apps", "Apps", "/admin/apps"),
          item("access-management", "Access Management", "", {
            items: [item("users", "Users", "/admin/users"), item("groups", "Groups", "/admin/groups")],
          }),
        ]
      : [],
    notifications: { visible: !guest, unread: false },
    profile: guest
      ? { guest: true, items: [item("login", "Log in", "/login")] }
      : {
          guest: false,
          items: [
            item("profile", "Profile", "/users/me"),
            item("logout", "Log out", "", { action: { type: "logout" } }),
            item("switch-user", "Switch user", "", { action: { type: "switch-user" } }),
            item("apply-user", "Apply user", "", { action: { type: "apply-user" } }),
            item("appearance", "Appearance", "", {
              items: [
                item("theme-default", "Light", "", { action: { type: "theme", uiTheme: "default" } }),
                item("theme-darcula", "Dark", "", { action: { type: "theme", uiTheme: "darcula" } }),
              ],
            }),
            item("language", "Language", "", {
              items: [
                item("language-de", "Deutsch", "", { action: { type: "language", language: "de" } }),
                item("language-he", "עברית", "", { action: { type: "language", language: "he" } }),
              ],
            }),
          ],
        },
  };
}

const context: PaletteContext = {
  back: "/issue/DEMO-1?tab=x",
  helpUrl: (view) => `/issue/DEMO-1?panel=${view}`,
  expanded: true,
  label: (id) => id,
  text: (key) =>
    ({
      collapseNavigation: "Collapse navigation",
      expandNavigation: "Expand navigation",
      theme: "Theme",
      create: "Create",
    })[key],
};

const byId = (entries: readonly PaletteEntry[], id: string) => entries.find((e) => e.id === id);

test("the commands are the navigation's places (hidden ones too), its menus' links and actions, and help", () => {
  const commands = paletteCommands(navigation(), context);
  expect(commands.map((c) => c.id)).toEqual([
    "issues",
    "articles",
    "notifications",
    "gantt-charts",
    "new-issue",
    "admin-apps",
    "admin-users",
    "admin-groups",
    "profile",
    "logout",
    "switch-user",
    "theme-default",
    "theme-darcula",
    "language-de",
    "language-he",
    "toggle-navigation",
    "help-shortcuts",
    "help-markup",
    "help-documentation",
  ]);
  // Actions post where the menus post, and come back to this page.
  expect(byId(commands, "theme-darcula")).toMatchObject({
    group: "actions",
    detail: "Appearance",
    keywords: ["Appearance", "Theme"],
    effect: {
      kind: "post",
      url: "/settings/appearance",
      fields: { uiTheme: "darcula", redirectTo: "/issue/DEMO-1?tab=x" },
      staysOnPage: true,
    },
  });
  expect(byId(commands, "language-de")?.effect).toEqual({
    kind: "post",
    url: "/settings/language",
    fields: { language: "de", back: "/issue/DEMO-1?tab=x" },
    staysOnPage: true,
  });
  expect(byId(commands, "logout")?.effect).toEqual({
    kind: "post",
    url: "/logout",
    fields: {},
    staysOnPage: false,
  });
  expect(byId(commands, "switch-user")?.effect).toMatchObject({ fields: { intent: "switch" } });
  expect(byId(commands, "toggle-navigation")).toMatchObject({
    title: "Collapse navigation",
    shortcut: "toggle-navigation",
    effect: { fields: { expandNavigation: "false", redirectTo: "/issue/DEMO-1?tab=x" } },
  });
  expect(byId(commands, "admin-users")).toMatchObject({
    group: "administration",
    detail: "Access Management",
  });
  expect(byId(commands, "new-issue")).toMatchObject({ shortcut: "new-issue", effect: { newTab: true } });
  expect(byId(commands, "help-shortcuts")).toMatchObject({
    shortcut: "quick-help",
    effect: { kind: "link", url: "/issue/DEMO-1?panel=shortcuts" },
  });
  expect(byId(commands, "issues")?.shortcut).toBe("go-to-issues");
});

test("a collapsed navigation offers to expand; a member gets no administration; a guest only places and help", () => {
  expect(
    byId(paletteCommands(navigation(), { ...context, expanded: false }), "toggle-navigation"),
  ).toMatchObject({
    title: "Expand navigation",
    effect: { fields: { expandNavigation: "true" } },
  });
  expect(
    paletteCommands(navigation({ admin: false }), context).some((c) => c.group === "administration"),
  ).toBe(false);
  const guest = paletteCommands(navigation({ guest: true, admin: false }), context).map((c) => c.id);
  expect(guest).toEqual([
    "issues",
    "articles",
    "notifications",
    "gantt-charts",
    "login",
    "help-shortcuts",
    "help-markup",
    "help-documentation",
  ]);
});

test("fuzzy matching: a prefix beats a substring, which beats letters scattered over word starts", () => {
  expect(fuzzyScore("kno", "Knowledge Base")).toBeGreaterThan(fuzzyScore("base", "Knowledge Base")!);
  expect(fuzzyScore("base", "Knowledge Base")).toBeGreaterThan(fuzzyScore("kb", "Knowledge Base")!);
  expect(fuzzyScore("kb", "Knowledge Base")).toBeGreaterThan(fuzzyScore("kb", "Keyboard Shortcuts")!);
  expect(fuzzyScore("xyz", "Knowledge Base")).toBeNull();
  expect(fuzzyScore("DEUT", "Deutsch")).not.toBeNull();
  // Accents fold: "francais" finds "Français".
  expect(fuzzyScore("francais", "Français")).not.toBeNull();
});

test("every word must match the title, the menu or a keyword", () => {
  const dark = byId(paletteCommands(navigation(), context), "theme-darcula")!;
  expect(entryScore("theme dark", dark)).not.toBeNull();
  expect(entryScore("appearance", dark)).not.toBeNull();
  expect(entryScore("dark language", dark)).toBeNull();
});

test("without a query the palette lists the recent choices; with one, the best matches then the backend's", () => {
  const commands = paletteCommands(navigation(), context);
  expect(rankPalette("", commands, ["language-de", "gone", "issues"]).map((e) => e.id)).toEqual([
    "language-de",
    "issues",
  ]);
  const found = foundEntries({
    issues: [{ id: "2-1", idReadable: "DEMO-1", summary: "Dark theme contrast" } as never],
    articles: [],
  });
  const ranked = rankPalette("dark", commands, [], found);
  expect(ranked[0]?.id).toBe("theme-darcula");
  expect(ranked.at(-1)).toMatchObject({ id: "issue-2-1", group: "issues", effect: { url: "/issue/DEMO-1" } });
  expect(rankPalette("kb", commands, [])[0]?.id).toBe("articles");
});

test("a recent choice comes before an equal match, and the list is capped", () => {
  const commands = paletteCommands(navigation(), context);
  expect(rankPalette("light", commands, [])[0]?.id).toBe("theme-default");
  const twins = [
    { ...commands[0]!, id: "first", title: "Same" },
    { ...commands[0]!, id: "second", title: "Same" },
  ];
  expect(rankPalette("same", twins, []).map((e) => e.id)).toEqual(["first", "second"]);
  expect(rankPalette("same", twins, ["second"]).map((e) => e.id)).toEqual(["second", "first"]);
  const many = Array.from({ length: 40 }, (_, i) => ({
    ...commands[0]!,
    id: `c${i}`,
    title: `Command ${i}`,
  }));
  expect(rankPalette("command", many, [])).toHaveLength(COMMAND_LIMIT);
});

test("remembering a choice moves it to the front and keeps the list short", () => {
  expect(rememberChoice(["a", "b", "c"], "c")).toEqual(["c", "a", "b"]);
  const full = Array.from({ length: RECENT_LIMIT }, (_, i) => `id${i}`);
  expect(rememberChoice(full, "new")).toEqual(["new", ...full.slice(0, RECENT_LIMIT - 1)]);
});
