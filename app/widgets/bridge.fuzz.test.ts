// Bounded, deterministic fuzzing of what a third-party widget controls: the messages it posts to the host
// and the guards of its manifest. A seeded PRNG makes every run the same cases; each case is awaited.
import { afterAll, afterEach, beforeAll, beforeEach, expect, test, vi, type MockInstance } from "vitest";
import type { ExtensionPoint } from "#contract/extension-points.ts";
import { evaluateGuard, GuardError, passesGuard } from "./guard.ts";
import { createWidgetRequests, type Decision } from "./host/requests.ts";
import { WidgetSession, type WidgetUi } from "./host/session.ts";
import {
  HELLO_TYPE,
  HOST_METHODS,
  isSafeJson,
  MAX_MESSAGE_CHARS,
  parseCall,
  type HostMessage,
  type WidgetEntity,
} from "./protocol.ts";
import { Random } from "#tests/helpers/random.ts";

const CASES = 2000;
const CASE_TIMEOUT_MS = 5000;
/** Each target takes a few seconds; slow CI machines get room. */
const FUZZ_TIMEOUT = { timeout: 120_000 };

// ---------- prototype pollution watch ----------

const PROTOTYPES = [Object.prototype, Array.prototype, Function.prototype, String.prototype] as const;
const snapshot = () =>
  PROTOTYPES.map((prototype) =>
    Object.getOwnPropertyNames(prototype).map((name) => [
      name,
      Object.getOwnPropertyDescriptor(prototype, name),
    ]),
  );
let prototypesBefore: ReturnType<typeof snapshot>;
beforeAll(() => {
  prototypesBefore = snapshot();
});
afterAll(() => {
  expect(snapshot()).toEqual(prototypesBefore);
});

function expectPrototypesUntouched(): void {
  const probe = {} as Record<string, unknown>;
  for (const key of ["polluted", "admin", "isAdmin", "value", "x"]) expect(probe[key]).toBeUndefined();
  expect(Object.getPrototypeOf(probe)).toBe(Object.prototype);
  expect(snapshot()).toEqual(prototypesBefore);
}

let warn: MockInstance<typeof console.warn>;
beforeEach(() => {
  warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
});
afterEach(() => warn.mockRestore());

// ---------- random messages ----------

const FORBIDDEN = ["__proto__", "constructor", "prototype"] as const;
const KEYS = [
  "kind",
  "id",
  "method",
  "args",
  "type",
  "version",
  "value",
  "x",
  "",
  "0",
  "toString",
  ...FORBIDDEN,
];

/** An object with `key` as an own key, even `__proto__` (as JSON.parse and structured clone make it). */
function withOwn(target: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  return target;
}

function randomString(random: Random): string {
  switch (random.int(0, 5)) {
    case 0:
      return "";
    case 1:
      return random.pick([
        "call",
        "result",
        "event",
        ...HOST_METHODS,
        "__proto__",
        "constructor",
        "../..",
        "%2e%2e",
      ]);
    case 2:
      return String.fromCharCode(...Array.from({ length: random.int(1, 20) }, () => random.int(0, 0xffff)));
    case 3:
      return "x".repeat(random.int(1, 5000));
    default:
      return Math.floor(random.float() * 1e9).toString(36);
  }
}

/** Structured-cloneable values of every kind, unsafe ones included. */
function randomValue(random: Random, depth = 0): unknown {
  const leaf = depth > 4;
  switch (random.int(0, leaf ? 9 : 15)) {
    case 0:
      return null;
    case 1:
      return undefined;
    case 2:
      return random.chance(0.5);
    case 3:
      return random.int(-1e6, 1e6);
    case 4:
      return random.pick([NaN, Infinity, -Infinity, -0, 1.5, Number.MAX_SAFE_INTEGER + 2, 2 ** 53, 1e308]);
    case 5:
    case 6:
      return randomString(random);
    case 7:
      return random.pick([10n, new Date(0), /re/g, new Map([[1, 2]]), new Set([1]), new Uint8Array(3)]);
    case 8:
      return new Error("cloned error");
    case 9: {
      if (random.chance(0.5)) {
        return JSON.parse(
          random.pick(['{"__proto__":{"polluted":true}}', '{"constructor":{"prototype":{"x":1}}}']),
        );
      }
      // Arrays carry own non-index keys through structured clone too.
      const list: unknown[] = [1];
      Object.defineProperty(list, random.pick(FORBIDDEN), { value: { polluted: true }, enumerable: true });
      return list;
    }
    case 10:
    case 11:
      return Array.from({ length: random.int(0, 10) }, () => randomValue(random, depth + 1));
    case 12:
      return deep(random.int(30, 40), random.chance(0.5));
    default: {
      const object: Record<string, unknown> = {};
      for (let i = random.int(0, 6); i > 0; i--)
        withOwn(object, random.pick(KEYS), randomValue(random, depth + 1));
      return object;
    }
  }
}

