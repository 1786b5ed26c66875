// Where raw HTML in Markdown lets the renderer cut the document. An author's tag can open in one raw
// HTML token and close in a later one (`<details>` … Markdown … `</details>`); the top-level blocks
// from the opening to the closing tag must then be sanitised together, as one piece of HTML, or the
// sanitiser would close the element early. This follows the raw tags of a document in order and
// says when every element they opened is closed again in order, the point where the HTML parser is
// back where it started. Anything it does not follow exactly (a comment or tag left open, a stray or
// misnested end tag, elements that change how the parser reads what follows) keeps the piece open to
// the end of the document. It also says when only block containers are open (`<details>`, `<div>`…),
// where a block of Markdown can be left out of what DOMPurify reads and put back after. Being wrong
// here costs only fidelity, never safety: every piece of raw HTML goes through DOMPurify, and a block
// goes back only where its marker came back as text (render.ts).

/** HTML elements without an end tag; the sanitiser's serialiser uses them too (sanitize.ts). */
export const VOID_ELEMENTS = new Set([
  "area",
  "base",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "link",
  "meta",
  "param",
  "source",
  "track",
  "wbr",
]);

/** Elements whose content is text up to their own end tag (in the parser DOMPurify uses, too). */
const RAW_TEXT_ELEMENTS = new Set(["style", "xmp", "iframe", "noembed", "noframes", "textarea", "title"]);

/**
 * Elements that change how the parser reads the rest of the document, whose end it may not see, or
 * that parsers read differently (script data, noscript with scripting on or off).
 */
const OPEN_TO_THE_END = new Set([
  "plaintext",
  "script",
  "noscript",
  "form",
  "template",
  "frameset",
  "frame",
  "svg",
  "math",
  "html",
  "head",
  "body",
  "image",
  "select",
]);

const MAX_OPEN = 10_000;

/**
 * Elements whose content the parser reads as it reads a document's body: blocks of Markdown inside
 * them parse the same there as alone, and do not change how the tags after them parse.
 */
const BLOCK_CONTAINERS = new Set([
  "div",
  "details",
  "blockquote",
  "figure",
  "section",
  "article",
  "aside",
  "main",
  "nav",
  "header",
  "footer",
  "center",
]);
/** Deeper than this, the sanitiser's depth limit could count the blocks inside (MAX_HTML_DEPTH). */
const MAX_CONTAINER_DEPTH = 64;

export interface HtmlBalance {
  /** Follows the tags of the next raw HTML token. */
  feed(html: string): void;
  /** Every element opened so far is closed again, and nothing keeps the piece open. */
  readonly settled: boolean;
  /** Every element still open is a block container (a `<div>`, `<details>`…), and not too deep. */
  readonly inBlockContainers: boolean;
}

const isAsciiLetter = (code: number) => (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
const isBlank = (code: number) => code === 32 || code === 9 || code === 10 || code === 12 || code === 13;

// The tokenizer's states inside a tag, as far as they decide where it ends.
const State = {
  BeforeName: 0,
  Name: 1,
  AfterName: 2,
  BeforeValue: 3,
  DoubleQuoted: 4,
  SingleQuoted: 5,
  Unquoted: 6,
} as const;
type State = (typeof State)[keyof typeof State];

/**
 * The index just past the `>` that ends a tag whose name ends at `from`, found as the HTML tokenizer
 * finds it (quoted attribute values can hold a `>`), or -1 when the tag does not end.
 */
function tagEnd(html: string, from: number): number {
  let state: State = State.BeforeName;
  for (let i = from; i < html.length; i++) {
    const code = html.charCodeAt(i);
    switch (state) {
      case State.DoubleQuoted:
        if (code === 34) state = State.BeforeName;
        continue;
      case State.SingleQuoted:
        if (code === 39) state = State.BeforeName;
        continue;
      case State.BeforeValue:
        if (code === 62) return i + 1;
        if (code === 34) state = State.DoubleQuoted;
        else if (code === 39) state = State.SingleQuoted;
        else if (!isBlank(code)) state = State.Unquoted;
        continue;
      case State.Unquoted:
        if (code === 62) return i + 1;
        if (isBlank(code)) state = State.BeforeName;
        continue;
      default:
        if (code === 62) return i + 1;
        if (code === 47) state = State.BeforeName;
        else if (isBlank(code)) state = state === State.BeforeName ? State.BeforeName : State.AfterName;
        else if (code === 61 && state !== State.BeforeName) state = State.BeforeValue;
        else state = State.Name;
    }
  }
  return -1;
}

/** The index where a tag name that starts at `from` ends. */
function nameEnd(html: string, from: number): number {
  let i = from;
  while (i < html.length) {
    const code = html.charCodeAt(i);
    if (isBlank(code) || code === 47 || code === 62) break;
    i++;
  }
  return i;
}

const COMMENT_END = /--!?>/g;

export function createHtmlBalance(): HtmlBalance {
  const open: string[] = [];
  let endless = false;

  /** The index after the element of raw text that starts at `from`, or -1. */
  function rawTextEnd(html: string, name: string, from: number): number {
    const closeTag = new RegExp(`</${name}[\\t\\n\\f\\r />]`, "gi");
    closeTag.lastIndex = from;
    const match = closeTag.exec(html);
    return match ? tagEnd(html, match.index + 2 + name.length) : -1;
  }

  function feed(html: string) {
    let i = html.indexOf("<");
    while (!endless && i !== -1) {
      const next = html.charCodeAt(i + 1);
      if (next === 33 || next === 63) {
        // A comment is skipped; doctypes, CDATA and other markup declarations are not followed.
        if (!html.startsWith("<!--", i) || html.startsWith("<!-->", i) || html.startsWith("<!--->", i)) {
          endless = true;
          break;
        }
        COMMENT_END.lastIndex = i + 4;
        const close = COMMENT_END.exec(html);
        if (!close) endless = true;
        else i = html.indexOf("<", close.index + close[0].length);
        continue;
      }
      const closing = next === 47;
      const start = closing ? i + 2 : i + 1;
      if (!isAsciiLetter(html.charCodeAt(start))) {
        // `</` without a letter starts a bogus comment; `<` without one is text.
        if (closing) endless = true;
        else i = html.indexOf("<", i + 1);
        continue;
      }
      const end = nameEnd(html, start);
      const name = html.slice(start, end).toLowerCase();
      let after = tagEnd(html, end);
      if (after === -1) {
        endless = true;
        break;
      }
      if (closing) {
        if (open[open.length - 1] !== name) endless = true;
        else open.pop();
      } else if (OPEN_TO_THE_END.has(name) || open.length >= MAX_OPEN) {
        endless = true;
      } else if (RAW_TEXT_ELEMENTS.has(name)) {
        // Its content is text: the element ends at its own end tag, which must be in this token.
        after = rawTextEnd(html, name, after);
        if (after === -1) endless = true;
      } else if (!VOID_ELEMENTS.has(name)) {
        open.push(name);
      }
      if (!endless) i = html.indexOf("<", after);
    }
  }

  return {
    feed,
    get settled() {
      return !endless && open.length === 0;
    },
    get inBlockContainers() {
      return (
        !endless && open.length <= MAX_CONTAINER_DEPTH && open.every((name) => BLOCK_CONTAINERS.has(name))
      );
    },
  };
}
