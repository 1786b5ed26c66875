import { expect, test } from "vitest";
import type { CurrentUser } from "#contract/api.ts";
import {
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
  const member = user(false, { contrast: "standard" });
  expect(keepsPreferencesInBrowser(member)).toBe(false);
  const cookie = cookieOf(browserPreferencesCookie({ contrast: "more", uiTheme: "darcula" }, false));
  const shown = withBrowserPreferences(member, cookie);
  expect(shown.profiles.keel).toEqual({ contrast: "standard" });
  expect(shown.profiles.appearance.uiTheme).toBe("default");
});

test("a backend without Keel's profile: the contrast comes from this browser, the theme from the profile", () => {
  const member = user(false);
  expect(keepsPreferencesInBrowser(member)).toBe(true);
  expect(withBrowserPreferences(member, null).profiles.keel).toEqual({ contrast: "system" });
  const cookie = cookieOf(browserPreferencesCookie({ contrast: "more", uiTheme: "darcula" }, false));
  const shown = withBrowserPreferences(member, cookie);
  expect(shown.profiles.keel).toEqual({ contrast: "more" });
  expect(shown.profiles.appearance.uiTheme).toBe("default");
});

test("a guest's theme and contrast are this browser's own", () => {
  const guest = user(true, { contrast: "standard" });
  expect(keepsPreferencesInBrowser(guest)).toBe(true);
  const cookie = cookieOf(browserPreferencesCookie({ contrast: "more", uiTheme: "darcula" }, false));
  const shown = withBrowserPreferences(guest, cookie);
  expect(shown.profiles.keel).toEqual({ contrast: "more" });
  expect(shown.profiles.appearance.uiTheme).toBe("darcula");
});
