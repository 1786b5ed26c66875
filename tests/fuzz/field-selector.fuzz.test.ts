// Bounded, deterministic fuzzing of the field-selector parser and builder (contract/field-selector.ts):
// random selectors from the grammar, random character soup and mutations of valid selectors. Each input
// is at most a few times the 4096-character limit, and trees are measured with a cap before anything
// walks them whole, so every case ends quickly. A failure names its seed and index to replay it.
import { expect, test } from "vitest";
import {
  buildFields,
  FIELD_SELECTOR_MAX_DEPTH,
  FIELD_SELECTOR_MAX_LENGTH,
  FieldSelectorSyntaxError,
  FieldShapeError,
  parseFields,
  pickFields,
  serializeFields,
  type ExtraFields,
  type FieldShape,
  type FieldTree,
} from "#contract/field-selector.ts";
import { useBackend } from "../helpers/backend.ts";
import { Random } from "../helpers/random.ts";

const CASES = 3000;
const FUZZ_TIMEOUT = { timeout: 60_000 };
/** Longest input a case makes: past the limit, so that the length check is exercised too. */
const MAX_INPUT = FIELD_SELECTOR_MAX_LENGTH * 2;
/** Trees bigger than this (alias expansions multiply) are checked without being serialized. */
const MAX_EXPANDED_NODES = 20_000;
const NAME_PATTERN = /^[A-Za-z0-9_$][A-Za-z0-9_$-]*$/;

// ---------- generators ----------

const NAME_START = "abcxyzABCZ0189_$";
const NAME_PART = `${NAME_START}-`;
const SPECIAL_NAMES = [
  "$type",
  "id",
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "a-b",
  "0",
  "$",
  "_",
];
const BLANKS = [" ", "\t", "\n", "\r", "  "];
/** Characters that mean something to the grammar, blanks it skips and ones it must refuse. */
const SOUP = [
  ..."abcXYZ019_$-(),;@: \t\n\r",
  ..."(((",
  ..."))",
  ...",,",
  "é",
  "ß",
  "名",
  "😀",
  "\u0000",
  "\u00a0",
  "\u2028",
  "\u200b",
  "\u202e",
  "\ud800",
  "\udfff",
  "\\",
  '"',
  "'",
  "<",
  "{",
  "[",
  ".",
  "*",
  "%",
  "#",
];

function name(r: Random): string {
  if (r.chance(0.15)) return r.pick(SPECIAL_NAMES);
  let out = r.pick([...NAME_START]);
  const length = r.chance(0.05) ? r.int(50, 300) : r.int(0, 8);
  for (let i = 0; i < length; i++) out += r.pick([...NAME_PART]);
  return out;
}

const blank = (r: Random) => (r.chance(0.2) ? r.pick(BLANKS) : "");

/** A selector the grammar accepts, mostly; deep nesting and undefined aliases sometimes make it invalid. */
function grammatical(r: Random): string {
  const aliases = Array.from({ length: r.chance(0.3) ? r.int(1, 5) : 0 }, (_, i) => `a${i}`);
  const list = (depth: number, budget: { left: number }, usable: string[]): string => {
    const items: string[] = [];
    const count = r.int(1, depth === 0 ? 6 : 4);
    for (let i = 0; i < count && budget.left > 0; i++) {
      budget.left -= 1;
      if (usable.length > 0 && r.chance(0.2)) {
        items.push(`@${r.pick(usable)}`);
      } else if (r.chance(depth > 30 ? 0.9 : 0.35) || budget.left < 2) {
        items.push(name(r));
      } else {
        items.push(`${name(r)}${blank(r)}(${blank(r)}${list(depth + 1, budget, usable)}${blank(r)})`);
      }
    }
    if (items.length === 0) items.push(name(r));
    return items.join(`${blank(r)},${blank(r)}`);
  };
  const deep = r.chance(0.05);
  const budget = { left: deep ? 80 : r.int(1, 40) };
  let selector = deep ? nested(r, r.int(28, 36)) : list(0, budget, aliases);
  // Each definition may use only later aliases, so that most are acyclic; some use any (cycles).
  aliases.forEach((alias, i) => {
    const usable = r.chance(0.1) ? aliases : aliases.slice(i + 1);
    selector += `;${blank(r)}@${alias}${blank(r)}:${blank(r)}${list(0, { left: r.int(1, 12) }, usable)}`;
  });
  if (r.chance(0.02)) selector += `;@${aliases[0] ?? "a0"}:x`;
  return selector;
}

