import { expect, test } from "vitest";
import { markdownAsText } from "./markdown-text.ts";

test.each([
  ["**Bold** and _italic_ with `code`", "Bold and italic with code"],
  ["**Done**, in [the notes](https://example.com).", "Done, in the notes."],
  ["line one  \nline two", "line one line two"],
  ["# Heading\n\nA [link](https://example.com) and ![a chart](chart.png)", "Heading A link and a chart"],
  ["- one\n- two\n  1. nested", "one two nested"],
  ["> quoted\n\n```js\nlet x = 1;\n```", "quoted let x = 1;"],
  ["a\\*not emphasis\\*", "a*not emphasis*"],
  ["@alice see DEMO-2, $x^2$", "@alice see DEMO-2, $x^2$"],
])("%j reads as %j", (markdown, text) => {
  expect(markdownAsText(markdown)).toBe(text);
});

test("a very long text is read only as far as a notification needs", () => {
  expect(markdownAsText(`${"word ".repeat(5_000)}`).length).toBeLessThanOrEqual(10_000);
});
