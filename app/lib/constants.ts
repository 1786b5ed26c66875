// The shell's constants, documented in docs/.

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
export const PRODUCT_NAME = "Keel";
export const BUILD_NUMBER = "2025.4.101407";
export const BUILD_RELEASE_DATE = "2025-10-11";
export const COPYRIGHT_START_YEAR = 2009;

export const WIDGET_REGISTER_TIMEOUT_MS = 60_000;
export const WIDGET_ALERT_TIMEOUT_MS = 10_000;
export const MARKDOWN_MAX_NESTING = 100;
export const ANALYTICS_MANY_THRESHOLD = 20;

export const CSRF_COOKIE = "keel_csrf";
/** The state of one round trip through the identity service (sign-in or sign-out), sealed. */
export const OAUTH_FLOW_COOKIE = "keel_oauth";
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