/** `depth` levels of parentheses around a leaf: the depth cap's edge. */
function nested(r: Random, depth: number): string {
  let inner = name(r);
  for (let i = 0; i < depth; i++) inner = `${name(r)}(${inner}${r.chance(0.3) ? `,${name(r)}` : ""})`;
  return inner;
}

/** Aliases that double at every level: a tree exponentially larger than its text. */
function aliasBomb(r: Random): string {
  const levels = r.int(5, 40);
  const parts = [`x(@b0,@b0)`];
  for (let i = 0; i < levels; i++) parts.push(`@b${i}:p${i}(@b${i + 1}),q${i}(@b${i + 1})`);
  parts.push(`@b${levels}:leaf`);
  return parts.join(";");
}

function soup(r: Random): string {
  const length = r.chance(0.05) ? r.int(4000, MAX_INPUT) : r.int(0, 60);
  let out = "";
  for (let i = 0; i < length; i++) out += r.pick(SOUP);
  return out.slice(0, MAX_INPUT);
}

function mutate(r: Random, source: string): string {
  let out = source;
  for (let n = r.int(1, 4); n > 0; n--) {
    const at = r.int(0, out.length);
    switch (r.int(0, 7)) {
      case 0:
        out = out.slice(0, at) + r.pick(SOUP) + out.slice(at);
        break;
      case 1:
        out = out.slice(0, at) + out.slice(at + r.int(1, 5));
        break;
      case 2:
        out = out.slice(0, at) + r.pick(SOUP) + out.slice(at + 1);
        break;
      case 3:
        out = out.slice(0, at);
        break;
      case 4: {
        const chunk = out.slice(at, at + r.int(1, 30));
        out = out.slice(0, at) + chunk.repeat(r.int(2, 20)) + out.slice(at);
        break;
      }
      case 5:
        out = out.replace(r.pick(["(", ")", ",", ";", "@", ":"]), r.pick(["(", ")", ",", ";", "@", ":", ""]));
        break;
      case 6:
        out = `${"(".repeat(r.int(0, 40))}${out}${")".repeat(r.int(0, 40))}`;
        break;
      default:
        out = out.slice(0, at) + r.pick(BLANKS) + out.slice(at);
    }
  }
  return out.slice(0, MAX_INPUT);
}

// ---------- checks ----------

/** Node count with aliases expanded, or Infinity past `limit`: never walks more than `limit` nodes. */
function expandedSize(tree: FieldTree, limit = MAX_EXPANDED_NODES): number {
  let count = 0;
  const walk = (t: FieldTree): boolean => {
    for (const subtree of t.values()) {
      count += 1;
      if (count > limit) return false;
      if (subtree !== null && !walk(subtree)) return false;
    }
    return true;
  };
  return walk(tree) ? count : Infinity;
}

/** The tree as plain data, for deep equality. Only called on trees expandedSize accepted. */
const plain = (tree: FieldTree): [string, unknown][] =>
  [...tree].map(([key, subtree]) => [key, subtree === null ? null : plain(subtree)]);

/** The same, in name order: a shape is an object, whose integer-like keys (a field "0") come first. */
const plainUnordered = (tree: FieldTree): [string, unknown][] =>
  [...tree]
    .map(([key, subtree]): [string, unknown] => [key, subtree === null ? null : plainUnordered(subtree)])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

function height(tree: FieldTree, memo = new Map<FieldTree, number>()): number {
  const known = memo.get(tree);
  if (known !== undefined) return known;
  let h = 0;
  for (const subtree of tree.values()) if (subtree !== null) h = Math.max(h, height(subtree, memo) + 1);
  memo.set(tree, h);
  return h;
}

function namesOf(tree: FieldTree, seen = new Set<FieldTree>(), out = new Set<string>()): Set<string> {
  if (seen.has(tree)) return out;
  seen.add(tree);
  for (const [key, subtree] of tree) {
    out.add(key);
    if (subtree !== null) namesOf(subtree, seen, out);
  }
  return out;
}

/** A shape that selects exactly `tree`; own data properties even for "__proto__". */
function shapeOf(tree: FieldTree): FieldShape {
  const shape: Record<string, unknown> = {};
  for (const [key, subtree] of tree) {
    Object.defineProperty(shape, key, {
      value: subtree === null ? true : shapeOf(subtree),
      enumerable: true,
      configurable: true,
      writable: true,
    });
  }
  return shape as FieldShape;
}

