// The specification's constants, with its names (seed 000 section 9, seed 001 section 9).

export const NOTIFICATION_POLL_INTERVAL_MS = 360_000;
export const TAB_HIDDEN_DEBOUNCE_SECURE_MS = 1_800_000;
export const TAB_HIDDEN_DEBOUNCE_MS = 1_000;
export const TAB_VISIBLE_DEBOUNCE_MS = 100;
export const NOTIFICATIONS_CENTER_LAZY_INIT_MS = 30_000;
export const CONFIG_VERIFICATION_DELAY_MS = 1_000;
export const MIN_SSE_PING_TIMEOUT_MS = 30_000;
export const SSE_PING_OVERDUE_MS = 300_000;
export const SSE_STATUS_CHECK_MS = 10_000;
export const SSE_RECONNECT_TIMEOUT_MS = 30_000;
export const SEARCH_BOT_TOKEN_LIFETIME_S = 3_600;
export const PRICING_POPUP_MIN_SINCE_FIRST_SEEN_MS = 10 * 60_000;
export const PRICING_POPUP_MIN_SINCE_LAST_PROMO_MS = 3 * 60 * 60_000;
export const ERROR_REPORTING_PAGE_LOAD_SAMPLE_RATE = 1;
export const ERROR_REPORTING_SAMPLE_RATE = 0.1;
export const SIDEBAR_ITEM_HEIGHT_PX = 40;
export const MOBILE_BAR_HEIGHT_PX = 48;
export const MOBILE_BREAKPOINT_PX = 760;
export const WIDE_BREAKPOINT_PX = 1200;
export const POPUP_BREAKPOINT_PX = 570;
export const SCREEN_WIDTH_BUCKETS_PX = [768, 992, 1200, 1440, 1920] as const;
export const DASHBOARD_WIDGET_DIALOG_MAX_HEIGHT_PX = 640;
export const DASHBOARD_WIDGET_DIALOG_MAX_WIDTH_PX = 600;
export const SHORTCUT_DIALOG_WIDTH_PX = 900;
export const LOG_BUFFER_LIMIT = 5_000;
export const SCRIPT_CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const CLIPBOARD_NOTIFICATION_MS = 1_000;
export const BUILD_NUMBER = "2025.4.101407";
export const BUILD_RELEASE_DATE = "2025-10-11";
export const COPYRIGHT_START_YEAR = 2009;
export const HUB_API_VERSION = "4";
/** The error code of a call the backend refuses until the user sets up two-factor authentication. */
export const TWO_FACTOR_REQUIRED_ERROR = "2fa_required";

export const WIDGET_REGISTER_TIMEOUT_MS = 60_000;
export const WIDGET_ALERT_TIMEOUT_MS = 10_000;
export const MARKDOWN_MAX_NESTING = 100;
export const ANALYTICS_MANY_THRESHOLD = 20;

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
export const USER_TYPES = ["STANDARD_USER", "REPORTER"] as const;
export const PROJECT_TYPES = ["DEFAULT", "HELPDESK"] as const;
export const INBOX_FOLDERS = ["direct", "subscription", "whatsnew"] as const;

/** Permission keys as the backend's permission cache names them. */
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

/** Feature flag ids. */
export const FEATURE_FLAG = {
  PLANNING_CANVAS: "planning-canvas",
  AI_ASSISTANT: "ai-assistant",
  NEW_ROLES: "new-roles",
  NEW_VCS_ADMIN: "new-vcs-admin",
  REPORTS_REMAKE: "reports-remake",
  ERROR_REPORTING: "error-reporting",
} as const;

export const SESSION_COOKIE = "keel_session";
export const CSRF_COOKIE = "keel_csrf";
/** The state of one round trip through the identity service (sign-in or sign-out), sealed. */
export const OAUTH_FLOW_COOKIE = "keel_oauth";
/** The mock identity service's own sign-in session, scoped to its path (/hub). */
export const HUB_SESSION_COOKIE = "hub_session";
export const SESSION_TTL_MS = 14 * 24 * 60 * 60_000;
export const ANALYTICS_MAX_BATCH_BYTES = 500 * 1024;
export const ANALYTICS_MAX_EVENT_BYTES = 32 * 1024;
/** Guests have no profile: their appearance choices live in this cookie instead. */
export const GUEST_APPEARANCE_COOKIE = "keel_guest_appearance";
/** A guest's acceptance of the user agreement ("major.minor"), kept in their browser. */
export const GUEST_AGREEMENT_COOKIE = "keel_guest_agreement";
/** A guest chose "Remind me later": no notice until the browser session ends. */
export const AGREEMENT_LATER_COOKIE = "keel_agreement_later";
/** A guest's language choice, and everyone's when the profile has none. */
export const LOCALE_COOKIE = "keel_locale";
/** Banners this browser has dismissed (keys of their text), so the server leaves them out. */
export const DISMISSED_BANNERS_COOKIE = "keel_dismissed_banners";
/** How often open tabs check the user agreement again. */
export const AGREEMENT_RECHECK_MS = 60 * 60_000;

/** Templates a new project can start from (seed 000 section 4, new-project wizard). */
export const PROJECT_TEMPLATES = ["scrum", "kanban", "helpdesk", "default"] as const;
/** Kinds an invitation failure is counted by (seed 000 section 8). */
export const INVITE_FAILURE_KINDS = ["user", "email", "group", "undefined"] as const;
/** Locales with bundled what's-new feature files, each with a cloud variant (seed 000 section 9). */
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
