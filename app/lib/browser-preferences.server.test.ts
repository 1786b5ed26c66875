import { expect, test } from "vitest";
import type { CurrentUser } from "#contract/api.ts";
import { NAVIGATION_ITEM_ID_MAX_LENGTH, NAVIGATION_SHAPE_MAX_ITEMS } from "#contract/constants.ts";
import { DEFAULT_NOTIFICATION_KINDS } from "#contract/notification-kinds.ts";
import {
  BROWSER_PREFERENCES_MAX_CHARS,
  browserPreferencesCookie,
  keepsPreferencesInBrowser,
  readBrowserPreferences,
  withBrowserPreferences,
} from "./browser-preferences.server.ts";

function user(guest: boolean, keel?: CurrentUser["profiles"]["keel"]): CurrentUser {
  return {
    id: guest ? "1-0" : "1-2",
    login: guest ? "guest" : "alice",
    name: guest ? "Guest" : "Alice",
    guest,
    email: null,
    avatarUrl: null,
    avatarType: "default",
    requiredTwoFactorAuthentication: false,
    twoFactorAuthentication: { enabled: false },
    webauthnDevice: { enabled: false },
    userType: { id: "STANDARD_USER" },
    featureFlags: [],
    widgets: [],
    profiles: {
      appearance: { uiTheme: "default", expandNavigation: true, showTooltips: true },
      ...(keel ? { keel } : {}),
      general: { locale: { language: "en", locale: "en_US" } },
      helpdesk: { helpdeskFolder: null, isReporter: false },
      timetracking: { isTimeTrackingAvailable: false },
      tips: { showPricingAdminPopup: false, pricingAdminPopupShown: false, showTips: false },
    },
  };
}

const MENU = { order: [], pinned: [], hidden: [], landing: null };
const SHAPED = {
  order: ["articles", "issues"],
  pinned: ["articles"],
  hidden: ["gantt-charts"],
  landing: "articles",
};

/** The Cookie header a browser sends back for a Set-Cookie value. */
const cookieOf = (setCookie: string) => setCookie.split(";")[0]!;

test("the cookie carries appearance and contrast, and a forged or foreign value reads as nothing", () => {
  const cookie = cookieOf(browserPreferencesCookie({ uiTheme: "darcula", contrast: "more" }, false));
  expect(readBrowserPreferences(cookie)).toEqual({ uiTheme: "darcula", contrast: "more" });
  const name = cookie.split("=")[0]!;
  const forged = Buffer.from(JSON.stringify({ contrast: "ultra" })).toString("base64url");
  expect(readBrowserPreferences(`${name}=${forged}`)).toEqual({});
  expect(readBrowserPreferences(`${name}=not-base64-json`)).toEqual({});
  expect(readBrowserPreferences(null)).toEqual({});
});

test("a backend with Keel's profile keeps the preference; the browser's cookie is not read", () => {
  const member = user(false, {
    contrast: "standard",
    navigation: MENU,
    notifications: DEFAULT_NOTIFICATION_KINDS,
  });
  expect(keepsPreferencesInBrowser(member)).toBe(false);
  const cookie = cookieOf(
    browserPreferencesCookie({ contrast: "more", uiTheme: "darcula", navigation: SHAPED }, false),
  );
  const shown = withBrowserPreferences(member, cookie);
  expect(shown.profiles.keel).toEqual({
    contrast: "standard",
    navigation: MENU,
    notifications: DEFAULT_NOTIFICATION_KINDS,
  });
  expect(shown.profiles.appearance.uiTheme).toBe("default");
});

test("a backend without Keel's profile: the contrast comes from this browser, the theme from the profile", () => {
  const member = user(false);
  expect(keepsPreferencesInBrowser(member)).toBe(true);
  expect(withBrowserPreferences(member, null).profiles.keel).toEqual({
    contrast: "system",
    navigation: MENU,
    notifications: DEFAULT_NOTIFICATION_KINDS,
  });
  const cookie = cookieOf(
    browserPreferencesCookie({ contrast: "more", uiTheme: "darcula", navigation: SHAPED }, false),
  );
  const shown = withBrowserPreferences(member, cookie);
  expect(shown.profiles.keel).toEqual({
    contrast: "more",
    navigation: SHAPED,
    notifications: DEFAULT_NOTIFICATION_KINDS,
  });
  expect(shown.profiles.appearance.uiTheme).toBe("default");
});

test("a guest's theme and contrast are this browser's own", () => {
  const guest = user(true, {
    contrast: "standard",
    navigation: MENU,
    notifications: DEFAULT_NOTIFICATION_KINDS,
  });
  expect(keepsPreferencesInBrowser(guest)).toBe(true);
  const cookie = cookieOf(browserPreferencesCookie({ contrast: "more", uiTheme: "darcula" }, false));
  const shown = withBrowserPreferences(guest, cookie);
  expect(shown.profiles.keel).toEqual({
    contrast: "more",
    navigation: MENU,
    notifications: DEFAULT_NOTIFICATION_KINDS,
  });
  expect(shown.profiles.appearance.uiTheme).toBe("darcula");
});

test("a navigation shape too long for a cookie loses ids from the end of its longest lists, and fits", () => {
  const ids = (prefix: string) =>
    Array.from({ length: NAVIGATION_SHAPE_MAX_ITEMS }, (_, i) =>
      `${prefix}-${i}`.padEnd(NAVIGATION_ITEM_ID_MAX_LENGTH, "x"),
    );
  const navigation = {
    order: ids("o"),
    pinned: ids("p").slice(0, 2),
    hidden: ids("h").slice(0, 3),
    landing: "issues",
  };
  const setCookie = browserPreferencesCookie({ contrast: "more", navigation }, false);
  const value = cookieOf(setCookie).split("=")[1]!;
  expect(value.length).toBeLessThanOrEqual(BROWSER_PREFERENCES_MAX_CHARS);
  expect(setCookie.length).toBeLessThan(4096);
  const read = readBrowserPreferences(cookieOf(setCookie));
  expect(read.contrast).toBe("more");
  // The order, longest, gave way; pinned, hidden and the landing page stayed whole.
  expect(read.navigation?.pinned).toEqual(navigation.pinned);
  expect(read.navigation?.hidden).toEqual(navigation.hidden);
  expect(read.navigation?.landing).toBe("issues");
  expect(read.navigation?.order).toEqual(navigation.order.slice(0, read.navigation?.order.length));
  expect(read.navigation?.order.length).toBeGreaterThan(0);
});

test("a cookie value longer than the bound is not parsed", () => {
  const name = cookieOf(browserPreferencesCookie({}, false)).split("=")[0]!;
  const long = Buffer.from(JSON.stringify({ contrast: "more", pad: "x".repeat(4000) })).toString("base64url");
  expect(readBrowserPreferences(`${name}=${long}`)).toEqual({});
});
