import { expect, test } from "vitest";
import { collectRefs, MAX_MENTIONS, splitText } from "./mentions.ts";

test("ticket and article ids are found at word starts", () => {
  expect(splitText("See DEMO-1 and DEMO-A-2.", true)).toEqual([
    { kind: "text", text: "See " },
    { kind: "entity", text: "DEMO-1", id: "DEMO-1" },
    { kind: "text", text: " and " },
    { kind: "entity", text: "DEMO-A-2", id: "DEMO-A-2" },
    { kind: "text", text: "." },
  ]);
});

test("ids inside longer words or followed by more id characters are not mentions", () => {
  expect(
    splitText("ÉDEMO-1 1DEMO-1 DEMO-1x DEMO-1-2 DEMO-12a", true).filter((s) => s.kind === "entity"),
  ).toEqual([]);
});

test("@login after a blank or punctuation is a user mention, without trailing punctuation", () => {
  expect(splitText("(@alice.) and @ada.admin", true)).toEqual([
    { kind: "text", text: "(" },
    { kind: "user", text: "@alice", login: "alice" },
    { kind: "text", text: ".) and " },
    { kind: "user", text: "@ada.admin", login: "ada.admin" },
  ]);
});

test("e-mail addresses and paths are not user mentions", () => {
  expect(splitText("mail ada@example.com or /u/@x", true).some((s) => s.kind === "user")).toBe(false);
});

test("6- and 8-digit hex colours after a blank or punctuation become chips", () => {
  expect(splitText("Accent #3B82F6, (#3b82f680)", true)).toEqual([
    { kind: "text", text: "Accent " },
    { kind: "colour", text: "#3B82F6", hex: "#3B82F6" },
    { kind: "text", text: ", (" },
    { kind: "colour", text: "#3b82f680", hex: "#3b82f680" },
    { kind: "text", text: ")" },
  ]);
});

test("3-digit, 7-digit and word-attached hex values are not colours", () => {
  for (const text of ["#fff", "#1234567", "a#3B82F6", "#3B82F6x", "#3B82F6_"]) {
    expect(splitText(text, true), text).toEqual([{ kind: "text", text }]);
  }
});

test("without mentions (the restricted profile) only colours are marked", () => {
  expect(splitText("DEMO-1 @admin #00FF00", false).map((s) => s.kind)).toEqual(["text", "colour"]);
});

test("at most MAX_MENTIONS ids and logins are collected per render", () => {
  const refs = { ids: new Set<string>(), logins: new Set<string>() };
  const text = Array.from({ length: 150 }, (_, i) => `P-${i} @u${i}`).join(" ");
  collectRefs(splitText(text, true), refs);
  expect(refs.ids.size).toBe(MAX_MENTIONS);
  expect(refs.logins.size).toBe(MAX_MENTIONS);
});

// How long such input takes is measured by tests/bench/markdown.ts.
test("long runs of letters, dashes, @ and # hold no mentions", () => {
  const text = `${"a".repeat(200_000)} ${"-".repeat(200_000)} ${"@".repeat(100_000)} ${"#".repeat(100_000)}`;
  expect(splitText(text, true)).toEqual([{ kind: "text", text }]);
});
