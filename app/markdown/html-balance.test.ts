import { expect, test } from "vitest";
import { createHtmlBalance } from "./html-balance.ts";

/** Whether the tags of `fragments`, fed in order, leave every element closed again. */
function settledAfter(...fragments: string[]): boolean {
  const balance = createHtmlBalance();
  for (const fragment of fragments) balance.feed(fragment);
  return balance.settled;
}

test("a tag closed in the same fragment settles", () => {
  expect(settledAfter("<kbd>Ctrl</kbd>")).toBe(true);
  expect(settledAfter("<details>\n<summary>More</summary>\n<p>x</p>\n</details>")).toBe(true);
});

test("a tag opened in one fragment stays open until a later one closes it", () => {
  const balance = createHtmlBalance();
  balance.feed("<details>\n<summary>More</summary>\n");
  expect(balance.settled).toBe(false);
  balance.feed("<b>inner</b>");
  expect(balance.settled).toBe(false);
  balance.feed("</details>");
  expect(balance.settled).toBe(true);
});

test("end tags match their start tags in any case", () => {
  expect(settledAfter("<DIV>", "</div>")).toBe(true);
});

test("void elements and self-closing void tags open nothing", () => {
  expect(settledAfter('<img src="x"><br/><hr><input type="checkbox">')).toBe(true);
});

test("a slash does not close a non-void element", () => {
  expect(settledAfter("<div/>")).toBe(false);
});

test("a > inside a quoted attribute value does not end the tag", () => {
  expect(settledAfter('<span title="a > b">x</span>')).toBe(true);
  expect(settledAfter("<span title='<div>'>x</span>")).toBe(true);
});

test("a quote that is not an attribute value is part of a name, as the tokenizer reads it", () => {
  // `<div ="x>` ends at its first `>`; the `<b>` after it is a tag.
  expect(settledAfter('<div ="x><b>"</div>')).toBe(false);
});

test("comments are skipped, with the tags inside them", () => {
  expect(settledAfter("<!-- <div> -->")).toBe(true);
  expect(settledAfter("<!-- a --!><div>")).toBe(false);
});

test("the content of raw text elements is not read as tags", () => {
  expect(settledAfter("<style>p > b { }</style>")).toBe(true);
  expect(settledAfter("<textarea><div></textarea >")).toBe(true);
});

test("anything not followed exactly keeps the piece open to the end", () => {
  for (const html of [
    "</div>",
    "<b><i></b></i>",
    "<!-- unterminated",
    "<!-->",
    "<!DOCTYPE html>",
    "<![CDATA[x]]>",
    "<?php ?>",
    "</ x>",
    '<a href="x>',
    "<div",
    "<style>unterminated",
    "<script></script>",
    "<noscript></noscript>",
    "<svg></svg>",
    "<math></math>",
    "<form></form>",
    "<template></template>",
    "<plaintext>",
  ]) {
    expect(settledAfter(html), html).toBe(false);
    expect(settledAfter(html, "<p>x</p>"), html).toBe(false);
  }
});

test("text with a < that starts no tag is text", () => {
  expect(settledAfter("a < b and 3<4")).toBe(true);
});
