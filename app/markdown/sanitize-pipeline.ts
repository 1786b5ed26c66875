// Rendering top-level block by block, and sanitising only what needs it. Every block that holds raw
// HTML from the author goes through DOMPurify, together with the blocks its tags span
// (html-balance.ts), and so do the few shapes the renderer does not write exactly as the HTML parser
// would read them (a link inside a link's text, character references marked leaves for the browser).
// The result is the same HTML as sanitising the whole document in one pass, which the tests check on
// every input (`renderMarkdownSanitizedWhole`).

import type { Parser, Token } from "marked";
import type { RenderContext } from "./render-context.ts";
import { sanitizeHtml, sanitizePiece } from "./sanitize.ts";

export interface Piece {
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
export function renderPieces(context: RenderContext, parser: Parser, tokens: readonly Token[]): Piece[] {
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
    context.needsSanitizing = false;
    const html = parser.parse([token]);
    const balance = context.balance;
    const settled = balance?.settled ?? true;
    if (open === null && !context.needsSanitizing && settled) {
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
    if (outline && !context.needsSanitizing && html && balance?.inBlockContainers) {
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

/** The document: final pieces as written, the others sanitised. */
export function assemblePieces(pieces: readonly Piece[]): string {
  let html = "";
  for (const piece of pieces) html += piece.final ? piece.html : sanitizedPiece(piece);
  return html;
}

/** The document sanitised whole, in one pass: slow, and what the tests hold `assemblePieces` to. */
export function assembleSanitizedWhole(pieces: readonly Piece[]): string {
  return sanitizeHtml(pieces.map((piece) => piece.html).join(""));
}