function deep(levels: number, arrays: boolean): unknown {
  let value: unknown = "leaf";
  for (let i = 0; i < levels; i++) value = arrays ? [value] : { next: value };
  return value;
}

/** A call the host would take, with arguments of the right kinds for its method. */
function validCall(random: Random, id: number): Record<string, unknown> {
  const method = random.pick(HOST_METHODS);
  const args: Record<string, unknown[]> = {
    alert: ["Saved", random.pick(["success", "error", "nope"]), random.int(-10, 10 ** 6)],
    fetchYouTrack: [
      random.pick(["issues", "/users/me", "../admin", "%2e%2e/x"]),
      { method: random.pick(["GET", "post", "DELETE"]), query: { a: [1, "b"] }, body: { x: 1 } },
    ],
    fetchApp: [random.pick(["backend/x", "../x", "/x"]), { scope: random.chance(0.5), method: "POST" }],
    fetchHub: ["api/rest/users", { method: "PUT", body: "text" }],
    downloadFile: [null, "issues/export.csv", {}, "file.csv"],
    "storage.getItem": [random.pick(["k", ".", "", "a/b"])],
    "storage.setItem": ["k", "v".repeat(random.int(0, 100))],
    "navigation.updateAppLocation": [{ pathname: "/x", search: "?a", hash: "#b" }],
    register: [{ onRefresh: true }],
    setTitle: ["Title", "https://example.test"],
    storeConfig: [{ query: "#me" }],
    setError: [{ message: "broken" }],
    reportVitals: [{ FCP: 100 }],
  };
  return { kind: "call", id, method, args: args[method] ?? [] };
}

const BAD_IDS = [
  0,
  -1,
  1.5,
  NaN,
  Infinity,
  "7",
  null,
  undefined,
  Number.MAX_SAFE_INTEGER + 1,
  2 ** 60,
  [],
  {},
];

/** A valid call changed one to three times: keys dropped or added, values of the wrong type, and so on. */
function mutatedCall(random: Random, id: number, hugeAllowed: boolean): unknown {
  let message: unknown = validCall(random, id);
  for (let n = random.int(1, 3); n > 0; n--) {
    if (!message || typeof message !== "object" || Array.isArray(message)) break;
    const object = message as Record<string, unknown>;
    switch (random.int(0, 10)) {
      case 0:
        delete object[random.pick(["kind", "id", "method", "args"])];
        break;
      case 1:
        withOwn(
          object,
          random.pick(KEYS.filter((k) => !["kind", "id", "method", "args"].includes(k))),
          randomValue(random),
        );
        break;
      case 2:
        object[random.pick(["kind", "id", "method", "args"])] = randomValue(random);
        break;
      case 3:
        object.id = random.pick(BAD_IDS);
        break;
      case 4:
        object.method = random.pick([
          "eval",
          "Storage.getItem",
          "storage",
          "storage.",
          "toString",
          "hasOwnProperty",
          ...FORBIDDEN,
          randomString(random),
        ]);
        break;
      case 5:
        object.kind = random.pick(["result", "event", "CALL", "", null]);
        break;
      case 6:
        object.args = Array.from({ length: random.int(0, 12) }, () => randomValue(random));
        break;
      case 7:
        object.args = [deep(random.int(28, 36), random.chance(0.5))];
        break;
      case 8: {
        const payload = JSON.parse(
          random.pick([
            '{"__proto__":{"polluted":true}}',
            '{"a":{"constructor":{"prototype":{"admin":true}}}}',
            '[{"prototype":1}]',
          ]),
        );
        object.args = Array.isArray(object.args) ? [...(object.args as unknown[]), payload] : [payload];
        break;
      }
      case 9: {
        // Strings around the size limit (the arguments' JSON is `["k","…"]`); a few are plenty, each
        // costs megabytes.
        const length = hugeAllowed ? MAX_MESSAGE_CHARS - 8 + random.int(-2, 2) : random.int(0, 100_000);
        object.method = "storage.setItem";
        object.args = ["k", "z".repeat(length)];
        break;
      }
      default:
        message = random.pick([null, undefined, 0, "call", [object], randomValue(random)]);
    }
  }
  return message;
}

