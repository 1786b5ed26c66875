// What rendered Markdown may contain (docs/markdown.md): DOMPurify against an explicit allowlist, with
// Keel's rules for URLs, styles, ids, task buttons and frames as hooks. Script, style and head bodies
// are dropped with their content. Sanitising is idempotent: what it returns, it returns unchanged.
// Raw HTML from the author goes through DOMPurify; the renderer's own elements are written by
// `startTag` and `escapeText` below, which apply the same rules while writing, so that sanitising
// them would change nothing.

import { purifier } from "./purify.ts";
import { isEmbedSource } from "./embeds.ts";
import { VOID_ELEMENTS } from "./html-balance.ts";
import { createMemo } from "./memo.ts";
import { safeUrl, schemeOf, type UrlKind } from "./url-policy.ts";

/** Ids of the page around rendered Markdown; headings and raw HTML cannot take them. */
export const RESERVED_IDS = ["main", "page-heading", "markdown-preview"] as const;
/** Ids starting with this belong to the app (the task form); Markdown cannot use them. */
export const APP_ID_PREFIX = "keel-";
/** The task-list form's id starts with this; only buttons that submit to it survive. */
export const TASK_FORM_PREFIX = "keel-tasks-";
/** Deeper HTML is flattened to text before DOMPurify, whose cost grows with depth. */
export const MAX_HTML_DEPTH = 512;

const HTML_TAGS = [
  "a",
  "abbr",
  "b",
  "bdi",
  "blockquote",
  "br",
  "button",
  "caption",
  "cite",
  "code",
  "col",
  "colgroup",
  "dd",
  "del",
  "details",
  "dfn",
  "div",
  "dl",
  "dt",
  "em",
  "figcaption",
  "figure",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "hr",
  "i",
  "iframe",
  "img",
  "input",
  "ins",
  "kbd",
  "li",
  "mark",
  "ol",
  "p",
  "pre",
  "q",
  "rp",
  "rt",
  "ruby",
  "s",
  "samp",
  "small",
  "span",
  "strike",
  "strong",
  "sub",
  "summary",
  "sup",
  "table",
  "tbody",
  "td",
  "tfoot",
  "th",
  "thead",
  "time",
  "tr",
  "u",
  "ul",
  "var",
  "wbr",
];
// KaTeX's MathML (for assistive technology) and the SVG it draws stretchy symbols with.
const MATHML_TAGS = [
  "math",
  "semantics",
  "annotation",
  "mrow",
  "mi",
  "mo",
  "mn",
  "ms",
  "mtext",
  "mspace",
  "msup",
  "msub",
  "msubsup",
  "mfrac",
  "msqrt",
  "mroot",
  "mover",
  "munder",
  "munderover",
  "mtable",
  "mtr",
  "mtd",
  "mstyle",
  "mpadded",
  "mphantom",
  "menclose",
  "mlabeledtr",
  "merror",
];
const SVG_TAGS = ["svg", "path", "line", "g", "rect"];

const ATTRIBUTES = [
  // global
  "class",
  "id",
  "title",
  "lang",
  "style",
  "role",
  "aria-hidden",
  "aria-label",
  // links, media and tables
  "href",
  "rel",
  "src",
  "alt",
  "width",
  "height",
  "loading",
  "decoding",
  "colspan",
  "rowspan",
  "align",
  "scope",
  "start",
  "datetime",
  "cite",
  "open",
  // task lists
  "type",
  "checked",
  "disabled",
  "form",
  "name",
  "value",
  "aria-checked",
  // frames
  "allow",
  "allowfullscreen",
  "referrerpolicy",
  "sandbox",
  // the renderer's hooks for the browser and the widget host
  "data-mermaid",
  "data-language",
  "data-app-key",
  "data-widget-key",
  "data-embedding-id",
  // MathML
  "display",
  "encoding",
  "mathvariant",
  "mathcolor",
  "mathbackground",
  "stretchy",
  "fence",
  "separator",
  "lspace",
  "rspace",
  "accent",
  "accentunder",
  "columnalign",
  "rowalign",
  "columnspacing",
  "rowspacing",
  "columnlines",
  "rowlines",
  "frame",
  "framespacing",
  "minsize",
  "maxsize",
  "depth",
  "voffset",
  "scriptlevel",
  "displaystyle",
  "movablelimits",
  "linethickness",
  "notation",
  "symmetric",
  "largeop",
  // SVG
  "viewbox",
  "preserveaspectratio",
  "d",
  "x",
  "y",
  "x1",
  "y1",
  "x2",
  "y2",
  "stroke",
  "stroke-width",
  "fill",
];

