const BASE = "http://keel.invalid";

/** A path a browser resolves on this site: one leading slash, no backslash, no control character. */
function isLocalPath(value: string): boolean {
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return false;
  return !value.includes("\\") && ![...value].some((c) => c.charCodeAt(0) < 0x20 || c === "\u007f");
}

/**
 * A post-sign-in destination: only a path on this site, else `/`. The normalised result is checked again:
 * dot segments can turn `/.//host` into `//host`.
 */
export function safeRedirectTarget(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || value.length === 0 || value.length > 2048) return fallback;
  if (!isLocalPath(value)) return fallback;
  let target: string;
  try {
    const url = new URL(value, BASE);
    if (url.origin !== BASE) return fallback;
    target = `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
  if (!isLocalPath(target) || new URL(target, BASE).origin !== BASE) return fallback;
  return target;
}
