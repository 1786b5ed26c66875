import { expect, test } from "vitest";
import { DEFAULT_NOTIFICATION_KINDS } from "#contract/notification-kinds.ts";
import type {
  Configuration,
  Contrast,
  CurrentUser,
  InboxFolder,
  NavigationShape,
  PermissionEntry,
  UiTheme,
  WidgetEntry,
} from "#contract/api.ts";
import { DEMO_USERS, FEATURE_FLAGS, GUEST, PROJECTS, demoConfiguration } from "#prisma/factories.ts";
import { BUILD_NUMBER, BUILD_RELEASE_DATE } from "../lib/constants.ts";
import { FEATURE_FLAG, PERMISSION } from "#contract/constants.ts";
import { testI18n } from "#tests/helpers/i18n.tsx";
import type { Language } from "../i18n/languages.ts";
import {
  buildNavigation,
  resolveHelpAction,
  type LabelId,
  type Navigation,
  type NavigationInput,
  type NavItem,
} from "./navigation-model.ts";

// ---------- factories ----------

interface UserOptions {
  guest?: boolean;
  reporter?: boolean;
  flags?: string[];
  timeTracking?: boolean;
  helpdeskFolder?: string;
  widgets?: WidgetEntry[];
  uiTheme?: UiTheme;
  contrast?: Contrast;
  navigation?: Partial<NavigationShape>;
}

function makeUser(options: UserOptions = {}): CurrentUser {
  const reporter = options.reporter ?? false;
  return {
    id: options.guest ? "1-0" : "1-9",
    login: options.guest ? "guest" : "user",
    name: options.guest ? "Guest" : "A User",
    guest: options.guest ?? false,
    email: null,
    avatarUrl: null,
    avatarType: "default",
    requiredTwoFactorAuthentication: false,
    twoFactorAuthentication: { enabled: false },
    webauthnDevice: { enabled: false },
    userType: { id: reporter ? "REPORTER" : "STANDARD_USER" },
    featureFlags: FEATURE_FLAGS.map((f) => ({ id: f.id, enabled: options.flags?.includes(f.id) ?? false })),
    widgets: options.widgets ?? [],
    profiles: {
      appearance: { uiTheme: options.uiTheme ?? "default", expandNavigation: true, showTooltips: true },
      ...(options.contrast || options.navigation
        ? {
            keel: {
              contrast: options.contrast ?? "system",
              navigation: { order: [], pinned: [], hidden: [], landing: null, ...options.navigation },
              notifications: DEFAULT_NOTIFICATION_KINDS,
            },
          }
        : {}),
      general: { locale: { language: "en", locale: "en_US" } },
      helpdesk: {
        helpdeskFolder: options.helpdeskFolder ? { id: options.helpdeskFolder } : null,
        isReporter: reporter,
      },
      timetracking: { isTimeTrackingAvailable: options.timeTracking ?? false },
      tips: { showPricingAdminPopup: false, pricingAdminPopupShown: false, showTips: false },
    },
  };
}

const global = (...keys: string[]): PermissionEntry[] =>
  keys.map((key) => ({ global: true, permission: { key }, projects: [] }));

const inProject = (key: string, ...types: ("DEFAULT" | "HELPDESK")[]): PermissionEntry => ({
  global: false,
  permission: { key },
  projects: types.map((type, i) => ({ id: `0-${i + 1}`, projectType: { id: type } })),
});

function config(overrides: Partial<Configuration> = {}): Configuration {
  return demoConfiguration(overrides);
}

function hub(hasEmbeddedHub: boolean, url = "https://hub.example.com/hub"): Partial<Configuration> {
  const ring = demoConfiguration().ring;
  return { ring: { ...ring, hasEmbeddedHub, url } };
}

function hosted(isHosted: boolean): Partial<Configuration> {
  return { hosted: { hosted: isHosted, domain: null, availabilityZone: null } };
}

/** The labels as the shell namespace gives them in a language. */
function labelsIn(language: Language): (id: LabelId) => string {
  const { t } = testI18n(language);
  return (id) => t(`nav.${id}`);
}

function input(overrides: Partial<NavigationInput> = {}): NavigationInput {
  return {
    user: makeUser(),
    permissions: [],
    config: config(),
    inboxFolders: [],
    pathname: "/",
    language: "en",
    label: labelsIn("en"),
    ...overrides,
  };
}

function nav(overrides: Partial<NavigationInput> = {}): Navigation {
  return buildNavigation(input(overrides));
}

function widget(key: string, extensionPoint: string, appName = "timer"): WidgetEntry {
  return {
    id: `w-${appName}-${key}`,
    appId: `app-${appName}`,
    appName,
    key,
    name: `${appName} ${key}`,
    extensionPoint,
    indexPath: `${key}/index.html`,
    appIconPath: null,
    appDarkIconPath: null,
    collapsed: false,
  };
}

const folder = (lastNotified: number | null, lastSeen: number | null): InboxFolder => ({
  id: "direct",
  lastNotified,
  lastSeen,
});

/** Ids of items and, depth first, of their children. */
function ids(items: readonly NavItem[]): string[] {
  return items.flatMap((item) => [item.id, ...ids(item.items ?? [])]);
}

