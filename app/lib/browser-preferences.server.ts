import type { z } from "zod";
import {
  AppearanceProfileSchema,
  ContrastSchema,
  NavigationShapeSchema,
  type CurrentUser,
} from "#contract/api.ts";
import { DEFAULT_NAVIGATION_SHAPE } from "#contract/constants.ts";
import { DEFAULT_NOTIFICATION_KINDS } from "#contract/notification-kinds.ts";
import { GUEST_APPEARANCE_COOKIE } from "./constants.ts";
import { ONE_YEAR_SECONDS, serializeCookie } from "./cookies.ts";
import { readCookie } from "#contract/cookies.ts";

/**
 * Preferences this browser keeps for itself: every appearance choice of a guest (guests share one
 * profile), and Keel's own preferences when the backend has no `profiles.keel` to keep them.
 */
const BrowserPreferencesSchema = AppearanceProfileSchema.partial().extend({
  contrast: ContrastSchema.optional(),
  navigation: NavigationShapeSchema.optional(),
});
export type BrowserPreferences = z.infer<typeof BrowserPreferencesSchema>;

/**
 * The longest value the cookie carries, well under browsers' 4 KB per cookie with its name and
 * attributes. A navigation shape that would not fit loses ids from the end of its longest lists.
 */
export const BROWSER_PREFERENCES_MAX_CHARS = 3600;

/** The saved preferences, or none when the cookie is absent, too long or not ours. */
export function readBrowserPreferences(cookieHeader: string | null): BrowserPreferences {
  const value = readCookie(cookieHeader, GUEST_APPEARANCE_COOKIE);
  if (!value || value.length > BROWSER_PREFERENCES_MAX_CHARS) return {};
  try {
    const json: unknown = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
    const parsed = BrowserPreferencesSchema.safeParse(json);
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

const encode = (preferences: BrowserPreferences) =>
  Buffer.from(JSON.stringify(preferences), "utf8").toString("base64url");

/** The encoded preferences, the navigation shape's longest lists shortened from their end until they fit. */
function fittedValue(preferences: BrowserPreferences): string {
  let value = encode(preferences);
  const shape = preferences.navigation;
  if (!shape || value.length <= BROWSER_PREFERENCES_MAX_CHARS) return value;
  const navigation = {
    ...shape,
    order: [...shape.order],
    pinned: [...shape.pinned],
    hidden: [...shape.hidden],
  };
  while (value.length > BROWSER_PREFERENCES_MAX_CHARS) {
    const longest = [navigation.order, navigation.hidden, navigation.pinned].reduce((a, b) =>
      b.length > a.length ? b : a,
    );
    if (longest.length === 0) return encode({ ...preferences, navigation: undefined });
    longest.pop();
    value = encode({ ...preferences, navigation });
  }
  return value;
}

export function browserPreferencesCookie(preferences: BrowserPreferences, secure: boolean): string {
  const value = fittedValue(preferences);
  return serializeCookie(GUEST_APPEARANCE_COOKIE, value, { maxAgeSeconds: ONE_YEAR_SECONDS, secure });
}

export function keepsPreferencesInBrowser(user: CurrentUser): boolean {
  return user.guest || user.profiles.keel === undefined;
}

/** The user as the page shows them: what this browser keeps laid over the profile, `profiles.keel` filled. */
export function withBrowserPreferences(user: CurrentUser, cookieHeader: string | null): CurrentUser {
  const inBrowser = keepsPreferencesInBrowser(user);
  const { contrast, navigation, ...appearance } = inBrowser ? readBrowserPreferences(cookieHeader) : {};
  const keel = {
    contrast: contrast ?? user.profiles.keel?.contrast ?? "system",
    navigation: navigation ?? user.profiles.keel?.navigation ?? DEFAULT_NAVIGATION_SHAPE,
    // Notification kinds need the backend (it sends the pushes): without the extension every kind is on.
    notifications: user.profiles.keel?.notifications ?? DEFAULT_NOTIFICATION_KINDS,
  };
  return {
    ...user,
    profiles: {
      ...user.profiles,
      appearance: user.guest ? { ...user.profiles.appearance, ...appearance } : user.profiles.appearance,
      keel,
    },
  };
}