type Outcome = { tree: FieldTree } | { error: FieldSelectorSyntaxError };

/** parseFields, which may only fail with its own error, at a position inside the input. */
function parseChecked(input: string, label: string): Outcome {
  try {
    return { tree: parseFields(input) };
  } catch (error) {
    expect(error, `${label}: ${String(error)}`).toBeInstanceOf(FieldSelectorSyntaxError);
    const syntax = error as FieldSelectorSyntaxError;
    expect(Number.isInteger(syntax.position), label).toBe(true);
    expect(syntax.position, label).toBeGreaterThanOrEqual(0);
    expect(syntax.position, label).toBeLessThanOrEqual(Math.max(input.length, FIELD_SELECTOR_MAX_LENGTH));
    expect(syntax.message, label).toMatch(/ at position \d+$/);
    return { error: syntax };
  }
}

/** What every accepted selector must satisfy, and the round trips the spec promises. */
function checkAccepted(input: string, tree: FieldTree, label: string): "round-tripped" | "too large" {
  expect(input.length, label).toBeLessThanOrEqual(FIELD_SELECTOR_MAX_LENGTH);
  expect(tree.size, label).toBeGreaterThan(0);
  expect(height(tree), label).toBeLessThanOrEqual(FIELD_SELECTOR_MAX_DEPTH);
  for (const key of namesOf(tree)) expect(key, label).toMatch(NAME_PATTERN);
  if (expandedSize(tree) === Infinity) return "too large";

  // Canonical text: parses back to the same tree and is a fixed point.
  const canonical = serializeFields(tree);
  expect(canonical, label).not.toMatch(/\s|@|;/);
  if (canonical.length <= FIELD_SELECTOR_MAX_LENGTH) {
    const again = parseFields(canonical);
    expect(plain(again), label).toEqual(plain(tree));
    expect(serializeFields(again), label).toBe(canonical);
  }
  // buildFields (deduplicated, with aliases) selects the same tree: buildFields(parse(x)) is stable.
  const built = buildFields(shapeOf(tree));
  if (built.length <= FIELD_SELECTOR_MAX_LENGTH) {
    const rebuilt = parseFields(built);
    expect(plainUnordered(rebuilt), `${label} built: ${built}`).toEqual(plainUnordered(tree));
    expect(buildFields(shapeOf(rebuilt)), label).toBe(built);
  }
  expect(built.length, label).toBeLessThanOrEqual(canonical.length + 64);
  return "round-tripped";
}

function runParserCases(seed: number, make: (r: Random, i: number) => string) {
  const r = new Random(seed);
  const tally = { accepted: 0, refused: 0, roundTripped: 0 };
  for (let i = 0; i < CASES; i++) {
    const input = make(r, i);
    expect(input.length).toBeLessThanOrEqual(MAX_INPUT);
    const label = `seed ${seed} case ${i}: ${JSON.stringify(input.slice(0, 160))}`;
    const outcome = parseChecked(input, label);
    if ("error" in outcome) {
      tally.refused += 1;
      if (input.length > FIELD_SELECTOR_MAX_LENGTH) expect(outcome.error.message).toMatch(/longer than/);
      continue;
    }
    tally.accepted += 1;
    if (checkAccepted(input, outcome.tree, label) === "round-tripped") tally.roundTripped += 1;
  }
  return tally;
}

// ---------- tests ----------

test(
  "grammatical selectors parse or fail with FieldSelectorSyntaxError, and accepted ones round-trip",
  FUZZ_TIMEOUT,
  () => {
    const tally = runParserCases(0x5e1ec7, (r) => (r.chance(0.03) ? aliasBomb(r) : grammatical(r)));
    // The generator mostly makes valid selectors; the checks above ran on most cases.
    expect(tally.accepted).toBeGreaterThan(CASES * 0.6);
    expect(tally.roundTripped).toBeGreaterThan(CASES * 0.5);
    expect(tally.refused).toBeGreaterThan(0);
  },
);

test("random character soup never throws anything but FieldSelectorSyntaxError", FUZZ_TIMEOUT, () => {
  const tally = runParserCases(0xc0ffee, soup);
  expect(tally.refused).toBeGreaterThan(CASES * 0.5);
});