const mainIds = (n: Navigation) => ids(n.items);
const settingsIds = (n: Navigation) => ids(n.settings);

function find(items: readonly NavItem[], id: string): NavItem {
  const found = items.flatMap((item) => [item, ...(item.items ?? [])]).find((item) => item.id === id);
  if (!found) throw new Error(`No item ${id} in ${ids(items).join(", ")}`);
  return found;
}

// The demo users as the mock backend serves them (mock-backend/model.ts), built from prisma/factories.ts.
function demoPermissions(grants: readonly { key: string; project: string | null }[]): PermissionEntry[] {
  const byKey = new Map<string, PermissionEntry>();
  for (const grant of grants) {
    const entry = byKey.get(grant.key) ?? { global: false, permission: { key: grant.key }, projects: [] };
    byKey.set(grant.key, entry);
    const project = PROJECTS.find((p) => p.id === grant.project);
    if (project) entry.projects.push({ id: project.id, projectType: { id: project.projectType } });
    else entry.global = true;
  }
  return [...byKey.values()];
}

function demoInput(login: string): NavigationInput {
  if (login === "guest") {
    return input({ user: makeUser({ guest: true }), permissions: demoPermissions(GUEST.grants) });
  }
  const demo = DEMO_USERS.find((u) => u.login === login);
  if (!demo) throw new Error(`No demo user ${login}`);
  const user = makeUser({
    reporter: demo.userType === "REPORTER",
    flags: Object.entries(demo.flags)
      .filter(([, on]) => on)
      .map(([id]) => id),
    timeTracking: demo.timeTrackingAvailable ?? false,
    ...(demo.helpdeskFolderId ? { helpdeskFolder: demo.helpdeskFolderId } : {}),
  });
  return input({ user, permissions: demoPermissions(demo.grants) });
}

// ---------- the visibility rules, one row at a time ----------

test("Reports appears with READ_REPORT and disappears without it", () => {
  expect(mainIds(nav({ permissions: global(PERMISSION.READ_REPORT) }))).toContain("reports");
  expect(mainIds(nav({ permissions: global(PERMISSION.READ_ISSUE) }))).not.toContain("reports");
});

test("Reports counts READ_REPORT held in a single project", () => {
  expect(mainIds(nav({ permissions: [inProject(PERMISSION.READ_REPORT, "DEFAULT")] }))).toContain("reports");
});

test("Projects appears with project-read or project-read-basic and disappears without either", () => {
  expect(mainIds(nav({ permissions: global(PERMISSION.PROJECT_READ) }))).toContain("projects");
  expect(mainIds(nav({ permissions: global(PERMISSION.PROJECT_READ_BASIC) }))).toContain("projects");
  expect(mainIds(nav({ permissions: global(PERMISSION.PROJECT_UPDATE) }))).not.toContain("projects");
});

test("Knowledge Base appears with READ_ARTICLE and disappears without it", () => {
  expect(mainIds(nav({ permissions: global(PERMISSION.READ_ARTICLE) }))).toContain("articles");
  expect(mainIds(nav({ permissions: global(PERMISSION.CREATE_ARTICLE) }))).not.toContain("articles");
});

test("Timesheets appears with READ_WORK_ITEM or CREATE_WORK_ITEM and disappears without either", () => {
  const user = makeUser({ timeTracking: true });
  expect(mainIds(nav({ user, permissions: global(PERMISSION.READ_WORK_ITEM) }))).toContain("timesheets");
  expect(mainIds(nav({ user, permissions: global(PERMISSION.CREATE_WORK_ITEM) }))).toContain("timesheets");
  expect(mainIds(nav({ user, permissions: global(PERMISSION.READ_ISSUE) }))).not.toContain("timesheets");
});

test("Timesheets needs time tracking to be available", () => {
  const user = makeUser({ timeTracking: false });
  expect(mainIds(nav({ user, permissions: global(PERMISSION.READ_WORK_ITEM) }))).not.toContain("timesheets");
});

test("Timesheets is hidden from reporters", () => {
  const user = makeUser({ reporter: true, timeTracking: true });
  expect(mainIds(nav({ user, permissions: global(PERMISSION.READ_WORK_ITEM) }))).not.toContain("timesheets");
});

test("Notifications appears with READ_ISSUE or CREATE_ISSUE and disappears without either", () => {
  for (const key of [PERMISSION.READ_ISSUE, PERMISSION.CREATE_ISSUE]) {
    const n = nav({ permissions: global(key) });
    expect(mainIds(n)).toContain("notifications");
    expect(n.notifications.visible).toBe(true);
  }
  const without = nav({ permissions: global(PERMISSION.READ_ARTICLE) });
  expect(mainIds(without)).not.toContain("notifications");
  expect(without.notifications.visible).toBe(false);
});

test("Notifications is hidden from guests even with READ_ISSUE", () => {
  const n = nav({ user: makeUser({ guest: true }), permissions: global(PERMISSION.READ_ISSUE) });
  expect(mainIds(n)).not.toContain("notifications");
  expect(n.notifications.visible).toBe(false);
});

