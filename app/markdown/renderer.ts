// Tokens → HTML. The renderer writes its own elements through `startTag` and `escapeText`
// (sanitize.ts), which apply the sanitiser's rules as they write: that HTML is final. It notes in its
// render's context what the sanitising pipeline (sanitize-pipeline.ts) needs to know: raw HTML, and
// the few shapes it does not write exactly as the HTML parser would read them.
//
// Each render gets its own renderer and parser (marked points a renderer at the parser running it),
// and every method reaches the render's context through them.

import { Marked, Parser, Renderer, type MarkedOptions, type Tokens } from "marked";
import { embedFor } from "./embeds.ts";
import { hasBidiCharacters, highlightCode, languageOf, revealBidiCharacters } from "./highlight.ts";
import { createHtmlBalance } from "./html-balance.ts";
import { renderMath, type MathOutput } from "./math.ts";
import type { Segment } from "./mentions.ts";
import { tag, tagOrNull, type RenderContext, type Translate } from "./render-context.ts";
import { renderImage, renderSegment, renderText, renderWidget } from "./render-entities.ts";
import { escapeAttributeValue, escapeText, sanitizeHtmlUncached, startTag } from "./sanitize.ts";
import { plainText, type TaskCheckbox } from "./tokenizer.ts";
import { dataImageType, safeUrl } from "./url-policy.ts";

const bidiLabel = (t: Translate) => (code: string) => t("bidi.character", { code });
const bidiCharOpen = (title: string) =>
  startTag("span", [
    ["class", "bidi-char"],
    ["title", title],
  ]) ?? "";

/** KaTeX's output is sanitised once per formula, when it is typeset, and kept with it. */
const MATH_OUTPUT: MathOutput = {
  escape: escapeText,
  finish: (html) => sanitizeHtmlUncached(html),
};

class KeelRenderer extends Renderer {
  readonly context: RenderContext;
  constructor(context: RenderContext) {
    super();
    this.context = context;
  }

  private get full() {
    return this.context.profile === "full";
  }

  /** Raw HTML from the author: kept for DOMPurify, which reads it with the tags it spans. */
  private rawHtml(text: string): string {
    this.context.needsSanitizing = true;
    (this.context.balance ??= createHtmlBalance()).feed(text);
    return text;
  }

  override html({ text }: Tokens.HTML | Tokens.Tag): string {
    return this.full ? this.rawHtml(text) : escapeText(text);
  }

  override text(token: Tokens.Text | Tokens.Escape): string {
    if ("tokens" in token && token.tokens) return this.parser.parseInline(token.tokens);
    // Text after an inline <pre>, <code>, <kbd> or <script> tag: raw HTML, as marked leaves it.
    if ("escaped" in token && token.escaped) return this.rawHtml(token.text);
    return renderText(this.context, token.text);
  }

  override heading({ tokens, depth }: Tokens.Heading): string {
    const inner = this.parser.parseInline(tokens);
    if (!this.full) return `<h${depth}>${inner}</h${depth}>\n`;
    const c = this.context;
    const text = plainText(tokens).trim();
    const slug = c.slug(text);
    const permalink = tag(c, "a", [
      ["class", "heading-permalink"],
      ["href", `${c.options.basePath ?? ""}#${slug}`],
      ["aria-label", c.t("permalink", { heading: text })],
    ]);
    return `${tag(c, `h${depth}`, [["id", slug]])}${inner}${permalink}#</a></h${depth}>\n`;
  }

  override code({ text, lang }: Tokens.Code): string {
    const language = languageOf(lang);
    const c = this.context;
    if (language === "mermaid" && this.full) {
      c.hasMermaid = true;
      return `<div class="mermaid-diagram" data-mermaid=""><pre class="mermaid-source"><code class="language-mermaid">${escapeText(text)}</code></pre></div>\n`;
    }
    const code = revealBidiCharacters(
      highlightCode(text, language, escapeText),
      bidiLabel(c.t),
      bidiCharOpen,
    );
    const warning = hasBidiCharacters(text)
      ? `<p class="bidi-warning" role="note">${escapeText(c.t("bidi.warning"))}</p>`
      : "";
    const pre = tag(c, "pre", [
      ["class", "code-block"],
      ["data-language", language],
    ]);
    const open = tag(c, "code", [["class", language ? `language-${language}` : null]]);
    return `${warning}${pre}${open}${code}</code></pre>\n`;
  }

  override codespan({ text }: Tokens.Codespan): string {
    if (!hasBidiCharacters(text)) return `<code>${escapeText(text)}</code>`;
    const c = this.context;
    const open = tag(c, "code", [
      ["class", "has-bidi"],
      ["title", c.t("bidi.warning")],
    ]);
    return `${open}${revealBidiCharacters(escapeText(text), bidiLabel(c.t), bidiCharOpen)}</code>`;
  }

