// Everything the left navigation shows, as one pure function of the user, the permission cache and the
// configuration (docs/shell.md, The left navigation). The server render and the client both call it, so it
// does no I/O and reads no clock, DOM or browser state.
import type {
  Configuration,
  Contrast,
  CurrentUser,
  InboxFolder,
  PermissionEntry,
  UiTheme,
  WidgetEntry,
} from "#contract/api.ts";
import { CONTRASTS, FEATURE_FLAG, PERMISSION } from "#contract/constants.ts";
import { hasPermission } from "#contract/permissions.ts";
import { PRODUCT_NAME } from "../lib/constants.ts";
import { LANGUAGE_NAMES, LANGUAGES, type Language } from "../i18n/languages.ts";
import type shellMessages from "../../locales/en/shell.json";
import { helpLinks } from "./help-links.ts";
import { canSeeNotifications, isFolderUnread } from "./inbox-access.ts";
import { applyNavigationShape, landingUrl } from "./navigation-shape.ts";

export interface NavigationInput {
  user: CurrentUser;
  permissions: readonly PermissionEntry[];
  config: Pick<Configuration, "defaultPage" | "hosted" | "ring" | "version" | "build" | "releaseDate">;
  inboxFolders: readonly InboxFolder[];
  /** The current location, for `active`. */
  pathname: string;
  /** The interface language, e.g. "de"; picks the help menu's website locale and video playlist. */
  language: string;
  /** A label's text in the interface language: the shell namespace's `nav.<id>`. */
  label: (id: LabelId) => string;
}

export const ICON_NAMES = [
  "issues",
  "tickets",
  "helpdesk",
  "dashboards",
  "agiles",
  "reports",
  "projects",
  "articles",
  "timesheets",
  "gantt",
  "canvas",
  "ai",
  "app",
  "notifications",
  "create",
  "help",
  "settings",
  "profile",
] as const;
export type IconName = (typeof ICON_NAMES)[number];

/**
 * What a menu entry does instead of navigating. Such entries have `url: ""`; the UI renders them as
 * POST forms so that they work without JavaScript (log out and switch user post to /logout, the latter
 * with intent=switch; a theme entry saves `uiTheme` to the appearance profile, a contrast entry `contrast`).
 */
export type NavAction =
  | { type: "logout" }
  | { type: "switch-user" }
  | { type: "apply-user" }
  | { type: "theme"; uiTheme: UiTheme }
  | { type: "contrast"; contrast: Contrast }
  | { type: "language"; language: Language };

export interface NavItem {
  id: string;
  name: string;
  /** App-relative ("/issues"), absolute for external pages, "" for groups and action entries. */
  url: string;
  icon: IconName;
  /**
   * The url is the current location or a parent of it; a group is active when a child is; a theme
   * entry is active when it is the user's current theme; other action entries never are.
   */
  active: boolean;
  target?: "_blank";
  isApp?: boolean;
  isAI?: boolean;
  action?: NavAction;
  /** A group (settings) or submenu (Appearance). */
  items?: NavItem[];
}

export type HelpActionKey = "shortcuts" | "tips" | "about";

export interface HelpItem {
  id: string;
  name: string;
  url?: string;
  actionKey?: HelpActionKey;
  target?: "_blank";
}

export interface Navigation {
  logoUrl: string;
  /**
   * The default item order (app entries after AI Assistant, before Notifications) as the user's
   * navigation shape rearranges it: pinned items first, hidden ones left out.
   */
  items: NavItem[];
  /** Items the user hid from the bar: still theirs, under More and in the palette. */
  hidden: NavItem[];
  /** Every main-menu item the user has, in the default order: what the shape applies to. */
  allItems: NavItem[];
  /** Empty: the create menu is hidden. */
  create: NavItem[];
  help: { items: HelpItem[]; footer: { productName: string; build: string; releaseDate: string } };
  /** Flat items, then groups (items with `items`); empty: the settings menu is hidden. */
  settings: NavItem[];
  notifications: { visible: boolean; unread: boolean };
  /** Guests: `items` is the single Log in entry. */
  profile: { guest: boolean; items: NavItem[] };
}

/** The id of a label: its text is `nav.<id>` of the shell namespace (locales/<lng>/shell.json). */
export type LabelId = keyof (typeof shellMessages)["nav"];