test("New issue appears with a global CREATE_ISSUE and disappears without it", () => {
  expect(ids(nav({ permissions: global(PERMISSION.CREATE_ISSUE) }).create)).toEqual(["new-issue"]);
  expect(ids(nav({ permissions: global(PERMISSION.READ_ISSUE) }).create)).toEqual([]);
});

test("New issue needs CREATE_ISSUE in at least one project that is not a helpdesk project", () => {
  const helpdeskOnly = [inProject(PERMISSION.CREATE_ISSUE, "HELPDESK")];
  const mixed = [inProject(PERMISSION.CREATE_ISSUE, "HELPDESK", "DEFAULT")];
  expect(ids(nav({ permissions: helpdeskOnly }).create)).toEqual([]);
  expect(ids(nav({ permissions: mixed }).create)).toEqual(["new-issue"]);
});

test("New article appears with CREATE_ARTICLE and disappears without it", () => {
  expect(ids(nav({ permissions: global(PERMISSION.CREATE_ARTICLE) }).create)).toEqual(["new-article"]);
  expect(ids(nav({ permissions: global(PERMISSION.READ_ARTICLE) }).create)).toEqual([]);
});

test("New project appears with project-create and disappears without it", () => {
  expect(ids(nav({ permissions: global(PERMISSION.PROJECT_CREATE) }).create)).toEqual(["new-project"]);
  expect(
    ids(nav({ permissions: global(PERMISSION.PROJECT_READ, PERMISSION.PROJECT_UPDATE) }).create),
  ).toEqual([]);
  const [item] = nav({ permissions: global(PERMISSION.PROJECT_CREATE) }).create;
  expect([item?.name, item?.url, item?.target]).toEqual(["New project", "/projects/new", "_blank"]);
});

test("create items lead to /newIssue and /articles/n in a new tab", () => {
  const create = nav({ permissions: global(PERMISSION.CREATE_ISSUE, PERMISSION.CREATE_ARTICLE) }).create;
  expect(create.map((i) => [i.id, i.name, i.url, i.target, i.icon])).toEqual([
    ["new-issue", "New issue", "/newIssue", "_blank", "create"],
    ["new-article", "New article", "/articles/n", "_blank", "create"],
  ]);
});

test("Custom Fields, Workflows and Apps appear with low-level read or project update", () => {
  const flat = ["custom-fields", "workflows", "apps"];
  expect(settingsIds(nav({ permissions: global(PERMISSION.LOW_LEVEL_READ) }))).toEqual(
    expect.arrayContaining(flat),
  );
  expect(settingsIds(nav({ permissions: global(PERMISSION.PROJECT_UPDATE) }))).toEqual(flat);
  expect(settingsIds(nav({ permissions: global(PERMISSION.PROJECT_READ) }))).toEqual([]);
});

test("Link Types, Time Tracking and the integration items need low-level read", () => {
  const lowLevelOnly = ["link-types", "time-tracking", "imports", "mailbox", "build-server", "vcs"];
  const more = ["support-desk", "admin-ai"];
  expect(settingsIds(nav({ permissions: global(PERMISSION.LOW_LEVEL_READ) }))).toEqual(
    expect.arrayContaining([...lowLevelOnly, ...more]),
  );
  const projectUpdate = settingsIds(nav({ permissions: global(PERMISSION.PROJECT_UPDATE) }));
  for (const id of [...lowLevelOnly, ...more, "integrations"]) expect(projectUpdate).not.toContain(id);
});

test("Users, Organizations, Groups and Roles each follow their own read permission", () => {
  const pairs = [
    [PERMISSION.USER_READ, "users"],
    [PERMISSION.ORGANIZATION_READ, "organizations"],
    [PERMISSION.GROUP_READ, "groups"],
    [PERMISSION.ROLE_READ, "roles"],
  ] as const;
  for (const [key, id] of pairs) {
    expect(settingsIds(nav({ permissions: global(key) }))).toEqual(["access-management", id]);
  }
});

test("Auth Modules and SAML 2.0 need low-level read", () => {
  expect(settingsIds(nav({ permissions: global(PERMISSION.LOW_LEVEL_READ) }))).toEqual(
    expect.arrayContaining(["auth-modules", "saml"]),
  );
  expect(settingsIds(nav({ permissions: global(PERMISSION.USER_READ) }))).not.toContain("auth-modules");
});

test("Database Backup needs the low-level permission, not just low-level read", () => {
  const standalone = config(hosted(false));
  expect(settingsIds(nav({ config: standalone, permissions: global(PERMISSION.LOW_LEVEL) }))).toEqual([
    "server-settings",
    "database-backup",
  ]);
  expect(
    settingsIds(nav({ config: standalone, permissions: global(PERMISSION.LOW_LEVEL_READ) })),
  ).not.toContain("database-backup");
});

test("Database Export needs the low-level permission, not just low-level read", () => {
  const hostedConfig = config(hosted(true));
  expect(settingsIds(nav({ config: hostedConfig, permissions: global(PERMISSION.LOW_LEVEL) }))).toEqual([
    "server-settings",
    "database-export",
  ]);
  expect(
    settingsIds(nav({ config: hostedConfig, permissions: global(PERMISSION.LOW_LEVEL_READ) })),
  ).not.toContain("database-export");
});

