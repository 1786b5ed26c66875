import { expect, test } from "vitest";
import { safeRedirectTarget } from "./redirect-target.ts";

test("a local path with query and hash is kept", () => {
  expect(safeRedirectTarget("/issues?q=open#top")).toBe("/issues?q=open#top");
});

test.each([
  ["https://evil.example/"],
  ["//evil.example/path"],
  ["/\\evil.example"],
  ["javascript:alert(1)"],
  ["issues"],
  [""],
  ["/a\nb"],
  [null],
  [42],
])("%j falls back to the start page", (value) => {
  expect(safeRedirectTarget(value)).toBe("/");
});

test("the fallback can be chosen", () => {
  expect(safeRedirectTarget("https://x", "/login")).toBe("/login");
});
