// Rendering stays linear in the size of the input: for each shape that could make a pattern or a
// nesting rule backtrack, four times the input may take about four times as long, never sixteen.
import katex from "katex";
import { expect, test } from "vitest";
import { renderMarkdownSync } from "./render.ts";

let run = 0;
/** The fastest of three renders, each of a text the caches have not seen. */
function timeRender(text: string, editable: boolean): number {
  let best = Infinity;
  for (let i = 0; i < 3; i++) {
    const unique = `${text}\n\nrun ${++run}`;
    const started = performance.now();
    renderMarkdownSync(unique, { math: katex, taskFormId: editable ? "keel-tasks-X" : null });
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

const SHAPES: [string, (n: number) => string, boolean?][] = [
  ["ordinary prose", (n) => "Some *text* with a [link](/x), `code` and DEMO-1.\n\n".repeat(n / 50)],
  ["raw HTML nesting", (n) => "<div>".repeat(n / 5)],
  ["lone dollar signs", (n) => "$a ".repeat(n / 3)],
  ["dollar signs and digits", (n) => "$5 and $6 ".repeat(n / 10)],
  ["unclosed display math", (n) => "$$x\n\n".repeat(n / 5)],
  ["unclosed widget syntax", (n) => `{{widget ${" ".repeat(40)}`.repeat(n / 50)],
  ["widget placeholders", (n) => "{{widget a:b:c}} ".repeat(n / 17)],
  ["user mentions and e-mail-like text", (n) => "@a.b- x@y ".repeat(n / 10)],
  ["id-like words", (n) => "AB-CD-EF-1x ".repeat(n / 12)],
  ["hash signs and colours", (n) => "##FFFFFF #12345 ".repeat(n / 16)],
  ["emphasis openers", (n) => "*a _b ~c ".repeat(n / 9)],
  ["open brackets and parentheses", (n) => "[a](b ![c]( ".repeat(n / 12)],
  ["raw HTML openers", (n) => "<div><span ".repeat(n / 11)],
  ["quote markers", (n) => "> > > > x\n".repeat(n / 10)],
  ["image size suffixes with blanks", (n) => `![x](/a.png){width=1${" ".repeat(30)}\n\n`.repeat(n / 50)],
  ["a long run of blanks", (n) => `[x](${" ".repeat(n)}javascript:alert(1))`],
  ["task lists", (n) => "- [ ] task DEMO-1\n".repeat(n / 18), true],
  ["fenced code with bidi characters", (n) => "```js\nlet a\u202e = 1; // c\n```\n".repeat(n / 30)],
  ["table rows", (n) => `| a | b |\n|---|---|\n${"| x | y |\n".repeat(n / 10)}`],
];

for (const [name, make, editable = false] of SHAPES) {
  test(`rendering is linear in input size: ${name}`, () => {
    const small = timeRender(make(5_000), editable);
    const large = timeRender(make(20_000), editable);
    // Linear is about 4; quadratic would be about 16. The margin absorbs GC and timer noise.
    expect(large, `${small.toFixed(1)} ms → ${large.toFixed(1)} ms`).toBeLessThan(Math.max(small * 11, 60));
  });
}