test("a standalone server offers Database Backup and no Database Export", () => {
  const ids = settingsIds(
    nav({
      config: config(hosted(false)),
      permissions: global(PERMISSION.LOW_LEVEL, PERMISSION.LOW_LEVEL_READ),
    }),
  );
  expect(ids).toContain("database-backup");
  expect(ids).not.toContain("database-export");
});

test("a hosted server offers Database Export and no Database Backup", () => {
  const ids = settingsIds(
    nav({
      config: config(hosted(true)),
      permissions: global(PERMISSION.LOW_LEVEL, PERMISSION.LOW_LEVEL_READ),
    }),
  );
  expect(ids).toContain("database-export");
  expect(ids).not.toContain("database-backup");
});

test("User Agreement needs low-level read and an embedded hub", () => {
  const permissions = global(PERMISSION.LOW_LEVEL_READ);
  const embedded = find(nav({ config: config(hub(true)), permissions }).settings, "user-agreement");
  expect(embedded.url).toBe("/admin/hub/userAgreement");
  expect(settingsIds(nav({ config: config(hub(false)), permissions }))).not.toContain("user-agreement");
  expect(
    settingsIds(nav({ config: config(hub(true)), permissions: global(PERMISSION.LOW_LEVEL) })),
  ).not.toContain("user-agreement");
});

test("Code-review integration is shown only with an external hub", () => {
  const permissions = global(PERMISSION.LOW_LEVEL_READ);
  const external = find(nav({ config: config(hub(false)), permissions }).settings, "code-review");
  expect(external.url).toBe("/admin/codeReviewIntegration");
  expect(settingsIds(nav({ config: config(hub(true)), permissions }))).not.toContain("code-review");
});

test("Helpdesk appears only when the user has a helpdesk folder", () => {
  const withFolder = nav({ user: makeUser({ helpdeskFolder: "hf-1" }) });
  expect(find(withFolder.items, "helpdesk")).toMatchObject({ url: "/tickets", name: "Helpdesk" });
  expect(mainIds(nav({ user: makeUser() }))).not.toContain("helpdesk");
});

test("Planning Canvas and AI Assistant follow their feature flags", () => {
  const canvas = nav({ user: makeUser({ flags: [FEATURE_FLAG.PLANNING_CANVAS] }) });
  expect(mainIds(canvas)).toContain("planning-canvas");
  expect(mainIds(canvas)).not.toContain("ai-assistant");
  const ai = nav({ user: makeUser({ flags: [FEATURE_FLAG.AI_ASSISTANT] }) });
  expect(mainIds(ai)).toContain("ai-assistant");
  expect(mainIds(ai)).not.toContain("planning-canvas");
  expect(find(ai.items, "ai-assistant")).toMatchObject({ url: "/pmx/chat", isAI: true, icon: "ai" });
});

test("Planning Canvas and AI Assistant are hidden from guests and reporters even with the flags on", () => {
  const flags = [FEATURE_FLAG.PLANNING_CANVAS, FEATURE_FLAG.AI_ASSISTANT];
  for (const user of [makeUser({ guest: true, flags }), makeUser({ reporter: true, flags })]) {
    const main = mainIds(nav({ user }));
    expect(main).not.toContain("planning-canvas");
    expect(main).not.toContain("ai-assistant");
  }
});

test("a disabled feature flag does not count", () => {
  const user = makeUser();
  user.featureFlags = [{ id: FEATURE_FLAG.AI_ASSISTANT, enabled: false }];
  expect(mainIds(nav({ user }))).not.toContain("ai-assistant");
});

test("Dashboards, Agile Boards, Reports and Projects are hidden from guests with every permission", () => {
  const everything = global(...Object.values(PERMISSION));
  const member = mainIds(nav({ permissions: everything }));
  const guest = mainIds(nav({ user: makeUser({ guest: true }), permissions: everything }));
  for (const id of ["dashboards", "agiles", "reports", "projects"]) {
    expect(member).toContain(id);
    expect(guest).not.toContain(id);
  }
});

// ---------- reporters and guests ----------

test("reporters see Tickets at /tickets instead of Issues", () => {
  const n = nav({ user: makeUser({ reporter: true }) });
  expect(find(n.items, "tickets")).toMatchObject({ name: "Tickets", url: "/tickets", icon: "tickets" });
  expect(mainIds(n)).not.toContain("issues");
});

test("reporters get no dashboards, timesheets or reports even with the permissions", () => {
  const user = makeUser({ reporter: true, timeTracking: true });
  const main = mainIds(nav({ user, permissions: global(...Object.values(PERMISSION)) }));
  for (const id of ["dashboards", "timesheets", "reports"]) expect(main).not.toContain(id);
});

test("a user whose helpdesk profile says reporter counts as a reporter", () => {
  const user = makeUser();
  user.profiles.helpdesk.isReporter = true;
  expect(mainIds(nav({ user }))[0]).toBe("tickets");
});

test("Issues is shown to everyone, even without READ_ISSUE", () => {
  expect(find(nav({ user: makeUser({ guest: true }) }).items, "issues")).toMatchObject({
    name: "Issues",
    url: "/issues",
  });
});

