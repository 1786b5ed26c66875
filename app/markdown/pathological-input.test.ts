// Input shapes that could make a pattern or a nesting rule backtrack render to what they should. How
// their rendering time grows with their size is measured by tests/bench/markdown.ts, not asserted here.
import katex from "katex";
import { expect, test } from "vitest";
import { renderMarkdownSync } from "#tests/helpers/markdown.ts";
import { parseMarkdown } from "./render.ts";
import { MAX_HTML_DEPTH } from "./sanitize.ts";

const N = 20_000;
const render = (text: string, editable = false) =>
  renderMarkdownSync(text, { math: katex, taskFormId: editable ? "keel-tasks-X" : null }).html;
const count = (html: string, pattern: RegExp) => html.match(pattern)?.length ?? 0;

test("ordinary prose renders paragraph by paragraph", () => {
  const paragraph = "Some *text* with a [link](/x), `code` and DEMO-1.\n\n";
  expect(render(paragraph.repeat(N / 50))).toBe(
    '<p>Some <em>text</em> with a <a href="/x">link</a>, <code>code</code> and DEMO-1.</p>\n'.repeat(N / 50),
  );
});

test("raw HTML nested deeper than the limit renders the deeper tags as text", () => {
  const depth = N / 5;
  expect(render("<div>".repeat(depth))).toBe(
    "<div>".repeat(MAX_HTML_DEPTH) +
      "&lt;div&gt;".repeat(depth - MAX_HTML_DEPTH) +
      "</div>".repeat(MAX_HTML_DEPTH),
  );
});

test("unclosed raw HTML openers nest up to the limit and keep no stray attributes", () => {
  const html = render("<div><span ".repeat(N / 11));
  expect(count(html, /<div>/g)).toBe(1);
  expect(count(html, /<span>/g)).toBe(MAX_HTML_DEPTH - 1);
  expect(html).not.toMatch(/<span [^>]/);
});

test("raw HTML around Markdown, block after block, keeps the Markdown inside it", () => {
  const html = render("<details>\n\n*x*\n\n</details>\n\n".repeat(N / 30));
  expect(html).toBe("<details><p><em>x</em></p>\n</details>".repeat(N / 30));
});

for (const [name, text] of [
  ["lone dollar signs", "$a ".repeat(N / 3)],
  ["dollar signs and digits", "$5 and $6 ".repeat(N / 10)],
  ["unclosed widget syntax", `{{widget ${" ".repeat(40)}`.repeat(N / 50)],
  ["user mentions and e-mail-like text", "@a.b- x@y ".repeat(N / 10)],
  ["id-like words", "AB-CD-EF-1x ".repeat(N / 12)],
  ["emphasis openers", "*a _b ~c ".repeat(N / 9)],
  ["open brackets and parentheses", "[a](b ![c]( ".repeat(N / 12)],
] as const) {
  test(`${name} stay one paragraph of text`, () => {
    expect(render(text)).toBe(`<p>${text}</p>\n`);
  });
}

test("unclosed display math stays text, paragraph by paragraph", () => {
  expect(render("$$x\n\n".repeat(N / 5))).toBe("<p>$$x</p>\n".repeat(N / 5));
});

test("id-like words are not taken for mentions", () => {
  expect(parseMarkdown("AB-CD-EF-1x ".repeat(N / 12)).refs).toEqual({ ids: [], logins: [] });
});

test("many widget references each become a placeholder", () => {
  const html = render("{{widget a:b:c}} ".repeat(N / 17));
  expect(count(html, /<span class="markdown-widget" data-app-key="a"/g)).toBe(Math.floor(N / 17));
  expect(html).not.toContain("markdown-widget-error");
});

test("hash signs make chips only of six or eight hex digits", () => {
  const html = render("##FFFFFF #12345 ".repeat(N / 16));
  expect(count(html, /<span class="color-chip">/g)).toBe(N / 16);
  expect(html).not.toContain("background-color:#12345");
});

test("quote markers nest as block quotes around one paragraph", () => {
  const lines = N / 10;
  expect(render("> > > > x\n".repeat(lines))).toBe(
    `${"<blockquote>\n".repeat(4)}<p>${"x\n".repeat(lines - 1)}x</p>\n${"</blockquote>\n".repeat(4)}`,
  );
});

test("an image size suffix with blanks stays text after the image", () => {
  const suffix = `{width=1${" ".repeat(30)}`;
  expect(render(`![x](/a.png)${suffix}\n\n`.repeat(N / 50))).toBe(
    `<p><img src="/a.png" alt="x" loading="lazy">${suffix}</p>\n`.repeat(N / 50),
  );
});

test("a refused address after a long run of blanks removes the link", () => {
  expect(render(`[x](${" ".repeat(N)}javascript:alert(1))`)).toBe(
    '<p><span class="link-removed" title="Link removed: its address is not allowed">x</span></p>\n',
  );
});

test("a long task list numbers every task in order", () => {
  const tasks = Math.floor(N / 18);
  const html = render("- [ ] task DEMO-1\n".repeat(N / 18), true);
  const values = [...html.matchAll(/<button [^>]*value="(\d+)"/g)].map((m) => Number(m[1]));
  expect(values).toEqual(Array.from({ length: tasks }, (_, i) => i));
});

test("every fenced block with bidirectional characters gets its warning", () => {
  const blocks = Math.floor(N / 30);
  const html = render("```js\nlet a\u202e = 1; // c\n```\n".repeat(N / 30));
  expect(count(html, /<p class="bidi-warning" role="note">/g)).toBe(blocks);
  expect(count(html, /<span class="bidi-char"/g)).toBe(blocks);
  expect(html).not.toContain("\u202e");
});

test("a table with many rows keeps every row", () => {
  const html = render(`| a | b |\n|---|---|\n${"| x | y |\n".repeat(N / 10)}`);
  expect(count(html, /<td>x<\/td>\n<td>y<\/td>/g)).toBe(N / 10);
});
