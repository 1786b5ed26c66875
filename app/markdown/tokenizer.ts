// Markdown → tokens: marked (CommonMark + GFM) with Keel's tokenizer extensions (math, widgets), a
// nesting limit, and a pass over the tokens that finds mentions, colour chips, image sizes and tasks.
//
// Nesting deeper than MARKDOWN_MAX_NESTING (block quotes and lists, emphasis and links) is not
// parsed as structure: the deeper text renders flat, so hostile input cannot exhaust the stack. The
// depth lives in the tokenizer, and every lex gets a tokenizer of its own.

import {
  Lexer,
  Marked,
  Tokenizer,
  type MarkedOptions,
  type Token,
  type Tokens,
  type TokensList,
} from "marked";
import { MARKDOWN_MAX_NESTING } from "../lib/constants.ts";
import { matchInlineMath, matchMathBlock } from "./math.ts";
import { collectRefs, splitText, type Segment } from "./mentions.ts";
import type { MarkdownProfile } from "./render-context.ts";
import { matchWidget } from "./widget-syntax.ts";

// The inline ones are tried at every position of the text: a character their token cannot start
// with is turned away before anything else (marked's own patterns would refuse it too).
const startsWith = (src: string, a: number, b: number) => {
  const code = src.charCodeAt(0);
  return code === a || code === b;
};

class NestingTokenizer extends Tokenizer {
  private blockDepth = 0;
  private inlineDepth = 0;

  /** Runs a nesting tokenizer unless the nesting is already at the limit, where the text stays flat. */
  private nested<T>(kind: "block" | "inline", run: () => T): T | undefined {
    if ((kind === "block" ? this.blockDepth : this.inlineDepth) >= MARKDOWN_MAX_NESTING) return undefined;
    if (kind === "block") this.blockDepth++;
    else this.inlineDepth++;
    try {
      return run();
    } finally {
      if (kind === "block") this.blockDepth--;
      else this.inlineDepth--;
    }
  }

  override blockquote(src: string) {
    return this.nested("block", () => super.blockquote(src));
  }
  override list(src: string) {
    return this.nested("block", () => super.list(src));
  }
  override emStrong(src: string, masked: string, prev?: string) {
    if (!startsWith(src, 42, 95)) return undefined; // * _
    return this.nested("inline", () => super.emStrong(src, masked, prev));
  }
  override del(src: string, masked: string, prev?: string) {
    if (!startsWith(src, 126, 126)) return undefined; // ~
    return this.nested("inline", () => super.del(src, masked, prev));
  }
  override link(src: string) {
    if (!startsWith(src, 91, 33)) return undefined; // [ !
    return this.nested("inline", () => super.link(src));
  }
  override reflink(src: string, links: Parameters<Tokenizer["reflink"]>[1]) {
    if (!startsWith(src, 91, 33)) return undefined;
    return this.nested("inline", () => super.reflink(src, links));
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

/** marked's options for lexing each profile; read only, a lex adds its own tokenizer to a copy. */
const LEXER_OPTIONS: Record<MarkdownProfile, MarkedOptions> = {
  full: new Marked({ gfm: true, breaks: false, async: false }).use({
    extensions: [mathBlock, widgetBlock, mathInline, widgetInline],
  }).defaults,
  restricted: new Marked({ gfm: true, breaks: false, async: false }).defaults,
};

/** The text of tokens as a reader sees it: for labels, alt texts and heading slugs. */
export function plainText(tokens: readonly Token[] | undefined): string {
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

const SIZE_SUFFIX =
  /^\{[ \t]{0,3}(width|height)[ \t]{0,3}=[ \t]{0,3}(\d{1,5}%?)(?:[ \t,;]{1,3}(width|height)[ \t]{0,3}=[ \t]{0,3}(\d{1,5}%?))?[ \t]{0,3}\}/;

/** A task's checkbox, numbered in document order and labelled with its item's text by the pass. */
export type TaskCheckbox = Tokens.Checkbox & { taskIndex?: number; taskLabel?: string };

export interface WalkState {
  profile: MarkdownProfile;
  refs: { ids: Set<string>; logins: Set<string> };
  tasks: { token: TaskCheckbox }[];
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

/** The tokens of `text`, after the pass: what the renderer renders, and what it found. */
export function lex(text: string, profile: MarkdownProfile): { tokens: TokensList; walked: WalkState } {
  const options = { ...LEXER_OPTIONS[profile], tokenizer: new NestingTokenizer() };
  const tokens = Lexer.lex(text.replace(/\r\n?/g, "\n"), options);
  const walked: WalkState = { profile, refs: { ids: new Set(), logins: new Set() }, tasks: [] };
  walk(tokens, false, walked);
  walked.tasks.forEach(({ token }, index) => {
    token.taskIndex = index;
  });
  return { tokens, walked };
}