test("guests get a Log in button and no other profile entries", () => {
  const profile = nav({ user: makeUser({ guest: true }) }).profile;
  expect(profile.guest).toBe(true);
  expect(profile.items.map((i) => [i.id, i.name, i.url])).toEqual([["login", "Log in", "/login"]]);
});

test("signed-in users get the profile menu with its actions and the Appearance submenu", () => {
  const profile = nav({ user: makeUser({ uiTheme: "darcula", contrast: "more" }) }).profile;
  expect(profile.guest).toBe(false);
  expect(profile.items.map((i) => [i.id, i.url, i.action?.type ?? null])).toEqual([
    ["profile", "/users/me", null],
    ["logout", "", "logout"],
    ["switch-user", "", "switch-user"],
    ["apply-user", "", "apply-user"],
    ["appearance", "", null],
    ["language", "", null],
    ["more-settings", "/users/me?tab=settings", null],
  ]);
  const themes = find(profile.items, "appearance").items ?? [];
  expect(themes.map((t) => [t.id, t.name, t.action, t.active])).toEqual([
    ["theme-default", "Light", { type: "theme", uiTheme: "default" }, false],
    ["theme-darcula", "Dark", { type: "theme", uiTheme: "darcula" }, true],
    ["theme-system", "Sync with OS", { type: "theme", uiTheme: "system" }, false],
    ["contrast-system", "Contrast: sync with OS", { type: "contrast", contrast: "system" }, false],
    ["contrast-more", "High contrast", { type: "contrast", contrast: "more" }, true],
    ["contrast-standard", "Standard contrast", { type: "contrast", contrast: "standard" }, false],
  ]);
});

test("without Keel's profile extension, contrast follows the system", () => {
  const entries = find(nav({ user: makeUser() }).profile.items, "appearance").items ?? [];
  expect(entries.filter((e) => e.active).map((e) => e.id)).toEqual(["theme-default", "contrast-system"]);
});

test("the Language submenu names each language in itself and marks the interface language", () => {
  const profile = nav({ language: "de", label: labelsIn("de") }).profile;
  const languages = find(profile.items, "language");
  expect(languages.name).toBe("Sprache");
  const entries = languages.items ?? [];
  expect(entries).toHaveLength(18);
  expect(entries.find((e) => e.id === "language-ja")).toMatchObject({
    name: "日本語",
    action: { type: "language", language: "ja" },
    active: false,
  });
  expect(entries.filter((e) => e.active).map((e) => e.name)).toEqual(["Deutsch"]);
});

// ---------- labels ----------

test("every label is the interface language's text, not the English one", () => {
  const english = nav({ permissions: global(...Object.values(PERMISSION)) });
  const german = nav({ permissions: global(...Object.values(PERMISSION)), label: labelsIn("de") });
  expect(find(german.items, "issues").name).toBe("Vorgänge");
  expect(german.help.items.find((i) => i.id === "shortcuts")?.name).toBe("Tastenkombinationen");
  expect(find(german.settings, "custom-fields").name).toBe("Benutzerdefinierte Felder");
  // Same structure, other words: only names and acronyms such as SAML 2.0 read alike.
  expect(ids(german.items)).toEqual(ids(english.items));
  const same = german.settings
    .flatMap((item) => [item, ...(item.items ?? [])])
    .filter((item) => item.name === find(english.settings, item.id).name)
    .map((item) => item.id);
  expect(same).toEqual(["saml"]);
});

// ---------- the demo users ----------

test("admin sees every item their permissions, flags and folders allow", () => {
  const n = buildNavigation(demoInput("admin"));
  expect(mainIds(n)).toEqual([
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
  ]);
  expect(ids(n.create)).toEqual(["new-issue", "new-article", "new-project"]);
  // The demo configuration is standalone with an embedded hub.
  expect(settingsIds(n)).toEqual([
    "custom-fields",
    "link-types",
    "time-tracking",
    "workflows",
    "apps",
    "access-management",
    "users",
    "organizations",
    "groups",
    "roles",
    "auth-modules",
    "saml",
    "integrations",
    "imports",
    "mailbox",
    "build-server",
    "vcs",
    "support-desk",
    "admin-ai",
    "server-settings",
    "global-settings",
    "user-agreement",
    "database-backup",
    "ssl-certificates",
    "ssl-keys",
    "audit-events",
  ]);
  expect(n.notifications.visible).toBe(true);
  expect(n.profile.guest).toBe(false);
});

test("alice sees the member's items with the AI assistant and no settings", () => {
  const n = buildNavigation(demoInput("alice"));
  expect(mainIds(n)).toEqual([
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
  ]);
  expect(ids(n.create)).toEqual(["new-issue", "new-article"]);
  expect(n.settings).toEqual([]);
});

test("rachel the reporter sees Tickets, Helpdesk, Agile Boards, Knowledge Base and Notifications", () => {
  const n = buildNavigation(demoInput("rachel"));
  expect(mainIds(n)).toEqual(["tickets", "helpdesk", "agiles", "articles", "notifications"]);
  // She creates tickets only in the helpdesk project SUP.
  expect(n.create).toEqual([]);
  expect(n.settings).toEqual([]);
  expect(n.logoUrl).toBe("/tickets");
});

