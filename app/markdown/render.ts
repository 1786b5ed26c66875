// The Markdown renderer (issue 7): one module for the server (SSR) and the browser (live preview).
// Markdown → tokens (marked, CommonMark + GFM, with math and widget syntax) → our own pass over the
// tokens (mentions, colour chips, image sizes, task numbers) → HTML → DOMPurify, always last.
//
// Nesting deeper than MARKDOWN_MAX_NESTING (block quotes and lists, emphasis and links) is not
// parsed as structure: the deeper text renders flat, so hostile input cannot exhaust the stack.

import { Marked, Tokenizer, type Token, type Tokens, type TokensList } from "marked";
import { MARKDOWN_MAX_NESTING } from "../lib/constants.ts";
import { embedFor } from "./embeds.ts";
import {
  escapeHtml,
  hasBidiCharacters,
  highlightCode,
  languageOf,
  revealBidiCharacters,
} from "./highlight.ts";
import { matchInlineMath, matchMathBlock, renderMath, type MathEngine } from "./math.ts";
import {
  collectRefs,
  NO_MENTIONS,
  splitText,
  type MentionRefs,
  type ResolvedMentions,
  type Segment,
} from "./mentions.ts";
import { RESERVED_IDS, sanitizeHtml, TASK_FORM_PREFIX } from "./sanitize.ts";
import { createSlugger } from "./slug.ts";
import type { MarkdownT } from "./translate.ts";

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
import { dataImageType, isWebUrl, safeUrl } from "./url-policy.ts";
import { matchWidget, parseWidgetReference, widgetErrorText } from "./widget-syntax.ts";

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
  /** Keys (pdf-1, pdf-2…) of the PDF attachments whose preview the reader has asked for. */
  openPdfPreviews?: ReadonlySet<string>;
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
  t: MarkdownT;
  profile: MarkdownProfile;
  slug: (text: string) => string;
  issues: Map<string, ResolvedMentions["issues"][number]>;
  articles: Map<string, ResolvedMentions["articles"][number]>;
  users: Map<string, ResolvedMentions["users"][number]>;
  hasMath: boolean;
  hasMermaid: boolean;
  pdfCount: number;
  pdfFrames: Set<string>;
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

const base = Tokenizer.prototype;
const nestingTokenizer = {
  blockquote(this: Tokenizer, src: string) {
    return nested("block", () => base.blockquote.call(this, src));
  },
  list(this: Tokenizer, src: string) {
    return nested("block", () => base.list.call(this, src));
  },
  emStrong(this: Tokenizer, src: string, masked: string, prev?: string) {
    return nested("inline", () => base.emStrong.call(this, src, masked, prev));
  },
  del(this: Tokenizer, src: string, masked: string, prev?: string) {
    return nested("inline", () => base.del.call(this, src, masked, prev));
  },
  link(this: Tokenizer, src: string) {
    return nested("inline", () => base.link.call(this, src));
  },
  reflink(this: Tokenizer, src: string, links: Parameters<Tokenizer["reflink"]>[1]) {
    return nested("inline", () => base.reflink.call(this, src, links));
  },
};

/**
 * Where the next math or widget might start, for marked to stop plain text there. The scan looks a
 * fixed distance ahead and otherwise cuts the text at a blank, which keeps lexing linear.
 */
