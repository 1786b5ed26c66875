import { expect, test } from "vitest";
import { testI18n } from "#tests/helpers/i18n.tsx";
import { LANGUAGES } from "../i18n/languages.ts";
import { markdownReference, markdownSample } from "./reference.ts";
import { englishMarkdownT } from "./translate.ts";

const MARKDOWN_REFERENCE = markdownReference(englishMarkdownT());
const MARKDOWN_SAMPLE = markdownSample(englishMarkdownT());
import { renderMarkdownSync } from "#tests/helpers/markdown.ts";

const markdownT = (language: (typeof LANGUAGES)[number]) => testI18n(language).getFixedT(null, "markdown");

test("the English reference is the one for callers without a language", () => {
  expect(markdownReference(markdownT("en"))).toBe(MARKDOWN_REFERENCE);
  expect(markdownSample(markdownT("en"))).toBe(MARKDOWN_SAMPLE);
});

test("the reference documents the syntax it renders, with its examples intact", () => {
  const html = renderMarkdownSync(MARKDOWN_REFERENCE).html;
  expect(html).toContain("<strong>bold</strong>, <em>italic</em>, <del>struck</del>");
  expect(html).toContain("<code>{{widget app-key:widget-key:embedding-id}}</code>");
  expect(html).toContain("<code>$e^{i\\pi} + 1 = 0$</code>");
  expect(html).toContain("$100 or $5 and $6");
  expect(html).toContain("https://www.youtube.com/watch?v=&lt;11-character id&gt;");
  expect(html).toContain("<code>![Checklist](checklist.pdf)</code>) shows as a link to download it");
});

test.each(LANGUAGES.filter((language) => language !== "en"))(
  "in %s the reference and the sample are translated and keep their Markdown",
  (language) => {
    const t = markdownT(language);
    const reference = markdownReference(t);
    const sample = markdownSample(t);
    expect(reference).not.toBe(MARKDOWN_REFERENCE);
    const tables = renderMarkdownSync(reference).html;
    // The syntax table, the task list, the diagram and the formulas still parse as such.
    expect(tables).toContain("<table>");
    expect(tables.match(/<h2 /g)).toHaveLength(9);
    expect(tables).toContain('class="mermaid-diagram"');
    expect(tables).toContain("<del>");
    expect(tables).toContain("$100");
    expect(tables).toContain("<code>{{widget app-key:widget-key:embedding-id}}</code>");
    expect(renderMarkdownSync(sample).html).toContain(t("sample.heading"));
    expect(sample).toContain("$a^2 + b^2 = c^2$");
  },
);
