// The Markdown renderer's speed, as ratios of timings taken in the same run: its throughput against raw
// marked on the same texts, how its time grows with ten times the input, and, for every input shape that
// could make a pattern or a nesting rule backtrack, how time grows with four times the input (these were
// timing assertions in unit tests once; the unit tests now check only what such input renders to).
//
//   node tests/bench/markdown.ts      prints a table and the results as JSON
//   benchMarkdown()                   the same results, for npm run bench (tests/bench/run.ts)
//
// Each render gets text it has not seen ("run N" appended), so no cache helps, except KaTeX's for
// formulas that recur; "same text" rows render the same text again, as every view of a page does. The
// cases take turns in short slices and each ratio is the median over the turns, so that other work on
// the machine weighs on both sides alike.
import katex from "katex";
import { marked } from "marked";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createI18n } from "#app/i18n/instance.ts";
import { parseFields } from "#contract/field-selector.ts";
import { highlightCode } from "#app/markdown/highlight.ts";
import { matchInlineMath } from "#app/markdown/math.ts";
import { splitText, type ResolvedMentions } from "#app/markdown/mentions.ts";
import {
  renderMarkdownSanitizedWhole,
  renderMarkdownSync,
  type RenderOptions,
} from "#app/markdown/render.ts";
import { createSlugger } from "#app/markdown/slug.ts";
import { matchWidget } from "#app/markdown/widget-syntax.ts";
import { demoArticles, demoIssues } from "#prisma/factories.ts";

// In English, as the server renders without the reader's translate function.
const markdownTexts = JSON.parse(
  readFileSync(new URL("../../locales/en/markdown.json", import.meta.url), "utf8"),
);
const ENGLISH = createI18n("en", { en: { markdown: markdownTexts } as never }).getFixedT("en", "markdown");

export interface MarkdownBenchResults {
  /** Keel's throughput over raw marked's on new text: the lower of the seeded texts and the long document. */
  markdown_vs_marked_ratio: number;
  /** Time for each seeded text ten times over over time for the seeded texts. */
  markdown_10x_time_ratio: number;
  /** The same for raw marked: how far from 10 the machine puts a linear renderer. */
  marked_10x_time_ratio: number;
  /** Time for the long document over time for a tenth of it. */
  markdown_long_10x_time_ratio: number;
  markdown_seeded_vs_marked_ratio: number;
  markdown_seeded_same_text_vs_marked_ratio: number;
  markdown_long_vs_marked_ratio: number;
  markdown_long_same_text_vs_marked_ratio: number;
  /**
   * Texts with raw HTML around and in their blocks: Keel's throughput over raw marked's, and how many
   * times faster Keel is than sanitising each whole document (the renderer before it wrote its own
   * markup final).
   */
  markdown_raw_html_vs_marked_ratio: number;
  markdown_raw_html_speedup_over_whole_document: number;
  /** The largest time ratio for four times the input over the shapes below (linear is about 4). */
  markdown_4x_worst_time_ratio: number;
  markdown_4x_time_ratios: Record<string, number>;
  seeded_chars: number;
  long_chars: number;
  seconds: number;
}

export const TARGETS = {
  markdown_vs_marked_ratio: { min: 0.33 },
  markdown_10x_time_ratio: { max: 11 },
  // Linear is about 4, quadratic about 16; the margin is the one the unit tests allowed for noise.
  markdown_4x_worst_time_ratio: { max: 11 },
} as const;

const SEEDED = [...demoIssues().map((i) => i.description), ...demoArticles().map((a) => a.content)];
const TEN_TIMES = SEEDED.map((text) => Array.from({ length: 10 }, () => text).join("\n\n"));
const LONG = Array.from({ length: 200 }, (_, i) => SEEDED[i % SEEDED.length]!).join("\n\n");
const TENTH = Array.from({ length: 20 }, (_, i) => SEEDED[i % SEEDED.length]!).join("\n\n");
/** The seeded texts with an author's raw HTML in them (inline tags, and blocks around Markdown), new. */
const rawHtml = () =>
  SEEDED.map(
    (text, i) =>
      `<details>\n<summary>Part ${i} of run ${++unique}</summary>\n\n${text}\n\n</details>\n\n` +
      `Press <kbd>Ctrl</kbd>+<kbd>K</kbd> in run ${unique}, <b>bold</b> and ` +
      `<a href="https://example.com/${i}" title="x">a link</a>.`,
  );

