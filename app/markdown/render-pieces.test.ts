// The renderer writes its own markup final and leaves only raw HTML (with the blocks it spans) to
// DOMPurify. On every input, that must give exactly the HTML of sanitising the whole document in one
// pass, as the renderer used to (renderMarkdownSanitizedWhole), and HTML that sanitising leaves unchanged.
import katex from "katex";
import { expect, test } from "vitest";
import type { ResolvedMentions } from "./mentions.ts";
import { renderMarkdownSanitizedWhole, renderMarkdownSync } from "#tests/helpers/markdown.ts";
import type { RenderOptions } from "./render.ts";
import { sanitizeHtml } from "./sanitize.ts";

const MENTIONS: ResolvedMentions = {
  issues: [
    { id: "2-2", idReadable: "DEMO-2", summary: `It's <b>"q"</b> -->`, resolved: null },
    { id: "2-3", idReadable: "DEMO-3", summary: " Spaced\u00a0", resolved: 1 },
  ],
  articles: [{ id: "3-1", idReadable: "DEMO-A-1", summary: "Art & craft" }],
  users: [
    { id: "1-1", login: "admin", name: "Ada <Admin>", profileUrl: "https://people.example/ada" },
    { id: "1-2", login: "mallory", name: "Mallory", profileUrl: "javascript:alert(1)" },
  ],
};

const OPTIONS: [string, RenderOptions][] = [
  ["read-only", { math: katex, basePath: "/issue/DEMO-1", mentions: MENTIONS }],
  [
    "editable, with attachments",
    {
      math: katex,
      basePath: "https://keel.example/issue/DEMO-1",
      taskFormId: "keel-tasks-DEMO-1",
      mentions: MENTIONS,
      attachments: [{ name: "logs.zip", url: "/files/logs.zip", mimeType: "application/zip" }],
    },
  ],
  ["without KaTeX, with a task form the sanitiser refuses", { math: null, taskFormId: "bad form" }],
  ["restricted", { profile: "restricted" }],
];

/** Markdown and raw HTML that exercise every element the renderer writes and many it does not. */
const BLOCKS = [
  "# Title",
  "## Remove",
  "## Über uns",
  "### Keel tasks",
  "## a --> b",
  '## It\'s "quoted" & <b>bold</b>',
  `# ${"long ".repeat(40)}`,
  "## नमस्ते",
  "#### Title\n\n#### title",
  "- [ ] task DEMO-1\n- [x] done @admin",
  "1. one\n2. two",
  "3. three\n4. four",
  "> quote *em*\n> more",
  "| A | B |\n|--:|:-:|\n| 1 | 2 |",
  "```ts\nconst x = \"k\"; // 'q' <b>\n```",
  '```"><img src=x>\ncode\n```',
  "```js\nlet a\u202e = 1;\n```",
  "```mermaid\ngraph LR; A-->B\n```",
  '`code & <b> "q"` and `a\u2067b`',
  "$x^2$ and $$\\frac12$$",
  "$$\n\\int_0^1 x\\,dx\n$$",
  "$\\href{javascript:alert(1)}{x}$ and $\\frac{$",
  "{{widget a:b:c}}",
  'Here {{widget a"b:c:d}} and {{widget x:y}}',
  "DEMO-2 and DEMO-3 and DEMO-A-1 and @admin @mallory @nobody",
  "Colour #3B82F6 and #12345678",
  "[link](/x \"title 'q' -->\") and [ext](https://example.com/a?b=1&c=2 'T')",
  '[js](javascript:alert(1)) [mail](mailto:a@b.c) [x](/a "t\u00a0")',
  "[pixel](data:image/png;base64,iVBORw0KGgo=) ![svg](data:image/svg+xml;base64,PHN2Zz4=)",
  '![img](/a.png "t"){width=10 height=20%} ![doc](/demo/a.pdf) ![zip](logs.zip)',
  "![ext](https://cdn.example/x.pdf) ![Plan](/demo/plan.pdf)",
  "[![inner](logs.zip)](/outer) [![pdf](/demo/a.pdf)](/outer) [![img](/a.png)](/outer)",
  "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
  "<https://youtu.be/dQw4w9WgXcQ> www.example.org https://x.example/a_(b)",
  "&copy; &amp; &#35; & &nbsp; &lt;b&gt; &quot;q&quot; &bogus; &AMP; &#x26; &#0;",
  "a\u00a0b \u2028 c\u0000d\re 'single' \"double\"\ttab",
  "line  \nbreak ~~gone~~ **b** _i_ \\<b\\> \\&amp;",
  '[ref][a]\n\n[a]: /target "T"',
  "* * *",
  "<details>\n<summary>More</summary>\n",
  "</details>",
  "<details open>\n\n**Markdown** in details\n\n</details>",
  "<div>",
  "</div>",
  '<div onclick="x()" title="t">',
  "<section>",
  "</section>",
  "<blockquote>",
  "</blockquote>",
  "<figure>",
  "</figure>",
  "<aside>\n<p>raw p</p>",
  "</aside>",
  "<details><summary>S</summary>",
  "<div>\ue0020\ue003</div> \ue0021\ue003 looks like a marker",
  "<kbd>Ctrl</kbd>+<kbd>K</kbd>",
  "Press <kbd>Ctrl",
  "then</kbd> done",
  "<b>bold",
  "</b>",
  "<!-- comment <b> -->",
  "<!-- unterminated",
  "<img src=x onerror=alert(1)>",
  '<a href="&#106;avascript:alert(1)">x</a> <a href="https://example.com">ext</a>',
  '<a href="/raw">open raw link',
  "[md](/md) inside",
  "</a>",
  "<table><tr><td>x</td></tr></table>",
  "<table>",
  '<svg><path d="M0"/></svg> <math><mi>x</mi></math>',
  "<style>p{}</style>",
  "<script>alert(1)</script>",
  '<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"></iframe>',
  '<p title="a>b">x',
  "</p>",
  "<br/> <div/> </br>",
  '<input type=checkbox checked> <button form="keel-tasks-X" name="task" value="1">b</button>',
  '<span style="color:red;position:fixed">s</span> <p id="main">x</p><p id="title">y</p>',
  "<pre>raw <b>x</b></pre>",
  "text <pre>inline",
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  "- item <b>open\n- item two</b>",
  "> <div>\n> quoted\n> </div>",
  "| <b> | </b> |\n|---|---|\n| <i>x</i> | y |",
  "- a\n  - <div>nested\n\n  - b</div>",
  "<ul><li>one<li>two</ul>",
  "<image src=x> <textarea><b></textarea> <title>t</title> <xmp><img></xmp>",
  "<!DOCTYPE html> <?php x ?> <![CDATA[x]]> </ x>",
];

