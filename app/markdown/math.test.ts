import katex from "katex";
import { expect, test } from "vitest";
import { KATEX_OPTIONS, matchInlineMath, matchMathBlock, renderMath } from "./math.ts";

test("$…$ is inline math", () => {
  expect(matchInlineMath("$x^2$ and more")).toEqual({ raw: "$x^2$", tex: "x^2", display: false });
});

test("$$…$$ inside a paragraph is display math", () => {
  expect(matchInlineMath("$$\\frac12$$ tail")).toEqual({
    raw: "$$\\frac12$$",
    tex: "\\frac12",
    display: true,
  });
});

test("a price like $100 stays text", () => {
  expect(matchInlineMath("$100 per seat")).toBeNull();
});

test("$5 and $6 stays text: the closing $ must follow a non-blank", () => {
  expect(matchInlineMath("$5 and $6")).toBeNull();
});

test("a closing $ followed by a digit does not close", () => {
  expect(matchInlineMath("$a$1")).toBeNull();
});

test("an opening $ followed by a blank does not open", () => {
  expect(matchInlineMath("$ x$")).toBeNull();
});

test("an escaped \\$ inside a formula does not close it", () => {
  expect(matchInlineMath("$a\\$b$")?.tex).toBe("a\\$b");
});

test("the search for the closing $ stops at the next $", () => {
  expect(matchInlineMath("$5 and $6 and x$")).toBeNull();
});

test("a formula longer than the limit stays text", () => {
  expect(matchInlineMath(`$${"x".repeat(3_000)}$`)).toBeNull();
});

test("a $$ block runs to a $$ that ends a line", () => {
  expect(matchMathBlock("$$\n\\int_0^1 x\\,dx\n$$\nnext")).toEqual({
    raw: "$$\n\\int_0^1 x\\,dx\n$$\n",
    tex: "\\int_0^1 x\\,dx",
    display: true,
  });
  expect(matchMathBlock("$$ a $$ b\n")).toBeNull();
});

test("KaTeX renders with trust off and bounded macro expansion", () => {
  expect(KATEX_OPTIONS).toMatchObject({ trust: false, maxExpand: 1_000, throwOnError: true });
  expect(renderMath("x^2", false, katex)).toMatch(/^<span class="math math-inline"><span class="katex">/);
});

test("a LaTeX error shows its message inline, next to the source", () => {
  const html = renderMath("\\frac{", false, katex);
  expect(html).toContain('class="math math-inline math-error" role="note"');
  expect(html).toContain("<code>\\frac{</code>");
  expect(html).toContain("KaTeX parse error");
});

test("a macro bomb stops at the expansion limit and shows the error", () => {
  const html = renderMath("\\def\\a{\\a\\a}\\a", true, katex);
  expect(html).toContain("math-error");
  expect(html).toMatch(/Too many expansions/);
});

test("\\href and \\url are not trusted: no link is produced", () => {
  for (const tex of [
    "\\href{javascript:alert(1)}{x}",
    "\\url{https://example.com}",
    "\\includegraphics{x.png}",
  ]) {
    expect(renderMath(tex, false, katex), tex).not.toContain("href=");
    expect(renderMath(tex, false, katex), tex).not.toContain("<img");
  }
});

test("\\gdef in one formula does not change the next", () => {
  renderMath("\\gdef\\foo{BOOM}\\foo", false, katex);
  expect(renderMath("\\foo", false, katex)).toContain("math-error");
});

test("without an engine the source is shown as code", () => {
  expect(renderMath("a<b", true, null, true)).toBe(
    '<div class="math math-display math-source"><code>a&lt;b</code></div>',
  );
});

// How long such input takes is measured by tests/bench/markdown.ts.
test("many lone $ signs open no formula", () => {
  const text = "$a ".repeat(50_000);
  for (let i = 0; i < text.length; i += 3) expect(matchInlineMath(text.slice(i, i + 2_100))).toBeNull();
});