// The seeded texts mention these; resolved as a page's one backend call would resolve them.
const MENTIONS: ResolvedMentions = {
  issues: [
    { id: "2-1", idReadable: "DEMO-1", summary: "Navigation collapses on narrow screens", resolved: null },
    { id: "2-2", idReadable: "DEMO-2", summary: "Render formulas", resolved: 1_700_000_000_000 },
  ],
  articles: [],
  users: [
    { id: "1-1", login: "admin", name: "Ada Admin", profileUrl: "/users/1-1" },
    { id: "1-2", login: "alice", name: "Alice", profileUrl: "/users/1-2" },
  ],
};
const OPTIONS: RenderOptions = { math: katex, basePath: "/issue/DEMO-1", mentions: MENTIONS, t: ENGLISH };

let unique = 0;
/** `text` as the renderer has not seen it. */
const fresh = (text: string) => `${text}\n\nrun ${++unique}`;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const round = (value: number, digits = 3) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * Milliseconds per call of each case, in many short turns: every case runs for about `sliceMs` per
 * turn (a number of calls fixed in the warm-up), and the cases take turns until `seconds` have passed,
 * so that what else the machine does weighs on the cases of one turn alike.
 */
function interleave(cases: Record<string, () => void>, seconds: number, sliceMs = 8, warmUpMs = 100) {
  const entries = Object.entries(cases);
  const times: Record<string, number[]> = {};
  const calls: Record<string, number> = {};
  for (const [name, run] of entries) {
    times[name] = [];
    let count = 0;
    const started = performance.now();
    while (performance.now() - started < warmUpMs) {
      run();
      count++;
    }
    calls[name] = Math.max(1, Math.round((sliceMs * count) / (performance.now() - started)));
  }
  const until = performance.now() + seconds * 1000;
  for (let turn = 0; performance.now() < until || turn < 5; turn++) {
    // Each turn starts with another case: the garbage one leaves is collected in the time of others.
    for (let i = 0; i < entries.length; i++) {
      const [name, run] = entries[(turn + i) % entries.length]!;
      const started = performance.now();
      for (let call = 0; call < calls[name]!; call++) run();
      times[name]!.push((performance.now() - started) / calls[name]!);
    }
  }
  return times;
}

/** The median over the turns of `a`'s time over `b`'s. */
const ratioOf = (times: Record<string, number[]>, a: string, b: string) =>
  median(times[a]!.map((time, i) => time / times[b]![i]!));

/** Time for the input `make(4 * n)` over time for `make(n)`. */
function growth(make: (n: number) => () => void, n: number): number {
  const times = interleave({ small: make(n), large: make(4 * n) }, 0.25, 4, 30);
  return ratioOf(times, "large", "small");
}

const render =
  (text: string, editable = false) =>
  () => {
    renderMarkdownSync(fresh(text), {
      math: katex,
      taskFormId: editable ? "keel-tasks-X" : null,
      t: ENGLISH,
    });
  };

