// Link rules (docs/shell.md, Links). Double-slash paths: `normalizePath` in app/shell/route-table.ts.

/** The attribute that marks an element whose links the app navigates in place. */
export const NAVIGATION_ATTRIBUTE = "data-keel-navigation";

/**
 * "A link is kept only if it parses as a URL, has a non-null origin and is not a javascript protocol;
 * otherwise it becomes empty." The decision is made on the parsed URL, so case (`JaVaScRiPt:`), leading
 * control characters and embedded tabs or newlines (`java\tscript:`) are normalised away first. A kept
 * link is returned as the parsed, absolute href; relative links resolve against `base`.
 *
 * Opaque-origin schemes (data:, about:, file:, mailto:, blob:null/…) become empty. This is not a
 * same-origin check: https links to other sites, and blob: URLs of a real origin, are kept.
 */
export function sanitizeLink(value: unknown, base?: string): string {
  const raw = value instanceof URL ? value.href : value;
  if (typeof raw !== "string") return "";
  let url: URL;
  try {
    url = base === undefined ? new URL(raw) : new URL(raw, base);
  } catch {
    return "";
  }
  if (url.protocol === "javascript:" || url.origin === "null") return "";
  return url.href;
}

/** The parts of a click event the interception rule reads (a DOM MouseEvent fits). */
export interface LinkClickEvent {
  readonly button: number;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly shiftKey: boolean;
  readonly altKey: boolean;
  readonly defaultPrevented: boolean;
}

/** The parts of an anchor the interception rule reads (an HTMLAnchorElement fits). */
export interface LinkAnchor {
  readonly href: string;
  hasAttribute(name: string): boolean;
  closest(selector: string): unknown;
}

/**
 * Whether the app handles a link click itself instead of letting the browser navigate: only a plain
 * primary-button click (no ctrl, meta, shift or alt), not already handled, on a link without a `target`
 * (any value, `_self` included) or `download` attribute, to `currentOrigin`, inside an element carrying
 * `data-keel-navigation`.
 */
export function shouldInterceptLink(
  event: LinkClickEvent,
  anchor: LinkAnchor,
  currentOrigin: string,
): boolean {
  if (event.defaultPrevented || event.button !== 0) return false;
  if (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return false;
  if (anchor.hasAttribute("target") || anchor.hasAttribute("download")) return false;
  if (anchor.closest(`[${NAVIGATION_ATTRIBUTE}]`) == null) return false;
  try {
    const origin = new URL(currentOrigin).origin;
    return origin !== "null" && new URL(anchor.href, currentOrigin).origin === origin;
  } catch {
    return false;
  }
}