const START_WINDOW = 256;
function inlineStart(src: string): number | undefined {
  const end = Math.min(src.length, START_WINDOW);
  let blank = -1;
  for (let i = 0; i < end; i++) {
    const code = src.charCodeAt(i);
    if (code === 36 || (code === 123 && src.charCodeAt(i + 1) === 123)) return i;
    if (code === 32 || code === 10 || code === 9) blank = i;
  }
  if (src.length <= START_WINDOW) return undefined;
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
  start: inlineStart,
  tokenizer(src: string) {
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

function attribute(name: string, value: string | number | null | undefined): string {
  return value === null || value === undefined || value === ""
    ? ""
    : ` ${name}="${escapeHtml(String(value))}"`;
}

const bidiLabel = (t: MarkdownT) => (code: string) => t("bidi.character", { code });

function renderSegment(segment: Segment): string {
  const s = current();
  switch (segment.kind) {
    case "text":
      return escapeHtml(segment.text);
    case "colour":
      return (
        `<span class="color-chip"><span class="color-chip-swatch" style="background-color:${segment.hex}" aria-hidden="true"></span>` +
        `${escapeHtml(segment.text)}</span>`
      );
    case "entity": {
      const issue = s.issues.get(segment.id);
      if (issue) {
        const label = issue.resolved === null ? escapeHtml(segment.id) : `<s>${escapeHtml(segment.id)}</s>`;
        const resolved = issue.resolved === null ? "" : " mention-resolved";
        return `<a class="mention mention-issue${resolved}" href="/issue/${encodeURIComponent(issue.idReadable)}"${attribute("title", issue.summary)}>${label}</a>`;
      }
      const article = s.articles.get(segment.id);
      if (article) {
        return `<a class="mention mention-article" href="/articles/${encodeURIComponent(article.idReadable)}"${attribute("title", article.summary)}>${escapeHtml(segment.id)}</a>`;
      }
      return escapeHtml(segment.text);
    }
    case "user": {
      const user = s.users.get(segment.login);
      const href = user ? safeUrl(user.profileUrl, "link") : null;
      if (!user || href === null) return escapeHtml(segment.text);
      return `<a class="mention mention-user"${attribute("href", href)}${attribute("title", `@${user.login}`)}>${escapeHtml(user.name)}</a>`;
    }
  }
}

function renderWidget(token: Tokens.Generic): string {
  const reference = parseWidgetReference(String(token.inner));
  const tag = token.block ? "div" : "span";
  const { t } = current();
  if (!reference.ok) {
    return `<${tag} class="markdown-widget markdown-widget-error" role="note">${escapeHtml(widgetErrorText(reference.error, t))}</${tag}>`;
  }
  const placeholder = t("widget.placeholder", { widget: reference.widgetKey, app: reference.appKey });
  return (
    `<${tag} class="markdown-widget"${attribute("data-app-key", reference.appKey)}${attribute("data-widget-key", reference.widgetKey)}` +
    `${attribute("data-embedding-id", reference.embeddingId)} role="status">` +
    `<span class="markdown-widget-placeholder">${escapeHtml(placeholder)}</span></${tag}>`
  );
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

function renderPdf(attachment: Attachment, url: string): string {
  const s = current();
  const key = `pdf-${++s.pdfCount}`;
  const name = escapeHtml(attachment.name);
  const head =
    `<span class="attachment attachment-pdf" id="attachment-${key}"${attribute("data-attachment", key)}>` +
    `<span class="attachment-name"><a${attribute("href", url)}>${name}</a> <span class="attachment-type">PDF</span></span>`;
  if (s.options.openPdfPreviews?.has(key)) {
    s.pdfFrames.add(url);
    const title = s.t("pdf.previewOf", { name: attachment.name });
    return `${head}<iframe class="attachment-pdf-frame"${attribute("src", url)}${attribute("title", title)}></iframe></span>`;
  }
  const toggle = `${s.options.basePath ?? ""}?preview=${key}#attachment-${key}`;
  return (
    `${head}<span class="attachment-warning" role="note">${escapeHtml(s.t("pdf.warning"))}</span> ` +
    `<a class="attachment-preview-toggle"${attribute("href", toggle)}${attribute("data-pdf-preview", url)}>${escapeHtml(s.t("pdf.showPreview"))}</a></span>`
  );
}

function renderImage(token: Tokens.Image & { width?: string; height?: string }, alt: string): string {
  const s = current();
  const attachment = s.options.attachments?.find((a) => a.name === token.href || a.url === token.href);
  const href = attachment?.url ?? token.href;
  const mimeType = attachment?.mimeType ?? dataImageType(href) ?? mimeTypeOf(href);
  const kind = mimeType.startsWith("image/") ? "image" : "link";
  const url = safeUrl(href, kind);
  if (url === null) return escapeHtml(alt);
  if (mimeType === "application/pdf" && isWebUrl(url)) {
    return renderPdf(attachment ?? { name: alt || token.href, url, mimeType }, url);
  }
  if (kind === "link") {
    const name = attachment?.name ?? (alt || token.href);
    return `<a class="attachment attachment-file"${attribute("href", url)}>${escapeHtml(name)}</a>`;
  }
  const width = token.width ?? attachment?.width ?? undefined;
  const height = token.height ?? attachment?.height ?? undefined;
  return (
    `<img${attribute("src", url)}${attribute("alt", alt)}${attribute("title", token.title)}` +
    `${attribute("width", width)}${attribute("height", height)} loading="lazy">`
  );
}

function createMarked(profile: MarkdownProfile): Marked {
  const full = profile === "full";
  const marked = new Marked({ gfm: true, breaks: false, async: false });
  marked.use({ tokenizer: nestingTokenizer as never });
  if (full) marked.use({ extensions: [mathBlock, widgetBlock, mathInline, widgetInline] });
  marked.use({
    extensions: [
      { name: "keelRich", renderer: (token) => (token.segments as Segment[]).map(renderSegment).join("") },
      {
        name: "keelMath",
        renderer: (token) => {
          const s = current();
          s.hasMath ||= Boolean(s.options.math);
          return renderMath(String(token.tex), Boolean(token.display), s.options.math ?? null);
        },
      },
      {
        name: "keelMathBlock",
        renderer: (token) => {
          const s = current();
          s.hasMath ||= Boolean(s.options.math);
          return `${renderMath(String(token.tex), true, s.options.math ?? null, true)}\n`;
        },
      },
      { name: "keelWidget", renderer: (token) => renderWidget(token) },
    ],
    renderer: {
      html({ text }) {
        return full ? text : escapeHtml(text);
      },
      heading({ tokens, depth }) {
        const inner = this.parser.parseInline(tokens);
        if (!full) return `<h${depth}>${inner}</h${depth}>\n`;
        const s = current();
        const text = plainText(tokens).trim();
        const slug = s.slug(text);
        const permalink = `${s.options.basePath ?? ""}#${slug}`;
        const label = s.t("permalink", { heading: text });
        return (
          `<h${depth}${attribute("id", slug)}>${inner}` +
          `<a class="heading-permalink"${attribute("href", permalink)}${attribute("aria-label", label)}>#</a></h${depth}>\n`
        );
      },
      code({ text, lang }) {
        const language = languageOf(lang);
        if (language === "mermaid" && full) {
          current().hasMermaid = true;
          return `<div class="mermaid-diagram" data-mermaid=""><pre class="mermaid-source"><code class="language-mermaid">${escapeHtml(text)}</code></pre></div>\n`;
        }
        const { t } = current();
        const code = revealBidiCharacters(highlightCode(text, language), bidiLabel(t));
        const warning = hasBidiCharacters(text)
          ? `<p class="bidi-warning" role="note">${escapeHtml(t("bidi.warning"))}</p>`
          : "";
        const languageClass = language ? attribute("class", `language-${language}`) : "";
        return `${warning}<pre class="code-block"${attribute("data-language", language)}><code${languageClass}>${code}</code></pre>\n`;
      },
      codespan({ text }) {
        if (!hasBidiCharacters(text)) return `<code>${escapeHtml(text)}</code>`;
        const { t } = current();
        return `<code class="has-bidi"${attribute("title", t("bidi.warning"))}>${revealBidiCharacters(escapeHtml(text), bidiLabel(t))}</code>`;
      },
      list(token) {
        const tag = token.ordered ? "ol" : "ul";
        const start =
          token.ordered && token.start !== 1 && token.start !== "" ? attribute("start", token.start) : "";
        const tasks = token.items.some((item) => item.task) ? ' class="contains-task-list"' : "";
        return `<${tag}${start}${tasks}>\n${token.items.map((item) => this.listitem(item)).join("")}</${tag}>\n`;
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
          return (
            `<button type="submit"${attribute("form", formId)} name="task" value="${taskIndex}" role="checkbox" ` +
            `aria-checked="${checked}" class="task-toggle"${attribute("aria-label", label)}></button> `
          );
        }
        return `<input type="checkbox" disabled=""${checked ? ' checked=""' : ""}> `;
      },
      link(token) {
        const inner = token.autolink ? escapeHtml(token.text) : this.parser.parseInline(token.tokens);
        const bare = token.autolink === true || token.text === token.href;
        if (full && bare) {
          const embed = embedFor(token.href);
          if (embed) {
            return (
              `<span class="embed embed-${embed.service}"><iframe${attribute("src", embed.src)}${attribute("title", current().t(embed.title))} ` +
              `loading="lazy" allowfullscreen=""></iframe><a class="embed-link"${attribute("href", token.href)}>${escapeHtml(token.href)}</a></span>`
            );
          }
        }
        if (dataImageType(token.href)) {
          // "data images of gif, png, jpeg, webp and svg shown as images"
          return `<img${attribute("src", safeUrl(token.href, "image"))}${attribute("alt", plainText(token.tokens))}>`;
        }
        const href = safeUrl(token.href, "link");
        if (href === null)
          return `<span class="link-removed"${attribute("title", current().t("linkRemoved"))}>${inner}</span>`;
        return `<a${attribute("href", href)}${attribute("title", token.title)}>${inner}</a>`;
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

/** Safe HTML for parsed Markdown. */
export function renderParsed(parsed: ParsedMarkdown, options: RenderOptions = {}): RenderedMarkdown {
  const mentions = parsed.profile === "full" ? (options.mentions ?? NO_MENTIONS) : NO_MENTIONS;
  state = {
    options,
    t: translatorFor(options),
    profile: parsed.profile,
    slug: createSlugger([...RESERVED_IDS, ...(options.reservedIds ?? [])]),
    issues: new Map(mentions.issues.map((issue) => [issue.idReadable, issue])),
    articles: new Map(mentions.articles.map((article) => [article.idReadable, article])),
    users: new Map(mentions.users.map((user) => [user.login, user])),
    hasMath: false,
    hasMermaid: false,
    pdfCount: 0,
    pdfFrames: new Set(),
  };
  try {
    const raw = MARKED[parsed.profile].parser(parsed.tokens);
    const html = sanitizeHtml(raw, { pdfFrames: state.pdfFrames });
    return { html, hasMath: state.hasMath, hasMermaid: state.hasMermaid, taskCount: parsed.taskCount };
  } finally {
    state = null;
  }
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
