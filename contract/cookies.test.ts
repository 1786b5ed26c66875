import { expect, test } from "vitest";
import { readCookie } from "./cookies.ts";

test("finds a cookie among others, trimmed and decoded", () => {
  expect(readCookie("a=1; keel_x=hello%20there ;b=2", "keel_x")).toBe("hello there");
});

test("a missing header, a missing cookie or an undecodable value give undefined", () => {
  expect(readCookie(null, "a")).toBeUndefined();
  expect(readCookie("b=2", "a")).toBeUndefined();
  expect(readCookie("a=%E0%A4%A", "a")).toBeUndefined();
});

test("a name is matched whole, not as a prefix", () => {
  expect(readCookie("keel_xy=1; keel_x=2", "keel_x")).toBe("2");
});

test("a cookie without a value reads as empty; a quoted one keeps its quotes", () => {
  expect(readCookie('keel_x="a.b"; keel_y=', "keel_x")).toBe('"a.b"');
  expect(readCookie('keel_x="a.b"; keel_y=', "keel_y")).toBe("");
});
