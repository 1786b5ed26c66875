// Which URLs rendered Markdown may point to (docs/markdown.md, Rules). Every decision is made on the
// decoded, normalised URL: character references, percent escapes in the scheme, control and
// invisible characters, and case are all undone first, so `&#106;avascript:`, `java\tscript:`,
// `JAVASCRIPT:` and `javascript%3A` are recognised for what a browser could make of them.

/** Schemes a link may use; anything else with a scheme (javascript:, vbscript:, data:, file:…) is refused. */
export const LINK_SCHEMES = ["http", "https", "mailto", "tel", "ftp"] as const;
/** Schemes an image may load from, besides the data images below. */
export const IMAGE_SCHEMES = ["http", "https"] as const;
/** The data images that are shown (as images only, never as links or frames). */
export const DATA_IMAGE_TYPES = [
  "image/gif",
  "image/png",
  "image/jpeg",
  "image/webp",
  "image/svg+xml",
] as const;

export type UrlKind = "link" | "image";

const NAMED_REFERENCES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  colon: ":",
  semi: ";",
  sol: "/",
  bsol: "\\",
  period: ".",
  comma: ",",
  excl: "!",
  quest: "?",
  num: "#",
  percnt: "%",
  lpar: "(",
  rpar: ")",
  equals: "=",
  plus: "+",
  dash: "-",
  hyphen: "-",
  lowbar: "_",
  ast: "*",
  commat: "@",
  dollar: "$",
  nbsp: "\u00a0",
  tab: "\t",
  newline: "\n",
};

/** Decodes numeric and the URL-relevant named character references, with or without the semicolon. */
export function decodeCharacterReferences(value: string): string {
  return value.replace(
    /&(?:#[xX]([0-9a-fA-F]{1,8})|#([0-9]{1,10})|([a-zA-Z]{2,10}));?/g,
    (whole, hex, dec, name) => {
      if (hex !== undefined || dec !== undefined) {
        const code = hex !== undefined ? parseInt(hex, 16) : parseInt(dec, 10);
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "\ufffd";
      }
      return NAMED_REFERENCES[String(name).toLowerCase()] ?? whole;
    },
  );
}

/** Characters a browser ignores or that hide a scheme: C0 and C1 controls, space, and invisible formatting. */
// eslint-disable-next-line no-control-regex -- control characters are what this pattern is for
const IGNORED = /[\u0000-\u0020\u007f-\u009f\u00ad\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff]/g;
const BROWSER_REMOVED = /[\t\n\r]/g;

/** What a browser strips from both ends of a URL attribute (C0 controls and space), without a regex
 * that would backtrack over long runs of blanks. */
function browserTrim(value: string): string {
  let start = 0;
  let end = value.length;
  while (start < end && value.charCodeAt(start) <= 0x20) start++;
  while (end > start && value.charCodeAt(end - 1) <= 0x20) end--;
  return value.slice(start, end);
}

const WEB_PREFIX = /^(https?):\/\//i;

/** The scheme a browser could derive from `raw`, lower case, or null for a relative URL. */
export function schemeOf(raw: string): string | null {
  // The common cases, decided without decoding: a path, a query or a fragment of this site; http(s).
  const first = raw.charCodeAt(0);
  if (first === 47 || first === 35 || first === 63) return null;
  const web = WEB_PREFIX.exec(raw);
  if (web) return web[1]!.toLowerCase();
  let value = raw;
  // Character references can be nested (`&amp;#106;`): decode until stable, a bounded number of times.
  for (let i = 0; i < 4; i++) {
    const decoded = decodeCharacterReferences(value);
    if (decoded === value) break;
    value = decoded;
  }
  value = value.replace(IGNORED, "");
  const end = value.search(/[/?#]/);
  let head = end === -1 ? value : value.slice(0, end);
  try {
    head = decodeURIComponent(head);
  } catch {
    // A malformed escape decodes to nothing a browser would read as a scheme separator.
  }
  head = head.replace(IGNORED, "").toLowerCase();
  const colon = head.indexOf(":");
  if (colon === -1) return null;
  const scheme = head.slice(0, colon);
  // Windows drive letters and the like are not schemes a browser would run, but refuse them anyway.
  return /^[a-z][a-z0-9+.-]*$/.test(scheme) ? scheme : "invalid";
}

/** The data image's MIME type when `raw` is an allowed data image, else null. */
export function dataImageType(raw: string): string | null {
  const value = decodeCharacterReferences(raw).replace(IGNORED, "").toLowerCase();
  const match = /^data:(image\/[a-z0-9.+-]{1,20})[;,]/.exec(value);
  const type = match?.[1];
  return type !== undefined && (DATA_IMAGE_TYPES as readonly string[]).includes(type) ? type : null;
}

/**
 * The URL to put in the attribute, or null when it is refused. Kept URLs are returned the way a
 * browser would read them (surrounding blanks trimmed, tabs and newlines removed), not decoded.
 */
export function safeUrl(raw: string, kind: UrlKind): string | null {
  const cleaned = browserTrim(raw).replace(BROWSER_REMOVED, "");
  const scheme = schemeOf(cleaned);
  if (scheme === null) return cleaned;
  if (scheme === "data") return kind === "image" && dataImageType(cleaned) ? cleaned : null;
  const allowed: readonly string[] = kind === "image" ? IMAGE_SCHEMES : LINK_SCHEMES;
  return allowed.includes(scheme) ? cleaned : null;
}

/** True for an http(s) URL or a relative one: what may be framed or previewed. */
export function isWebUrl(raw: string): boolean {
  const scheme = schemeOf(raw);
  return scheme === null || scheme === "http" || scheme === "https";
}
