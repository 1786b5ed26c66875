import katex from "katex";
import { expect, test, vi } from "vitest";
import { testI18n } from "#tests/helpers/i18n.tsx";
import { LANGUAGES } from "../i18n/languages.ts";
import { MARKDOWN_MAX_NESTING } from "../lib/constants.ts";
import { renderMarkdown, renderMarkdownSync } from "#tests/helpers/markdown.ts";
import { NO_MENTIONS, type ResolvedMentions } from "./mentions.ts";
import { parseMarkdown, renderParsed as renderParsedBare, taskFormId, type RenderOptions } from "./render.ts";
import { renderForPage, renderRestricted } from "./render.server.ts";
import type { MarkdownT } from "./translate.ts";
import { sanitizeHtml } from "./sanitize.ts";

const render = (text: string, options: RenderOptions = {}) =>
  renderMarkdownSync(text, { math: katex, basePath: "/issue/DEMO-1", ...options }).html;

const MENTIONS: ResolvedMentions = {
  issues: [
    { id: "2-2", idReadable: "DEMO-2", summary: "Render formulas", resolved: null },
    { id: "2-3", idReadable: "DEMO-3", summary: "Dark theme contrast", resolved: 1_700_000_000_000 },
  ],
  articles: [{ id: "3-1", idReadable: "DEMO-A-1", summary: "Getting started" }],
  users: [{ id: "1-1", login: "admin", name: "Ada Admin", profileUrl: "/users/1-1" }],
};

// ---------- CommonMark and GFM ----------

test("CommonMark emphasis, headings, lists and quotes render", () => {
  expect(render("**b** *i*\n\n> q\n\n1. one")).toBe(
    "<p><strong>b</strong> <em>i</em></p>\n<blockquote>\n<p>q</p>\n</blockquote>\n<ol>\n<li>one</li>\n</ol>\n",
  );
});

test("GFM tables render with their alignment", () => {
  expect(render("| A | B |\n|--:|:-:|\n| 1 | 2 |")).toContain(
    '<th align="right">A</th>\n<th align="center">B</th>',
  );
});

test("GFM strikethrough renders as del", () => {
  expect(render("~~gone~~")).toBe("<p><del>gone</del></p>\n");
});

test("GFM autolinks turn bare URLs and www. addresses into links", () => {
  expect(render("see https://example.com/a and www.example.org")).toBe(
    '<p>see <a href="https://example.com/a" rel="noopener noreferrer nofollow ugc">https://example.com/a</a> and ' +
      '<a href="http://www.example.org" rel="noopener noreferrer nofollow ugc">www.example.org</a></p>\n',
  );
});

// ---------- task lists ----------

test("[ ], [x] and [X] start task items, rendered as disabled checkboxes when read-only", () => {
  const html = render("- [ ] a\n- [x] b\n- [X] c");
  expect(html).toContain('<ul class="contains-task-list">');
  // Named like the editable buttons, so a screen reader says what each one is.
  expect(html.match(/<input type="checkbox" disabled="" aria-label="To do: a">/g)).toHaveLength(1);
  expect(html).toContain('<input type="checkbox" disabled="" checked="" aria-label="Done: b">');
  expect(html).toContain('<input type="checkbox" disabled="" checked="" aria-label="Done: c">');
});

test("other bracket contents do not make task items", () => {
  expect(render("- [-] a\n- [y] b\n- [] c")).not.toContain("checkbox");
});

test("in editable text each task is a submit button of the task form, numbered in document order", () => {
  const html = render("- [ ] first\n  - [x] nested\n\n> - [ ] quoted", { taskFormId: "keel-tasks-DEMO-1" });
  const buttons = [...html.matchAll(/<button[^>]*>/g)].map((m) => m[0]);
  expect(buttons).toHaveLength(3);
  expect(buttons[0]).toContain('form="keel-tasks-DEMO-1" name="task" value="0"');
  expect(buttons[0]).toContain('aria-checked="false"');
  expect(buttons[0]).toContain('aria-label="To do: first');
  expect(buttons[1]).toContain('value="1"');
  expect(buttons[1]).toContain('aria-checked="true"');
  expect(buttons[2]).toContain('value="2"');
  expect(html).not.toContain("<input");
});