const URL_ATTRIBUTES = new Set([
  "href",
  "src",
  "cite",
  "xlink:href",
  "action",
  "formaction",
  "poster",
  "background",
]);
const ROLES = new Set(["note", "status", "checkbox", "img", "presentation", "group"]);
const FRAME_ATTRIBUTES: Record<string, string> = {
  loading: "lazy",
  referrerpolicy: "strict-origin-when-cross-origin",
  sandbox: "allow-scripts allow-same-origin allow-popups allow-presentation",
};

/** CSS properties an inline style may set (those KaTeX uses, and harmless text styling). */
const STYLE_PROPERTIES = new Set([
  "color",
  "background-color",
  "border",
  "border-color",
  "border-style",
  "border-width",
  "border-top-width",
  "border-right-width",
  "border-bottom-width",
  "border-left-width",
  "height",
  "width",
  "min-width",
  "max-width",
  "vertical-align",
  "margin-left",
  "margin-right",
  "margin-top",
  "margin-bottom",
  "padding-left",
  "padding-right",
  "padding-top",
  "padding-bottom",
  "top",
  "bottom",
  "left",
  "right",
  "position",
  "text-align",
  "font-weight",
  "font-style",
  "text-decoration",
]);
const STYLE_VALUE = /^[-#%.,\w\s()]{1,200}$/;

/** The declarations of `style` that are allowed, or "" when none is. */
export function filterStyle(style: string): string {
  const kept: string[] = [];
  for (const declaration of style.split(";").slice(0, 50)) {
    const colon = declaration.indexOf(":");
    if (colon === -1) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration.slice(colon + 1).trim();
    if (!STYLE_PROPERTIES.has(property) || !STYLE_VALUE.test(value)) continue;
    // Nothing positioned outside its box: no overlays over the page around the text.
    if (property === "position" && value.toLowerCase() !== "relative") continue;
    if (/(?:url|image|expression|attr|element)\s*\(/i.test(value)) continue;
    kept.push(`${property}:${value}`);
  }
  return kept.join(";");
}

export function isAllowedId(id: string): boolean {
  return (
    /^[\p{L}\p{N}_-]{1,100}$/u.test(id) &&
    !(RESERVED_IDS as readonly string[]).includes(id) &&
    !id.startsWith(APP_ID_PREFIX)
  );
}

/**
 * Escapes start tags that would nest deeper than `maxDepth`, so that they render as text. Counting is
 * approximate (a `>` inside a quoted attribute ends the tag early; a tag with more than 2,000
 * characters of attributes is not counted), which is enough: this guards the cost of sanitising,
 * while DOMPurify remains what decides safety.
 */
export function flattenDeepHtml(html: string, maxDepth = MAX_HTML_DEPTH): string {
  const stack: { name: string; escaped: boolean }[] = [];
  let depth = 0;
  let changed = false;
  const out = html.replace(
    /<(\/?)([A-Za-z][A-Za-z0-9:-]{0,40})(?=[\s/>])([^>]{0,2000})>/g,
    (tag, slash: string, rawName: string, rest: string) => {
      const name = rawName.toLowerCase();
      if (slash) {
        // A close tag matches one of the nearest open ones or none (a stray close tag is ignored).
        let at = -1;
        for (let i = stack.length - 1; i >= 0 && i >= stack.length - 64; i--) {
          if (stack[i]!.name === name) {
            at = i;
            break;
          }
        }
        if (at === -1) return tag;
        const entry = stack[at];
        for (let i = at; i < stack.length; i++) if (!stack[i]!.escaped) depth--;
        stack.length = at;
        if (entry?.escaped) {
          changed = true;
          return tag.replace(/</g, "&lt;");
        }
        return tag;
      }
      if (VOID_ELEMENTS.has(name) || rest.endsWith("/")) return tag;
      const escaped = depth >= maxDepth;
      stack.push({ name, escaped });
      if (!escaped) depth++;
      else changed = true;
      return escaped ? tag.replace(/</g, "&lt;") : tag;
    },
  );
  return changed ? out : html;
}

// DOMPurify keeps hooks on its instance, and the page's instance is shared (enhance.ts sanitises
// Mermaid's SVG with it): the hooks are installed once and act only while `sanitizeNow` runs.
// Sanitising is synchronous and never starts another sanitising, so one flag is enough.
let active = false;
let hooksInstalled = false;

function urlKind(tag: string, attribute: string): UrlKind {
  return tag === "img" && attribute === "src" ? "image" : "link";
}

/** The value Keel's rules leave to attribute `name` of `tag` (DOMPurify's own checks come after), or null. */
function keptValue(tag: string, name: string, value: string): string | null {
  if (URL_ATTRIBUTES.has(name)) return tag === "iframe" ? value : safeUrl(value, urlKind(tag, name));
  if (name === "style") return filterStyle(value) || null;
  if (name === "id") return isAllowedId(value) ? value : null;
  if (name === "role") return ROLES.has(value) ? value : null;
  if (name === "rel") return null;
  return value;
}

/** An element's attributes, in the DOM or in a start tag being written. */
interface ElementAttributes {
  get(name: string): string | null;
  set(name: string, value: string): void;
  remove(name: string): void;
}

/** The rules for an element whose attributes are clean: false when the element must go. */
function finishElement(tag: string, element: ElementAttributes): boolean {
  if (tag === "button") {
    // Only the task list's own toggles: they submit the page's task form and nothing else.
    const form = element.get("form") ?? "";
    const valid =
      form.startsWith(TASK_FORM_PREFIX) &&
      isAllowedId(form.slice(APP_ID_PREFIX.length)) &&
      element.get("name") === "task" &&
      /^\d{1,6}$/.test(element.get("value") ?? "");
    if (!valid) return false;
    element.set("type", "submit");
    element.set("role", "checkbox");
    return true;
  }
  for (const attribute of ["form", "name", "value"]) element.remove(attribute);
  if (tag === "input") {
    // Only disabled checkboxes: the read-only face of a task.
    if (element.get("type") !== "checkbox") return false;
    element.set("disabled", "");
    return true;
  }
  if (tag === "iframe") {
    // Only the video embeds, always sandboxed: no other address is ever framed.
    if (!isEmbedSource(element.get("src") ?? "")) return false;
    for (const [attribute, value] of Object.entries(FRAME_ATTRIBUTES)) element.set(attribute, value);
    element.set("allow", "encrypted-media; picture-in-picture; fullscreen");
    return true;
  }
  // Links that leave Keel say so to search engines and give the target no handle on this page.
  if (tag === "a" && schemeOf(element.get("href") ?? "") !== null) {
    element.set("rel", "noopener noreferrer nofollow ugc");
  }
  return true;
}

function installHooks() {
  if (hooksInstalled) return;
  hooksInstalled = true;
  const DOMPurify = purifier();
  DOMPurify.addHook("uponSanitizeAttribute", (node, data) => {
    // Other users of the shared DOMPurify instance are left alone.
    if (!active) return;
    const kept = keptValue(node.nodeName.toLowerCase(), data.attrName, data.attrValue);
    if (kept === null) data.keepAttr = false;
    else data.attrValue = kept;
  });
  DOMPurify.addHook("afterSanitizeAttributes", (node) => {
    if (!active) return;
    const element = node as Element;
    const attributes: ElementAttributes = {
      get: (name) => element.getAttribute(name),
      set: (name, value) => element.setAttribute(name, value),
      remove: (name) => element.removeAttribute(name),
    };
    if (!finishElement(element.nodeName.toLowerCase(), attributes)) element.remove();
  });
}

const CONFIG = {
  ALLOWED_TAGS: [...HTML_TAGS, ...MATHML_TAGS, ...SVG_TAGS],
  ALLOWED_ATTR: ATTRIBUTES,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  KEEP_CONTENT: true,
  // Text attributes whose values DOMPurify would otherwise read as URLs ("Permalink: …" has a "scheme").
  ADD_URI_SAFE_ATTR: [
    "aria-label",
    "aria-checked",
    "data-language",
    "data-app-key",
    "data-widget-key",
    "data-embedding-id",
  ],
  // Dropped with everything inside them, not just unwrapped.
  FORBID_CONTENTS: [
    "script",
    "style",
    "head",
    "template",
    "noscript",
    "title",
    "textarea",
    "select",
    "option",
    "xmp",
    "noembed",
    "noframes",
    "plaintext",
    "iframe",
    "object",
    "embed",
    "frameset",
    "frame",
  ],
  RETURN_TRUSTED_TYPE: false,
} as const;

// Sanitising is a pure function of the HTML, and the costliest step on the server.
const sanitized = createMemo<string>(500, 8_000_000);

/** Safe HTML for `html`; see the allowlist above. */
export function sanitizeHtml(html: string): string {
  return sanitizePiece(html, false);
}

/**
 * Safe HTML for a piece of a document. `inBody` when other content comes before it: DOMPurify then
 * reads it as the HTML parser reads the middle of a document (a `<style>` or a stray end tag there
 * is not what it is at the very start, where the parser is still before the body).
 */
export function sanitizePiece(html: string, inBody: boolean): string {
  return sanitized.get(`${inBody ? "body" : ""}\u0000${html}`, () => sanitizeNow(html, inBody));
}

/** As `sanitizeHtml`, for a caller that keeps the result itself. */
export function sanitizeHtmlUncached(html: string): string {
  return sanitizeNow(html, false);
}

const PURIFY_CONFIG = {
  ...CONFIG,
  ALLOWED_TAGS: [...CONFIG.ALLOWED_TAGS],
  ALLOWED_ATTR: [...CONFIG.ALLOWED_ATTR],
  FORBID_CONTENTS: [...CONFIG.FORBID_CONTENTS],
  ADD_URI_SAFE_ATTR: [...CONFIG.ADD_URI_SAFE_ATTR],
};
const PURIFY_CONFIG_IN_BODY = { ...PURIFY_CONFIG, FORCE_BODY: true };

function sanitizeNow(html: string, inBody: boolean): string {
  installHooks();
  active = true;
  try {
    const config = inBody ? PURIFY_CONFIG_IN_BODY : PURIFY_CONFIG;
    return purifier().sanitize(flattenDeepHtml(html), config) as string;
  } finally {
    active = false;
  }
}

// The renderer writes its own elements already in the form DOMPurify with the hooks above would give
// them back (sanitising them changes nothing, which the tests check on every input), so that only
// raw HTML from the author has to go through DOMPurify. These mirror, for the elements and
// attributes the renderer writes, what the HTML parser, DOMPurify's checks and the serialiser do.

const ALLOWED_TAGS = new Set<string>(CONFIG.ALLOWED_TAGS);
const ALLOWED_ATTRIBUTES = new Set(ATTRIBUTES);
// DOMPurify's defaults and CONFIG's additions.
const URI_SAFE_ATTRIBUTES = new Set([
  "alt",
  "class",
  "for",
  "id",
  "label",
  "name",
  "pattern",
  "placeholder",
  "role",
  "summary",
  "title",
  "value",
  "style",
  "xmlns",
  ...CONFIG.ADD_URI_SAFE_ATTR,
]);
const DATA_URI_TAGS = new Set(["audio", "video", "img", "source", "image", "track"]);
const IS_ALLOWED_URI =
  /^(?:(?:(?:f|ht)tps?|mailto|tel|callto|sms|cid|xmpp|matrix):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;
// eslint-disable-next-line no-control-regex -- DOMPurify's own definition of blanks in a URL
const ATTR_WHITESPACE = /[\u0000-\u0020\u00A0\u1680\u180E\u2000-\u2029\u205F\u3000]/g;
const ATTR_VALUE_BREAKOUT =
  /((--!?|])>)|<\/(style|script|title|xmp|textarea|noscript|iframe|noembed|noframes)/i;

// eslint-disable-next-line no-control-regex -- the characters the parser and the serialiser change
const TEXT_SPECIAL = /\r\n?|[&<>\u00a0\u0000]/g;
const TEXT_REPLACEMENTS: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  "\u00a0": "&nbsp;",
  // The parser drops NUL from text, and reads every line break as \n.
  "\u0000": "",
  "\r": "\n",
  "\r\n": "\n",
};

// eslint-disable-next-line no-control-regex -- the same
const TEXT_TEST = /[\r&<>\u00a0\u0000]/;

/** `text` as the content of an element, written as the serialiser writes it after parsing. */
export function escapeText(text: string): string {
  return TEXT_TEST.test(text) ? text.replace(TEXT_SPECIAL, (char) => TEXT_REPLACEMENTS[char]!) : text;
}

// eslint-disable-next-line no-control-regex -- the characters the parser changes in an attribute value
const PARSED_TEST = /[\r\u0000]/;
// eslint-disable-next-line no-control-regex -- the same
const PARSED_SPECIAL = /\r\n?|\u0000/g;
const ATTRIBUTE_TEST = /[&"<>\u00a0]/;
const ATTRIBUTE_SPECIAL = /[&"<>\u00a0]/g;
const ATTRIBUTE_REPLACEMENTS: Record<string, string> = {
  "&": "&amp;",
  '"': "&quot;",
  "<": "&lt;",
  ">": "&gt;",
  "\u00a0": "&nbsp;",
};

// DOM clobbering: DOMPurify drops an id or name that is also a property of the document or of a form,
// and asks the document itself, in the browser and on the server. On the server the document is
// DOMPurify's own and never changes, so the answers are kept (the same heading ids come back on every
// render); a page's document can change.
const clobbering = typeof document === "undefined" ? new Map<string, boolean>() : null;
function clobbers(value: string): boolean {
  let answer = clobbering?.get(value);
  if (answer === undefined) {
    answer = !purifier().isValidAttribute("span", "id", value);
    if (clobbering) {
      if (clobbering.size >= 5_000) clobbering.clear();
      clobbering.set(value, answer);
    }
  }
  return answer;
}

/** The value of attribute `name` on one of the renderer's `tag` elements after sanitising, or null. */
function cleanAttribute(tag: string, name: string, raw: string): string | null {
  if (!ALLOWED_ATTRIBUTES.has(name)) return null;
  const parsed = PARSED_TEST.test(raw)
    ? raw.replace(PARSED_SPECIAL, (char) => (char === "\u0000" ? "\ufffd" : "\n"))
    : raw;
  const kept = keptValue(tag, name, name === "value" ? parsed : parsed.trim());
  if (kept === null) return null;
  if ((kept.includes(">") || kept.includes("</")) && ATTR_VALUE_BREAKOUT.test(kept)) return null;
  if ((name === "id" || name === "name") && clobbers(kept)) return null;
  if (URI_SAFE_ATTRIBUTES.has(name) || IS_ALLOWED_URI.test(kept.replace(ATTR_WHITESPACE, ""))) return kept;
  if ((name === "src" || name === "href") && kept.startsWith("data:") && DATA_URI_TAGS.has(tag)) return kept;
  return kept === "" ? kept : null;
}

/** `value` inside a double-quoted attribute, written as the serialiser writes it. */
export const escapeAttributeValue = (value: string) =>
  ATTRIBUTE_TEST.test(value)
    ? value.replace(ATTRIBUTE_SPECIAL, (char) => ATTRIBUTE_REPLACEMENTS[char]!)
    : value;

/** An attribute value: `true` for an empty attribute; null, undefined, false and "" for none. */
export type AttributeValue = string | number | boolean | null | undefined;

/** The elements with rules beyond their attributes' (see `finishElement`). */
const FINISHED_TAGS = new Set(["a", "button", "input", "iframe"]);

/**
 * The start tag of one of the renderer's own elements, each attribute as sanitising would leave it
 * (kept, rewritten or dropped, and written as the serialiser writes it), or null when sanitising
 * would remove the element.
 */
export function startTag(
  tag: string,
  attributes: readonly (readonly [string, AttributeValue])[],
): string | null {
  if (!ALLOWED_TAGS.has(tag)) throw new Error(`<${tag}> is not in the sanitiser's allowlist`);
  const kept: [string, string][] = [];
  let finish = FINISHED_TAGS.has(tag);
  for (const [name, value] of attributes) {
    if (value === null || value === undefined || value === false || value === "") continue;
    const clean = cleanAttribute(tag, name, value === true ? "" : String(value));
    if (clean === null) continue;
    kept.push([name, clean]);
    finish ||= name === "form" || name === "name" || name === "value";
  }
  if (finish) {
    const find = (name: string) => kept.findIndex(([n]) => n === name);
    const element: ElementAttributes = {
      get: (name) => kept[find(name)]?.[1] ?? null,
      set: (name, value) => {
        const at = find(name);
        if (at === -1) kept.push([name, value]);
        else kept[at]![1] = value;
      },
      remove: (name) => {
        const at = find(name);
        if (at !== -1) kept.splice(at, 1);
      },
    };
    if (!finishElement(tag, element)) return null;
  }
  let html = `<${tag}`;
  for (const [name, value] of kept) html += ` ${name}="${escapeAttributeValue(value)}"`;
  return `${html}>`;
}
