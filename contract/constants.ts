// Constants of the backend's API that the shell and the backend both use; the shell's own are in
// app/lib/constants.ts.
import type { NavigationShape } from "./api.ts";

export const HUB_API_VERSION = "4";
/** The error code of a call the backend refuses until the user sets up two-factor authentication. */
export const TWO_FACTOR_REQUIRED_ERROR = "2fa_required";

export const LOCALES = [
  "cs",
  "de",
  "en",
  "eo",
  "es",
  "fr",
  "he",
  "hu",
  "it",
  "ja",
  "ko",
  "pl",
  "pt",
  "ru",
  "tr",
  "uk",
  "zh",
  "zu",
] as const;

export const UI_THEMES = ["default", "darcula", "system"] as const;
/** High contrast beside the theme: from the system's `prefers-contrast`, always, or never. */
export const CONTRASTS = ["system", "more", "standard"] as const;
/** The most main-menu item ids one list of a navigation shape holds (order, pinned, hidden). */
export const NAVIGATION_SHAPE_MAX_ITEMS = 50;

/** The navigation as the product lays it out: nothing reordered, pinned or hidden, no landing page chosen. */
export const DEFAULT_NAVIGATION_SHAPE: NavigationShape = { order: [], pinned: [], hidden: [], landing: null };
/** The longest main-menu item id a navigation shape holds: an app's is "app-" and a widget id. */
export const NAVIGATION_ITEM_ID_MAX_LENGTH = 204;
export const USER_TYPES = ["STANDARD_USER", "REPORTER"] as const;
export const PROJECT_TYPES = ["DEFAULT", "HELPDESK"] as const;
export const INBOX_FOLDERS = ["direct", "subscription", "whatsnew"] as const;

export const PERMISSION = {
  READ_ISSUE: "READ_ISSUE",
  PRIVATE_READ_ISSUE: "PRIVATE_READ_ISSUE",
  CREATE_ISSUE: "CREATE_ISSUE",
  UPDATE_ISSUE: "UPDATE_ISSUE",
  PRIVATE_UPDATE_ISSUE: "PRIVATE_UPDATE_ISSUE",
  DELETE_ISSUE: "DELETE_ISSUE",
  LINK_ISSUE: "LINK_ISSUE",
  READ_COMMENT: "READ_COMMENT",
  CREATE_COMMENT: "CREATE_COMMENT",
  UPDATE_COMMENT: "UPDATE_COMMENT",
  DELETE_COMMENT: "DELETE_COMMENT",
  UPDATE_NOT_OWN_COMMENT: "UPDATE_NOT_OWN_COMMENT",
  DELETE_NOT_OWN_COMMENT: "DELETE_NOT_OWN_COMMENT",
  READ_ARTICLE: "READ_ARTICLE",
  CREATE_ARTICLE: "CREATE_ARTICLE",
  UPDATE_ARTICLE: "UPDATE_ARTICLE",
  DELETE_ARTICLE: "DELETE_ARTICLE",
  READ_USER: "READ_USER",
  UPDATE_USER: "UPDATE_USER",
  CREATE_USER: "CREATE_USER",
  DELETE_USER: "DELETE_USER",
  READ_REPORT: "READ_REPORT",
  READ_WORK_ITEM: "READ_WORK_ITEM",
  CREATE_WORK_ITEM: "CREATE_WORK_ITEM",
  PROJECT_READ: "jetbrains.jetpass.project-read",
  PROJECT_READ_BASIC: "jetbrains.jetpass.project-read-basic",
  PROJECT_CREATE: "jetbrains.jetpass.project-create",
  PROJECT_UPDATE: "jetbrains.jetpass.project-update",
  LOW_LEVEL_READ: "jetbrains.jetpass.low-level-read",
  LOW_LEVEL: "jetbrains.jetpass.low-level",
  USER_READ: "jetbrains.jetpass.user-read",
  ORGANIZATION_READ: "jetbrains.jetpass.organization-read",
  GROUP_READ: "jetbrains.jetpass.group-read",
  ROLE_READ: "jetbrains.jetpass.role-read",
} as const;
export type PermissionKey = (typeof PERMISSION)[keyof typeof PERMISSION];

