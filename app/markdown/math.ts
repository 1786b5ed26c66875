// Math with KaTeX: `$…$` inline, `$$…$$` display. A `$` that does not open and close a
// formula by the rules below stays text, so prices (`$100`, `$5 and $6`) read as written. Every
// search for a closing delimiter stops at the next delimiter and at a fixed length, so that math
// recognition is linear in the size of the text.

import { escapeHtml } from "./highlight.ts";
import { createMemo } from "./memo.ts";

/** The subset of KaTeX's API the renderer needs; the server passes katex itself, the browser loads it on demand. */
export interface MathEngine {
  renderToString(tex: string, options: Record<string, unknown>): string;
}

/** A longer formula stays text. */
export const MAX_FORMULA_LENGTH = 2_000;

/**
 * KaTeX options: `trust` off (no \href, \url, \includegraphics, \htmlClass…), macro expansion and
 * sizes bounded, errors thrown so that their message can be shown inline, `\gdef` kept per formula.
 */
export const KATEX_OPTIONS = {
  throwOnError: true,
  trust: false,
  strict: "ignore",
  maxExpand: 1_000,
  maxSize: 20,
  output: "htmlAndMathml",
  globalGroup: false,
} as const;

export interface MathMatch {
  raw: string;
  tex: string;
  display: boolean;
}

const isSpace = (char: string | undefined) => char === undefined || /\s/.test(char);
const isDigit = (char: string | undefined) => char !== undefined && char >= "0" && char <= "9";

/** The index of the next unescaped `delimiter` in `src` from `from`, looking at most `MAX_FORMULA_LENGTH` ahead. */
function nextDelimiter(src: string, from: number, delimiter: string): number {
  const end = Math.min(src.length, from + MAX_FORMULA_LENGTH + delimiter.length);
  for (let i = from; i < end; i++) {
    const char = src[i];
    if (char === "\\") i++;
    else if (char === "$") return src.startsWith(delimiter, i) ? i : -1;
  }
  return -1;
}

/**
 * Math at the start of `src` (which starts with `$`), or null. Inline math opens with a `$` followed by
 * a non-blank and closes at the next `$`, which must follow a non-blank and not precede a digit; display
 * math runs from `$$` to the next `$$`.
 */
export function matchInlineMath(src: string): MathMatch | null {
  if (src[0] !== "$") return null;
  if (src[1] === "$") {
    const close = nextDelimiter(src, 2, "$$");
    if (close === -1) return null;
    const tex = src.slice(2, close);
    return tex.trim() ? { raw: src.slice(0, close + 2), tex: tex.trim(), display: true } : null;
  }
  if (isSpace(src[1])) return null;
  const close = nextDelimiter(src, 1, "$");
  if (close === -1 || isSpace(src[close - 1]) || isDigit(src[close + 1]) || src[close + 1] === "$")
    return null;
  return { raw: src.slice(0, close + 1), tex: src.slice(1, close), display: false };
}

/** A display block: a line starting with `$$`, up to a `$$` that ends a line. */
export function matchMathBlock(src: string): MathMatch | null {
  const open = /^ {0,3}\$\$/.exec(src);
  if (!open) return null;
  const start = open[0].length;
  const close = nextDelimiter(src, start, "$$");
  if (close === -1) return null;
  const after = /^\$\$[ \t]*(?:\n|$)/.exec(src.slice(close, close + 2 + 100));
  if (!after) return null;
  const tex = src.slice(start, close).trim();
  return tex ? { raw: src.slice(0, close + after[0].length), tex, display: true } : null;
}

/** How the caller wants formulas written: its own escaping, and a last step for KaTeX's output. */
export interface MathOutput {
  escape: (text: string) => string;
  /** Applied once per formula, before the result is kept for the next render. */
  finish: (html: string) => string;
}

const AS_IS: MathOutput = { escape: escapeHtml, finish: (html) => html };

/**
 * KaTeX's HTML for one formula; a LaTeX error shows its message inline, next to the source. Display
 * math inside a paragraph is a block-styled span, so that the HTML stays valid.
 */
export function renderMath(
  tex: string,
  display: boolean,
  engine: MathEngine | null,
  block = false,
  output: MathOutput = AS_IS,
): string {
  const tag = block ? "div" : "span";
  const kind = display ? "math math-display" : "math math-inline";
  if (!engine) return `<${tag} class="${kind} math-source"><code>${output.escape(tex)}</code></${tag}>`;
  const key = `${output === AS_IS ? "" : "finished"}\u0000${tag}\u0000${kind}\u0000${tex}`;
  return formulas.get(key, () => output.finish(typeset(tex, display, engine, tag, kind)));
}

// Typesetting is pure for a given formula: the same formulas come back on every view of a page.
const formulas = createMemo<string>(2_000, 4_000_000);

function typeset(tex: string, display: boolean, engine: MathEngine, tag: string, kind: string): string {
  try {
    // A fresh macro table per formula: \gdef in one formula cannot change another.
    const html = engine.renderToString(tex, { ...KATEX_OPTIONS, displayMode: display, macros: {} });
    return `<${tag} class="${kind}">${html}</${tag}>`;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return (
      `<${tag} class="${kind} math-error" role="note"><code>${escapeHtml(tex)}</code> ` +
      `<span class="math-error-message">${escapeHtml(message)}</span></${tag}>`
    );
  }
}
