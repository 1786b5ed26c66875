// The Markdown renderer (issue 7): one module for the server (SSR) and the browser (live preview).
// Markdown → tokens (marked, CommonMark + GFM, with math and widget syntax) → our own pass over the
// tokens (mentions, colour chips, image sizes, task numbers) → HTML, top-level block by block.
//
// The renderer writes its own elements through `startTag` and `escapeText` (sanitize.ts), which apply
// the sanitiser's rules as they write: that HTML is final. Every block that holds raw HTML from the
// author goes through DOMPurify, together with the blocks its tags span (html-balance.ts), and so do
// the few shapes the renderer does not write exactly as the HTML parser would read them (a link inside
// a link's text, character references marked leaves for the browser). KaTeX's output is sanitised
// once per formula and kept. The result is the same HTML as sanitising the whole document in one
// pass (`renderMarkdownReference`), which the tests check on every input.
//
// Nesting deeper than MARKDOWN_MAX_NESTING (block quotes and lists, emphasis and links) is not
// parsed as structure: the deeper text renders flat, so hostile input cannot exhaust the stack.

import type { ParseKeys } from "i18next";
import { Marked, Parser, Tokenizer, type Token, type Tokens, type TokensList } from "marked";
import { MARKDOWN_MAX_NESTING } from "../lib/constants.ts";
import { embedFor } from "./embeds.ts";
import { hasBidiCharacters, highlightCode, languageOf, revealBidiCharacters } from "./highlight.ts";
import { createHtmlBalance, type HtmlBalance } from "./html-balance.ts";
import { matchInlineMath, matchMathBlock, renderMath, type MathEngine, type MathOutput } from "./math.ts";
import {
  collectRefs,
  NO_MENTIONS,
  splitText,
  type MentionRefs,
  type ResolvedMentions,
  type Segment,
} from "./mentions.ts";
import {
  escapeAttributeValue,
  escapeText,
  RESERVED_IDS,
  sanitizeHtml,
  sanitizeHtmlUncached,
  sanitizePiece,
  startTag,
  TASK_FORM_PREFIX,
  type AttributeValue,
} from "./sanitize.ts";
import { createSlugger } from "./slug.ts";
import type { MarkdownT } from "./translate.ts";
import { dataImageType, safeUrl } from "./url-policy.ts";
import { matchWidget, widgetErrorText } from "./widget-syntax.ts";
import { parseWidgetReference } from "#contract/widget-reference.ts";

let defaultT: MarkdownT | null = null;

/**
 * The translate function for renders that bring none: the server sets English (render.server.ts). The
 * browser sets none, so that it never downloads another language's texts: its callers pass theirs.
 */
export function setDefaultMarkdownT(t: MarkdownT): void {
  defaultT = t;
}

function translatorFor(options: RenderOptions): MarkdownT {
  const t = options.t ?? defaultT;
  if (!t) throw new Error("The Markdown renderer needs the reader's translate function (options.t)");
  return t;
}

/** A text of the markdown namespace with its values put in. */
type Translate = (key: ParseKeys<"markdown">, values?: Record<string, string>) => string;

// Calling i18next costs more than rendering a paragraph. Each text is asked for once per translate
// function, with markers for its values, and the values are put in where the markers come back: as
// i18next puts them in here (no escaping; nothing inside a value is interpolated again).
const TEMPLATES = new WeakMap<MarkdownT, Map<string, string[]>>();
const MARKER = /\ue000(\d+)\ue001/;

function templatesOf(t: MarkdownT): Translate {
  let templates = TEMPLATES.get(t);
  if (!templates) TEMPLATES.set(t, (templates = new Map()));
  const known = templates;
  return (key, values) => {
    const names = values ? Object.keys(values) : [];
    const id = names.length === 0 ? key : `${key}\u0000${names.join("\u0000")}`;
    // The text cut at its markers: text, index of a value, text, and so on.
    let parts = known.get(id);
    if (parts === undefined) {
      const markers = Object.fromEntries(names.map((name, i) => [name, `\ue000${i}\ue001`]));
      parts = String(t(key as never, markers as never)).split(MARKER);
      known.set(id, parts);
    }
    let text = parts[0]!;
    for (let i = 1; i < parts.length; i += 2) text += values![names[+parts[i]!]!]! + parts[i + 1]!;
    return text;
  };
}

/**
 * "full" for issues, articles and the reference page; "restricted" for banners and the user
 * agreement: no mentions, embeds, widgets, math, diagrams or raw HTML (which shows as text).
 */
export type MarkdownProfile = "full" | "restricted";

