/** One cookie's value from a Cookie header, decoded; undefined when absent or undecodable. */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq <= 0 || part.slice(0, eq).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

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
  const maxAge = maxAgeSeconds === undefined ? "" : `; Max-Age=${maxAgeSeconds}`;
  return `${name}=${value}; Path=/${maxAge}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}