  override list(token: Tokens.List): string {
    const name = token.ordered ? "ol" : "ul";
    const start = token.ordered && token.start !== 1 && token.start !== "" ? token.start : null;
    const tasks = token.items.some((item) => item.task) ? "contains-task-list" : null;
    const open =
      start === null && tasks === null
        ? `<${name}>`
        : tag(this.context, name, [
            ["start", start],
            ["class", tasks],
          ]);
    return `${open}\n${token.items.map((item) => this.listitem(item)).join("")}</${name}>\n`;
  }

  override listitem(item: Tokens.ListItem): string {
    return `<li${item.task ? ' class="task-list-item"' : ""}>${this.parser.parse(item.tokens)}</li>\n`;
  }

  override checkbox(token: Tokens.Checkbox): string {
    const { checked, taskIndex, taskLabel } = token as TaskCheckbox;
    const c = this.context;
    const formId = c.options.taskFormId;
    if (this.full && formId && taskIndex !== undefined) {
      const label = c
        .t(checked ? "task.done" : "task.todo", { label: taskLabel ?? "" })
        .trim()
        .slice(0, 200);
      const button = tagOrNull(c, "button", [
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
        : c
            .t(checked ? "task.done" : "task.todo", { label: taskLabel })
            .trim()
            .slice(0, 200);
    return `<input type="checkbox" disabled=""${checked ? ' checked=""' : ""}${label ? ` aria-label="${escapeAttributeValue(label)}"` : ""}> `;
  }

  override link(token: Tokens.Link): string {
    const c = this.context;
    let inner: string;
    if (token.autolink) inner = escapeText(token.text);
    else {
      c.linkDepth++;
      try {
        inner = this.parser.parseInline(token.tokens);
      } finally {
        c.linkDepth--;
      }
    }
    const bare = token.autolink === true || token.text === token.href;
    if (this.full && bare) {
      const embed = embedFor(token.href);
      if (embed) {
        const frame = tagOrNull(c, "iframe", [
          ["src", embed.src],
          ["title", c.t(embed.title)],
          ["loading", "lazy"],
          ["allowfullscreen", true],
        ]);
        return (
          `<span class="embed embed-${embed.service}">${frame === null ? "" : `${frame}</iframe>`}` +
          `${tag(c, "a", [
            ["class", "embed-link"],
            ["href", token.href],
          ])}${escapeText(token.href)}</a></span>`
        );
      }
    }
    if (dataImageType(token.href)) {
      // "data images of gif, png, jpeg, webp and svg shown as images"
      return tag(c, "img", [
        ["src", safeUrl(token.href, "image")],
        ["alt", plainText(token.tokens)],
      ]);
    }
    const href = safeUrl(token.href, "link");
    if (href === null)
      return `${tag(c, "span", [
        ["class", "link-removed"],
        ["title", c.t("linkRemoved")],
      ])}${inner}</span>`;
    return `${tag(c, "a", [
      ["href", href],
      ["title", token.title],
    ])}${inner}</a>`;
  }

  override image(token: Tokens.Image): string {
    return renderImage(this.context, token, plainText(token.tokens) || token.text);
  }
}

/** The context of the render a parser runs for. */
const contextOf = (parser: Parser) => (parser.renderer as KeelRenderer).context;

function renderMathToken(context: RenderContext, token: Tokens.Generic, display: boolean, block: boolean) {
  context.hasMath ||= Boolean(context.options.math);
  return renderMath(String(token.tex), display, context.options.math ?? null, block, MATH_OUTPUT);
}

/** marked's options for rendering: the renderers of Keel's own tokens; read only. */
const PARSER_OPTIONS: MarkedOptions = new Marked({ gfm: true, breaks: false, async: false }).use({
  extensions: [
    {
      name: "keelRich",
      renderer(token) {
        const context = contextOf(this.parser);
        return (token.segments as Segment[]).map((segment) => renderSegment(context, segment)).join("");
      },
    },
    {
      name: "keelMath",
      renderer(token) {
        return renderMathToken(contextOf(this.parser), token, Boolean(token.display), false);
      },
    },
    {
      name: "keelMathBlock",
      renderer(token) {
        return `${renderMathToken(contextOf(this.parser), token, true, true)}\n`;
      },
    },
    {
      name: "keelWidget",
      renderer(token) {
        return renderWidget(contextOf(this.parser), token);
      },
    },
  ],
}).defaults;

/** A parser of its own for one render, writing into `context`. */
export function createParser(context: RenderContext): Parser {
  return new Parser({ ...PARSER_OPTIONS, renderer: new KeelRenderer(context) });
}
