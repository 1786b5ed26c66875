import { expect, test } from "vitest";
import { hasBidiCharacters, highlightCode, languageOf, revealBidiCharacters } from "./highlight.ts";

test("keywords, strings, numbers and comments get syntax classes", () => {
  expect(highlightCode('const x = "k"; // 42', "ts")).toBe(
    '<span class="hl-keyword">const</span> x = <span class="hl-string">&quot;k&quot;</span>; <span class="hl-comment">// 42</span>',
  );
  expect(highlightCode("x = 42", "python")).toBe('x = <span class="hl-number">42</span>');
});

test("SQL keywords are recognised in any case", () => {
  expect(highlightCode("select id FROM t", "sql")).toBe(
    '<span class="hl-keyword">select</span> id <span class="hl-keyword">FROM</span> t',
  );
});

test("code in an unknown language is only escaped", () => {
  expect(highlightCode('<b>"x"</b>', "brainfuck")).toBe("&lt;b&gt;&quot;x&quot;&lt;/b&gt;");
});

test("highlighted code is escaped inside and outside the spans", () => {
  expect(highlightCode('"<script>" < 1', "js")).toBe(
    '<span class="hl-string">&quot;&lt;script&gt;&quot;</span> &lt; <span class="hl-number">1</span>',
  );
});

// How long such input takes is measured by tests/bench/markdown.ts.
test("an unterminated comment or string runs to its end", () => {
  // "/*/*/" is a whole comment, then "*"; the last "/*/*" is left open and runs to the end.
  expect(highlightCode("/*".repeat(50_000), "js")).toBe(
    '<span class="hl-comment">/*/*/</span>*'.repeat(16_666) + '<span class="hl-comment">/*/*</span>',
  );
  expect(highlightCode('"'.repeat(100_000), "js")).toBe(
    '<span class="hl-string">&quot;&quot;</span>'.repeat(50_000),
  );
});

test("the language is reduced to characters safe in a class name", () => {
  expect(languageOf('TypeScript title="x"')).toBe("typescript");
  expect(languageOf('"><script>')).toBe("script");
  expect(languageOf(undefined)).toBe("");
});

test("bidirectional control characters are detected", () => {
  expect(hasBidiCharacters("if (a\u202e) {")).toBe(true);
  expect(hasBidiCharacters("plain")).toBe(false);
});

test("bidirectional control characters are shown as code points labelled in the caller's words", () => {
  expect(revealBidiCharacters("a\u2066b", (code) => `Steuerzeichen ${code}`)).toBe(
    'a<span class="bidi-char" title="Steuerzeichen U+2066">U+2066</span>b',
  );
});

test("the label of a revealed character is escaped", () => {
  expect(revealBidiCharacters("\u202e", () => '"><b>')).toBe(
    '<span class="bidi-char" title="&quot;&gt;&lt;b&gt;">U+202E</span>',
  );
});
