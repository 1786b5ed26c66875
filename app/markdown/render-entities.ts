// What Keel adds to Markdown's HTML, one token at a time: mentions and colour chips, widget
// placeholders, images and attached files, and text with the character references marked leaves in it.

import type { Tokens } from "marked";
import type { Segment } from "./mentions.ts";
import { tag, type RenderContext } from "./render-context.ts";
import { escapeText } from "./sanitize.ts";
import { dataImageType, safeUrl } from "./url-policy.ts";
import { widgetErrorText } from "./widget-syntax.ts";
import { parseWidgetReference } from "#contract/widget-reference.ts";

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
export function renderText(context: RenderContext, text: string): string {
  if (!text.includes("&")) return escapeText(text);
  let unknown = false;
  const decoded = text.replace(KEPT_REFERENCE, (reference, name: string) => {
    const char = KNOWN_REFERENCES.get(name);
    if (char === undefined) unknown = true;
    return char ?? reference;
  });
  if (!unknown) return escapeText(decoded);
  context.needsSanitizing = true;
  return text.replace(MARKED_ESCAPE, (char) => MARKED_ESCAPES[char]!);
}

export function renderSegment(context: RenderContext, segment: Segment): string {
  switch (segment.kind) {
    case "text":
      return escapeText(segment.text);
    case "colour": {
      const swatch = tag(context, "span", [
        ["class", "color-chip-swatch"],
        ["style", `background-color:${segment.hex}`],
        ["aria-hidden", "true"],
      ]);
      return `<span class="color-chip">${swatch}</span>${escapeText(segment.text)}</span>`;
    }
    case "entity": {
      const issue = context.issues.get(segment.id);
      if (issue) {
        const label = issue.resolved === null ? escapeText(segment.id) : `<s>${escapeText(segment.id)}</s>`;
        const resolved = issue.resolved === null ? "" : " mention-resolved";
        const open = tag(context, "a", [
          ["class", `mention mention-issue${resolved}`],
          ["href", `/issue/${encodeURIComponent(issue.idReadable)}`],
          ["title", issue.summary],
        ]);
        return `${open}${label}</a>`;
      }
      const article = context.articles.get(segment.id);
      if (article) {
        const open = tag(context, "a", [
          ["class", "mention mention-article"],
          ["href", `/articles/${encodeURIComponent(article.idReadable)}`],
          ["title", article.summary],
        ]);
        return `${open}${escapeText(segment.id)}</a>`;
      }
      return escapeText(segment.text);
    }
    case "user": {
      const user = context.users.get(segment.login);
      const href = user ? safeUrl(user.profileUrl, "link") : null;
      if (!user || href === null) return escapeText(segment.text);
      const open = tag(context, "a", [
        ["class", "mention mention-user"],
        ["href", href],
        ["title", `@${user.login}`],
      ]);
      return `${open}${escapeText(user.name)}</a>`;
    }
  }
}

export function renderWidget(context: RenderContext, token: Tokens.Generic): string {
  const reference = parseWidgetReference(String(token.inner));
  const name = token.block ? "div" : "span";
  const { t, translateFunction } = context;
  if (!reference.ok) {
    const error = widgetErrorText(reference.error, translateFunction);
    return `<${name} class="markdown-widget markdown-widget-error" role="note">${escapeText(error)}</${name}>`;
  }
  const placeholder = t("widget.placeholder", { widget: reference.widgetKey, app: reference.appKey });
  const open = tag(context, name, [
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

export function renderImage(
  context: RenderContext,
  token: Tokens.Image & { width?: string; height?: string },
  alt: string,
): string {
  const attachment = context.options.attachments?.find((a) => a.name === token.href || a.url === token.href);
  const href = attachment?.url ?? token.href;
  const mimeType = attachment?.mimeType ?? dataImageType(href) ?? mimeTypeOf(href);
  const kind = mimeType.startsWith("image/") ? "image" : "link";
  const url = safeUrl(href, kind);
  if (url === null) return escapeText(alt);
  // Everything else, PDFs too, is a link to the file: a frame would run whatever a PDF (or the
  // address the author wrote) holds, and Chromium's viewer does not run in a sandboxed one.
  if (kind === "link") {
    const name = attachment?.name ?? (alt || token.href);
    return `${tag(context, "a", [
      ["class", "attachment attachment-file"],
      ["href", url],
    ])}${escapeText(name)}</a>`;
  }
  return tag(context, "img", [
    ["src", url],
    ["alt", alt],
    ["title", token.title],
    ["width", token.width ?? attachment?.width],
    ["height", token.height ?? attachment?.height],
    ["loading", "lazy"],
  ]);
}
