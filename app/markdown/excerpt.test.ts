import { expect, test } from "vitest";
import { plainExcerpt } from "./excerpt.ts";

test("a comment's Markdown reads as plain text, without its marks", () => {
  expect(
    plainExcerpt("@admin, the dashboard should say *Not synced* in the **same** words: `t('sync')`?"),
  ).toBe("@admin, the dashboard should say Not synced in the same words: t('sync')?");
  expect(plainExcerpt("See [the guide](https://example.com/guide) and ~~not~~ this")).toBe(
    "See the guide and not this",
  );
});

test("blocks, lists, quotes and code become one line", () => {
  expect(plainExcerpt("# Plan\n\n- first\n- second\n\n> quoted\n\n```\ncode()\n```\n")).toBe(
    "Plan first second quoted code()",
  );
});

test("plain text and emoji stay as they are; HTML tags are marks too", () => {
  expect(plainExcerpt("State changed from Open to In Progress.")).toBe(
    "State changed from Open to In Progress.",
  );
  expect(plainExcerpt("👍")).toBe("👍");
  expect(plainExcerpt("")).toBe("");
  expect(plainExcerpt("a <b>bold</b> word")).toBe("a bold word");
});