test("tom sees issues, dashboards, agile boards, Gantt charts, articles and notifications", () => {
  const n = buildNavigation(demoInput("tom"));
  expect(mainIds(n)).toEqual(["issues", "dashboards", "agiles", "articles", "gantt-charts", "notifications"]);
  expect(n.create).toEqual([]);
  expect(n.settings).toEqual([]);
});

test("the guest sees Issues and Knowledge Base and a Log in button", () => {
  const n = buildNavigation(demoInput("guest"));
  expect(mainIds(n)).toEqual(["issues", "articles"]);
  expect(n.create).toEqual([]);
  expect(n.settings).toEqual([]);
  expect(n.notifications).toEqual({ visible: false, unread: false });
  expect(ids(n.profile.items)).toEqual(["login"]);
});

// ---------- hub items ----------

test("with an embedded hub the identity pages are /admin/hub pages in the same tab", () => {
  const n = nav({
    config: config(hub(true)),
    permissions: global(PERMISSION.USER_READ, PERMISSION.ROLE_READ, PERMISSION.LOW_LEVEL_READ),
  });
  const users = find(n.settings, "users");
  expect(users.url).toBe("/admin/hub/users");
  expect(users.target).toBeUndefined();
  expect(find(n.settings, "roles").url).toBe("/admin/hub/roles");
  expect(find(n.settings, "auth-modules").url).toBe("/admin/hub/authmodules");
  expect(find(n.settings, "saml").url).toBe("/admin/hub/saml");
});

test("with an external hub the identity pages open the hub's own pages in a new tab", () => {
  const n = nav({
    config: config(hub(false, "https://hub.example.com/hub/")),
    permissions: global(PERMISSION.USER_READ, PERMISSION.GROUP_READ, PERMISSION.LOW_LEVEL_READ),
  });
  expect(find(n.settings, "users")).toMatchObject({
    url: "https://hub.example.com/hub/users",
    target: "_blank",
  });
  expect(find(n.settings, "groups").url).toBe("https://hub.example.com/hub/groups");
  expect(find(n.settings, "auth-modules").url).toBe("https://hub.example.com/hub/authmodules");
  // Not a hub page: stays in Keel.
  expect(find(n.settings, "imports")).toMatchObject({ url: "/admin/imports" });
  expect(find(n.settings, "imports").target).toBeUndefined();
});

// ---------- settings menu shape ----------

test("the settings menu is empty when the user may see no administration page", () => {
  expect(nav({ permissions: global(PERMISSION.READ_ISSUE, PERMISSION.CREATE_ISSUE) }).settings).toEqual([]);
});

test("a settings group is left out when none of its items is visible", () => {
  const n = nav({ permissions: global(PERMISSION.GROUP_READ) });
  expect(n.settings.map((i) => i.id)).toEqual(["access-management"]);
  expect(find(n.settings, "access-management").items?.map((i) => i.id)).toEqual(["groups"]);
});

test("settings urls follow the admin page names", () => {
  const n = nav({
    config: config({ ...hub(false), ...hosted(false) }),
    permissions: global(PERMISSION.LOW_LEVEL_READ, PERMISSION.LOW_LEVEL),
  });
  const urls = Object.fromEntries(ids(n.settings).map((id) => [id, find(n.settings, id).url] as const));
  expect(urls).toMatchObject({
    "custom-fields": "/admin/customFields",
    "link-types": "/admin/issueLinkTypes",
    "time-tracking": "/admin/timeTracking",
    workflows: "/admin/workflows",
    apps: "/admin/apps",
    imports: "/admin/imports",
    mailbox: "/admin/mailbox",
    "build-server": "/admin/buildServerSettings",
    "code-review": "/admin/codeReviewIntegration",
    vcs: "/admin/vcs",
    "support-desk": "/admin/supportDeskIntegration",
    "admin-ai": "/admin/ai",
    "global-settings": "/admin/settings",
    "database-backup": "/admin/databaseBackup",
    "ssl-certificates": "/admin/sslManagement",
    "ssl-keys": "/admin/sslKeys",
    "audit-events": "/admin/auditEvents",
    "access-management": "",
    integrations: "",
    "server-settings": "",
  });
});

// ---------- logo ----------

test("the logo leads reporters to /tickets even with a default page", () => {
  const n = nav({ user: makeUser({ reporter: true }), config: config({ defaultPage: "agiles" }) });
  expect(n.logoUrl).toBe("/tickets");
});

test("the logo leads others to the configured default page with a leading slash", () => {
  expect(nav({ config: config({ defaultPage: "agiles" }) }).logoUrl).toBe("/agiles");
  expect(nav({ config: config({ defaultPage: "/dashboard" }) }).logoUrl).toBe("/dashboard");
  expect(nav({ config: config({ defaultPage: "//evil.example" }) }).logoUrl).toBe("/evil.example");
});

test("the logo leads to the root without a default page", () => {
  expect(nav({ config: config({ defaultPage: null }) }).logoUrl).toBe("/");
  expect(nav({ config: config({ defaultPage: "" }) }).logoUrl).toBe("/");
});