test("the task count is reported", () => {
  expect(renderMarkdownSync("- [ ] a\n- [x] b\n- c").taskCount).toBe(2);
});

test("the task form id is built from the entity id", () => {
  expect(taskFormId("DEMO-1")).toBe("keel-tasks-DEMO-1");
  expect(taskFormId('x"><y')).toBe("keel-tasks-xy");
});

// ---------- mentions ----------

test("parsing collects the ids and logins to resolve", () => {
  expect(parseMarkdown("DEMO-2, DEMO-A-1 and @admin; DEMO-2 again").refs).toEqual({
    ids: ["DEMO-2", "DEMO-A-1"],
    logins: ["admin"],
  });
});

test("mentions inside code, code blocks and links are not collected", () => {
  expect(
    parseMarkdown("`DEMO-1` [DEMO-2](/x) <b title='DEMO-3'>\n\n    DEMO-4\n\n```\n@admin\n```").refs,
  ).toEqual({
    ids: [],
    logins: [],
  });
});

test("a ticket mention links to the ticket with its summary", () => {
  expect(render("See DEMO-2.", { mentions: MENTIONS })).toBe(
    '<p>See <a class="mention mention-issue" href="/issue/DEMO-2" title="Render formulas">DEMO-2</a>.</p>\n',
  );
});

test("a resolved ticket's mention is struck through", () => {
  expect(render("DEMO-3", { mentions: MENTIONS })).toBe(
    '<p><a class="mention mention-issue mention-resolved" href="/issue/DEMO-3" title="Dark theme contrast"><s>DEMO-3</s></a></p>\n',
  );
});

test("an article mention links to the article with its summary", () => {
  expect(render("DEMO-A-1", { mentions: MENTIONS })).toContain(
    '<a class="mention mention-article" href="/articles/DEMO-A-1" title="Getting started">DEMO-A-1</a>',
  );
});

test("a user mention shows the name and links to the profile", () => {
  expect(render("@admin", { mentions: MENTIONS })).toBe(
    '<p><a class="mention mention-user" href="/users/1-1" title="@admin">Ada Admin</a></p>\n',
  );
});

test("unresolved mentions stay text", () => {
  expect(render("UTF-8 and @nobody", { mentions: MENTIONS })).toBe("<p>UTF-8 and @nobody</p>\n");
});

test("a render with many mentions resolves them all in one call", async () => {
  const resolve = vi.fn(async () => MENTIONS);
  const text = Array.from({ length: 60 }, (_, i) => `DEMO-${i} @user${i}`).join("\n\n");
  await renderMarkdown(text, { resolveMentions: resolve });
  expect(resolve).toHaveBeenCalledTimes(1);
  expect(resolve.mock.calls[0]).toEqual([
    {
      ids: Array.from({ length: 60 }, (_, i) => `DEMO-${i}`),
      logins: Array.from({ length: 60 }, (_, i) => `user${i}`),
    },
  ]);
});

test("a render without mentions makes no call", async () => {
  const resolve = vi.fn(async () => MENTIONS);
  await renderMarkdown("plain **text**", { resolveMentions: resolve });
  expect(resolve).not.toHaveBeenCalled();
});

// ---------- headings ----------

test("headings get a permalink to the current path plus an anchor", () => {
  expect(render("## Steps to reproduce")).toBe(
    '<h2 id="steps-to-reproduce">Steps to reproduce<a class="heading-permalink" href="/issue/DEMO-1#steps-to-reproduce" aria-label="Permalink: Steps to reproduce">#</a></h2>\n',
  );
});

test("heading slugs are unique, Unicode-aware and avoid the page's ids", () => {
  const ids = [
    ...render("# Über\n\n# Über\n\n# Page heading\n\n## Ωμέγα `code`").matchAll(/ id="([^"]+)"/g),
  ].map((m) => m[1]);
  expect(ids).toEqual(["über", "über-1", "page-heading-1", "ωμέγα-code"]);
});

test("the same text gives the same slugs on every render", () => {
  expect(render("# A\n\n# A")).toBe(render("# A\n\n# A"));
});

// ---------- links and images ----------

