import { expect, test } from "vitest";
import {
  BASE_METHODS,
  EMBEDDABLE_METHODS,
  HOST_METHODS,
  INTERNAL_METHODS,
  isSafeJson,
  MAX_MESSAGE_CHARS,
  NAVIGATION_METHODS,
  parseCall,
} from "./protocol.ts";

/** `value` nested in `levels` arrays: the innermost value sits at depth `levels`. */
const nested = (levels: number, value: unknown = 1): unknown =>
  Array.from({ length: levels }).reduce<unknown>((inner) => [inner], value);

const call = (overrides: Record<string, unknown> = {}) => ({
  kind: "call",
  id: 1,
  method: "fetchYouTrack",
  args: ["issues", { method: "GET" }],
  ...overrides,
});

test("isSafeJson accepts plain data: null, booleans, finite numbers, strings, arrays and plain objects", () => {
  for (const value of [
    null,
    true,
    false,
    0,
    -1.5,
    "",
    "text",
    [],
    {},
    [1, "two", null, { three: [3] }],
    { a: { b: { c: "d" } }, list: [true, false] },
    Object.create(null) as object,
    structuredClone({ copied: [1, { deep: "yes" }] }),
  ]) {
    expect(isSafeJson(value), JSON.stringify(value)).toBe(true);
  }
});

test("isSafeJson refuses keys that reach prototypes, at any depth and however they were made", () => {
  for (const text of [
    '{"__proto__": {"polluted": true}}',
    '{"constructor": {"prototype": {"polluted": true}}}',
    '{"prototype": 1}',
    '{"a": {"b": [{"__proto__": 1}]}}',
    '[1, [2, {"ok": {"constructor": null}}]]',
  ]) {
    const parsed: unknown = JSON.parse(text);
    expect(isSafeJson(parsed), text).toBe(false);
    expect(isSafeJson(structuredClone(parsed)), `${text} cloned`).toBe(false);
  }
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
});

test("isSafeJson refuses arrays that carry a prototype key beside their items", () => {
  // Structured clone keeps an array's own non-index keys, and spreading such an array copies them.
  const list: unknown[] = [1, 2];
  Object.defineProperty(list, "__proto__", { value: { polluted: true }, enumerable: true });
  const withConstructor = Object.assign([1], { constructor: { prototype: {} } });
  expect(isSafeJson(structuredClone(list))).toBe(false);
  expect(isSafeJson(structuredClone(withConstructor))).toBe(false);
  expect(isSafeJson({ args: [structuredClone(list)] })).toBe(false);
  expect(isSafeJson(Object.assign([1], { other: 2 }))).toBe(true);
});

test("isSafeJson refuses what is not JSON: class instances, functions, NaN, Infinity and friends", () => {
  class Point {
    x = 1;
  }
  for (const value of [
    new Point(),
    new Date(0),
    new Map(),
    /x/,
    new Uint8Array(2),
    () => 1,
    NaN,
    Infinity,
    -Infinity,
    undefined,
    Symbol("s"),
    10n,
    { nested: [NaN] },
    { fn: () => 1 },
    [new Point()],
    Object.create({ inherited: 1 }) as object,
  ]) {
    expect(isSafeJson(value), String(typeof value)).toBe(false);
  }
});

test("isSafeJson accepts 32 levels of nesting and refuses 33", () => {
  expect(isSafeJson(nested(32))).toBe(true);
  expect(isSafeJson(nested(33))).toBe(false);
  let object: Record<string, unknown> = { leaf: 1 };
  for (let i = 0; i < 40; i++) object = { next: object };
  expect(isSafeJson(object)).toBe(false);
});

test("the method lists are disjoint and together make the protocol's methods", () => {
  const all = [...BASE_METHODS, ...NAVIGATION_METHODS, ...EMBEDDABLE_METHODS, ...INTERNAL_METHODS];
  expect(new Set(all).size).toBe(all.length);
  expect([...HOST_METHODS].sort()).toEqual([...all].sort());
  expect(BASE_METHODS).toContain("storage.getItem");
  expect(EMBEDDABLE_METHODS).toContain("readConfig");
  expect(NAVIGATION_METHODS).toContain("navigation.getAppLocation");
});

test("parseCall accepts a valid call for every method and keeps its parts", () => {
  for (const method of HOST_METHODS) {
    expect(parseCall(call({ method })), method).toEqual(call({ method }));
  }
  expect(parseCall(call({ id: Number.MAX_SAFE_INTEGER, args: [] }))?.id).toBe(Number.MAX_SAFE_INTEGER);
  expect(parseCall(call({ args: [undefined, 1, 2, 3, 4, 5, 6, 7] }))?.args).toHaveLength(8);
});

test("parseCall refuses wrong kinds, unknown methods, bad ids and extra keys", () => {
  const refused: unknown[] = [
    null,
    undefined,
    "call",
    42,
    [],
    call({ kind: "result" }),
    call({ kind: "event" }),
    call({ kind: undefined }),
    call({ method: "eval" }),
    call({ method: "toString" }),
    call({ method: "__proto__" }),
    call({ method: "constructor" }),
    call({ method: "storage" }),
    call({ method: 1 }),
    call({ id: 0 }),
    call({ id: -1 }),
    call({ id: 1.5 }),
    call({ id: "1" }),
    call({ id: NaN }),
    call({ id: Infinity }),
    call({ id: Number.MAX_SAFE_INTEGER + 2 }),
    call({ id: undefined }),
    call({ args: "not a list" }),
    call({ args: { 0: "a" } }),
    call({ args: undefined }),
    call({ extra: true }),
    JSON.parse('{"kind":"call","id":1,"method":"alert","args":[],"__proto__":{"x":1}}'),
  ];
  for (const data of refused) expect(parseCall(data), JSON.stringify(data) ?? String(data)).toBeNull();
});

test("parseCall refuses more than 8 arguments and unsafe ones", () => {
  expect(parseCall(call({ args: [1, 2, 3, 4, 5, 6, 7, 8, 9] }))).toBeNull();
  expect(parseCall(call({ args: [JSON.parse('{"__proto__":{"admin":true}}')] }))).toBeNull();
  expect(parseCall(call({ args: [{ deep: nested(40) }] }))).toBeNull();
  expect(parseCall(call({ args: [NaN] }))).toBeNull();
  expect(parseCall(call({ args: [new Date()] }))).toBeNull();
});

test("parseCall refuses arguments bigger than the message limit and takes those just under it", () => {
  // The arguments' JSON is the string plus its quotes and the brackets of the list.
  const fits = "x".repeat(MAX_MESSAGE_CHARS - 4);
  expect(parseCall(call({ method: "storage.setItem", args: [fits] }))).not.toBeNull();
  const over = "x".repeat(MAX_MESSAGE_CHARS - 3);
  expect(parseCall(call({ method: "storage.setItem", args: [over] }))).toBeNull();
  const split = "y".repeat(MAX_MESSAGE_CHARS / 2);
  expect(parseCall(call({ method: "storage.setItem", args: [split, split] }))).toBeNull();
});
