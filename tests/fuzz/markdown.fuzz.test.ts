// Bounded, deterministic fuzzing of the server's Markdown renderer through its public functions only
// (renderForPage, renderRestricted, renderMarkdownSync; English as tests/helpers/markdown.ts renders): the
// demo data's texts and the hostile inputs of app/markdown's tests, mutated, spliced together and mixed
// with random Markdown-significant characters. Every input is capped in size, so every case ends; the
// output must never carry anything that runs, whatever went in.
import katex from "katex";
import { expect, test } from "vitest";
import { renderForPage, renderRestricted } from "#app/markdown/render.server.ts";
import type { Attachment } from "#app/markdown/render.ts";
import { renderMarkdownSync } from "../helpers/markdown.ts";
import type { ResolvedMentions } from "#app/markdown/mentions.ts";
import { DEMO_AGREEMENT, demoArticles, demoIssues } from "#prisma/factories.ts";
import { Random } from "../helpers/random.ts";

const CASES = 2000;
const FUZZ_TIMEOUT = { timeout: 120_000 };
/** The longest input a case renders. */
const MAX_INPUT = 12_000;

// ---------- the corpus ----------

/** The hostile inputs of app/markdown/sanitize.test.ts, render.test.ts, math.test.ts and linear-time.test.ts. */
const HOSTILE = [
  "<script>alert(1)</script>",
  "<scr<script>ipt>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  "<img/src=x/onerror=alert(1)>",
  "<svg><script>alert(1)</script></svg>",
  '<svg><a xlink:href="javascript:alert(1)"><text x="0" y="10">x</text></a></svg>',
  '<svg><a><animate attributeName="href" to="javascript:alert(1)"/><text>x</text></a></svg>',
  '<svg><use href="data:image/svg+xml,<svg id=x><script>alert(1)</script></svg>#x"/></svg>',
  "<svg><foreignObject><iframe srcdoc='<script>alert(1)</script>'></iframe></foreignObject></svg>",
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<math href="javascript:alert(1)"><mi>x</mi></math>',
  "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
  "<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>",
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<math><annotation-xml encoding="text/html"><img src=x onerror=alert(1)></annotation-xml></math>',
  "<template><script>alert(1)</script></template>",
  "<head><script>alert(1)</script></head>",
  "<xmp><img src=x onerror=alert(1)></xmp>",
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<iframe src="https://evil.example/"></iframe>',
  '<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" srcdoc="<script>alert(1)</script>"></iframe>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="&#1;javascript:alert(1)">x</a>',
  '<a href="  JaVaScRiPt:alert(1)">x</a>',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<a href="&#106;avascript:alert(1)">x</a>',
  "[x](javascript:alert(1))",
  "[x](JAVASCRIPT:alert(1))",
  "[x](<javascript:alert(1)>)",
  "[x](java\nscript:alert(1))",
  "[x][a]\n\n[a]: javascript:alert(1)",
  "<javascript:alert(1)>",
  "![x](javascript:alert(1))",
  '![x](/a.png "\\" onerror=\\"alert(1)")',
  '```"><img src=x onerror=alert(1)>\ncode\n```',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<button formaction="javascript:alert(1)">x</button>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html,<script>alert(1)</script>">x</a>',
  '<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<link rel="import" href="//evil.example/x">',
  '{{widget a"><img src=x onerror=alert(1)>:b:c}}',
  '- [ ] "><img src=x onerror=alert(1)>',
  "$\\href{javascript:alert(1)}{x}$",
  "$\\url{javascript:alert(1)}$",
  "$\\htmlData{onclick=alert(1)}{x}\\htmlStyle{position:fixed}{y}$",
  "$\\includegraphics{javascript:alert(1)}$",
  "$$\\def\\x{\\x\\x}\\x$$",
  '```mermaid\ngraph LR\nA["<img src=x onerror=alert(1)>"] --> B\nclick A callback "alert(1)"\n```',
  "![doc](javascript:alert(1)//a.pdf)",
  "https://www.youtube.com.evil.example/watch?v=dQw4w9WgXcQ",
  "@<img/src=x/onerror=alert(1)>",
  '<details open ontoggle="alert(1)"><summary>x</summary></details>',
  '<a href="/issues" onclick="alert(1)" onmouseover=alert(1)>x</a>',
  '<p id="page-heading" class="x" style="position:fixed;top:0">x</p>',
  "<input type=checkbox onfocus=alert(1) autofocus>",
];