/** Input shapes that could make a pattern or a nesting rule backtrack, at `n` characters. */
const SHAPES: [string, (n: number) => () => void][] = [
  ["ordinary prose", (n) => render("Some *text* with a [link](/x), `code` and DEMO-1.\n\n".repeat(n / 50))],
  ["raw HTML nesting", (n) => render("<div>".repeat(n / 5))],
  ["lone dollar signs", (n) => render("$a ".repeat(n / 3))],
  ["dollar signs and digits", (n) => render("$5 and $6 ".repeat(n / 10))],
  ["unclosed display math", (n) => render("$$x\n\n".repeat(n / 5))],
  ["unclosed widget syntax", (n) => render(`{{widget ${" ".repeat(40)}`.repeat(n / 50))],
  ["widget placeholders", (n) => render("{{widget a:b:c}} ".repeat(n / 17))],
  ["user mentions and e-mail-like text", (n) => render("@a.b- x@y ".repeat(n / 10))],
  ["id-like words", (n) => render("AB-CD-EF-1x ".repeat(n / 12))],
  ["hash signs and colours", (n) => render("##FFFFFF #12345 ".repeat(n / 16))],
  ["emphasis openers", (n) => render("*a _b ~c ".repeat(n / 9))],
  ["open brackets and parentheses", (n) => render("[a](b ![c]( ".repeat(n / 12))],
  ["raw HTML openers", (n) => render("<div><span ".repeat(n / 11))],
  ["raw HTML split across blocks", (n) => render("<details>\n\n*x*\n\n</details>\n\n".repeat(n / 30))],
  ["quote markers", (n) => render("> > > > x\n".repeat(n / 10))],
  [
    "image size suffixes with blanks",
    (n) => render(`![x](/a.png){width=1${" ".repeat(30)}\n\n`.repeat(n / 50)),
  ],
  ["a long run of blanks", (n) => render(`[x](${" ".repeat(n)}javascript:alert(1))`)],
  ["task lists", (n) => render("- [ ] task DEMO-1\n".repeat(n / 18), true)],
  ["fenced code with bidi characters", (n) => render("```js\nlet a\u202e = 1; // c\n```\n".repeat(n / 30))],
  ["table rows", (n) => render(`| a | b |\n|---|---|\n${"| x | y |\n".repeat(n / 10)}`)],
  ["deeply nested raw HTML", (n) => render(`${"<div>".repeat(n / 5)}x${"</div>".repeat(n / 5)}`)],
  // The renderer's helpers on their own.
  [
    "code: unterminated comments and strings",
    (n) => () => {
      highlightCode("/*".repeat(n / 2), "js");
      highlightCode('"'.repeat(n), "js");
    },
  ],
  [
    "math: many lone $ signs",
    (n) => () => {
      const text = "$a ".repeat(n / 3);
      for (let i = 0; i < text.length; i += 3) matchInlineMath(text.slice(i, i + 2_100));
    },
  ],
  [
    "mentions: runs of letters, dashes, @ and #",
    (n) => () => {
      splitText(`${"a".repeat(n)} ${"-".repeat(n)} ${"@".repeat(n / 2)} ${"#".repeat(n / 2)}`, true);
    },
  ],
  [
    "slugs: many equal headings",
    (n) => () => {
      const slug = createSlugger();
      for (let i = 0; i < n / 10; i++) slug("Same");
    },
  ],
  [
    "widgets: unclosed references",
    (n) => () => {
      const src = `{{widget ${" ".repeat(n)}`;
      for (let i = 0; i < 200; i++) matchWidget(src);
    },
  ],
  [
    "field selector: branching alias expansions",
    // Four times the input here is four times the levels, each level doubling the expanded paths.
    (n) => () => {
      const levels = Math.max(1, Math.round(n / 20_000) * 4);
      const chain = (alias: string, leaf: string) => [
        ...Array.from(
          { length: levels },
          (_, level) => `@${alias}${level}:x(@${alias}${level + 1}),y(@${alias}${level + 1})`,
        ),
        `@${alias}${levels}:${leaf}`,
      ];
      for (let i = 0; i < 50; i++) {
        parseFields(["r(@a0),r(@b0)", ...chain("a", "z"), ...chain("b", "w")].join(";"));
      }
    },
  ],
];

