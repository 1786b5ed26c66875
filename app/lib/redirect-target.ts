/**
 * A post-sign-in destination: only a path on this site. Anything else
 * (absolute URLs, `//host`, backslashes, control characters) falls back to `/`.
 */
export function safeRedirectTarget(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || value.length === 0 || value.length > 2048) return fallback;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  if (value.includes("\\") || [...value].some((c) => c.charCodeAt(0) < 0x20)) return fallback;
  try {
    const url = new URL(value, "http://keel.invalid");
    if (url.origin !== "http://keel.invalid") return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
