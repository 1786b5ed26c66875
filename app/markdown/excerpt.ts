// A Markdown text as a line of plain text: what a notification shows of the comment it is about.
import type { Token } from "marked";
import { lex, plainText } from "./tokenizer.ts";

/** Longer texts are cut before they are read: an excerpt never needs more. */
const MAX_SOURCE = 10_000;

function blocksOf(tokens: readonly Token[], out: string[]): void {
  for (const token of tokens) {
    if (token.type === "list") {
      for (const item of (token as { items: { tokens: Token[] }[] }).items) blocksOf(item.tokens, out);
    } else if (token.type === "code") out.push((token as { text: string }).text);
    else if (token.type === "paragraph" || token.type === "heading" || token.type === "text")
      out.push(plainText("tokens" in token && token.tokens ? token.tokens : [token]));
    else if ("tokens" in token && token.tokens) blocksOf(token.tokens, out);
  }
}

/** `markdown` as a reader reads it, without its marks: blocks joined by a space, white space collapsed. */
export function plainExcerpt(markdown: string): string {
  const blocks: string[] = [];
  blocksOf(lex(markdown.slice(0, MAX_SOURCE), "restricted").tokens, blocks);
  return blocks.join(" ").replace(/\s+/g, " ").trim();
}