function randomMessage(random: Random, id: number, hugeAllowed: boolean): unknown {
  if (hugeAllowed) {
    // Just under, at or just over the limit: `["k","…"]` is 8 characters more than the string.
    const args = ["k", "z".repeat(MAX_MESSAGE_CHARS - 8 + random.int(-2, 2))];
    return { kind: "call", id, method: "storage.setItem", args };
  }
  const roll = random.float();
  if (roll < 0.15) return validCall(random, id);
  if (roll < 0.3) return randomValue(random);
  return mutatedCall(random, id, hugeAllowed);
}

/** An own key that reaches prototypes anywhere in `value`, found without the code under test. */
function hasPrototypeKey(value: unknown, seen = new Set<unknown>()): boolean {
  if (!value || typeof value !== "object" || seen.has(value)) return false;
  seen.add(value);
  return Reflect.ownKeys(value).some(
    (key) =>
      (FORBIDDEN as readonly PropertyKey[]).includes(key) ||
      hasPrototypeKey((value as Record<PropertyKey, unknown>)[key], seen),
  );
}

/** The one thing the host promises about any message: an answer exactly when its id is usable. */
const usableId = (message: unknown): number | null => {
  const id = (message as { id?: unknown } | null | undefined)?.id;
  return typeof id === "number" && Number.isSafeInteger(id) && id > 0 ? id : null;
};

// ---------- parseCall ----------

test(
  "parseCall: random and mutated messages never throw, and what it takes is a sound call",
  FUZZ_TIMEOUT,
  () => {
    const random = new Random(0x5eed_0001);
    let taken = 0;
    let hugeTaken = 0;
    let hugeRefused = 0;
    for (let i = 0; i < CASES; i++) {
      const huge = i % 50 === 0;
      const message = randomMessage(random, i + 1, huge);
      let call: ReturnType<typeof parseCall> = null;
      expect(() => (call = parseCall(message)), `case ${i}`).not.toThrow();
      if (call === null) {
        if (huge) hugeRefused++;
        continue;
      }
      taken++;
      if (JSON.stringify((call as { args: unknown[] }).args).length > MAX_MESSAGE_CHARS - 100) hugeTaken++;
      const { kind, id, method, args } = call as NonNullable<ReturnType<typeof parseCall>>;
      expect(kind).toBe("call");
      expect(Number.isSafeInteger(id) && id > 0).toBe(true);
      expect(HOST_METHODS).toContain(method);
      expect(Array.isArray(args) && args.length <= 8).toBe(true);
      expect(
        args.every((arg) => arg === undefined || isSafeJson(arg)),
        `case ${i}`,
      ).toBe(true);
      expect(hasPrototypeKey(args), `case ${i}`).toBe(false);
      expect(JSON.stringify(args).length).toBeLessThanOrEqual(MAX_MESSAGE_CHARS);
    }
    // The generator reaches both sides.
    expect(taken).toBeGreaterThan(CASES / 10);
    expect(taken).toBeLessThan(CASES);
    expect(hugeTaken).toBeGreaterThan(0);
    expect(hugeRefused).toBeGreaterThan(0);
    expectPrototypesUntouched();
  },
);

// ---------- WidgetSession over a real MessagePort ----------

type Result = Extract<HostMessage, { kind: "result" }>;

