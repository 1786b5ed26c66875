// What may leave the browser in an analytics event (docs/analytics.md, Privacy): never free text, an
// e-mail address or a token.
import { ANALYTICS_MANY_THRESHOLD, SCREEN_WIDTH_BUCKETS_PX } from "../lib/constants.ts";
import { sanitizeLink } from "../lib/links.ts";

export type Count = number | "many";

export function bucketCount(count: number): Count {
  if (!Number.isFinite(count) || count < 0) return 0;
  const whole = Math.floor(count);
  return whole > ANALYTICS_MANY_THRESHOLD ? "many" : whole;
}

/** The width bucket a screen falls into: "<768", "768-991", …, "1440-1919", ">=1920". */
export function bucketScreenWidth(px: number): string {
  const edges = SCREEN_WIDTH_BUCKETS_PX;
  if (!Number.isFinite(px) || px < edges[0]) return `<${edges[0]}`;
  for (let i = 0; i < edges.length - 1; i++) {
    if (px < edges[i + 1]!) return `${edges[i]}-${edges[i + 1]! - 1}`;
  }
  return `>=${edges[edges.length - 1]}`;
}

/** A link as analytics may hold it: sanitised, and without query or fragment, which can carry tokens. */
export function analyticsLink(value: unknown, base?: string): string {
  const kept = sanitizeLink(value, base);
  if (!kept) return "";
  const url = new URL(kept);
  return `${url.origin}${url.pathname}`;
}

const EMAIL = /[^\s@]+@[^\s@]+\.[^\s@]+/;
/** Long runs of token characters: session ids, API tokens, JWTs. */
const TOKEN = /(?:perm:|Bearer\s)|[A-Za-z0-9_\-+/=.]{32,}/;

/** True for a string that could be personal or secret; such a value never leaves. */
export function looksPrivate(value: string): boolean {
  return EMAIL.test(value) || TOKEN.test(value);
}
