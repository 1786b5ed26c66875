import { AppearanceProfileSchema, type AppearanceUpdate, type CurrentUser } from "#contract/api.ts";
import { GUEST_APPEARANCE_COOKIE } from "./constants.ts";
import { ONE_YEAR_SECONDS, serializeCookie } from "./cookies.ts";
import { readCookie } from "#contract/cookies.ts";

const GuestAppearanceSchema = AppearanceProfileSchema.partial();

/** A guest's saved appearance choices, or none when the cookie is absent or not ours. */
export function readGuestAppearance(cookieHeader: string | null): AppearanceUpdate {
  const value = readCookie(cookieHeader, GUEST_APPEARANCE_COOKIE);
  if (!value) return {};
  try {
    const json: unknown = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
    const parsed = GuestAppearanceSchema.safeParse(json);
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

export function guestAppearanceCookie(appearance: AppearanceUpdate, secure: boolean): string {
  const value = Buffer.from(JSON.stringify(appearance), "utf8").toString("base64url");
  return serializeCookie(GUEST_APPEARANCE_COOKIE, value, { maxAgeSeconds: ONE_YEAR_SECONDS, secure });
}

/** The guest's own choices over the shared guest profile. */
export function withGuestAppearance(user: CurrentUser, cookieHeader: string | null): CurrentUser {
  if (!user.guest) return user;
  const saved = readGuestAppearance(cookieHeader);
  return {
    ...user,
    profiles: { ...user.profiles, appearance: { ...user.profiles.appearance, ...saved } },
  };
}
