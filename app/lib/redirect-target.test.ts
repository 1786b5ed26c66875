import { expect, test } from "vitest";
import { safeRedirectTarget } from "./redirect-target.ts";

test("a local path with query and hash is kept", () => {
  expect(safeRedirectTarget("/issues?q=open#top")).toBe("/issues?q=open#top");
});

test("dot segments are resolved as a browser resolves them", () => {
  expect(safeRedirectTarget("/a/../issues")).toBe("/issues");
  expect(safeRedirectTarget("/./issues/%2e/x")).toBe("/issues/x");
});

test.each([
  ["https://evil.example/"],
  ["//evil.example/path"],
  ["/\\evil.example"],
  ["javascript:alert(1)"],
  ["issues"],
  [""],
  ["/a\nb"],
  ["/a\u007fb"],
  [null],
  [42],
])("%j falls back to the start page", (value) => {
  expect(safeRedirectTarget(value)).toBe("/");
});

test.each([
  ["/.//evil.example"],
  ["/a/..//evil.example"],
  ["/%2e//evil.example"],
  ["/%2E%2E//evil.example/x?y#z"],
  ["/a/b/../..//evil.example"],
  ["/./%2e/..//evil.example"],
])("%j, which normalises to another host, falls back to the start page", (value) => {
  expect(safeRedirectTarget(value)).toBe("/");
});

test("the fallback can be chosen", () => {
  expect(safeRedirectTarget("https://x", "/login")).toBe("/login");
});
