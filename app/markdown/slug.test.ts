import { expect, test } from "vitest";
import { createSlugger, slugify } from "./slug.ts";

test("a slug is the lower-cased text with blanks as dashes and punctuation dropped", () => {
  expect(slugify("Steps to reproduce!")).toBe("steps-to-reproduce");
  expect(slugify("What's new? (2025.4)")).toBe("whats-new-20254");
});

test("letters and digits of every script are kept", () => {
  expect(slugify("Привет, мир")).toBe("привет-мир");
  expect(slugify("日本語の見出し")).toBe("日本語の見出し");
  expect(slugify("Ünïcödé Straße")).toBe("ünïcödé-straße");
});

test("the same text always gives the same slug, whatever its Unicode normal form", () => {
  expect(slugify("Cafe\u0301")).toBe(slugify("Caf\u00e9"));
});

test("text without letters or digits gets a placeholder slug", () => {
  expect(slugify("!?")).toBe("section");
  expect(slugify("$$$")).toBe("section");
});

test("repeated headings get numbered slugs, unique within the document", () => {
  const slug = createSlugger();
  expect([slug("Notes"), slug("Notes"), slug("Notes-1"), slug("Notes")]).toEqual([
    "notes",
    "notes-1",
    "notes-1-1",
    "notes-2",
  ]);
});

test("ids of the page around the text are not taken", () => {
  const slug = createSlugger(["page-heading"]);
  expect(slug("Page heading")).toBe("page-heading-1");
});

// How long many equal headings take is measured by tests/bench/markdown.ts.
test("many equal headings are numbered in order", () => {
  const slug = createSlugger();
  for (let i = 0; i < 20_000; i++) slug("Same");
  expect(slug("Same")).toBe("same-20000");
});
