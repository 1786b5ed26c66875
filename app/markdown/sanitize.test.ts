// Hostile input: every payload goes through the whole renderer (Markdown, extensions, DOMPurify),
// read-only and editable, and the HTML that comes out must carry nothing that can run. It must also be
// the HTML of sanitising the whole document in one pass (render-pieces.test.ts says why).
import katex from "katex";
import { expect, test } from "vitest";
import { isEmbedSource } from "./embeds.ts";
import { renderMarkdownSanitizedWhole, renderMarkdownSync } from "#tests/helpers/markdown.ts";
import type { RenderOptions } from "./render.ts";
import { filterStyle, flattenDeepHtml, isAllowedId, MAX_HTML_DEPTH, sanitizeHtml } from "./sanitize.ts";

const READ_ONLY: RenderOptions = { math: katex, basePath: "/issue/DEMO-1" };
const EDITABLE: RenderOptions = { ...READ_ONLY, taskFormId: "keel-tasks-DEMO-1" };

/** The start tags of `html` with their quoted attribute values blanked, so that text cannot match. */
const tagsOf = (html: string) =>
  [...html.matchAll(/<[a-z][^>]*>/gi)].map((m) => m[0].replace(/"[^"]*"/g, '""'));
const attributeValues = (html: string, name: string) =>
  [...html.matchAll(new RegExp(`<[^>]*\\s${name}="([^"]*)"`, "gi"))].map((m) => m[1]!);

/** Nothing that runs, loads a document or escapes its box. */
function expectInert(html: string) {
  expect(html).not.toMatch(
    /<(script|style|object|embed|form|base|meta|link|textarea|template|noscript|frame|frameset|xmp|foreignobject|animate|set|use|select|option|plaintext)\b/i,
  );
  for (const tag of tagsOf(html)) {
    expect(tag).not.toMatch(/\son[a-z]+\s*=/i);
    expect(tag).not.toMatch(/\s(srcdoc|formaction|action|xlink:href|target|autofocus)\s*=/i);
  }
  for (const name of ["href", "src", "cite", "data-pdf-preview"]) {
    for (const value of attributeValues(html, name)) {
      expect(value).not.toMatch(
        /^\s*(javascript|vbscript|data:(?!image\/(gif|png|jpeg|webp|svg\+xml)[;,]))/i,
      );
    }
  }
  for (const style of attributeValues(html, "style")) {
    expect(style).not.toMatch(/position:\s*(fixed|absolute|sticky)/i);
    expect(style).not.toMatch(/url\(|expression\(/i);
  }
  for (const src of [...html.matchAll(/<iframe\b[^>]*?\ssrc="([^"]*)"/g)].map((m) => m[1]!)) {
    expect(isEmbedSource(src.replace(/&amp;/g, "&")), src).toBe(true);
  }
  for (const match of html.matchAll(/<button\b[^>]*>/g)) {
    expect(match[0]).toMatch(/form="keel-tasks-/);
    expect(match[0]).toMatch(/name="task" value="\d+"/);
  }
}

const PAYLOADS: [string, string][] = [
  ["a script element", "<script>alert(1)</script>"],
  ["a script split by a nested tag", "<scr<script>ipt>alert(1)</script>"],
  ["an onerror handler", "<img src=x onerror=alert(1)>"],
  ["an onerror handler without quotes or spaces", "<img/src=x/onerror=alert(1)>"],
  ["an SVG onload", "<svg onload=alert(1)>"],
  ["a script inside SVG", "<svg><script>alert(1)</script></svg>"],
  [
    "an SVG link to javascript:",
    '<svg><a xlink:href="javascript:alert(1)"><text x="0" y="10">x</text></a></svg>',
  ],
  [
    "an SVG animation setting href",
    '<svg><a><animate attributeName="href" to="javascript:alert(1)"/><text>x</text></a></svg>',
  ],
  [
    "an SVG use of an external document",
    '<svg><use href="data:image/svg+xml,<svg id=x><script>alert(1)</script></svg>#x"/></svg>',
  ],
  [
    "foreignObject in SVG",
    "<svg><foreignObject><iframe srcdoc='<script>alert(1)</script>'></iframe></foreignObject></svg>",
  ],
  ["MathML with a javascript: link", '<math><mi xlink:href="javascript:alert(1)">x</mi></math>'],
  ["MathML href attribute", '<math href="javascript:alert(1)"><mi>x</mi></math>'],
  ["the mglyph/style mutation shape", "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>"],
  [
    "the form/math mutation shape",
    "<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>",
  ],
  ["the noscript attribute mutation shape", '<noscript><p title="</noscript><img src=x onerror=alert(1)>">'],
  [
    "annotation-xml with HTML",
    '<math><annotation-xml encoding="text/html"><img src=x onerror=alert(1)></annotation-xml></math>',
  ],
  ["a template holding a script", "<template><script>alert(1)</script></template>"],
  ["a head holding a script", "<head><script>alert(1)</script></head>"],
  ["an xmp element", "<xmp><img src=x onerror=alert(1)></xmp>"],
  ["a style element", "<style>body{display:none}</style>"],
  ["an iframe to javascript:", '<iframe src="javascript:alert(1)"></iframe>'],
  ["an iframe with srcdoc", '<iframe srcdoc="<script>alert(1)</script>"></iframe>'],
  ["an iframe to another site", '<iframe src="https://evil.example/"></iframe>'],
  [
    "an iframe whose src looks like an embed",
    '<iframe src="https://www.youtube-nocookie.com/embed/../../evil"></iframe>',
  ],
  [
    "object and embed",
    '<object data="https://evil.example/x.swf"></object><embed src="https://evil.example/x">',
  ],
  ["a base element", '<base href="https://evil.example/">'],
  ["a meta refresh", '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">'],
  ["a stylesheet link", '<link rel="stylesheet" href="https://evil.example/x.css">'],
  ["a raw javascript: link", '<a href="javascript:alert(1)">x</a>'],
  ["a raw link with an entity-encoded scheme", '<a href="&#106;avascript:alert(1)">x</a>'],
  ["a raw link with a hex entity and no semicolon", '<a href="&#x6A;avascript&#x3A;alert(1)">x</a>'],
  ["a raw link with a tab inside the scheme", '<a href="jav&#x09;ascript:alert(1)">x</a>'],
  ["a raw link with a leading control character", '<a href="&#1;javascript:alert(1)">x</a>'],
  ["a raw link with mixed case and blanks", '<a href="  JaVaScRiPt:alert(1)">x</a>'],
  ["a raw vbscript: link", '<a href="vbscript:msgbox(1)">x</a>'],
  ["a raw data: document link", '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>'],
  ["a link target", '<a href="https://example.com" target="_blank">x</a>'],
  ["a Markdown javascript: link", "[x](javascript:alert(1))"],
  ["a Markdown link in capitals", "[x](JAVASCRIPT:alert(1))"],
  ["a Markdown link with an entity", "[x](&#106;avascript:alert(1))"],
  ["a Markdown link with a named entity for the colon", "[x](javascript&colon;alert(1))"],
  ["a Markdown link in angle brackets", "[x](<javascript:alert(1)>)"],
  ["a Markdown link with a percent-encoded colon", "[x](javascript%3Aalert(1))"],
  ["a Markdown reference link", "[x][a]\n\n[a]: javascript:alert(1)"],
  ["an autolink", "<javascript:alert(1)>"],
  ["a Markdown image with a javascript: source", "![x](javascript:alert(1))"],
  ["a Markdown vbscript: link", "[x](vbscript:msgbox(1))"],
  ["a Markdown data: document link", "[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)"],
  ["a Markdown image title breaking out", '![x](/a.png "\\" onerror=\\"alert(1)")'],
  ["a code block language breaking out", '```"><img src=x onerror=alert(1)>\ncode\n```'],
  ["a style with a URL", '<div style="background:url(javascript:alert(1))">x</div>'],
  ["a style that overlays the page", '<div style="position:fixed;inset:0;z-index:9999">x</div>'],
  ["a style with an expression", '<div style="width:expression(alert(1))">x</div>'],
  ["an input with autofocus", "<input type=text onfocus=alert(1) autofocus>"],
  ["a button with formaction", '<button formaction="javascript:alert(1)">x</button>'],
  [
    "a form posting elsewhere",
    '<form action="https://evil.example/"><input name="csrf"><button>x</button></form>',
  ],
  ["a button aimed at another form", '<button form="logout" name="task" value="1">x</button>'],
  ["details with ontoggle", "<details open ontoggle=alert(1)><summary>x</summary></details>"],
  ["a widget reference breaking out", '{{widget a"><img src=x onerror=alert(1)>:b:c}}'],
  ["a task label breaking out", '- [ ] "><img src=x onerror=alert(1)>'],
  ["KaTeX \\href", "$\\href{javascript:alert(1)}{x}$"],
  ["KaTeX \\url", "$\\url{javascript:alert(1)}$"],
  ["KaTeX \\htmlData and \\htmlStyle", "$\\htmlData{onclick=alert(1)}{x}\\htmlStyle{position:fixed}{y}$"],
  ["KaTeX \\includegraphics", "$\\includegraphics{javascript:alert(1)}$"],
  ["a KaTeX macro bomb", "$$\\def\\x{\\x\\x}\\x$$"],
  [
    "Mermaid click callbacks and HTML labels",
    '```mermaid\ngraph LR\nA["<img src=x onerror=alert(1)>"] --> B\nclick A callback "alert(1)"\n```',
  ],
  ["a PDF attachment with a javascript: address", "![doc](javascript:alert(1)//a.pdf)"],
  ["a YouTube look-alike", "https://www.youtube.com.evil.example/watch?v=dQw4w9WgXcQ"],
  ["a mention that looks like HTML", "@<img/src=x/onerror=alert(1)>"],
  // Raw HTML inside Markdown structure, and split over several blocks.
  ["an onerror handler in a list item", "- a\n- <img src=x onerror=alert(1)>\n  - <svg onload=alert(1)>"],
  ["a javascript: link in a table cell", '| a |\n|---|\n| <a href="javascript:alert(1)">x</a> |'],
  ["a frame in a block quote", '> <iframe src="javascript:alert(1)"></iframe>\n> <script>alert(1)</script>'],
  [
    "raw HTML in a heading and in link text",
    '## <img src=x onerror=alert(1)>\n\n[<b onclick="x()">b</b>](/x)',
  ],
  ["a handler on a tag opened before Markdown", '<div onclick="alert(1)">\n\n**md**\n\n</div>'],
  ["a script opened in one block and closed in another", "<script>\n\nalert(1)\n\n</script>"],
  [
    "a javascript: link whose end tag is in a later block",
    '<a href="javascript:alert(1)">\n\n- item\n\n</a>',
  ],
  [
    "details around hostile Markdown",
    "<details>\n\n[x](javascript:alert(1)) <img src=x onerror=y>\n\n</details>",
  ],
  ["a comment hiding a tag across blocks", "<!-- x\n\n--><img src=x onerror=alert(1)>"],
  [
    "an unclosed attribute quote swallowing Markdown",
    '<div title="\n\n[x](/y)\n\n"><img src=x onerror=alert(1)>',
  ],
  ["a style element first, then Markdown", "<style>*{display:none}</style>\n\n<img src=x onerror=alert(1)>"],
  ["SVG around Markdown", "<svg>\n\n<a href=javascript:alert(1)>x</a>\n\n</svg>"],
  // Schemes hidden by character references in raw HTML attributes.
  ["a raw link with a named reference for the colon", '<a href="javascript&colon;alert(1)">x</a>'],
  ["a raw link with a named tab inside the scheme", '<a href="java&Tab;script:alert(1)">x</a>'],
  ["a raw link with a named newline inside the scheme", '<a href="java&NewLine;script:alert(1)">x</a>'],
  ["a raw link with a doubly encoded scheme", '<a href="&amp;#106;avascript:alert(1)">x</a>'],
  ["a raw image source with an encoded scheme", '<img src="&#x6A;avascript:alert(1)">'],
  ["a raw frame source with an encoded scheme", '<iframe src="&#106;avascript:alert(1)"></iframe>'],
  ["a raw link with a zero-padded reference", '<a href="&#0000106;avascript:alert(1)">x</a>'],
  ["an encoded javascript: link in a list item", '- <a href="&#106;avascript:alert(1)">x</a>'],
  [
    "an encoded javascript: link in a table cell",
    '| a |\n|---|\n| <a href="&#x6A;avascript&#x3A;alert(1)">x</a> |',
  ],
];

for (const [name, payload] of PAYLOADS) {
  test(`hostile input is inert, read-only: ${name}`, () => {
    expectInert(renderMarkdownSync(payload, READ_ONLY).html);
  });

  test(`hostile input is inert, editable: ${name}`, () => {
    expectInert(renderMarkdownSync(payload, EDITABLE).html);
  });

  test(`sanitising is idempotent: ${name}`, () => {
    const { html } = renderMarkdownSync(payload, EDITABLE);
    expect(sanitizeHtml(html)).toBe(html);
  });

  test(`hostile input renders as sanitising the whole document would: ${name}`, () => {
    expect(renderMarkdownSync(payload, EDITABLE).html).toBe(
      renderMarkdownSanitizedWhole(payload, EDITABLE).html,
    );
  });
}

test("script, style and head bodies are dropped, not shown as text", () => {
  const { html } = renderMarkdownSync(
    "<div><script>alert('x')</script><style>p{}</style>kept</div>",
    READ_ONLY,
  );
  expect(html).toBe("<div>kept</div>");
});

test("allowed raw HTML survives sanitising", () => {
  const { html } = renderMarkdownSync(
    "<details><summary>More</summary><p>Body <kbd>Ctrl</kbd></p></details>",
    READ_ONLY,
  );
  expect(html).toBe("<details><summary>More</summary><p>Body <kbd>Ctrl</kbd></p></details>");
});

test("a raw link keeps its href and gains rel when it leaves the site", () => {
  expect(sanitizeHtml('<a href="https://example.com/">x</a>')).toBe(
    '<a href="https://example.com/" rel="noopener noreferrer nofollow ugc">x</a>',
  );
  expect(sanitizeHtml('<a href="/issues">x</a>')).toBe('<a href="/issues">x</a>');
});

test("only disabled checkboxes survive as inputs", () => {
  expect(sanitizeHtml('<input type="checkbox" checked>')).toBe(
    '<input type="checkbox" checked="" disabled="">',
  );
  expect(sanitizeHtml('<input type="password" name="p">')).toBe("");
});

test("ids that clash with the page or the app are removed", () => {
  expect(isAllowedId("steps")).toBe(true);
  expect(isAllowedId("page-heading")).toBe(false);
  expect(isAllowedId("keel-tasks-DEMO-1")).toBe(false);
  expect(isAllowedId('x" onclick="y')).toBe(false);
  expect(sanitizeHtml('<p id="main">x</p>')).toBe("<p>x</p>");
});

test("no PDF frame and no preview hook survive, whatever the address", () => {
  expect(sanitizeHtml('<iframe src="/demo/a.pdf"></iframe>')).toBe("");
  expect(
    sanitizeHtml('<iframe class="attachment-pdf-frame" src="https://evil.example/a.pdf"></iframe>'),
  ).toBe("");
  expect(
    sanitizeHtml(
      '<span class="attachment-pdf"><a data-pdf-preview="https://evil.example/a.pdf" data-attachment="pdf-1" href="#">Show preview</a></span>',
    ),
  ).toBe('<span class="attachment-pdf"><a href="#">Show preview</a></span>');
});

test("embed frames are sandboxed and lazy", () => {
  const html = sanitizeHtml(
    '<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" sandbox="allow-top-navigation"></iframe>',
  );
  expect(html).toContain('sandbox="allow-scripts allow-same-origin allow-popups allow-presentation"');
  expect(html).toContain('loading="lazy"');
  expect(html).not.toContain("allow-top-navigation");
});

test("inline styles keep only allowed properties", () => {
  expect(filterStyle("color: red; position: fixed; top: 0; background-image: url(x); height: 1.2em")).toBe(
    "color:red;top:0;height:1.2em",
  );
  expect(filterStyle("position: relative")).toBe("position:relative");
  expect(filterStyle("color: expression(alert(1))")).toBe("");
});

test("HTML deeper than the limit is flattened to text before DOMPurify", () => {
  const deep = "<div>".repeat(10) + "x" + "</div>".repeat(10);
  const flat = flattenDeepHtml(deep, 3);
  expect(flat.match(/<div>/g)).toHaveLength(3);
  expect(flat.match(/&lt;div>/g)).toHaveLength(7);
  expect(flat.match(/&lt;\/div>/g)).toHaveLength(7);
});

// How long it takes is measured by tests/bench/markdown.ts.
test("deeply nested raw HTML is sanitised, nested no deeper than the limit", () => {
  const html = "<div>".repeat(50_000) + "x" + "</div>".repeat(50_000);
  const { html: out } = renderMarkdownSync(html, READ_ONLY);
  expectInert(out);
  expect(out.match(/<div>/g)).toHaveLength(MAX_HTML_DEPTH);
});

test("a mention's summary from the backend is escaped", () => {
  const { html } = renderMarkdownSync("DEMO-9", {
    mentions: {
      issues: [{ id: "2-9", idReadable: "DEMO-9", summary: '"><script>alert(1)</script>', resolved: null }],
      articles: [],
      users: [],
    },
  });
  expectInert(html);
  expect(html).toContain('href="/issue/DEMO-9"');
  expect(html).not.toContain("<script");
});

test("a user's profile URL from the backend must pass the link rules", () => {
  const { html } = renderMarkdownSync("@mallory", {
    mentions: {
      issues: [],
      articles: [],
      users: [{ id: "1-9", login: "mallory", name: "Mallory", profileUrl: "javascript:alert(1)" }],
    },
  });
  expect(html).toBe("<p>@mallory</p>\n");
});