// ---------- active ----------

test("an item is active on its own url and below it, not on a url that merely starts the same", () => {
  const permissions = global(PERMISSION.READ_ARTICLE);
  const active = (pathname: string) =>
    nav({ pathname, permissions })
      .items.filter((i) => i.active)
      .map((i) => i.id);
  expect(active("/issues")).toEqual(["issues"]);
  expect(active("/issues/DEMO-1")).toEqual(["issues"]);
  expect(active("/issuesX")).toEqual([]);
  expect(active("/articles/n")).toEqual(["articles"]);
  expect(active("/")).toEqual([]);
});

test("a settings group is active when one of its pages is the current location", () => {
  const n = nav({ pathname: "/admin/hub/users/1-2", permissions: global(PERMISSION.USER_READ) });
  expect(find(n.settings, "users").active).toBe(true);
  expect(find(n.settings, "access-management").active).toBe(true);
});

// ---------- app entries ----------

test("main-menu app entries come after the built-in items and before Notifications", () => {
  const user = makeUser({
    widgets: [widget("main", "MAIN_MENU_ITEM"), widget("admin", "ADMINISTRATION_MENU_ITEM")],
  });
  const n = nav({ user, permissions: global(PERMISSION.READ_ISSUE), pathname: "/app/timer/main" });
  expect(mainIds(n).slice(-2)).toEqual(["app-w-timer-main", "notifications"]);
  expect(find(n.items, "app-w-timer-main")).toEqual({
    id: "app-w-timer-main",
    name: "timer main",
    url: "/app/timer/main",
    icon: "app",
    active: true,
    isApp: true,
  });
  expect(mainIds(n)).not.toContain("app-w-timer-admin");
});

test("administration app pages join Integrations for users who may manage apps", () => {
  const user = makeUser({
    widgets: [widget("admin", "ADMINISTRATION_MENU_ITEM"), widget("main", "MAIN_MENU_ITEM")],
  });
  const n = nav({ user, permissions: global(PERMISSION.PROJECT_UPDATE) });
  expect(find(n.settings, "integrations").items?.map((i) => [i.id, i.url, i.isApp])).toEqual([
    ["app-w-timer-admin", "/admin/app/timer/admin", true],
  ]);
  expect(nav({ user }).settings).toEqual([]);
});

test("app names and keys are escaped in app urls", () => {
  const user = makeUser({ widgets: [widget("a b", "MAIN_MENU_ITEM", "my/app")] });
  expect(find(nav({ user }).items, "app-w-my/app-a b").url).toBe("/app/my%2Fapp/a%20b");
});

// ---------- notifications ----------

test("the unread marker is on when any folder is unread", () => {
  const permissions = global(PERMISSION.READ_ISSUE);
  expect(nav({ permissions, inboxFolders: [folder(1, 2), folder(3, 2)] }).notifications).toEqual({
    visible: true,
    unread: true,
  });
  expect(nav({ permissions, inboxFolders: [folder(1, 2), folder(null, 0)] }).notifications.unread).toBe(
    false,
  );
});

test("the unread marker stays off while Notifications is hidden", () => {
  const n = nav({
    user: makeUser({ guest: true }),
    permissions: global(PERMISSION.READ_ISSUE),
    inboxFolders: [folder(3, 2)],
  });
  expect(n.notifications).toEqual({ visible: false, unread: false });
});

// ---------- help menu ----------

test("the help menu lists its entries in order, external ones in a new tab", () => {
  const items = nav().help.items;
  expect(items.map((i) => [i.id, i.name, i.actionKey ?? null, i.target ?? null])).toEqual([
    ["feedback", "Feedback", null, "_blank"],
    ["shortcuts", "Keyboard Shortcuts", "shortcuts", null],
    ["markup", "Markdown Reference", null, null],
    ["tips", "Tips for New Users", "tips", null],
    ["faq", "FAQ", null, "_blank"],
    ["documentation", "Documentation", null, "_blank"],
    ["video-demos", "Video Demos", null, "_blank"],
    ["service-status", "Service Status", null, "_blank"],
    ["maintenance-calendar", "Maintenance Calendar", null, "_blank"],
    ["support", "Support", null, "_blank"],
    ["about", "About", "about", null],
  ]);
  expect(items.find((i) => i.id === "markup")?.url).toBe("/markup");
  for (const item of items.filter((i) => i.actionKey)) expect(item.url).toBeUndefined();
});

test.each([
  ["de", "de-de"],
  ["es", "es-es"],
  ["fr", "fr-fr"],
  ["ja", "ja-jp"],
  ["ko", "ko-kr"],
  ["ru", "ru-ru"],
  ["zh", "zh-cn"],
  ["pt", "pt-br"],
])("website help links for %s use the locale path %s", (language, path) => {
  const items = nav({ language }).help.items;
  for (const id of ["feedback", "faq", "documentation", "maintenance-calendar", "support"]) {
    expect(items.find((i) => i.id === id)?.url).toMatch(new RegExp(`^https://keel\\.dev/${path}/[a-z-]+/$`));
  }
});

