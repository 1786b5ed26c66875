// Link rules (docs/shell.md, Links). Double-slash paths: `normalizePath` in app/shell/route-table.ts.

/** The attribute that marks an element whose links the app navigates in place. */
export const NAVIGATION_ATTRIBUTE = "data-keel-navigation";

/** The parsed, absolute href, or "" for `javascript:` or no real origin (parsing undoes scheme tricks). */
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