/** The features a page text uses: each a way into a different part of the renderer. */
const FEATURES = [
  "# Heading\n\n## Sub *heading* with `code`\n",
  "- [ ] task one\n- [x] task two\n  - [ ] nested task\n",
  "| a | b |\n|---|:-:|\n| 1 | **2** |\n",
  "```js\nconst x = '<script>';\n```\n",
  "```mermaid\ngraph TD; A-->B;\n```\n",
  "$E = mc^2$ and $$\\sum_{i=0}^n i$$\n",
  "See DEMO-1, DEMO-A-1 and @alice, colour #ff0000.\n",
  "https://www.youtube.com/watch?v=dQw4w9WgXcQ\n",
  "<https://docs.google.com/document/d/abcdefghij12345/edit>\n",
  "https://www.figma.com/design/abcdefghijkl/Name\n",
  "https://viewer.diagrams.net/?url=x\n",
  "https://lucid.app/lucidchart/abcd-1234-efgh/view\n",
  "https://miro.com/app/board/uXjVO123456=/\n",
  "![spec](spec.pdf) ![shot](shot.png)\n",
  "{{widget team-pulse:pulse-embed:team-conventions-pulse}}\n",
  "> quote\n> > nested quote\n",
  "<details><summary>More</summary>Body <kbd>Ctrl</kbd></details>\n",
  "Footnote[^1].\n\n[^1]: The note.\n",
  "***bold italic*** ~~strike~~ <u>under</u> <mark>mark</mark>\n",
  "1. one\n2. two\n   1. two.one\n",
  '[link](https://example.com "title") [rel](/issues?q=a&b=c#top)\n',
  "---\n\n    indented code\n",
];

const SEED_TEXTS = [
  ...demoIssues().map((issue) => issue.description ?? ""),
  ...demoArticles().map((article) => article.content),
  DEMO_AGREEMENT.text,
].filter((text) => text.length > 0);

/** Characters that start or end Markdown, HTML, entities, math, mentions and widgets. */
const ALPHABET = [
  ..."*_[]()<>!#`~|-:@{}$\\/\"'=&;.?%+^\n \t",
  ..."abcXYZ019",
  "\n\n",
  "```",
  "$$",
  "{{",
  "}}",
  "](",
  "<a ",
  "</",
  "&#",
  "&lt;",
  "javascript:",
  "on",
  "é",
  "名",
  "😀",
  "\u0000",
  "\u200b",
  "\u202e",
  "\r",
];

// ---------- generators ----------

function randomText(r: Random): string {
  let out = "";
  for (let n = r.int(1, 200); n > 0; n--) out += r.pick(ALPHABET);
  return out;
}

function splice(r: Random, base: string): string {
  const insert = r.pick([...HOSTILE, ...FEATURES, randomText(r)]);
  const at = r.int(0, base.length);
  return base.slice(0, at) + insert + base.slice(at);
}

