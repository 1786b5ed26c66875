// Render throughput of the Markdown renderer against raw marked, on the seeded texts and on a long
// document: node tests/bench/markdown.ts
import katex from "katex";
import { marked } from "marked";
import { readFileSync } from "node:fs";
import { createI18n } from "../../app/i18n/instance.ts";
import { renderMarkdownSync, setDefaultMarkdownT } from "../../app/markdown/render.ts";

// As on the server: renders without a translate function are in English.
const markdownTexts = JSON.parse(
  readFileSync(new URL("../../locales/en/markdown.json", import.meta.url), "utf8"),
);
setDefaultMarkdownT(
  createI18n("en", { en: { markdown: markdownTexts } as never }).getFixedT("en", "markdown"),
);
import { demoArticles, demoIssues } from "../../prisma/factories.ts";

const SEEDED = [...demoIssues().map((i) => i.description), ...demoArticles().map((a) => a.content)];
const LONG = Array.from({ length: 200 }, (_, i) => SEEDED[i % SEEDED.length]).join("\n\n");

function measure(name: string, run: () => void, seconds = 2): number {
  for (let i = 0; i < 20; i++) run();
  let count = 0;
  const started = performance.now();
  while (performance.now() - started < seconds * 1000) {
    run();
    count++;
  }
  const perSecond = count / ((performance.now() - started) / 1000);
  console.log(`${name.padEnd(48)} ${perSecond.toFixed(1).padStart(9)} renders/s`);
  return perSecond;
}

const sets: [string, string[]][] = [
  [`seeded texts (${SEEDED.length}, ${SEEDED.join("").length} chars)`, SEEDED],
  [`long document (${LONG.length} chars)`, [LONG]],
];
let unique = 0;
for (const [label, texts] of sets) {
  console.log(`\n${label}`);
  const raw = measure("raw marked.parse (no sanitising)", () => texts.forEach((t) => marked.parse(t)));
  // Each text made new (so the sanitiser's cache misses; repeated formulas still hit KaTeX's).
  const cold = measure("Keel renderer, new text each time", () =>
    texts.forEach((t) =>
      renderMarkdownSync(`${t}\n\nrun ${++unique}`, { math: katex, basePath: "/issue/DEMO-1" }),
    ),
  );
  // The same text again, as on every view of a page.
  const warm = measure("Keel renderer, same text again", () =>
    texts.forEach((t) => renderMarkdownSync(t, { math: katex, basePath: "/issue/DEMO-1" })),
  );
  console.log(
    `slower than raw marked: ${(raw / cold).toFixed(0)}x new text, ${(raw / warm).toFixed(1)}x same text`,
  );
}