/** A file attached to the entity whose text is rendered (seed 001 section 3). */
export interface Attachment {
  name: string;
  url: string;
  mimeType: string;
  width?: number | null;
  height?: number | null;
}

export interface RenderOptions {
  profile?: MarkdownProfile;
  /** The current path: heading permalinks point to it plus an anchor. */
  basePath?: string;
  /** What the mentions of this text resolved to; unresolved mentions stay text. */
  mentions?: ResolvedMentions | null;
  attachments?: readonly Attachment[];
  /** When set, the text is editable: task checkboxes become buttons that submit this form. */
  taskFormId?: string | null;
  /** KaTeX, or null to show formulas as their source. */
  math?: MathEngine | null;
  /** Ids of the page around the text, which headings must not take. */
  reservedIds?: readonly string[];
  /**
   * The reader's language for the texts the renderer adds (warnings, labels, errors): the request's
   * `getFixedT(null, "markdown")` on the server, `useTranslation("markdown").t` in the browser.
   * English when absent.
   */
  t?: MarkdownT;
}

export interface RenderedMarkdown {
  html: string;
  /** The HTML holds KaTeX output: the page needs KaTeX's stylesheet. */
  hasMath: boolean;
  /** The HTML holds diagrams for the browser to draw with Mermaid. */
  hasMermaid: boolean;
  taskCount: number;
}

export interface ParsedMarkdown {
  tokens: TokensList;
  refs: MentionRefs;
  profile: MarkdownProfile;
  taskCount: number;
}

// ---------- per-render state (parsing and rendering are synchronous) ----------

interface RenderState {
  options: RenderOptions;
  /** The reader's texts: `t` through the template cache, and the translate function itself. */
  t: Translate;
  translateFunction: MarkdownT;
  profile: MarkdownProfile;
  slug: (text: string) => string;
  issues: Map<string, ResolvedMentions["issues"][number]>;
  articles: Map<string, ResolvedMentions["articles"][number]>;
  users: Map<string, ResolvedMentions["users"][number]>;
  hasMath: boolean;
  hasMermaid: boolean;
  /** The top-level block being rendered needs DOMPurify (it holds raw HTML, or a shape written inexactly). */
  needsSanitizing: boolean;
  /** The raw HTML tags of the document so far, from the first one on. */
  balance: HtmlBalance | null;
  /** Link texts being rendered around the current token. */
  linkDepth: number;
}

let state: RenderState | null = null;
const current = (): RenderState => {
  if (!state) throw new Error("The Markdown renderer was called outside a render");
  return state;
};

let blockDepth = 0;
let inlineDepth = 0;

/** Runs a nesting tokenizer unless the nesting is already at the limit, where the text stays flat. */
function nested<T>(kind: "block" | "inline", run: () => T): T | undefined {
  if ((kind === "block" ? blockDepth : inlineDepth) >= MARKDOWN_MAX_NESTING) return undefined;
  if (kind === "block") blockDepth++;
  else inlineDepth++;
  try {
    return run();
  } finally {
    if (kind === "block") blockDepth--;
    else inlineDepth--;
  }
}

// ---------- tokenizers ----------

// The inline ones are tried at every position of the text: a character their token cannot start
// with is turned away before anything else (marked's own patterns would refuse it too).
const startsWith = (src: string, a: number, b: number) => {
  const code = src.charCodeAt(0);
  return code === a || code === b;
};

class NestingTokenizer extends Tokenizer {
  override blockquote(src: string) {
    return nested("block", () => super.blockquote(src));
  }
  override list(src: string) {
    return nested("block", () => super.list(src));
  }
  override emStrong(src: string, masked: string, prev?: string) {
    if (!startsWith(src, 42, 95)) return undefined; // * _
    return nested("inline", () => super.emStrong(src, masked, prev));
  }
  override del(src: string, masked: string, prev?: string) {
    if (!startsWith(src, 126, 126)) return undefined; // ~
    return nested("inline", () => super.del(src, masked, prev));
  }
  override link(src: string) {
    if (!startsWith(src, 91, 33)) return undefined; // [ !
    return nested("inline", () => super.link(src));
  }
  override reflink(src: string, links: Parameters<Tokenizer["reflink"]>[1]) {
    if (!startsWith(src, 91, 33)) return undefined;
    return nested("inline", () => super.reflink(src, links));
  }
}

/**
 * Where the next math or widget might start, for marked to stop plain text there (one function for
 * both, as marked calls each extension's). The search looks a fixed distance ahead and otherwise cuts
 * the text at a blank, which keeps lexing linear.
 */