function mutate(r: Random, source: string): string {
  let out = source;
  for (let n = r.int(1, 6); n > 0; n--) {
    const at = r.int(0, out.length);
    switch (r.int(0, 6)) {
      case 0:
        out = splice(r, out);
        break;
      case 1:
        out = out.slice(0, at) + out.slice(at + r.int(1, 40));
        break;
      case 2:
        out = out.slice(0, at) + r.pick(ALPHABET) + out.slice(at + 1);
        break;
      case 3: {
        const chunk = out.slice(at, at + r.int(1, 60));
        out = out.slice(0, at) + chunk.repeat(r.int(2, 30)) + out.slice(at);
        break;
      }
      case 4:
        out = `${r.pick(["> ", "- ", "1. ", "    ", "# ", "| ", "<div>", "<svg>", "<math>"]).repeat(r.int(1, 40))}${out}`;
        break;
      case 5:
        out = out.slice(0, at) + r.pick(ALPHABET).repeat(r.int(1, 500)) + out.slice(at);
        break;
      default:
        out = out.split("").reverse().join("").slice(0, r.int(0, out.length));
    }
  }
  return out;
}

function markdownCase(r: Random): string {
  let text: string;
  switch (r.int(0, 4)) {
    case 0:
      text = mutate(r, r.pick(SEED_TEXTS));
      break;
    case 1:
      text = Array.from({ length: r.int(1, 8) }, () => r.pick([...HOSTILE, ...FEATURES])).join(
        r.pick(["", "\n", "\n\n", " "]),
      );
      break;
    case 2:
      text = mutate(r, r.pick(HOSTILE));
      break;
    case 3:
      text = randomText(r);
      break;
    default:
      text = mutate(r, Array.from({ length: r.int(1, 5) }, () => r.pick(FEATURES)).join(""));
  }
  return text.slice(0, MAX_INPUT);
}

// ---------- checks ----------

const EMBED_HOSTS = new Set([
  "www.youtube-nocookie.com",
  "docs.google.com",
  "www.figma.com",
  "viewer.diagrams.net",
  "lucid.app",
  "miro.com",
]);

/** Decodes the entities an attribute value may carry, so that an encoded scheme cannot hide. */
function decodeEntities(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) =>
      String.fromCodePoint(Number.parseInt(hex, 16) % 0x110000),
    )
    .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Number(dec) % 0x110000))
    .replace(
      /&(colon|tab|newline|amp|quot|apos|lt|gt);/gi,
      (_, entity: string) =>
        ({ colon: ":", tab: "\t", newline: "\n", amp: "&", quot: '"', apos: "'", lt: "<", gt: ">" })[
          entity.toLowerCase() as "colon"
        ],
    );
}

/** Start tags with their attributes: name=value pairs, values unquoted and decoded. */
function tagsOf(html: string): { tag: string; raw: string; attributes: [string, string][] }[] {
  return [
    ...html.matchAll(
      /<([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s=>/]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?)*)\s*\/?>/g,
    ),
  ].map((match) => ({
    tag: (match[1] ?? "").toLowerCase(),
    raw: match[0],
    attributes: [...(match[2] ?? "").matchAll(/([^\s=>/]+)(?:\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+)))?/g)].map(
      (a) => [(a[1] ?? "").toLowerCase(), decodeEntities(a[3] ?? a[4] ?? a[5] ?? "")],
    ),
  }));
}

const URL_ATTRIBUTES = new Set([
  "href",
  "src",
  "xlink:href",
  "action",
  "formaction",
  "cite",
  "poster",
  "background",
  "data-pdf-preview",
  "srcset",
]);