export const FEATURE_FLAG = {
  PLANNING_CANVAS: "planning-canvas",
  AI_ASSISTANT: "ai-assistant",
  NEW_ROLES: "new-roles",
  NEW_VCS_ADMIN: "new-vcs-admin",
  REPORTS_REMAKE: "reports-remake",
  ERROR_REPORTING: "error-reporting",
} as const;

export const SESSION_COOKIE = "keel_session";
/** The mock identity service's own sign-in session, scoped to its path (/hub). */
export const HUB_SESSION_COOKIE = "hub_session";
export const ANALYTICS_MAX_BATCH_BYTES = 500 * 1024;
export const ANALYTICS_MAX_EVENT_BYTES = 32 * 1024;

export const PROJECT_TEMPLATES = ["scrum", "kanban", "helpdesk", "default"] as const;
export const INVITE_FAILURE_KINDS = ["user", "email", "group", "undefined"] as const;
/** A what's-new version id is year.month: 2025.3, 2025.10. */
export const WHATS_NEW_VERSION_ID = /^\d{4}\.(?:[1-9]|1[0-2])$/;
export const WHATS_NEW_VERSION_ID_MESSAGE = "A version id is year.month, like 2025.3";

export const FEATURE_FILE_LOCALES = [
  "cs_CZ",
  "de_DE",
  "en_US",
  "eo_UY",
  "es_ES",
  "fr_FR",
  "he_IL",
  "hu_HU",
  "it_IT",
  "ja_JP",
  "ko_KR",
  "pl_PL",
  "pt_BR",
  "ru_RU",
  "tr_TR",
  "uk_UA",
  "zh_CN",
  "zu_ZA",
] as const;

/**
 * The app a widget host request acts for; the backend answers an app's endpoints only to requests naming
 * it, and a cross-site page or a sandboxed frame cannot send a custom header.
 */
export const WIDGET_APP_HEADER = "x-keel-widget-app";

export const MAX_DASHBOARD_TILES = 50;
/** A dashboard tile's width in percent of the dashboard, and height in grid steps of 80 px. */
export const DASHBOARD_TILE_WIDTH = { min: 10, max: 100, default: 50 } as const;
export const DASHBOARD_TILE_HEIGHT = { min: 1, max: 20, default: 1 } as const;

/** The formats a user may choose for dates (the real backend's DateFormatDescriptor ids and patterns). */
export const DATE_FORMATS = [
  {
    id: "dd_MMM_yyyy",
    presentation: "dd MMM yyyy",
    datePattern: "dd MMM yyyy",
    pattern: "dd MMM yyyy HH:mm",
  },
  { id: "d_MMM_yyyy", presentation: "d MMM yyyy", datePattern: "d MMM yyyy", pattern: "d MMM yyyy HH:mm" },
  { id: "yyyy-MM-dd", presentation: "yyyy-MM-dd", datePattern: "yyyy-MM-dd", pattern: "yyyy-MM-dd HH:mm" },
  { id: "MM/dd/yyyy", presentation: "MM/dd/yyyy", datePattern: "MM/dd/yyyy", pattern: "MM/dd/yyyy h:mm a" },
  { id: "dd.MM.yyyy", presentation: "dd.MM.yyyy", datePattern: "dd.MM.yyyy", pattern: "dd.MM.yyyy HH:mm" },
] as const;
export const DATE_FORMAT_IDS = DATE_FORMATS.map((f) => f.id) as [
  (typeof DATE_FORMATS)[number]["id"],
  ...(typeof DATE_FORMATS)[number]["id"][],
];