const START_WINDOW = 256;
function inlineStart(src: string): number | undefined {
  const window = src.length > START_WINDOW ? src.slice(0, START_WINDOW + 1) : src;
  const dollar = window.indexOf("$");
  const braces = window.indexOf("{{");
  const first = dollar === -1 ? braces : braces === -1 ? dollar : Math.min(dollar, braces);
  if (first !== -1 && first < START_WINDOW) return first;
  if (src.length <= START_WINDOW) return undefined;
  const blank = Math.max(
    window.lastIndexOf(" ", START_WINDOW - 1),
    window.lastIndexOf("\n", START_WINDOW - 1),
    window.lastIndexOf("\t", START_WINDOW - 1),
  );
  return blank > 0 ? blank : START_WINDOW;
}

const mathInline = {
  name: "keelMath",
  level: "inline" as const,
  start: inlineStart,
  tokenizer(src: string) {
    const match = matchInlineMath(src);
    return match ? { type: "keelMath", raw: match.raw, tex: match.tex, display: match.display } : undefined;
  },
};

const mathBlock = {
  name: "keelMathBlock",
  level: "block" as const,
  tokenizer(src: string) {
    const match = matchMathBlock(src);
    return match ? { type: "keelMathBlock", raw: match.raw, tex: match.tex } : undefined;
  },
};

const widgetInline = {
  name: "keelWidget",
  level: "inline" as const,
  tokenizer(src: string) {
    if (src.charCodeAt(0) !== 123) return undefined;
    const match = matchWidget(src);
    return match ? { type: "keelWidget", raw: match.raw, inner: match.inner, block: false } : undefined;
  },
};

