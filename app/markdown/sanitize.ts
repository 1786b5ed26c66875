// The last step of every render: DOMPurify against an explicit allowlist (seed 001 section 5). It sees
// the renderer's own markup and any raw HTML alike, so each rule here holds for hostile input too.
// Script, style and head bodies are dropped with their content. Sanitising is idempotent: what it
// returns, it returns unchanged.

import DOMPurify from "isomorphic-dompurify";
import { isEmbedSource } from "./embeds.ts";
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
  "data-pdf-preview",
  "data-attachment",
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

/** True when `id` may appear in rendered Markdown. */
export function isAllowedId(id: string): boolean {
  return (
    /^[\p{L}\p{N}_-]{1,100}$/u.test(id) &&
    !(RESERVED_IDS as readonly string[]).includes(id) &&
    !id.startsWith(APP_ID_PREFIX)
  );
}

const VOID_ELEMENTS = new Set([
  "area",
  "base",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "link",
  "meta",
  "param",
  "source",
  "track",
  "wbr",
]);

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

/** What a sanitiser call may let through beyond the fixed rules. */
export interface SanitizePolicy {
  /** PDF attachments the reader has chosen to preview: the only non-embed frames allowed. */
  pdfFrames?: ReadonlySet<string>;
}

let activePolicy: SanitizePolicy | null = null;
let hooksInstalled = false;

function urlKind(tag: string, attribute: string): UrlKind {
  return tag === "img" && attribute === "src" ? "image" : "link";
}

function installHooks() {
  if (hooksInstalled) return;
  hooksInstalled = true;
  DOMPurify.addHook("uponSanitizeAttribute", (node, data) => {
    // Other users of the shared DOMPurify instance are left alone.
    if (!activePolicy) return;
    const tag = node.nodeName.toLowerCase();
    const name = data.attrName;
    const value = data.attrValue;
    if (URL_ATTRIBUTES.has(name)) {
      const kept = tag === "iframe" ? value : safeUrl(value, urlKind(tag, name));
      if (kept === null) data.keepAttr = false;
      else data.attrValue = kept;
    } else if (name === "style") {
      const style = filterStyle(value);
      if (style) data.attrValue = style;
      else data.keepAttr = false;
    } else if (name === "id") {
      if (!isAllowedId(value)) data.keepAttr = false;
    } else if (name === "role") {
      if (!ROLES.has(value)) data.keepAttr = false;
    } else if (name === "rel") {
      data.keepAttr = false;
    }
  });
  DOMPurify.addHook("afterSanitizeAttributes", (node) => {
    if (!activePolicy) return;
    const element = node as Element;
    const tag = element.nodeName.toLowerCase();
    if (tag === "button") {
      // Only the task list's own toggles: they submit the page's task form and nothing else.
      const form = element.getAttribute("form") ?? "";
      const valid =
        form.startsWith(TASK_FORM_PREFIX) &&
        isAllowedId(form.slice(APP_ID_PREFIX.length)) &&
        element.getAttribute("name") === "task" &&
        /^\d{1,6}$/.test(element.getAttribute("value") ?? "");
      if (!valid) return element.remove();
      element.setAttribute("type", "submit");
      element.setAttribute("role", "checkbox");
      return;
    }
    for (const attribute of ["form", "name", "value"]) element.removeAttribute(attribute);
    if (tag === "input") {
      // Only disabled checkboxes: the read-only face of a task.
      if (element.getAttribute("type") !== "checkbox") return element.remove();
      element.setAttribute("disabled", "");
      return;
    }
    if (tag === "iframe") {
      const src = element.getAttribute("src") ?? "";
      const pdf = activePolicy.pdfFrames?.has(src) ?? false;
      if (!isEmbedSource(src) && !pdf) return element.remove();
      for (const [attribute, value] of Object.entries(FRAME_ATTRIBUTES)) {
        if (attribute === "sandbox" && pdf) continue;
        element.setAttribute(attribute, value);
      }
      if (pdf) element.removeAttribute("sandbox");
      element.removeAttribute("allow");
      if (!pdf) element.setAttribute("allow", "encrypted-media; picture-in-picture; fullscreen");
      return;
    }
    // Links that leave Keel say so to search engines and give the target no handle on this page.
    if (tag === "a" && schemeOf(element.getAttribute("href") ?? "") !== null) {
      element.setAttribute("rel", "noopener noreferrer nofollow ugc");
    }
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
    "data-attachment",
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

// Sanitising is a pure function of the HTML and the policy, and the costliest step on the server.
const sanitized = createMemo<string>(500, 8_000_000);

/** Safe HTML for `html`; see the allowlist above. */
export function sanitizeHtml(html: string, policy: SanitizePolicy = {}): string {
  const frames = [...(policy.pdfFrames ?? [])].sort().join("\n");
  return sanitized.get(`${frames}\u0000${html}`, () => sanitizeNow(html, policy));
}

function sanitizeNow(html: string, policy: SanitizePolicy): string {
  installHooks();
  activePolicy = policy;
  try {
    return DOMPurify.sanitize(flattenDeepHtml(html), {
      ...CONFIG,
      ALLOWED_TAGS: [...CONFIG.ALLOWED_TAGS],
      ALLOWED_ATTR: [...CONFIG.ALLOWED_ATTR],
      FORBID_CONTENTS: [...CONFIG.FORBID_CONTENTS],
      ADD_URI_SAFE_ATTR: [...CONFIG.ADD_URI_SAFE_ATTR],
    }) as string;
  } finally {
    activePolicy = null;
  }
}