const MAIN_MENU_ITEM = "MAIN_MENU_ITEM";
const ADMINISTRATION_MENU_ITEM = "ADMINISTRATION_MENU_ITEM";
const HELPDESK_PROJECT_TYPE = "HELPDESK";
const THEMES: readonly UiTheme[] = ["default", "darcula", "system"];

export function resolveHelpAction(key: string): HelpActionKey {
  if (key === "shortcuts" || key === "tips" || key === "about") return key;
  throw new Error(`No action found for help dropdown item with key: ${key}`);
}

function isActive(url: string, pathname: string): boolean {
  return url.startsWith("/") && (pathname === url || pathname.startsWith(`${url}/`));
}

function withoutEmpty<T>(list: readonly (T | false)[]): T[] {
  return list.filter((entry): entry is T => entry !== false);
}

/**
 * One page, one current item: when several items lead to the current page, the most specific url wins,
 * and among equals the first (the reporter's Tickets before Helpdesk, which shares its url).
 */
function withSingleCurrent(items: NavItem[]): NavItem[] {
  const current = items
    .filter((item) => item.active)
    .reduce<NavItem | null>((best, item) => (best && best.url.length >= item.url.length ? best : item), null);
  return items.map((item) => (item.active && item !== current ? { ...item, active: false } : item));
}