const widgetBlock = {
  name: "keelWidgetBlock",
  level: "block" as const,
  tokenizer(src: string) {
    const match = /^ {0,3}(?=\{\{widget)/.exec(src) ? matchWidget(src.trimStart()) : null;
    if (!match) return undefined;
    const indent = src.length - src.trimStart().length;
    const rest = /^[ \t]*(?:\n|$)/.exec(src.slice(indent + match.raw.length));
    if (!rest) return undefined;
    return {
      type: "keelWidget",
      raw: src.slice(0, indent + match.raw.length + rest[0].length),
      inner: match.inner,
      block: true,
    };
  },
};

// ---------- rendering ----------

function plainText(tokens: readonly Token[] | undefined): string {
  let text = "";
  for (const token of tokens ?? []) {
    if (token.type === "keelRich") text += (token.segments as Segment[]).map((s) => s.text).join("");
    else if (token.type === "keelMath") text += token.tex;
    else if ("tokens" in token && token.tokens) text += plainText(token.tokens);
    else if (token.type === "text" || token.type === "escape" || token.type === "codespan")
      text += token.text;
    else if (token.type === "image") text += token.text;
  }
  return text;
}

/** The start tag of one of the renderer's elements (see `startTag`), or null when it may not appear. */
function tagOrNull(tag: string, attributes: readonly (readonly [string, AttributeValue])[]): string | null {
  const s = current();
  // A link inside a link's text is moved out of it by the HTML parser: left to the sanitiser.
  if (tag === "a" && s.linkDepth > 0) s.needsSanitizing = true;
  return startTag(tag, attributes);
}

/** The start tag of an element that sanitising never removes (anything but frames, buttons and inputs). */
function tag(name: string, attributes: readonly (readonly [string, AttributeValue])[]): string {
  return tagOrNull(name, attributes) ?? "";
}

// marked leaves character references in text for the browser to read (`&copy;`, and `&amp;` for a
// `&` in text with a numeric reference); these few are read here, any other sends the block through
// DOMPurify, which reads it as the browser would.
const KEPT_REFERENCE = /&(#\d{1,7}|#[Xx][a-fA-F0-9]{1,6}|\w+);/g;
const KNOWN_REFERENCES = new Map([
  ["amp", "&"],
  ["lt", "<"],
  ["gt", ">"],
  ["quot", '"'],
  ["apos", "'"],
  ["nbsp", "\u00a0"],
]);
const MARKED_ESCAPE = /[<>"']|&(?!(#\d{1,7}|#[Xx][a-fA-F0-9]{1,6}|\w+);)/g;
const MARKED_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** A text token's text, which can hold character references. */
function renderText(text: string): string {
  if (!text.includes("&")) return escapeText(text);
  let unknown = false;
  const decoded = text.replace(KEPT_REFERENCE, (reference, name: string) => {
    const char = KNOWN_REFERENCES.get(name);
    if (char === undefined) unknown = true;
    return char ?? reference;
  });
  if (!unknown) return escapeText(decoded);
  current().needsSanitizing = true;
  return text.replace(MARKED_ESCAPE, (char) => MARKED_ESCAPES[char]!);
}

const bidiLabel = (t: Translate) => (code: string) => t("bidi.character", { code });
const bidiCharOpen = (title: string) =>
  tag("span", [
    ["class", "bidi-char"],
    ["title", title],
  ]);

/** KaTeX's output is sanitised once per formula, when it is typeset, and kept with it. */
const MATH_OUTPUT: MathOutput = {
  escape: escapeText,
  finish: (html) => sanitizeHtmlUncached(html),
};

function renderSegment(segment: Segment): string {
  const s = current();
  switch (segment.kind) {
    case "text":
      return escapeText(segment.text);
    case "colour": {
      const swatch = tag("span", [
        ["class", "color-chip-swatch"],
        ["style", `background-color:${segment.hex}`],
        ["aria-hidden", "true"],
      ]);
      return `<span class="color-chip">${swatch}</span>${escapeText(segment.text)}</span>`;
    }
    case "entity": {
      const issue = s.issues.get(segment.id);
      if (issue) {
        const label = issue.resolved === null ? escapeText(segment.id) : `<s>${escapeText(segment.id)}</s>`;
        const resolved = issue.resolved === null ? "" : " mention-resolved";
        const open = tag("a", [
          ["class", `mention mention-issue${resolved}`],
          ["href", `/issue/${encodeURIComponent(issue.idReadable)}`],
          ["title", issue.summary],
        ]);
        return `${open}${label}</a>`;
      }
      const article = s.articles.get(segment.id);
      if (article) {
        const open = tag("a", [
          ["class", "mention mention-article"],
          ["href", `/articles/${encodeURIComponent(article.idReadable)}`],
          ["title", article.summary],
        ]);
        return `${open}${escapeText(segment.id)}</a>`;
      }
      return escapeText(segment.text);
    }
    case "user": {
      const user = s.users.get(segment.login);
      const href = user ? safeUrl(user.profileUrl, "link") : null;
      if (!user || href === null) return escapeText(segment.text);
      const open = tag("a", [
        ["class", "mention mention-user"],
        ["href", href],
        ["title", `@${user.login}`],
      ]);
      return `${open}${escapeText(user.name)}</a>`;
    }
  }
}

function renderWidget(token: Tokens.Generic): string {
  const reference = parseWidgetReference(String(token.inner));
  const name = token.block ? "div" : "span";
  const { t, translateFunction } = current();
  if (!reference.ok) {
    const error = widgetErrorText(reference.error, translateFunction);
    return `<${name} class="markdown-widget markdown-widget-error" role="note">${escapeText(error)}</${name}>`;
  }
  const placeholder = t("widget.placeholder", { widget: reference.widgetKey, app: reference.appKey });
  const open = tag(name, [
    ["class", "markdown-widget"],
    ["data-app-key", reference.appKey],
    ["data-widget-key", reference.widgetKey],
    ["data-embedding-id", reference.embeddingId],
    ["role", "status"],
  ]);
  return `${open}<span class="markdown-widget-placeholder">${escapeText(placeholder)}</span></${name}>`;
}

function mimeTypeOf(url: string): string {
  const path = url.split(/[?#]/)[0]!.toLowerCase();
  const extension = path.slice(path.lastIndexOf(".") + 1);
  const types: Record<string, string> = {
    pdf: "application/pdf",
    png: "image/png",
    gif: "image/gif",
    jpg: "image/jpeg",
    jpeg: "image/jpeg",
    webp: "image/webp",
    svg: "image/svg+xml",
    avif: "image/avif",
  };
  return types[extension] ?? (path.includes(".") ? "application/octet-stream" : "image/*");
}

function renderImage(token: Tokens.Image & { width?: string; height?: string }, alt: string): string {
  const s = current();
  const attachment = s.options.attachments?.find((a) => a.name === token.href || a.url === token.href);
  const href = attachment?.url ?? token.href;
  const mimeType = attachment?.mimeType ?? dataImageType(href) ?? mimeTypeOf(href);
  const kind = mimeType.startsWith("image/") ? "image" : "link";
  const url = safeUrl(href, kind);
  if (url === null) return escapeText(alt);
  // Everything else, PDFs too, is a link to the file: a frame would run whatever a PDF (or the
  // address the author wrote) holds, and Chromium's viewer does not run in a sandboxed one.
  if (kind === "link") {
    const name = attachment?.name ?? (alt || token.href);
    return `${tag("a", [
      ["class", "attachment attachment-file"],
      ["href", url],
    ])}${escapeText(name)}</a>`;
  }
  return tag("img", [
    ["src", url],
    ["alt", alt],
    ["title", token.title],
    ["width", token.width ?? attachment?.width],
    ["height", token.height ?? attachment?.height],
    ["loading", "lazy"],
  ]);
}

function createMarked(profile: MarkdownProfile): Marked {
  const full = profile === "full";
  const marked = new Marked({ gfm: true, breaks: false, async: false });
  marked.setOptions({ tokenizer: new NestingTokenizer() });
  if (full) marked.use({ extensions: [mathBlock, widgetBlock, mathInline, widgetInline] });
  marked.use({
    extensions: [
      { name: "keelRich", renderer: (token) => (token.segments as Segment[]).map(renderSegment).join("") },
      {
        name: "keelMath",
        renderer: (token) => {
          const s = current();
          s.hasMath ||= Boolean(s.options.math);
          return renderMath(
            String(token.tex),
            Boolean(token.display),
            s.options.math ?? null,
            false,
            MATH_OUTPUT,
          );
        },
      },
      {
        name: "keelMathBlock",
        renderer: (token) => {
          const s = current();
          s.hasMath ||= Boolean(s.options.math);
          return `${renderMath(String(token.tex), true, s.options.math ?? null, true, MATH_OUTPUT)}\n`;
        },
      },
      { name: "keelWidget", renderer: (token) => renderWidget(token) },
    ],
    renderer: {
      html({ text }) {
        if (!full) return escapeText(text);
        const s = current();
        s.needsSanitizing = true;
        (s.balance ??= createHtmlBalance()).feed(text);
        return text;
      },
      text(token) {
        if ("tokens" in token && token.tokens) return this.parser.parseInline(token.tokens);
        if ("escaped" in token && token.escaped) {
          // Text after an inline <pre>, <code>, <kbd> or <script> tag: raw HTML, as marked leaves it.
          const s = current();
          s.needsSanitizing = true;
          (s.balance ??= createHtmlBalance()).feed(token.text);
          return token.text;
        }
        return renderText(token.text);
      },
      heading({ tokens, depth }) {
        const inner = this.parser.parseInline(tokens);
        if (!full) return `<h${depth}>${inner}</h${depth}>\n`;
        const s = current();
        const text = plainText(tokens).trim();
        const slug = s.slug(text);
        const permalink = tag("a", [
          ["class", "heading-permalink"],
          ["href", `${s.options.basePath ?? ""}#${slug}`],
          ["aria-label", s.t("permalink", { heading: text })],
        ]);
        return `${tag(`h${depth}`, [["id", slug]])}${inner}${permalink}#</a></h${depth}>\n`;
      },
      code({ text, lang }) {
        const language = languageOf(lang);
        if (language === "mermaid" && full) {
          current().hasMermaid = true;
          return `<div class="mermaid-diagram" data-mermaid=""><pre class="mermaid-source"><code class="language-mermaid">${escapeText(text)}</code></pre></div>\n`;
        }
        const { t } = current();
        const code = revealBidiCharacters(
          highlightCode(text, language, escapeText),
          bidiLabel(t),
          bidiCharOpen,
        );
        const warning = hasBidiCharacters(text)
          ? `<p class="bidi-warning" role="note">${escapeText(t("bidi.warning"))}</p>`
          : "";
        const pre = tag("pre", [
          ["class", "code-block"],
          ["data-language", language],
        ]);
        const open = tag("code", [["class", language ? `language-${language}` : null]]);
        return `${warning}${pre}${open}${code}</code></pre>\n`;
      },
      codespan({ text }) {
        if (!hasBidiCharacters(text)) return `<code>${escapeText(text)}</code>`;
        const { t } = current();
        const open = tag("code", [
          ["class", "has-bidi"],
          ["title", t("bidi.warning")],
        ]);
        return `${open}${revealBidiCharacters(escapeText(text), bidiLabel(t), bidiCharOpen)}</code>`;
      },
      list(token) {
        const name = token.ordered ? "ol" : "ul";
        const start = token.ordered && token.start !== 1 && token.start !== "" ? token.start : null;
        const tasks = token.items.some((item) => item.task) ? "contains-task-list" : null;
        const open =
          start === null && tasks === null
            ? `<${name}>`
            : tag(name, [
                ["start", start],
                ["class", tasks],
              ]);
        return `${open}\n${token.items.map((item) => this.listitem(item)).join("")}</${name}>\n`;
      },
      listitem(item) {
        return `<li${item.task ? ' class="task-list-item"' : ""}>${this.parser.parse(item.tokens)}</li>\n`;
      },
      checkbox(token) {
        const { checked, taskIndex, taskLabel } = token as Tokens.Checkbox & {
          taskIndex?: number;
          taskLabel?: string;
        };
        const { options, t } = current();
        const formId = options.taskFormId;
        if (full && formId && taskIndex !== undefined) {
          const label = t(checked ? "task.done" : "task.todo", { label: taskLabel ?? "" })
            .trim()
            .slice(0, 200);
          const button = tagOrNull("button", [
            ["type", "submit"],
            ["form", formId],
            ["name", "task"],
            ["value", taskIndex],
            ["role", "checkbox"],
            ["aria-checked", String(checked)],
            ["class", "task-toggle"],
            ["aria-label", label],
          ]);
          return button === null ? " " : `${button}</button> `;
        }
        // Read-only, but named like the buttons: a checkbox without a name tells a screen reader nothing.
        const label =
          taskLabel === undefined
            ? null
            : t(checked ? "task.done" : "task.todo", { label: taskLabel })
                .trim()
                .slice(0, 200);
        return `<input type="checkbox" disabled=""${checked ? ' checked=""' : ""}${label ? ` aria-label="${escapeAttributeValue(label)}"` : ""}> `;
      },
      link(token) {
        const s = current();
        let inner: string;
        if (token.autolink) inner = escapeText(token.text);
        else {
          s.linkDepth++;
          try {
            inner = this.parser.parseInline(token.tokens);
          } finally {
            s.linkDepth--;
          }
        }
        const bare = token.autolink === true || token.text === token.href;
        if (full && bare) {
          const embed = embedFor(token.href);
          if (embed) {
            const frame = tagOrNull("iframe", [
              ["src", embed.src],
              ["title", s.t(embed.title)],
              ["loading", "lazy"],
              ["allowfullscreen", true],
            ]);
            return (
              `<span class="embed embed-${embed.service}">${frame === null ? "" : `${frame}</iframe>`}` +
              `${tag("a", [
                ["class", "embed-link"],
                ["href", token.href],
              ])}${escapeText(token.href)}</a></span>`
            );
          }
        }
        if (dataImageType(token.href)) {
          // "data images of gif, png, jpeg, webp and svg shown as images"
          return tag("img", [
            ["src", safeUrl(token.href, "image")],
            ["alt", plainText(token.tokens)],
          ]);
        }
        const href = safeUrl(token.href, "link");
        if (href === null)
          return `${tag("span", [
            ["class", "link-removed"],
            ["title", s.t("linkRemoved")],
          ])}${inner}</span>`;
        return `${tag("a", [
          ["href", href],
          ["title", token.title],
        ])}${inner}</a>`;
      },
      image(token) {
        return renderImage(token, plainText(token.tokens) || token.text);
      },
    },
  });
  return marked;
}

const MARKED: Record<MarkdownProfile, Marked> = {
  full: createMarked("full"),
  restricted: createMarked("restricted"),
};

// ---------- the pass over the tokens ----------

const SIZE_SUFFIX =
  /^\{[ \t]{0,3}(width|height)[ \t]{0,3}=[ \t]{0,3}(\d{1,5}%?)(?:[ \t,;]{1,3}(width|height)[ \t]{0,3}=[ \t]{0,3}(\d{1,5}%?))?[ \t]{0,3}\}/;

interface WalkState {
  profile: MarkdownProfile;
  refs: { ids: Set<string>; logins: Set<string> };
  tasks: { token: Tokens.Checkbox & { taskIndex?: number; taskLabel?: string } }[];
}

function walk(tokens: Token[], inLink: boolean, w: WalkState) {
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    switch (token.type) {
      case "text": {
        if (token.tokens) walk(token.tokens, inLink, w);
        else if (!inLink && !token.escaped) {
          const segments = splitText(token.text, w.profile === "full");
          if (segments.length > 1 || segments[0]?.kind !== "text") {
            collectRefs(segments, w.refs);
            tokens[i] = { type: "keelRich", raw: token.raw, segments };
          }
        }
        break;
      }
      case "image": {
        const next = tokens[i + 1];
        if (next?.type === "text" && !next.tokens) {
          const size = SIZE_SUFFIX.exec(next.text);
          if (size) {
            const image = token as Tokens.Image & { width?: string; height?: string };
            for (const [name, value] of [
              [size[1], size[2]],
              [size[3], size[4]],
            ]) {
              if (name === "width" || name === "height") image[name] = value;
            }
            next.text = next.text.slice(size[0].length);
            next.raw = next.raw.slice(size[0].length);
          }
        }
        break;
      }
      case "link":
        walk(token.tokens ?? [], true, w);
        break;
      case "checkbox":
        w.tasks.push({ token: token as Tokens.Checkbox });
        break;
      case "list":
        for (const item of token.items) {
          const before = w.tasks.length;
          walk(item.tokens, inLink, w);
          const task = w.tasks[before];
          if (item.task && task) task.token.taskLabel = plainText(item.tokens).trim().slice(0, 120);
        }
        break;
      case "table":
        for (const cell of token.header) walk(cell.tokens, inLink, w);
        for (const row of token.rows) for (const cell of row) walk(cell.tokens, inLink, w);
        break;
      case "code":
      case "codespan":
      case "html":
        break;
      default:
        if ("tokens" in token && Array.isArray(token.tokens)) walk(token.tokens, inLink, w);
    }
  }
}

function lex(text: string, profile: MarkdownProfile): { tokens: TokensList; walked: WalkState } {
  blockDepth = 0;
  inlineDepth = 0;
  const tokens = MARKED[profile].lexer(text.replace(/\r\n?/g, "\n"));
  const walked: WalkState = { profile, refs: { ids: new Set(), logins: new Set() }, tasks: [] };
  walk(tokens, false, walked);
  walked.tasks.forEach(({ token }, index) => {
    token.taskIndex = index;
  });
  return { tokens, walked };
}

/** Tokens of `text` and the mentions to resolve before rendering them. */
export function parseMarkdown(text: string, profile: MarkdownProfile = "full"): ParsedMarkdown {
  const { tokens, walked } = lex(text, profile);
  return {
    tokens,
    profile,
    refs: { ids: [...walked.refs.ids], logins: [...walked.refs.logins] },
    taskCount: walked.tasks.length,
  };
}

/** The checked state of every task of `text`, in document order: what task toggling checks against. */
export function taskStates(text: string): boolean[] {
  return lex(text, "full").walked.tasks.map(({ token }) => token.checked);
}

const PARSERS: Partial<Record<MarkdownProfile, Parser>> = {};
const parserFor = (profile: MarkdownProfile) => (PARSERS[profile] ??= new Parser(MARKED[profile].defaults));

interface Piece {
  html: string;
  /** Written by the renderer alone; otherwise the sanitiser has to read it. */
  final: boolean;
  /** The renderer's own elements come before it, so the parser is in the body (see `sanitizePiece`). */
  inBody: boolean;
  /**
   * For the sanitiser: `html` with the renderer's blocks inside raw block containers left out, each
   * replaced by a numbered marker, and those blocks, numbered from `first`. Null when the author's
   * HTML could hold a marker itself.
   */
  outline: { html: string; first: number; blocks: string[] } | null;
}

// A left-out block's place: private-use characters, which the parser and DOMPurify keep as text.
const BLOCK_MARKER = /\ue002(\d+)\ue003/g;
const MARKER_CHARACTER = /[\ue002\ue003]/;

/**
 * The HTML of the top-level tokens in order, cut into pieces: final ones, and the others (raw HTML,
 * with every block its tags span) for the sanitiser.
 */
function renderPieces(tokens: readonly Token[]): Piece[] {
  const s = current();
  const parser = parserFor(s.profile);
  const pieces: Piece[] = [];
  let open: Piece | null = null;
  let inBody = false;
  let markers = 0;
  const close = (piece: Piece) => {
    // Pieces for the sanitiser next to each other go to it as one; their markers follow on.
    const last = pieces[pieces.length - 1];
    if (!last || last.final) {
      pieces.push(piece);
      return;
    }
    last.html += piece.html;
    if (last.outline && piece.outline) {
      last.outline.html += piece.outline.html;
      last.outline.blocks.push(...piece.outline.blocks);
    } else last.outline = null;
  };
  for (const token of tokens) {
    s.needsSanitizing = false;
    const html = parser.parse([token]);
    const balance = s.balance;
    const settled = balance?.settled ?? true;
    if (open === null && !s.needsSanitizing && settled) {
      if (html === "") continue;
      const last = pieces[pieces.length - 1];
      if (last?.final) last.html += html;
      else pieces.push({ html, final: true, inBody, outline: null });
      inBody = true;
      continue;
    }
    open ??= { html: "", final: false, inBody, outline: { html: "", first: markers, blocks: [] } };
    open.html += html;
    const outline = open.outline;
    if (outline && !s.needsSanitizing && html && balance?.inBlockContainers) {
      // The renderer's own block, inside the author's <details> or <div>: DOMPurify need not read it.
      outline.html += `\ue002${markers++}\ue003`;
      outline.blocks.push(html);
    } else if (outline) {
      if (MARKER_CHARACTER.test(html)) open.outline = null;
      else outline.html += html;
    }
    if (settled) {
      close(open);
      open = null;
    }
  }
  if (open) close(open);
  return pieces;
}

/** Safe HTML for a piece the sanitiser has to read. */
function sanitizedPiece(piece: Piece): string {
  const outline = piece.outline;
  if (outline && outline.blocks.length > 0) {
    const clean = sanitizePiece(outline.html, piece.inBody);
    const html = putBlocksBack(clean, outline.first, outline.blocks);
    if (html !== null) return html;
  }
  return sanitizePiece(piece.html, piece.inBody);
}

/**
 * The sanitised outline with its blocks back in their places, or null unless every marker came back
 * once, in order, as text (not inside a tag, no SVG or MathML around): then the blocks read as they
 * would have in the whole piece.
 */
function putBlocksBack(clean: string, first: number, blocks: readonly string[]): string | null {
  if (clean.includes("<svg") || clean.includes("<math")) return null;
  let html = "";
  let last = 0;
  let next = 0;
  for (const match of clean.matchAll(BLOCK_MARKER)) {
    if (Number(match[1]) !== first + next) return null;
    const before = clean.slice(last, match.index);
    if (clean.lastIndexOf("<", match.index) > clean.lastIndexOf(">", match.index)) return null;
    html += before + blocks[next++]!;
    last = match.index + match[0].length;
  }
  return next === blocks.length ? html + clean.slice(last) : null;
}

function renderWith(
  parsed: ParsedMarkdown,
  options: RenderOptions,
  assemble: (pieces: Piece[]) => string,
): RenderedMarkdown {
  const mentions = parsed.profile === "full" ? (options.mentions ?? NO_MENTIONS) : NO_MENTIONS;
  const translateFunction = translatorFor(options);
  state = {
    options,
    t: templatesOf(translateFunction),
    translateFunction,
    profile: parsed.profile,
    slug: createSlugger([...RESERVED_IDS, ...(options.reservedIds ?? [])]),
    issues: new Map(mentions.issues.map((issue) => [issue.idReadable, issue])),
    articles: new Map(mentions.articles.map((article) => [article.idReadable, article])),
    users: new Map(mentions.users.map((user) => [user.login, user])),
    hasMath: false,
    hasMermaid: false,
    needsSanitizing: false,
    balance: null,
    linkDepth: 0,
  };
  try {
    const html = assemble(renderPieces(parsed.tokens));
    return { html, hasMath: state.hasMath, hasMermaid: state.hasMermaid, taskCount: parsed.taskCount };
  } finally {
    state = null;
  }
}

/** Safe HTML for parsed Markdown. */
export function renderParsed(parsed: ParsedMarkdown, options: RenderOptions = {}): RenderedMarkdown {
  return renderWith(parsed, options, (pieces) => {
    let html = "";
    for (const piece of pieces) html += piece.final ? piece.html : sanitizedPiece(piece);
    return html;
  });
}

/**
 * The same render with the whole HTML sanitised in one pass, as the renderer did before it wrote
 * its own markup final: slow, and what the tests hold `renderParsed` to.
 */
export function renderMarkdownReference(text: string, options: RenderOptions = {}): RenderedMarkdown {
  const parsed = parseMarkdown(text, options.profile ?? "full");
  return renderWith(parsed, options, (pieces) => sanitizeHtml(pieces.map((piece) => piece.html).join("")));
}

/** Parses and renders in one go, with mentions already resolved (or none). */
export function renderMarkdownSync(text: string, options: RenderOptions = {}): RenderedMarkdown {
  return renderParsed(parseMarkdown(text, options.profile ?? "full"), options);
}

/** Resolves the mentions of one render, in one call. */
export type MentionResolver = (refs: MentionRefs) => Promise<ResolvedMentions>;

/** Parses, resolves every mention with at most one call to `resolveMentions`, and renders. */
export async function renderMarkdown(
  text: string,
  options: RenderOptions & { resolveMentions?: MentionResolver } = {},
): Promise<RenderedMarkdown> {
  const { resolveMentions, ...rest } = options;
  const parsed = parseMarkdown(text, rest.profile ?? "full");
  const wanted = parsed.refs.ids.length > 0 || parsed.refs.logins.length > 0;
  const mentions = wanted && resolveMentions ? await resolveMentions(parsed.refs) : rest.mentions;
  return renderParsed(parsed, { ...rest, mentions });
}

/** The task form's id for an entity (the sanitiser keeps only buttons that submit to such a form). */
export function taskFormId(entityId: string): string {
  return `${TASK_FORM_PREFIX}${entityId.replace(/[^A-Za-z0-9_-]/g, "")}`;
}
