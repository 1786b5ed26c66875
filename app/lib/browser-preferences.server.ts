import type { z } from "zod";
import { AppearanceProfileSchema, ContrastSchema, type CurrentUser } from "#contract/api.ts";
import { GUEST_APPEARANCE_COOKIE } from "./constants.ts";
import { ONE_YEAR_SECONDS, serializeCookie } from "./cookies.ts";
import { readCookie } from "#contract/cookies.ts";

/**
 * Preferences this browser keeps for itself: every appearance choice of a guest (guests share one
 * profile), and Keel's own preferences when the backend has no `profiles.keel` to keep them.
 */
const BrowserPreferencesSchema = AppearanceProfileSchema.partial().extend({
  contrast: ContrastSchema.optional(),
});
export type BrowserPreferences = z.infer<typeof BrowserPreferencesSchema>;

/** The saved preferences, or none when the cookie is absent or not ours. */
export function readBrowserPreferences(cookieHeader: string | null): BrowserPreferences {
  const value = readCookie(cookieHeader, GUEST_APPEARANCE_COOKIE);
  if (!value) return {};
  try {
    const json: unknown = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
    const parsed = BrowserPreferencesSchema.safeParse(json);
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

export function browserPreferencesCookie(preferences: BrowserPreferences, secure: boolean): string {
  const value = Buffer.from(JSON.stringify(preferences), "utf8").toString("base64url");
  return serializeCookie(GUEST_APPEARANCE_COOKIE, value, { maxAgeSeconds: ONE_YEAR_SECONDS, secure });
}

/** Whether Keel's preferences go to this browser rather than to the backend's profile. */
export function keepsPreferencesInBrowser(user: CurrentUser): boolean {
  return user.guest || user.profiles.keel === undefined;
}

/** The user as the page shows them: what this browser keeps laid over the profile, `profiles.keel` filled. */
export function withBrowserPreferences(user: CurrentUser, cookieHeader: string | null): CurrentUser {
  const inBrowser = keepsPreferencesInBrowser(user);
  const { contrast, ...appearance } = inBrowser ? readBrowserPreferences(cookieHeader) : {};
  const keel = { contrast: contrast ?? user.profiles.keel?.contrast ?? "system" };
  return {
    ...user,
    profiles: {
      ...user.profiles,
      appearance: user.guest ? { ...user.profiles.appearance, ...appearance } : user.profiles.appearance,
      keel,
    },
  };
}