test(
  "mutated valid selectors never throw anything else, and what they still parse round-trips",
  FUZZ_TIMEOUT,
  () => {
    const tally = runParserCases(0xbadc0de, (r) =>
      mutate(r, r.chance(0.05) ? nested(r, 32) : grammatical(r)),
    );
    expect(tally.accepted).toBeGreaterThan(0);
    expect(tally.refused).toBeGreaterThan(0);
  },
);

test("buildFields with random extras fails only with its documented errors", FUZZ_TIMEOUT, () => {
  const r = new Random(0xe0e0e0);
  let built = 0;
  for (let i = 0; i < CASES; i++) {
    const outcome = parseChecked(grammatical(r), `extras seed case ${i}`);
    if ("error" in outcome || expandedSize(outcome.tree) === Infinity) continue;
    const shape = shapeOf(outcome.tree);
    // Array branches: extras may add names only there.
    const withArrays = Object.fromEntries(
      Object.entries(shape).map(([key, value]) => [key, value !== true && r.chance(0.5) ? [value] : value]),
    ) as FieldShape;
    const keys = [...Object.keys(withArrays), name(r)];
    const extra: Record<string, unknown> = {};
    for (let n = r.int(0, 3); n > 0; n--) {
      const key = r.pick(keys);
      extra[key] = r.chance(0.7)
        ? Array.from({ length: r.int(0, 3) }, () => (r.chance(0.7) ? grammatical(r) : mutate(r, name(r))))
        : { [name(r)]: [name(r)] };
    }
    const label = `extras case ${i}: ${JSON.stringify(extra).slice(0, 200)}`;
    try {
      const selector = buildFields(withArrays, extra as ExtraFields);
      built += 1;
      expect(selector.length, label).toBeGreaterThan(0);
    } catch (error) {
      expect(
        error instanceof FieldShapeError || error instanceof FieldSelectorSyntaxError,
        `${label}: ${String(error)}`,
      ).toBe(true);
    }
  }
  expect(built).toBeGreaterThan(CASES * 0.2);
});

test(
  "pickFields with fuzzed trees keeps only selected keys and never touches prototypes",
  FUZZ_TIMEOUT,
  () => {
    const r = new Random(0x9ec7);
    const value = () => ({
      id: "1",
      $type: "Issue",
      nested: { a: 1, b: [{ c: 2 }, null, 3] },
      list: [{ id: "x" }, { id: "y", $type: "User" }],
      ["__proto__"]: { polluted: true },
    });
    for (let i = 0; i < CASES; i++) {
      const outcome = parseChecked(
        r.chance(0.5) ? grammatical(r) : mutate(r, "id,nested(a,b(c)),list(id)"),
        `pick ${i}`,
      );
      if ("error" in outcome) continue;
      const picked = pickFields(value(), outcome.tree) as Record<string, unknown>;
      for (const key of Object.keys(picked)) expect(outcome.tree.has(key) || key === "$type").toBe(true);
      expect(Object.getPrototypeOf(picked)).toBe(Object.prototype);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    }
  },
);

const backend = useBackend();

test(
  "the mock backend answers fuzzed ?fields= with 200 or 400, never a server error",
  FUZZ_TIMEOUT,
  async () => {
    const r = new Random(0xa91);
    const valid = "version,l10n(locale,language,isRTL),ring(url),hosted(hosted),build,helpdeskEnabled";
    const statuses = new Map<number, number>();
    for (let i = 0; i < 400; i++) {
      const selector = r.chance(0.4) ? mutate(r, valid) : r.chance(0.5) ? grammatical(r) : soup(r);
      // Lone surrogates travel as U+FFFD, as a browser sends them; some cases add raw bad escapes.
      const raw = r.chance(0.1) ? r.pick(["%", "%E0%A4%A", "%ED%A0%80", "%00", "%FF", "%2", "%%"]) : "";
      const answer = await backend.client.request(
        "GET",
        `/api/config?fields=${encodeURIComponent(selector.toWellFormed())}${raw}`,
      );
      const label = `case ${i}: ${JSON.stringify(selector.slice(0, 160))} → ${answer.status} ${answer.text.slice(0, 200)}`;
      expect([200, 400], label).toContain(answer.status);
      if (answer.status === 400) expect(answer.json, label).toMatchObject({ error: "bad_request" });
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    }
    expect(statuses.get(200)).toBeGreaterThan(0);
    expect(statuses.get(400)).toBeGreaterThan(0);
  },
);