function within<T>(promise: Promise<T>, label: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${label}: no answer in ${CASE_TIMEOUT_MS} ms`)),
      CASE_TIMEOUT_MS,
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function fuzzedSession(extensionPoint: ExtensionPoint, editable: boolean, random: Random) {
  const frameWindow = {};
  const respond = (url: string) => {
    const body = url.includes("/requestDecisions")
      ? { always: [] }
      : url.includes("/storage")
        ? { value: "v", keys: ["k"] }
        : { ok: true };
    return new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });
  };
  const requests = createWidgetRequests({
    appName: "fuzz-app",
    origin: "https://keel.test",
    basePath: "",
    confirm: async () => random.pick<Decision>(["once", "always", "deny"]),
    fetch: (async (input: RequestInfo | URL) => respond(String(input))) as typeof fetch,
    save: () => undefined,
  });
  const ui: WidgetUi = {
    registered: () => undefined,
    alert: () => undefined,
    setModal: () => undefined,
    close: () => undefined,
    setTitle: () => undefined,
    setLoading: () => undefined,
    setConfigMode: () => undefined,
    setError: () => undefined,
    remove: () => undefined,
    readConfig: async () => ({ stored: true }),
    storeConfig: async () => undefined,
    readCache: async () => null,
    storeCache: async () => undefined,
    location: { get: () => ({ pathname: "/", search: "", hash: "" }), update: () => undefined },
    vitals: () => undefined,
  };
  const entity: WidgetEntity = { type: "issue", id: "2-7" };
  const session = new WidgetSession(() => frameWindow as unknown as Window, {
    extensionPoint,
    appName: "fuzz-app",
    entity,
    editable,
    requests,
    ui,
  });
  const { port1, port2 } = new MessageChannel();
  const hello = {
    source: frameWindow,
    origin: "null",
    data: { type: HELLO_TYPE, version: 1 },
    ports: [port2],
  };
  expect(session.accept(hello as unknown as MessageEvent)).toBe(true);

  const received: HostMessage[] = [];
  const waiting = new Map<number, (result: Result) => void>();
  port1.onmessage = ({ data }: MessageEvent<HostMessage>) => {
    received.push(data);
    if (data.kind === "result") {
      waiting.get(data.id)?.(data);
      waiting.delete(data.id);
    }
  };
  const answerTo = (id: number) => new Promise<Result>((resolve) => waiting.set(id, resolve));
  return { session, port: port1, received, answerTo, close: () => port1.close() };
}

test(
  "WidgetSession: random and mutated messages get one answer exactly when their id is usable",
  FUZZ_TIMEOUT,
  async () => {
    const random = new Random(0x5eed_0002);
    const places: [ExtensionPoint, boolean][] = [
      ["DASHBOARD_WIDGET", true],
      ["DASHBOARD_WIDGET", false],
      ["ISSUE_BELOW_SUMMARY", false],
      ["MAIN_MENU_ITEM", false],
    ];
    const sessions = places.map(([place, editable]) => fuzzedSession(place, editable, random));
    const SENTINEL = 2 ** 52;
    let answered = 0;
    let refused = 0;
    try {
      for (let i = 0; i < CASES; i++) {
        const { port, received, answerTo } = sessions[i % sessions.length]!;
        const message = randomMessage(random, i + 1, i % 50 === 0);
        const id = usableId(message);
        const before = received.length;
        const answer = id === null ? null : answerTo(id);
        port.postMessage(message);
        if (answer) {
          const result = await within(answer, `case ${i}`);
          expect(result.kind).toBe("result");
          if (!result.ok) {
            expect(typeof result.error.name).toBe("string");
            expect(typeof result.error.message).toBe("string");
          }
          answered++;
        }
        // The channel still works, and nothing else was answered.
        const sentinel = answerTo(SENTINEL + i);
        port.postMessage({ kind: "call", id: SENTINEL + i, method: "storage.getKeys", args: [] });
        expect(await within(sentinel, `sentinel ${i}`)).toMatchObject({ ok: true, value: ["k"] });
        expect(received.length - before, `case ${i}`).toBe(answer ? 2 : 1);
        if (!answer) refused++;
      }
    } finally {
      for (const { close } of sessions) close();
    }
    expect(answered).toBeGreaterThan(CASES / 4);
    expect(refused).toBeGreaterThan(CASES / 10);
    expect(warn).toHaveBeenCalledWith("Widget message refused: not a valid call");
    expectPrototypesUntouched();
  },
);

// ---------- guards ----------

const GUARD_TOKENS = [
  "entity",
  "fields",
  "State",
  "value",
  "id",
  "type",
  "project",
  "shortName",
  "constructor",
  "__proto__",
  "prototype",
  "globalThis",
  "process",
  "this",
  "window",
  "Function",
  "toString",
  "length",
  "'To do'",
  '"Done"',
  "'",
  '"',
  "`",
  "${",
  "}",
  "\\",
  "1",
  "2.5",
  "0",
  "true",
  "false",
  "null",
  "undefined",
  "===",
  "!==",
  "==",
  "!=",
  "<",
  ">",
  "<=",
  ">=",
  "&&",
  "||",
  "!",
  "?.",
  ".",
  "(",
  ")",
  "[",
  "]",
  "=",
  "=>",
  "+",
  "-",
  "*",
  ";",
  ",",
  "?",
  ":",
  "new",
  "function",
  "return",
  "import",
  "await",
];

const VALID_GUARDS = [
  "entity.fields.State?.value === 'To do'",
  "entity.type === 'issue' && !entity.draft",
  "(entity.fields.Priority.value > 2 || entity.project.shortName === 'DEMO') && true",
  "entity['fields']['Due Date'].value === null",
  "!!entity.id",
];