test("a link with a refused scheme keeps its text but loses the link", () => {
  expect(render("[click](javascript:alert(1))")).toBe(
    '<p><span class="link-removed" title="Link removed: its address is not allowed">click</span></p>\n',
  );
});

test("a link to a data image shows the image", () => {
  expect(render("[pixel](data:image/png;base64,iVBORw0KGgo=)")).toBe(
    '<p><img src="data:image/png;base64,iVBORw0KGgo=" alt="pixel"></p>\n',
  );
});

test("data images of gif, png, jpeg, webp and svg are shown; others are not", () => {
  expect(render("![a](data:image/svg+xml;base64,PHN2Zz4=)")).toContain(
    '<img src="data:image/svg+xml;base64,PHN2Zz4="',
  );
  expect(render("![a](data:image/bmp;base64,AAAA)")).toBe("<p>a</p>\n");
});

test("image size attributes take width or height, digits with an optional percent", () => {
  expect(render("![s](/a.png){width=120}")).toContain('width="120"');
  expect(render("![s](/a.png){height=50%}")).toContain('height="50%"');
  const both = render("![s](/a.png){width=10 height=20}");
  expect(both).toContain('width="10"');
  expect(both).toContain('height="20"');
  expect(render("![s](/a.png){width=12px}")).toContain("{width=12px}");
});

test("attachments are found by name and keep their dimensions", () => {
  const html = render("![](diagram.png)", {
    attachments: [
      { name: "diagram.png", url: "/files/7/diagram.png", mimeType: "image/png", width: 640, height: 480 },
    ],
  });
  expect(html).toBe('<p><img src="/files/7/diagram.png" width="640" height="480" loading="lazy"></p>\n');
});

test("an attachment that is not an image or a PDF is a link with its name", () => {
  expect(
    render("![](logs.zip)", {
      attachments: [{ name: "logs.zip", url: "/files/8/logs.zip", mimeType: "application/zip" }],
    }),
  ).toBe('<p><a class="attachment attachment-file" href="/files/8/logs.zip">logs.zip</a></p>\n');
});

test("a PDF is a link to the file: no frame, no preview", () => {
  expect(render("![Checklist](/demo/checklist.pdf)")).toBe(
    '<p><a class="attachment attachment-file" href="/demo/checklist.pdf">Checklist</a></p>\n',
  );
  const attached = render("![](checklist.pdf)", {
    attachments: [{ name: "checklist.pdf", url: "/files/9/checklist.pdf", mimeType: "application/pdf" }],
  });
  expect(attached).toBe(
    '<p><a class="attachment attachment-file" href="/files/9/checklist.pdf">checklist.pdf</a></p>\n',
  );
});

test("an author's PDF preview markup, foreign address or not, frames nothing and offers no preview", () => {
  const html = render(
    [
      "![Invoice](https://evil.example/invoice.pdf)",
      "",
      '<span class="attachment attachment-pdf"><a class="attachment-preview-toggle" href="#" data-pdf-preview="https://evil.example/x.pdf">Show preview</a></span>',
      "",
      '<iframe class="attachment-pdf-frame" src="https://evil.example/invoice.pdf"></iframe>',
      '<iframe src="/demo/checklist.pdf"></iframe>',
    ].join("\n"),
  );
  expect(html).not.toContain("<iframe");
  expect(html).not.toContain("data-pdf-preview");
  expect(html).not.toContain("?preview=");
  expect(html).toContain('href="https://evil.example/invoice.pdf"');
});

// ---------- embeds ----------