/** A small deterministic generator (a linear congruential one), so that failures reproduce. */
function randomFrom(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
}

/** Documents made of random blocks, then with random characters inserted, removed and copied in. */
function generatedDocuments(count: number, seed: number, blocks: readonly string[] = BLOCKS): string[] {
  const random = randomFrom(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const documents: string[] = [];
  for (let i = 0; i < count; i++) {
    const parts = Array.from({ length: 1 + Math.floor(random() * 8) }, () => pick(blocks));
    documents.push(parts.join(random() < 0.7 ? "\n\n" : "\n"));
  }
  const characters = [..."<>&\"'`*_[]()!#$\\{}|~-:;/=\n \t\u00a0\u0000\rab1@."];
  for (let i = 0; i < count; i++) {
    let text = pick(documents);
    for (let edits = 1 + Math.floor(random() * 6); edits > 0; edits--) {
      const at = Math.floor(random() * (text.length + 1));
      const kind = random();
      let inserted = "";
      if (kind < 0.4) inserted = pick(characters);
      else if (kind >= 0.6) {
        const block = pick(blocks);
        const from = Math.floor(random() * block.length);
        inserted = block.slice(from, from + 1 + Math.floor(random() * 20));
      }
      const removed = kind >= 0.4 && kind < 0.6 ? 1 + Math.floor(random() * 5) : 0;
      text = text.slice(0, at) + inserted + text.slice(at + removed);
    }
    documents.push(text);
  }
  return documents;
}

/** The inputs on which the renderer's HTML differs from the reference, with both. */
function differences(documents: readonly string[], options: RenderOptions) {
  const found: { text: string; html: string; reference: string }[] = [];
  for (const text of documents) {
    const html = renderMarkdownSync(text, options).html;
    const reference = renderMarkdownSanitizedWhole(text, options).html;
    if (html !== reference) found.push({ text, html, reference });
  }
  return found.slice(0, 3);
}

for (const [name, options] of OPTIONS) {
  test(`each block renders as sanitising the whole document would, ${name}`, () => {
    expect(differences(BLOCKS, options)).toEqual([]);
  });

  test(`generated documents render as sanitising the whole document would, ${name}`, () => {
    expect(differences(generatedDocuments(60, 7), options)).toEqual([]);
  });
}

test("without raw HTML, the renderer's HTML is left unchanged by sanitising", () => {
  const rawHtml = /<[a-z!?/]/i;
  const markdown = BLOCKS.filter((block) => !rawHtml.test(block));
  const documents = generatedDocuments(40, 11, markdown).filter((text) => !rawHtml.test(text));
  expect(documents.length).toBeGreaterThan(50);
  for (const [, options] of OPTIONS) {
    for (const text of documents) {
      const { html } = renderMarkdownSync(text, options);
      expect(sanitizeHtml(html), text).toBe(html);
    }
  }
});

const render = (text: string, options: RenderOptions = {}) =>
  renderMarkdownSync(text, { math: katex, basePath: "/issue/DEMO-1", ...options }).html;

test("raw HTML opened before Markdown and closed after it keeps the Markdown inside", () => {
  // The Markdown between the tags is the renderer's own: DOMPurify reads the tags around it only.
  const text = "<details>\n<summary>More</summary>\n\n- **one**\n- two\n\n</details>\n\nAfter";
  expect(render(text)).toBe(
    "<details>\n<summary>More</summary><ul>\n<li><strong>one</strong></li>\n<li>two</li>\n</ul>\n</details><p>After</p>\n",
  );
});

test("an inline tag closed in a later paragraph is read as the browser reads it", () => {
  const text = "Press <b>Ctrl\n\nand K</b> now\n\nafter";
  expect(render(text)).toBe(
    renderMarkdownSanitizedWhole(text, { math: katex, basePath: "/issue/DEMO-1" }).html,
  );
  expect(render(text)).toContain("<p><b>and K</b> now</p>");
});

test("a stray end tag after Markdown is read as in the middle of a document", () => {
  expect(render("text\n\n</p>\n\nafter")).toBe("<p>text</p>\n<p></p><p>after</p>\n");
});

test("a style block at the very start is dropped without taking the text after it", () => {
  expect(render("<style>p{}</style>\n\ntext")).toBe("<p>text</p>\n");
});

test("character references in text are read as the browser reads them", () => {
  expect(render("&copy; 2024 &amp; more &bogus;")).toBe("<p>© 2024 &amp; more &amp;bogus;</p>\n");
});

test("a link inside a link's text is moved out of it, as the browser does", () => {
  const text = "[![logs](logs.zip) and text](/outer)";
  const options = { attachments: [{ name: "logs.zip", url: "/f/logs.zip", mimeType: "application/zip" }] };
  expect(render(text, options)).toBe(
    renderMarkdownSanitizedWhole(text, { math: katex, basePath: "/issue/DEMO-1", ...options }).html,
  );
  expect(render(text, options)).not.toMatch(/<a [^>]*>[^<]*<a /);
});

test("heading ids that would shadow properties of the document are left out, as the sanitiser does", () => {
  expect(render("# Title")).toBe(
    '<h1>Title<a class="heading-permalink" href="/issue/DEMO-1#title" aria-label="Permalink: Title">#</a></h1>\n',
  );
});

test("attribute values are trimmed, and dropped where they could end a comment or a raw text element", () => {
  expect(render('[a](/x "  spaced  ") [b](/y "x --> y") [c](/z "</style>")')).toBe(
    '<p><a href="/x" title="spaced">a</a> <a href="/y">b</a> <a href="/z">c</a></p>\n',
  );
});

test("links to other sites get rel, written where the sanitiser puts it", () => {
  expect(render("## Steps", { basePath: "https://keel.example/issue/DEMO-1" })).toBe(
    '<h2 id="steps">Steps<a class="heading-permalink" href="https://keel.example/issue/DEMO-1#steps" ' +
      'aria-label="Permalink: Steps" rel="noopener noreferrer nofollow ugc">#</a></h2>\n',
  );
});

test("a task button for a form the sanitiser refuses is left out", () => {
  expect(render("- [ ] a", { taskFormId: "logout" })).toBe(
    '<ul class="contains-task-list">\n<li class="task-list-item"> a</li>\n</ul>\n',
  );
});

test("KaTeX's output is sanitised: no attribute outside the allowlist survives", () => {
  const html = render("$x^2$");
  expect(html).toContain('<span class="katex">');
  expect(html).not.toContain("xmlns");
  expect(sanitizeHtml(html)).toBe(html);
});