export async function benchMarkdown(): Promise<MarkdownBenchResults> {
  const started = performance.now();
  const throughput = interleave(
    {
      "seeded: raw marked": () => SEEDED.forEach((text) => marked.parse(fresh(text))),
      "seeded: Keel, new text": () => SEEDED.forEach((text) => renderMarkdownSync(fresh(text), OPTIONS)),
      "seeded: Keel, same text": () => SEEDED.forEach((text) => renderMarkdownSync(text, OPTIONS)),
      "10x: raw marked": () => TEN_TIMES.forEach((text) => marked.parse(fresh(text))),
      "10x: Keel, new text": () => TEN_TIMES.forEach((text) => renderMarkdownSync(fresh(text), OPTIONS)),
      "long: raw marked": () => marked.parse(fresh(LONG)),
      "long: Keel, new text": () => renderMarkdownSync(fresh(LONG), OPTIONS),
      "long: Keel, same text": () => renderMarkdownSync(LONG, OPTIONS),
      "tenth: Keel, new text": () => renderMarkdownSync(fresh(TENTH), OPTIONS),
    },
    7,
  );
  const withRawHtml = interleave(
    {
      "raw HTML: raw marked": () => rawHtml().forEach((text) => marked.parse(text)),
      "raw HTML: Keel, new text": () => rawHtml().forEach((text) => renderMarkdownSync(text, OPTIONS)),
      // The renderer as it was: the whole document through DOMPurify.
      "raw HTML: whole document sanitised": () =>
        rawHtml().forEach((text) => renderMarkdownSanitizedWhole(text, OPTIONS)),
    },
    1.5,
  );

  const fourTimes: Record<string, number> = {};
  for (const [name, make] of SHAPES) fourTimes[name] = round(growth(make, 5_000), 2);

  const seeded = ratioOf(throughput, "seeded: raw marked", "seeded: Keel, new text");
  const long = ratioOf(throughput, "long: raw marked", "long: Keel, new text");
  return {
    markdown_vs_marked_ratio: round(Math.min(seeded, long)),
    markdown_10x_time_ratio: round(ratioOf(throughput, "10x: Keel, new text", "seeded: Keel, new text"), 2),
    marked_10x_time_ratio: round(ratioOf(throughput, "10x: raw marked", "seeded: raw marked"), 2),
    markdown_long_10x_time_ratio: round(
      ratioOf(throughput, "long: Keel, new text", "tenth: Keel, new text"),
      2,
    ),
    markdown_seeded_vs_marked_ratio: round(seeded),
    markdown_seeded_same_text_vs_marked_ratio: round(
      ratioOf(throughput, "seeded: raw marked", "seeded: Keel, same text"),
    ),
    markdown_long_vs_marked_ratio: round(long),
    markdown_long_same_text_vs_marked_ratio: round(
      ratioOf(throughput, "long: raw marked", "long: Keel, same text"),
    ),
    markdown_raw_html_vs_marked_ratio: round(
      ratioOf(withRawHtml, "raw HTML: raw marked", "raw HTML: Keel, new text"),
    ),
    markdown_raw_html_speedup_over_whole_document: round(
      ratioOf(withRawHtml, "raw HTML: whole document sanitised", "raw HTML: Keel, new text"),
    ),
    markdown_4x_worst_time_ratio: Math.max(...Object.values(fourTimes)),
    markdown_4x_time_ratios: fourTimes,
    seeded_chars: SEEDED.join("").length,
    long_chars: LONG.length,
    seconds: round((performance.now() - started) / 1000, 1),
  };
}

function printResults(results: MarkdownBenchResults) {
  const verdict = (key: string, value: number) => {
    const target = (TARGETS as Record<string, { min?: number; max?: number }>)[key];
    if (!target) return "";
    if (target.min !== undefined)
      return value >= target.min ? `ok (>= ${target.min})` : `MISSED (>= ${target.min})`;
    return value <= target.max! ? `ok (<= ${target.max})` : `MISSED (<= ${target.max})`;
  };
  console.log(
    `Markdown renderer, ${results.seeded_chars} chars in ${SEEDED.length} seeded texts, a ${results.long_chars}-char document`,
  );
  for (const [key, value] of Object.entries(results)) {
    if (typeof value === "number")
      console.log(`${key.padEnd(44)} ${String(value).padStart(8)}  ${verdict(key, value)}`);
  }
  console.log("\ntime for 4x the input over time for the input (linear is about 4):");
  for (const [name, value] of Object.entries(results.markdown_4x_time_ratios)) {
    console.log(`  ${name.padEnd(44)} ${value.toFixed(2).padStart(6)}`);
  }
  console.log(`\n${JSON.stringify(results)}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) printResults(await benchMarkdown());