export function buildNavigation(input: NavigationInput): Navigation {
  const { user, permissions, config, pathname } = input;
  const guest = user.guest;
  const reporter = user.userType.id === "REPORTER" || user.profiles.helpdesk.isReporter;
  const has = (key: string) => hasPermission(permissions, key);
  const flag = (id: string) => user.featureFlags.some((f) => f.id === id && f.enabled);

  const link = (
    id: LabelId,
    url: string,
    icon: IconName,
    extra: Pick<NavItem, "target" | "isAI"> = {},
  ): NavItem => ({ id, name: input.label(id), url, icon, active: isActive(url, pathname), ...extra });

  const group = (id: LabelId, items: NavItem[]): NavItem | false =>
    items.length > 0 && {
      id,
      name: input.label(id),
      url: "",
      icon: "settings",
      active: items.some((i) => i.active),
      items,
    };

  const appItem = (widget: WidgetEntry, url: string): NavItem => ({
    id: `app-${widget.id}`,
    name: widget.name,
    url,
    icon: "app",
    active: isActive(url, pathname),
    isApp: true,
  });
  const appPath = (w: WidgetEntry) => `${encodeURIComponent(w.appName)}/${encodeURIComponent(w.key)}`;

  const notificationsVisible = canSeeNotifications(user, permissions);
  const member = !guest && !reporter;

  const mainItems = withSingleCurrent(
    withoutEmpty<NavItem>([
      // Everyone sees the issues list: guests hold READ_ISSUE, and a user without it gets the list's own
      // "no access" answer rather than a navigation with no entry point.
      reporter ? link("tickets", "/tickets", "tickets") : link("issues", "/issues", "issues"),
      // Helpdesk leads to /tickets too, so a reporter with a helpdesk folder sees both Tickets and
      // Helpdesk there; they are told apart by id, and only the first is current (withSingleCurrent).
      user.profiles.helpdesk.helpdeskFolder !== null && link("helpdesk", "/tickets", "helpdesk"),
      member && link("dashboards", "/dashboard", "dashboards"),
      // Reporters lose dashboards, timesheets and reports, but not agile boards.
      !guest && link("agiles", "/agiles", "agiles"),
      member && has(PERMISSION.READ_REPORT) && link("reports", "/reports", "reports"),
      !guest &&
        (has(PERMISSION.PROJECT_READ) || has(PERMISSION.PROJECT_READ_BASIC)) &&
        link("projects", "/projects", "projects"),
      has(PERMISSION.READ_ARTICLE) && link("articles", "/articles", "articles"),
      !reporter &&
        (has(PERMISSION.READ_WORK_ITEM) || has(PERMISSION.CREATE_WORK_ITEM)) &&
        user.profiles.timetracking.isTimeTrackingAvailable &&
        link("timesheets", "/timesheets", "timesheets"),
      // Gantt charts are planning pages like the canvas, so the same audience: signed-in users who are
      // not reporters.
      member && link("gantt-charts", "/gantt-charts", "gantt"),
      member && flag(FEATURE_FLAG.PLANNING_CANVAS) && link("planning-canvas", "/planning-canvas", "canvas"),
      member && flag(FEATURE_FLAG.AI_ASSISTANT) && link("ai-assistant", "/pmx/chat", "ai", { isAI: true }),
      // Which apps a user gets is the backend's decision: it lists only the widgets it offers them.
      ...user.widgets
        .filter((w) => w.extensionPoint === MAIN_MENU_ITEM)
        .map((w) => appItem(w, `/app/${appPath(w)}`)),
      notificationsVisible && link("notifications", "/notifications", "notifications"),
    ]),
  );
  const shape = user.profiles.keel?.navigation;
  const { items, hidden } = applyNavigationShape(mainItems, shape);

  const createsOutsideHelpdesk = permissions.some(
    (p) =>
      p.permission.key === PERMISSION.CREATE_ISSUE &&
      (p.global || p.projects.some((project) => project.projectType.id !== HELPDESK_PROJECT_TYPE)),
  );
  const create = withoutEmpty<NavItem>([
    createsOutsideHelpdesk && link("new-issue", "/newIssue", "create", { target: "_blank" }),
    has(PERMISSION.CREATE_ARTICLE) && link("new-article", "/articles/n", "create", { target: "_blank" }),
    has(PERMISSION.PROJECT_CREATE) && link("new-project", "/projects/new", "create", { target: "_blank" }),
  ]);

  const links = helpLinks(input.language);
  const external = (id: LabelId, url: string): HelpItem => ({
    id,
    name: input.label(id),
    url,
    target: "_blank",
  });
  const action = (id: LabelId, actionKey: HelpActionKey): HelpItem => ({
    id,
    name: input.label(id),
    actionKey,
  });
  const help: Navigation["help"] = {
    items: [
      external("feedback", links.feedback),
      action("shortcuts", "shortcuts"),
      { id: "markup", name: input.label("markup"), url: "/markup" },
      action("tips", "tips"),
      external("faq", links.faq),
      external("documentation", links.documentation),
      external("video-demos", links.videoDemos),
      external("service-status", links.serviceStatus),
      external("maintenance-calendar", links.maintenanceCalendar),
      external("support", links.support),
      action("about", "about"),
    ],
    footer: {
      productName: PRODUCT_NAME,
      build: `${config.version}.${config.build}`,
      releaseDate: new Date(config.releaseDate).toISOString().slice(0, 10),
    },
  };

  const lowLevelRead = has(PERMISSION.LOW_LEVEL_READ);
  const lowLevel = has(PERMISSION.LOW_LEVEL);
  const lowLevelReadOrProjectUpdate = lowLevelRead || has(PERMISSION.PROJECT_UPDATE);
  const embeddedHub = config.ring.hasEmbeddedHub;
  const hubBase = config.ring.url.replace(/\/+$/, "");
  const hubLink = (id: LabelId, segment: string): NavItem =>
    embeddedHub
      ? link(id, `/admin/hub/${segment}`, "settings")
      : link(id, `${hubBase}/${segment}`, "settings", { target: "_blank" });
  const admin = (id: LabelId, page: string): NavItem => link(id, `/admin/${page}`, "settings");

  const settings = withoutEmpty<NavItem>([
    lowLevelReadOrProjectUpdate && admin("custom-fields", "customFields"),
    lowLevelRead && admin("link-types", "issueLinkTypes"),
    lowLevelRead && admin("time-tracking", "timeTracking"),
    lowLevelReadOrProjectUpdate && admin("workflows", "workflows"),
    lowLevelReadOrProjectUpdate && admin("apps", "apps"),
    group(
      "access-management",
      withoutEmpty([
        has(PERMISSION.USER_READ) && hubLink("users", "users"),
        has(PERMISSION.ORGANIZATION_READ) && hubLink("organizations", "organizations"),
        has(PERMISSION.GROUP_READ) && hubLink("groups", "groups"),
        has(PERMISSION.ROLE_READ) && hubLink("roles", "roles"),
        // These two configure sign-in for the whole server, so they need what the other server-wide
        // pages need.
        lowLevelRead && hubLink("auth-modules", "authmodules"),
        lowLevelRead && hubLink("saml", "saml"),
      ]),
    ),
    group(
      "integrations",
      withoutEmpty([
        lowLevelRead && admin("imports", "imports"),
        lowLevelRead && admin("mailbox", "mailbox"),
        lowLevelRead && admin("build-server", "buildServerSettings"),
        lowLevelRead && !embeddedHub && admin("code-review", "codeReviewIntegration"),
        lowLevelRead && admin("vcs", "vcs"),
        lowLevelRead && admin("support-desk", "supportDeskIntegration"),
        lowLevelRead && admin("admin-ai", "ai"),
        // App admin pages follow the Apps page's rule, so a user without admin rights gets no
        // settings menu just because an app is installed.
        ...(lowLevelReadOrProjectUpdate
          ? user.widgets
              .filter((w) => w.extensionPoint === ADMINISTRATION_MENU_ITEM)
              .map((w) => appItem(w, `/admin/app/${appPath(w)}`))
          : []),
      ]),
    ),
    group(
      "server-settings",
      withoutEmpty([
        lowLevelRead && admin("global-settings", "settings"),
        // Shown only with an embedded hub, so always the /admin/hub page.
        lowLevelRead && embeddedHub && hubLink("user-agreement", "userAgreement"),
        lowLevel && !config.hosted.hosted && admin("database-backup", "databaseBackup"),
        lowLevel && config.hosted.hosted && admin("database-export", "databaseExport"),
        lowLevelRead && admin("ssl-certificates", "sslManagement"),
        lowLevelRead && admin("ssl-keys", "sslKeys"),
        lowLevelRead && admin("audit-events", "auditEvents"),
      ]),
    ),
  ]);

  // Guests are never polled, so an item that is not shown carries no marker either.
  const unread = notificationsVisible && input.inboxFolders.some(isFolderUnread);

  const actionItem = (id: LabelId, a: NavAction, active = false): NavItem => ({
    id,
    name: input.label(id),
    url: "",
    icon: "profile",
    active,
    action: a,
  });
  const themes = THEMES.map((uiTheme) =>
    actionItem(`theme-${uiTheme}`, { type: "theme", uiTheme }, user.profiles.appearance.uiTheme === uiTheme),
  );
  const contrast = user.profiles.keel?.contrast ?? "system";
  const contrasts = CONTRASTS.map((c) =>
    actionItem(`contrast-${c}`, { type: "contrast", contrast: c }, contrast === c),
  );
  const profileItems: NavItem[] = guest
    ? [link("login", "/login", "profile")]
    : [
        link("profile", "/users/me", "profile"),
        actionItem("logout", { type: "logout" }),
        actionItem("switch-user", { type: "switch-user" }),
        actionItem("apply-user", { type: "apply-user" }),
        {
          id: "appearance",
          name: input.label("appearance"),
          url: "",
          icon: "profile",
          active: false,
          items: [...themes, ...contrasts],
        },
        {
          id: "language",
          name: input.label("language"),
          url: "",
          icon: "profile",
          active: false,
          // Each language in its own name, so that anyone can find theirs.
          items: LANGUAGES.map((language) => ({
            id: `language-${language}`,
            name: LANGUAGE_NAMES[language],
            url: "",
            icon: "profile" as const,
            active: language === input.language,
            action: { type: "language" as const, language },
          })),
        },
        link("more-settings", "/users/me?tab=settings", "profile"),
      ];

  return {
    logoUrl: (shape && landingUrl(mainItems, shape)) ?? logoUrl(reporter, config.defaultPage),
    items,
    hidden,
    allItems: mainItems,
    create,
    help,
    settings,
    notifications: { visible: notificationsVisible, unread },
    profile: { guest, items: profileItems },
  };
}

/**
 * Reporters go to /tickets, their issues list (and their landing page); others to the
 * configured default page, else the root.
 */
function logoUrl(reporter: boolean, defaultPage: string | null): string {
  if (reporter) return "/tickets";
  // One leading slash whatever was configured: "dashboard" and "//host" both stay inside the app.
  const path = (defaultPage ?? "").trim().replace(/^\/+/, "");
  return `/${path}`;
}
