// A comment's Markdown as the plain text the backend puts in a push notification: marked's tokens without
// their marks, blocks joined by a space. The backend's own reading, not Keel's renderer (app/markdown):
// mentions and math stay as written.
import { Lexer, type Token } from "marked";

/** Longer texts are cut before they are read: a notification shows a few hundred characters. */
const MAX_SOURCE = 10_000;

/** Tokens read as blocks of their own: a space between them and what is beside them. */
const BLOCKS = new Set(["paragraph", "heading", "blockquote", "list_item", "table", "code", "html", "br"]);
const LEAVES = new Set(["text", "escape", "codespan", "image", "code"]);

function textOf(tokens: readonly Token[]): string {
  let text = "";
  for (const token of tokens) {
    let inner = "";
    if (token.type === "list") {
      for (const item of (token as { items: { tokens: Token[] }[] }).items)
        inner += ` ${textOf(item.tokens)} `;
    } else if ("tokens" in token && token.tokens) inner = textOf(token.tokens);
    else if (LEAVES.has(token.type)) inner = (token as { text: string }).text;
    text += BLOCKS.has(token.type) ? ` ${inner} ` : inner;
  }
  return text;
}

/** `markdown` without its marks, white space collapsed. */
export function markdownAsText(markdown: string): string {
  return textOf(new Lexer({ gfm: true }).lex(markdown.slice(0, MAX_SOURCE)))
    .replace(/\s+/g, " ")
    .trim();
}
