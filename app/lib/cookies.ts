import { serialize } from "cookie-es";

/** Over HTTPS the cookie is `__Host-` prefixed: only this host, path /, Secure. */
export const cookieName = (base: string, secure: boolean) => (secure ? `__Host-${base}` : base);

export const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * A Set-Cookie value for Keel's own cookies: site-wide, HTTP-only, SameSite=Lax, Secure behind HTTPS.
 * Without `maxAgeSeconds` it lasts for the browser session.
 */
export function serializeCookie(
  name: string,
  value: string,
  { maxAgeSeconds, secure }: { maxAgeSeconds?: number; secure: boolean },
): string {
  return serialize(name, value, {
    path: "/",
    maxAge: maxAgeSeconds,
    httpOnly: true,
    sameSite: "lax",
    secure,
  });
}