function randomGuard(random: Random): string {
  switch (random.int(0, 3)) {
    case 0:
      return Array.from({ length: random.int(0, 25) }, () => random.pick(GUARD_TOKENS)).join(
        random.pick(["", " "]),
      );
    case 1:
      return String.fromCharCode(...Array.from({ length: random.int(0, 60) }, () => random.int(0x20, 0x7e)));
    case 2: {
      // A valid guard mutated character by character.
      const chars = [...random.pick(VALID_GUARDS)];
      for (let n = random.int(1, 4); n > 0; n--) {
        const at = random.int(0, chars.length);
        const roll = random.int(0, 2);
        if (roll === 0) chars.splice(at, 1);
        else if (roll === 1) chars.splice(at, 0, String.fromCharCode(random.int(0x20, 0x7e)));
        else chars.splice(at, 0, random.pick(GUARD_TOKENS));
      }
      return chars.join("");
    }
    default:
      return (
        random.pick(["(", "!", "[", "'"]).repeat(random.int(1, 600)) + random.pick(["", "true", "entity"])
      );
  }
}

const fuzzEntity = () => ({
  type: "issue",
  id: "2-7",
  draft: false,
  project: { id: "0-1", shortName: "DEMO" },
  fields: [
    { id: "1", name: "State", type: "state", value: "To do" },
    { id: "2", name: "Priority", type: "integer", value: 3 },
    { id: "3", name: "Due Date", type: "date", value: null },
    { id: "4", name: "__proto__", type: "string", value: "x" },
  ],
});

test(
  "passesGuard: random and mutated guards answer a boolean, throw nothing but GuardError and run no code",
  FUZZ_TIMEOUT,
  () => {
    const random = new Random(0x5eed_0003);
    const marker = globalThis as { guardRan?: unknown };
    let passed = 0;
    for (let i = 0; i < CASES; i++) {
      const guard = randomGuard(random);
      const entity = random.chance(0.1) ? null : fuzzEntity();
      const result = passesGuard(guard, entity);
      expect(typeof result, `case ${i}: ${guard}`).toBe("boolean");
      if (result) passed++;
      try {
        expect(typeof evaluateGuard(guard, { entity })).toBe("boolean");
      } catch (error) {
        expect(error, `case ${i}: ${guard}`).toBeInstanceOf(GuardError);
      }
    }
    expect(passed).toBeGreaterThan(0);
    expect(marker.guardRan).toBeUndefined();
    expectPrototypesUntouched();
  },
);

// The guard language is a subset of JavaScript: where it reads a guard, it must agree with JavaScript.
const NUMBER_ATOMS = ["0", "1", "2.5", "3", "entity.fields.Priority.value"];
const STRING_ATOMS = [
  "'To do'",
  "'Done'",
  "''",
  "'3'",
  "entity.fields.State?.value",
  "entity.project.shortName",
  "entity['type']",
];
const OTHER_ATOMS = [
  "true",
  "false",
  "null",
  "undefined",
  "entity.draft",
  "entity.missing",
  "entity.fields.Missing?.value",
  "entity.fields['Due Date'].value",
  "entity.project",
];

function grammarGuard(random: Random, depth = 0): string {
  const unary = (atom: string) => "!".repeat(random.chance(0.25) ? random.int(1, 2) : 0) + atom;
  const operand = (): string => {
    if (depth < 3 && random.chance(0.15)) return unary(`(${grammarGuard(random, depth + 1)})`);
    return unary(random.pick([...NUMBER_ATOMS, ...STRING_ATOMS, ...OTHER_ATOMS]));
  };
  const comparison = (): string => {
    const roll = random.int(0, 3);
    if (roll === 0) return operand();
    if (roll === 1) {
      // Ordering only between two numbers or two strings: JavaScript's coercions are out of the language.
      const pool = random.chance(0.5) ? NUMBER_ATOMS : STRING_ATOMS;
      return `${random.pick(pool)} ${random.pick(["<", ">", "<=", ">="])} ${random.pick(pool)}`;
    }
    return `${operand()} ${random.pick(["===", "!==", "==", "!="])} ${operand()}`;
  };
  let source = comparison();
  for (let n = random.int(0, 2); n > 0; n--) source += ` ${random.pick(["&&", "||"])} ${comparison()}`;
  return source;
}

test("guards of the language agree with JavaScript", FUZZ_TIMEOUT, () => {
  const random = new Random(0x5eed_0004);
  const entity = fuzzEntity();
  // What the host shows a guard: the fields by name.
  const view = {
    ...entity,
    fields: Object.fromEntries(entity.fields.filter((f) => f.name !== "__proto__").map((f) => [f.name, f])),
  };
  for (let i = 0; i < CASES; i++) {
    const guard = grammarGuard(random);
    // The oracle: JavaScript itself, on guards this test generated from a fixed grammar.
    const expected = Boolean(new Function("entity", `return (${guard});`)(view));
    expect(passesGuard(guard, entity), `case ${i}: ${guard}`).toBe(expected);
  }
});
