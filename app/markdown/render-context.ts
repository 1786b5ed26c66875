// The options of a render and the context one render carries from its first token to its last. Each
// render builds its own context and hands it to its own renderer, so a render started inside another
// (from a translate function or a math engine) shares nothing with the one around it.

import type { ParseKeys } from "i18next";
import type { HtmlBalance } from "./html-balance.ts";
import type { MathEngine } from "./math.ts";
import { NO_MENTIONS, type MentionRefs, type ResolvedMentions } from "./mentions.ts";
import { RESERVED_IDS, startTag, type AttributeValue } from "./sanitize.ts";
import { createSlugger } from "./slug.ts";
import type { MarkdownT } from "./translate.ts";
import type { TokensList } from "marked";

/**
 * "full" for issues, articles and the reference page; "restricted" for banners and the user
 * agreement: no mentions, embeds, widgets, math, diagrams or raw HTML (which shows as text).
 */
export type MarkdownProfile = "full" | "restricted";

/** A file attached to the entity whose text is rendered. */
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
   * The server's wrappers (render.server.ts) fall back to English; the browser has no fallback, so
   * that it never downloads another language's texts.
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

/** A text of the markdown namespace with its values put in. */
export type Translate = (key: ParseKeys<"markdown">, values?: Record<string, string>) => string;

export interface RenderContext {
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

export function createRenderContext(profile: MarkdownProfile, options: RenderOptions): RenderContext {
  const mentions = profile === "full" ? (options.mentions ?? NO_MENTIONS) : NO_MENTIONS;
  const translateFunction = options.t;
  if (!translateFunction)
    throw new Error("The Markdown renderer needs the reader's translate function (options.t)");
  return {
    options,
    t: templatesOf(translateFunction),
    translateFunction,
    profile,
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
}

// Calling i18next costs more than rendering a paragraph. Each text is asked for once per translate
// function, with markers for its values, and the values are put in where the markers come back: as
// i18next puts them in here (no escaping; nothing inside a value is interpolated again). The cache
// only grows with texts of a translate function, whatever renders are running.
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

type Attributes = readonly (readonly [string, AttributeValue])[];

/** The start tag of one of the renderer's elements (see `startTag`), or null when it may not appear. */
export function tagOrNull(context: RenderContext, tag: string, attributes: Attributes): string | null {
  // A link inside a link's text is moved out of it by the HTML parser: left to the sanitiser.
  if (tag === "a" && context.linkDepth > 0) context.needsSanitizing = true;
  return startTag(tag, attributes);
}

/** The start tag of an element that sanitising never removes (anything but frames, buttons and inputs). */
export function tag(context: RenderContext, name: string, attributes: Attributes): string {
  return tagOrNull(context, name, attributes) ?? "";
}