test.each(["en", "cs", "eo", "he", "hu", "it", "pl", "tr", "uk", "zu", "constructor"])(
  "website help links for %s have no locale path",
  (language) => {
    const items = nav({ language }).help.items;
    expect(items.find((i) => i.id === "faq")?.url).toBe("https://keel.dev/faq/");
    expect(items.find((i) => i.id === "feedback")?.url).toBe("https://keel.dev/feedback/");
  },
);

test("a language with a region or in capitals finds its locale path", () => {
  expect(nav({ language: "pt_BR" }).help.items.find((i) => i.id === "faq")?.url).toBe(
    "https://keel.dev/pt-br/faq/",
  );
  expect(nav({ language: "ZH-cn" }).help.items.find((i) => i.id === "faq")?.url).toBe(
    "https://keel.dev/zh-cn/faq/",
  );
});

test.each([
  ["fr", "KEEL-DEMOS-FR"],
  ["zh", "KEEL-DEMOS-ZH"],
  ["ja", "KEEL-DEMOS-JA"],
  ["es", "KEEL-DEMOS-ES"],
  ["de", "KEEL-DEMOS-DE"],
  ["pt", "KEEL-DEMOS-PT"],
  ["ru", "KEEL-DEMOS-RU"],
  ["en", "KEEL-DEMOS"],
  ["ko", "KEEL-DEMOS"],
  ["cs", "KEEL-DEMOS"],
])("Video Demos for %s opens the playlist %s", (language, playlist) => {
  const video = nav({ language }).help.items.find((i) => i.id === "video-demos");
  expect(video?.url).toBe(`https://www.youtube.com/playlist?list=${playlist}`);
});

test("the help footer shows Keel, the build number and the release date", () => {
  expect(nav().help.footer).toEqual({
    productName: "Keel",
    build: BUILD_NUMBER,
    releaseDate: BUILD_RELEASE_DATE,
  });
  expect(BUILD_NUMBER).toBe("2025.4.101407");
});

test("the release date is the UTC calendar day of the release", () => {
  const late = config({ version: "2026.1", build: "7", releaseDate: Date.UTC(2026, 0, 31, 23, 59) });
  expect(nav({ config: late }).help.footer).toMatchObject({ build: "2026.1.7", releaseDate: "2026-01-31" });
});

test("the help actions resolve to their keys", () => {
  expect(["shortcuts", "tips", "about"].map(resolveHelpAction)).toEqual(["shortcuts", "tips", "about"]);
});

test("an unknown help action key throws the catalogue's error", () => {
  expect(() => resolveHelpAction("feedback")).toThrow(
    new Error("No action found for help dropdown item with key: feedback"),
  );
});

// ---------- purity ----------

test("the same input gives the same navigation and is left unchanged", () => {
  const given = demoInput("admin");
  const { label, ...data } = given;
  const before = structuredClone(data);
  expect(buildNavigation(given)).toEqual(buildNavigation(given));
  expect(given).toEqual({ ...before, label });
});

test("a reporter on /tickets has exactly one current item, Tickets, though Helpdesk shares its url", () => {
  const user = makeUser({ reporter: true, helpdeskFolder: "0-9" });
  const n = nav({ user, permissions: global(PERMISSION.READ_ISSUE), pathname: "/tickets" });
  expect(mainIds(n)).toEqual(expect.arrayContaining(["tickets", "helpdesk"]));
  expect(n.items.filter((item) => item.active).map((item) => item.id)).toEqual(["tickets"]);
});

// ---------- the user's shape ----------

test("the user's shape applies to the main items, apps' items included: pinned first, hidden ones apart", () => {
  const widgets = [widget("board", "MAIN_MENU_ITEM")];
  const shaped = nav({
    permissions: global(PERMISSION.READ_ARTICLE, PERMISSION.READ_ISSUE),
    user: makeUser({
      widgets,
      navigation: { pinned: ["app-w-timer-board"], hidden: ["agiles"], order: ["articles", "issues"] },
    }),
  });
  // Items the order does not name follow their default predecessor: Gantt charts after Knowledge Base.
  expect(shaped.items.map((i) => i.id)).toEqual([
    "app-w-timer-board",
    "articles",
    "gantt-charts",
    "notifications",
    "issues",
    "dashboards",
  ]);
  expect(shaped.hidden.map((i) => i.id)).toEqual(["agiles"]);
  // The model keeps the default order beside it, for the settings page and the landing page.
  expect(shaped.allItems.map((i) => i.id)).toEqual([
    "issues",
    "dashboards",
    "agiles",
    "articles",
    "gantt-charts",
    "app-w-timer-board",
    "notifications",
  ]);
});

test("a chosen landing page is where the logo leads; one the user cannot open is ignored", () => {
  const permissions = global(PERMISSION.READ_ARTICLE);
  expect(nav({ permissions, user: makeUser({ navigation: { landing: "articles" } }) }).logoUrl).toBe(
    "/articles",
  );
  expect(nav({ user: makeUser({ navigation: { landing: "articles" } }) }).logoUrl).toBe("/");
  expect(nav({ permissions, user: makeUser({ navigation: { landing: "app-gone" } }) }).logoUrl).toBe("/");
});