test("a bare YouTube link becomes a privacy-enhanced embed", () => {
  const html = render("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
  expect(html).toContain(
    '<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" title="YouTube video"',
  );
});

test("a YouTube link with its own text stays a link", () => {
  expect(render("[tour](https://www.youtube.com/watch?v=dQw4w9WgXcQ)")).not.toContain("<iframe");
});

test("a bare link to a service outside the list stays a link", () => {
  expect(render("https://vimeo.com/123456")).not.toContain("<iframe");
});

// ---------- colours, math, diagrams, widgets, code ----------

test("hex colours become chips", () => {
  expect(render("Accent #3B82F6.")).toBe(
    '<p>Accent <span class="color-chip"><span class="color-chip-swatch" style="background-color:#3B82F6" aria-hidden="true"></span>#3B82F6</span>.</p>\n',
  );
});

test("a hex colour inside code stays code", () => {
  expect(render("`#3B82F6`")).toBe("<p><code>#3B82F6</code></p>\n");
});

test("inline and display math render with KaTeX and ask for its stylesheet", () => {
  const result = renderMarkdownSync("$x^2$\n\n$$\n\\frac{1}{3}\n$$", { math: katex });
  expect(result.html).toContain('<span class="math math-inline"><span class="katex">');
  expect(result.html).toContain('<div class="math math-display"><span class="katex-display">');
  expect(result.hasMath).toBe(true);
});

test("$100 and $5 and $6 stay text", () => {
  expect(render("It costs $100, or $5 and $6.")).toBe("<p>It costs $100, or $5 and $6.</p>\n");
});

test("text without formulas does not ask for KaTeX's stylesheet", () => {
  expect(renderMarkdownSync("no math $5", { math: katex }).hasMath).toBe(false);
});

test("math is not read inside code", () => {
  expect(render("`$x$`")).toBe("<p><code>$x$</code></p>\n");
});

test("a mermaid fence becomes a diagram for the browser, its source readable without JavaScript", () => {
  const result = renderMarkdownSync("```mermaid\ngraph LR; A-->B\n```");
  expect(result.html).toBe(
    '<div class="mermaid-diagram" data-mermaid=""><pre class="mermaid-source"><code class="language-mermaid">graph LR; A--&gt;B</code></pre></div>\n',
  );
  expect(result.hasMermaid).toBe(true);
});

test("a widget reference becomes a placeholder for the widget host", () => {
  expect(render("{{widget my-app:chart:emb-1}}")).toBe(
    '<div class="markdown-widget" data-app-key="my-app" data-widget-key="chart" data-embedding-id="emb-1" role="status"><span class="markdown-widget-placeholder">Widget chart of my-app</span></div>',
  );
});

test("a widget reference inside a paragraph is an inline placeholder", () => {
  expect(render("Here: {{widget a:b:c}}")).toContain('<p>Here: <span class="markdown-widget"');
});

test("a widget reference with a missing part shows the required-attribute error inline", () => {
  expect(render("{{widget my-app:chart}}")).toBe(
    '<div class="markdown-widget markdown-widget-error" role="note">Required attribute "embedding-id" is missing</div>',
  );
});

test("code blocks carry a language class and syntax classes", () => {
  expect(render("```ts\nlet x = 1;\n```")).toBe(
    '<pre class="code-block" data-language="ts"><code class="language-ts"><span class="hl-keyword">let</span> x = <span class="hl-number">1</span>;</code></pre>\n',
  );
});

test("code with bidirectional control characters shows a warning", () => {
  const html = render("```js\nif (isAdmin\u202e) {}\n```");
  expect(html).toMatch(
    /^<p class="bidi-warning" role="note">This code contains bidirectional Unicode characters/,
  );
  expect(html).toContain(
    '<span class="bidi-char" title="Bidirectional control character U+202E">U+202E</span>',
  );
  expect(html).not.toContain("\u202e");
});

test("inline code with bidirectional control characters is marked", () => {
  expect(render("`a\u2067b`")).toContain('<code class="has-bidi"');
});

// ---------- raw HTML and profiles ----------

test("raw HTML is kept in the full profile and sanitised", () => {
  expect(render('<kbd onclick="x()">Ctrl</kbd>')).toBe("<p><kbd>Ctrl</kbd></p>\n");
});

test("the restricted profile shows raw HTML as text and has no mentions, embeds, widgets or math", () => {
  const html = renderMarkdownSync(
    "<b>bold</b> DEMO-2 @admin $x$ {{widget a:b:c}}\n\nhttps://www.youtube.com/watch?v=dQw4w9WgXcQ\n\n## Terms",
    { profile: "restricted", mentions: MENTIONS, math: katex },
  ).html;
  expect(html).toContain("&lt;b&gt;bold&lt;/b&gt; DEMO-2 @admin $x$ {{widget a:b:c}}");
  expect(html).not.toMatch(/<iframe|class="mention|katex|markdown-widget/);
  expect(html).toContain("<h2>Terms</h2>");
});

test("the restricted profile still renders Markdown, links and colour chips", () => {
  const html = renderMarkdownSync("**Scheduled maintenance** see [status](https://status.example) #FF0000", {
    profile: "restricted",
  }).html;
  expect(html).toContain("<strong>Scheduled maintenance</strong>");
  expect(html).toContain('href="https://status.example"');
  expect(html).toContain("color-chip");
});

test("sanitising the renderer's own output changes nothing", () => {
  const { html } = renderMarkdownSync(
    "# T\n\n- [ ] a DEMO-2 #00FF00 $x$\n\n![p](/a.pdf)\n\nhttps://youtu.be/dQw4w9WgXcQ\n\n{{widget a:b:c}}",
    { math: katex, taskFormId: "keel-tasks-X", mentions: MENTIONS, basePath: "/x" },
  );
  expect(sanitizeHtml(html)).toBe(html);
});

// ---------- nesting and size ----------

test(`block quotes nested deeper than ${MARKDOWN_MAX_NESTING} render flat`, () => {
  const html = render(`${">".repeat(5_000)} deep`);
  expect(html.match(/<blockquote>/g)).toHaveLength(MARKDOWN_MAX_NESTING);
  expect(html).toContain("deep");
});

test(`lists nested deeper than ${MARKDOWN_MAX_NESTING} render flat`, () => {
  const html = render(`${"- ".repeat(5_000)}deep`);
  expect(html.match(/<ul>/g)).toHaveLength(MARKDOWN_MAX_NESTING);
});

test(`emphasis nested deeper than ${MARKDOWN_MAX_NESTING} renders flat`, () => {
  const html = render(`${"*a ".repeat(5_000)}b${"*".repeat(5_000)}`);
  expect(html.match(/<em>/g)?.length ?? 0).toBeLessThanOrEqual(MARKDOWN_MAX_NESTING);
});

test("nested links and images deeper than the limit do not overflow the stack", () => {
  expect(() => render(`${"[".repeat(20_000)}x${"](y)".repeat(20_000)}`)).not.toThrow();
  expect(() => render(`${"![".repeat(20_000)}x${"](y)".repeat(20_000)}`)).not.toThrow();
});

test("mixed quotes and lists nested deeply do not overflow the stack", () => {
  expect(() => render(`${"> - ".repeat(5_000)}x`)).not.toThrow();
});

// ---------- the reader's language ----------

/** Markdown that makes the renderer write every text of its own. */
const EVERY_TEXT = [
  "## Steps",
  "- [ ] first\n- [x] second",
  "[click](javascript:alert(1))",
  "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
  "{{widget my-app:chart:emb-1}}",
  "{{widget my-app:chart}}",
  "{{widget a:b:c:d}}",
  "{{widget a:b:c!}}",
  "```js\nif (isAdmin\u202e) {}\n```",
  "`a\u2067b`",
].join("\n\n");

/** The HTML with its character references read back, to look for texts in content and attributes alike. */
const decoded = (html: string) =>
  html
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&nbsp;/g, "\u00a0")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

function renderIn(language: (typeof LANGUAGES)[number]) {
  const t = testI18n(language).getFixedT(null, "markdown");
  const html = renderMarkdownSync(EVERY_TEXT, {
    t,
    basePath: "/issue/DEMO-1",
    taskFormId: "keel-tasks-DEMO-1",
  }).html;
  return { t, html: decoded(html) };
}

/** Every text the renderer adds to EVERY_TEXT, as it must appear in the HTML. */
function expectedTexts(t: ReturnType<typeof renderIn>["t"]): string[] {
  return [
    t("permalink", { heading: "Steps" }),
    t("task.todo", { label: "first" }),
    t("task.done", { label: "second" }),
    t("linkRemoved"),
    t("embed.youtube"),
    t("widget.placeholder", { widget: "chart", app: "my-app" }),
    t("widget.required", { attribute: "embedding-id" }),
    t("widget.tooManyParts"),
    t("widget.invalid", { attribute: "embedding-id", value: "c!" }),
    t("bidi.warning"),
    t("bidi.character", { code: "U+202E" }),
  ];
}

test("on the server, without a translate function the renderer writes its texts in English", async () => {
  const { html } = renderIn("en");
  const resolveMentions = async () => NO_MENTIONS;
  const options = { basePath: "/issue/DEMO-1", taskFormId: "keel-tasks-DEMO-1" };
  const fallback = (await renderForPage({ resolveMentions }, EVERY_TEXT, options)).html;
  expect(decoded(fallback)).toBe(html);
  expect(html).toContain('Required attribute "embedding-id" is missing');
  expect(renderRestricted("`a\u2067b`").html).toContain("bidirectional");
});

test("in the browser a render without the reader's translate function fails instead of guessing", () => {
  expect(() => renderParsedBare(parseMarkdown("# Title"))).toThrow(/translate function/);
});

test("with the reader's translate function the renderer writes its texts in that language", () => {
  const english = expectedTexts(renderIn("en").t);
  const { t, html } = renderIn("de");
  for (const text of expectedTexts(t)) expect(html).toContain(text);
  for (const text of english) expect(html).not.toContain(text);
});

test.each(LANGUAGES)("in %s every added text survives the sanitiser, attributes included", (language) => {
  const { t, html } = renderIn(language);
  for (const text of expectedTexts(t)) expect(html, text).toContain(text);
});

test("text from the Markdown that looks like i18next syntax stays as written in the added labels", () => {
  const html = decoded(
    renderMarkdownSync("## {{heading}} $t(pdf.warning)\n\n- [ ] {{label}} $t(linkRemoved)", {
      t: testI18n("en").getFixedT(null, "markdown"),
      taskFormId: "keel-tasks-DEMO-1",
    }).html,
  );
  expect(html).toContain('aria-label="Permalink: {{heading}} $t(pdf.warning)"');
  expect(html).toContain('aria-label="To do: {{label}} $t(linkRemoved)"');
});

// ---------- renders inside renders ----------

const english = testI18n("en").getFixedT(null, "markdown");
const NESTED_OUTER =
  "# Title\n\n> [link **$x$**](https://example.com) and <b>raw</b>\n\n# Title\n\n- [ ] task $y$";
const NESTED_INNER = "# Title\n\n> > [inner <i>raw</i>](https://inner.example)\n\n$z$\n\n- [x] done";

test("a render started from the translate function of another shares none of its state", () => {
  const inner: string[] = [];
  const nesting = ((key: never, values: never) => {
    inner.push(renderMarkdownSync(NESTED_INNER, { t: english, math: katex }).html);
    return english(key, values);
  }) as MarkdownT;
  const options = { math: katex, basePath: "/issue/DEMO-1", taskFormId: "keel-tasks-DEMO-1" };
  const alone = renderMarkdownSync(NESTED_OUTER, { ...options, t: english });
  const around = renderMarkdownSync(NESTED_OUTER, { ...options, t: nesting });
  expect(inner.length).toBeGreaterThan(0);
  expect(around).toEqual(alone);
  // The headings of each render are numbered apart: "title", then "title-1" in the outer one.
  expect(alone.html).toContain('id="title-1"');
  for (const html of inner)
    expect(html).toBe(renderMarkdownSync(NESTED_INNER, { t: english, math: katex }).html);
});

test("a render started from the math engine of another leaves the outer one's links, HTML and math intact", () => {
  // Formulas of their own: typeset formulas are kept, and these must reach the engine.
  const outer = NESTED_OUTER.replace("$x$", "$x_{reentrant}$").replace("$y$", "$y_{reentrant}$");
  const plain = { renderToString: (tex: string) => `<span class="katex">${tex}</span>` };
  let calls = 0;
  const nesting = {
    renderToString: (tex: string) => {
      calls++;
      // Raw HTML, a link and no formula: each would change what the outer render notes, if shared.
      renderMarkdownSync(NESTED_INNER, { t: english, math: null });
      return plain.renderToString(tex);
    },
  };
  const around = renderMarkdownSync(outer, { t: english, math: nesting });
  expect(calls).toBe(2);
  expect(around).toEqual(renderMarkdownSync(outer, { t: english, math: plain }));
  expect(around.hasMath).toBe(true);
  expect(around.html).toContain("<b>raw</b>");
});