function expectSafe(html: string, label: string) {
  expect(typeof html, label).toBe("string");
  expect(html, label).not.toMatch(/<script\b/i);
  expect(html, label).not.toMatch(/<(object|embed|base|meta|link|frame|frameset|applet)\b/i);
  for (const { tag, raw, attributes } of tagsOf(html)) {
    for (const [name, value] of attributes) {
      expect(name, `${label}: ${raw}`).not.toMatch(/^on/);
      expect(name, `${label}: ${raw}`).not.toBe("srcdoc");
      if (URL_ATTRIBUTES.has(name)) {
        // Browsers drop leading blanks and controls, and tabs and newlines anywhere, before the scheme.
        const scheme = [...value]
          .filter((char) => (char.codePointAt(0) ?? 0) > 0x20)
          .join("")
          .toLowerCase();
        expect(scheme, `${label}: ${raw}`).not.toMatch(/^(javascript|vbscript|livescript):/);
        expect(scheme, `${label}: ${raw}`).not.toMatch(/^data:(?!image\/(gif|png|jpeg|webp)[;,])/);
      }
    }
    if (tag === "iframe") {
      const src = attributes.find(([name]) => name === "src")?.[1] ?? "";
      const url = URL.parse(src, "https://keel.test/");
      // Only the video embeds are framed, sandboxed: never a PDF or any other address.
      expect(URL.parse(src)?.protocol, `${label}: ${raw}`).toBe("https:");
      expect(EMBED_HOSTS.has(url?.hostname ?? ""), `${label}: ${raw}`).toBe(true);
      expect(`${url?.username}${url?.password}${url?.port}`, `${label}: ${raw}`).toBe("");
      expect(attributes.find(([name]) => name === "sandbox")?.[1], `${label}: ${raw}`).toBeDefined();
    }
  }
  // An event handler can only be an attribute of a start tag; outside quotes none may appear.
  for (const { raw } of tagsOf(html)) {
    expect(raw.replace(/"[^"]*"|'[^']*'/g, '""'), label).not.toMatch(/\son\w+\s*=/i);
  }
}

// ---------- the page renderer's inputs besides the text ----------

const ATTACHMENTS: Attachment[] = [
  { name: "spec.pdf", url: "/demo/spec.pdf", mimeType: "application/pdf" },
  { name: "shot.png", url: "/demo/shot.png", mimeType: "image/png", width: 640, height: 480 },
  { name: "evil.pdf", url: "javascript:alert(1)//evil.pdf", mimeType: "application/pdf" },
  { name: 'x"><img src=x onerror=alert(1)>.png', url: "/demo/x.png", mimeType: "image/png" },
];
const HOSTILE_SUMMARY = '"><script>alert(1)</script><img src=x onerror=alert(1)>';

/** A backend whose mention answers are hostile: summaries with markup, profile URLs with scripts. */
function mentionApi(r: Random) {
  let calls = 0;
  return {
    calls: () => calls,
    api: {
      async resolveMentions(refs: {
        ids: readonly string[];
        logins: readonly string[];
      }): Promise<ResolvedMentions> {
        calls += 1;
        return {
          issues: refs.ids
            .filter((id) => !/-A-/.test(id))
            .map((idReadable, i) => ({
              id: `2-${i}`,
              idReadable,
              summary: HOSTILE_SUMMARY,
              resolved: r.chance(0.5) ? 1 : null,
            })),
          articles: refs.ids
            .filter((id) => /-A-/.test(id))
            .map((idReadable, i) => ({ id: `3-${i}`, idReadable, summary: HOSTILE_SUMMARY })),
          users: refs.logins.map((login, i) => ({
            id: `1-${i}`,
            login,
            name: HOSTILE_SUMMARY,
            profileUrl: r.pick([
              "javascript:alert(1)",
              `/users/${login}`,
              "data:text/html,x",
              " javascript:x",
            ]),
          })),
        };
      },
    },
  };
}

// ---------- tests ----------

test("the checks catch what they look for", () => {
  for (const bad of [
    "<p>x</p><script>alert(1)</script>",
    "<SCRIPT src=x></SCRIPT>",
    '<a href="jav&#x61;script:alert(1)">x</a>',
    '<a href="&#106;avascript:alert(1)">x</a>',
    '<a href=" java\tscript:alert(1)">x</a>',
    '<img src="data:text/html,x">',
    "<img src=x onerror=alert(1)>",
    '<p title="x" onclick="y">x</p>',
    '<iframe src="https://evil.example/"></iframe>',
    '<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"></iframe>',
    '<iframe class="attachment-pdf-frame" src="https://keel.test/demo/x.pdf"></iframe>',
    '<iframe srcdoc="<b>x</b>" sandbox=""></iframe>',
    '<object data="x"></object>',
  ]) {
    expect(() => expectSafe(bad, "self-test"), bad).toThrow();
  }
  expectSafe('<p title="onclick=x">a onclick=b</p><a href="/issues?a=1&amp;b=2">x</a>', "self-test");
  expectSafe(
    '<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" sandbox="allow-scripts"></iframe>',
    "self-test",
  );
});

test("the corpus itself renders safely, on pages and in banners", FUZZ_TIMEOUT, async () => {
  const r = new Random(1);
  for (const [i, text] of [...SEED_TEXTS, ...HOSTILE, ...FEATURES].entries()) {
    const { api } = mentionApi(r);
    const page = await renderForPage(api, text, { attachments: ATTACHMENTS });
    expectSafe(page.html, `corpus ${i} page: ${JSON.stringify(text.slice(0, 120))}`);
    expectSafe(renderRestricted(text).html, `corpus ${i} restricted`);
  }
});

test(
  "fuzzed Markdown renders on pages without throwing, and nothing in it can run",
  FUZZ_TIMEOUT,
  async () => {
    const r = new Random(0x3d0c);
    let withMentions = 0;
    const reached = { embeds: 0, math: 0, taskButtons: 0 };
    for (let i = 0; i < CASES; i++) {
      const text = markdownCase(r);
      expect(text.length).toBeLessThanOrEqual(MAX_INPUT);
      const label = `seed 0x3d0c case ${i}: ${JSON.stringify(text.slice(0, 200))}`;
      const { api, calls } = mentionApi(r);
      const rendered = await renderForPage(api, text, {
        basePath: "/issue/DEMO-1",
        attachments: ATTACHMENTS,
        taskFormId: r.chance(0.5) ? "keel-tasks-DEMO-1" : null,
        reservedIds: ["page-heading"],
      });
      expect(calls(), label).toBeLessThanOrEqual(1);
      withMentions += calls();
      expectSafe(rendered.html, label);
      if (/<iframe\b/.test(rendered.html)) reached.embeds += 1;
      if (rendered.hasMath) reached.math += 1;
      if (/<button\b/.test(rendered.html)) reached.taskButtons += 1;
      expect(Number.isInteger(rendered.taskCount) && rendered.taskCount >= 0, label).toBe(true);
    }
    // The cases reach the parts of the output that can carry frames, formulas and buttons.
    expect(withMentions).toBeGreaterThan(0);
    for (const [part, count] of Object.entries(reached)) expect(count, part).toBeGreaterThan(0);
  },
);

test("fuzzed Markdown in the restricted profile (banners, the agreement) is safe too", FUZZ_TIMEOUT, () => {
  const r = new Random(0xba22e2);
  for (let i = 0; i < CASES; i++) {
    const text = markdownCase(r);
    const label = `seed 0xba22e2 case ${i}: ${JSON.stringify(text.slice(0, 200))}`;
    const { html } = renderRestricted(text);
    expectSafe(html, label);
    expect(html, label).not.toMatch(/<iframe\b/i);
  }
});

test(
  "fuzzed Markdown with KaTeX and mentions already resolved renders safely in one pass",
  FUZZ_TIMEOUT,
  () => {
    const r = new Random(0x7e4);
    const mentions: ResolvedMentions = {
      issues: [{ id: "2-1", idReadable: "DEMO-1", summary: HOSTILE_SUMMARY, resolved: null }],
      articles: [{ id: "3-1", idReadable: "DEMO-A-1", summary: HOSTILE_SUMMARY }],
      users: [{ id: "1-2", login: "alice", name: HOSTILE_SUMMARY, profileUrl: "javascript:alert(1)" }],
    };
    for (let i = 0; i < CASES / 3; i++) {
      const text = markdownCase(r);
      const label = `seed 0x7e4 case ${i}: ${JSON.stringify(text.slice(0, 200))}`;
      const { html } = renderMarkdownSync(text, { math: katex, mentions, taskFormId: "keel-tasks-DEMO-1" });
      expectSafe(html, label);
    }
  },
);
