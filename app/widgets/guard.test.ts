import { afterEach, expect, test } from "vitest";
import { evaluateGuard, GuardError, passesGuard } from "./guard.ts";

/** An issue as the host passes it to guards: fields as a list, as in `WidgetEntitySchema`. */
const issue = (state: string | null = "To do", priority: number | string = 3) => ({
  type: "issue",
  id: "2-7",
  idReadable: "DEMO-7",
  summary: "Guarded",
  project: { id: "0-1", shortName: "DEMO" },
  fields: [
    { id: "1", name: "State", type: "state", value: state },
    { id: "2", name: "Priority", type: "integer", value: priority },
    { id: "3", name: "Due Date", type: "date", value: null },
  ],
});

const marker = globalThis as { guardRan?: unknown };
afterEach(() => {
  delete marker.guardRan;
});

test("the product's example guard reads a field of the host's list by name", () => {
  const guard = "entity.fields.State?.value === 'To do'";
  expect(passesGuard(guard, issue("To do"))).toBe(true);
  expect(passesGuard(guard, issue("Done"))).toBe(false);
  expect(passesGuard(guard, { ...issue(), fields: [] })).toBe(false);
  expect(passesGuard(guard, { type: "issue", id: "2-7" })).toBe(false);
  expect(passesGuard(guard, null)).toBe(false);
});

test("an empty guard passes, whatever the entity", () => {
  for (const guard of [null, undefined, "", "   ", "\n\t"]) {
    expect(passesGuard(guard, null)).toBe(true);
    expect(passesGuard(guard, issue())).toBe(true);
  }
});

test("&&, || and ! combine, with && binding tighter than ||", () => {
  const entity = issue("To do", 3);
  expect(
    passesGuard("entity.fields.State.value === 'To do' && entity.fields.Priority.value === 3", entity),
  ).toBe(true);
  expect(
    passesGuard("entity.fields.State.value === 'Done' && entity.fields.Priority.value === 3", entity),
  ).toBe(false);
  expect(
    passesGuard("entity.fields.State.value === 'Done' || entity.fields.Priority.value === 3", entity),
  ).toBe(true);
  expect(passesGuard("!entity.draft", entity)).toBe(true);
  expect(passesGuard("!!entity.id", entity)).toBe(true);
  expect(passesGuard("!(entity.type === 'issue')", entity)).toBe(false);
  expect(passesGuard("true || false && false", entity)).toBe(true);
  expect(passesGuard("(true || false) && false", entity)).toBe(false);
  expect(passesGuard("((entity.type === 'article') || (entity.type === 'issue'))", entity)).toBe(true);
});

test("comparisons of numbers and strings; mixed types never order", () => {
  const entity = issue("To do", 3);
  expect(passesGuard("entity.fields.Priority.value > 2", entity)).toBe(true);
  expect(passesGuard("entity.fields.Priority.value >= 3", entity)).toBe(true);
  expect(passesGuard("entity.fields.Priority.value < 3", entity)).toBe(false);
  expect(passesGuard("entity.fields.Priority.value <= 2.5", entity)).toBe(false);
  expect(passesGuard("entity.fields.State.value < 'Z'", entity)).toBe(true);
  expect(passesGuard("entity.fields.State.value != 'Done'", entity)).toBe(true);
  expect(passesGuard("entity.fields.State.value !== 'To do'", entity)).toBe(false);
  expect(passesGuard("entity.fields.Priority.value === '3'", entity)).toBe(false);
  expect(passesGuard("entity.fields.Priority.value > '2'", entity)).toBe(false);
  expect(passesGuard("entity.fields.Priority.value < '4'", entity)).toBe(false);
  expect(passesGuard("entity.draft < 1", entity)).toBe(false);
});

test("== and != compare primitives as JavaScript does, objects by identity", () => {
  const entity = issue("To do", 3);
  expect(passesGuard("entity.fields.Priority.value == '3'", entity)).toBe(true);
  expect(passesGuard("entity.fields.Assignee?.value == null", entity)).toBe(true);
  expect(passesGuard("entity.fields.Assignee?.value === null", entity)).toBe(false);
  expect(passesGuard("entity.fields['Due Date'].value != undefined", entity)).toBe(false);
  expect(passesGuard("entity.draft == 0", { ...entity, draft: false })).toBe(true);
  expect(passesGuard("entity.project == 'DEMO'", entity)).toBe(false);
  expect(passesGuard("entity.project == entity.project", entity)).toBe(true);
  expect(passesGuard("entity.project != '[object Object]'", entity)).toBe(true);
});

test("! binds tighter than a comparison, as in JavaScript", () => {
  const entity = { ...issue(), draft: false };
  expect(passesGuard("!entity.draft === true", entity)).toBe(true);
  expect(passesGuard("!entity.fields.State.value === 'Done'", entity)).toBe(false);
  expect(passesGuard("!(entity.fields.State.value === 'Done')", entity)).toBe(true);
  expect(passesGuard("entity.draft === !entity.id", entity)).toBe(true);
});

test("literals: strings with either quote and escapes, numbers, booleans, null and undefined", () => {
  const entity = { ...issue(), summary: 'It\'s "quoted"' };
  expect(passesGuard(`entity.summary === "It's \\"quoted\\""`, entity)).toBe(true);
  expect(passesGuard(`entity.summary === 'It\\'s "quoted"'`, entity)).toBe(true);
  expect(passesGuard("entity.fields['Due Date'].value === null", entity)).toBe(true);
  expect(passesGuard("entity.missing === undefined", entity)).toBe(true);
  expect(passesGuard("true", null)).toBe(true);
  expect(passesGuard("false", null)).toBe(false);
  expect(passesGuard("null", null)).toBe(false);
  expect(passesGuard("0", null)).toBe(false);
  expect(passesGuard("1.5 > 1", null)).toBe(true);
  expect(passesGuard("'a'", null)).toBe(true);
});

test("bracket access with string and number literals, and optional chaining over missing values", () => {
  const entity = { ...issue(), tags: ["first", "second"] };
  expect(passesGuard("entity['project']['shortName'] === 'DEMO'", entity)).toBe(true);
  expect(passesGuard('entity.fields["State"].value === "To do"', entity)).toBe(true);
  expect(passesGuard("entity.tags[1] === 'second'", entity)).toBe(true);
  expect(passesGuard("entity.nothing?.deeper?.still === undefined", entity)).toBe(true);
  expect(passesGuard("entity.nothing.deeper.still === undefined", entity)).toBe(true);
  expect(passesGuard("entity.tags.length === 2", entity)).toBe(true);
});

test("only own properties are read: inherited members are undefined", () => {
  const entity = issue();
  for (const guard of [
    "entity.toString",
    "entity.hasOwnProperty",
    "entity.summary.length",
    "entity.fields.hasOwnProperty",
    "entity.fields.State.value.constructor",
    "entity.__proto__",
    "entity['__proto__']",
    "entity.constructor",
    "entity.constructor.prototype",
    "entity['constructor']['prototype']",
  ]) {
    expect(passesGuard(guard, entity), guard).toBe(false);
    expect(passesGuard(`${guard} === undefined`, entity), guard).toBe(true);
  }
});

test("fields named like prototype keys are left out of the by-name view", () => {
  const entity = {
    type: "issue",
    id: "1",
    fields: [
      { id: "1", name: "__proto__", type: "string", value: "x" },
      { id: "2", name: "constructor", type: "string", value: "y" },
    ],
  };
  expect(passesGuard("entity.fields.__proto__", entity)).toBe(false);
  expect(passesGuard("entity.fields.constructor", entity)).toBe(false);
  expect(({} as Record<string, unknown>).value).toBeUndefined();
});

test("an entity parsed from JSON with a __proto__ key does not lend it to the guard", () => {
  const entity: unknown = JSON.parse('{"type":"issue","id":"1","__proto__":{"admin":true},"fields":[]}');
  expect(passesGuard("entity.admin", entity)).toBe(false);
  expect(passesGuard("entity.__proto__.admin", entity)).toBe(false);
});

test("unsupported and hostile guards hide the widget and never run code", () => {
  const hostile = [
    "constructor.constructor('return process')()",
    "entity.constructor.constructor('globalThis.guardRan = 1')()",
    "globalThis.guardRan = 1",
    "(() => { globalThis.guardRan = 1 })()",
    "entity.fields.State.value = 'Done'",
    "entity.id == 1 ? true : false",
    "`${entity.id}`",
    "`x`",
    "alert(1)",
    "entity.toString()",
    "entity.fields.map(f => f)",
    "entity.fields[entity.id]",
    "entity[entity.id]",
    "new Function('return 1')",
    "typeof entity",
    "entity instanceof Object",
    "1 + 1 === 2",
    "-1 < 0",
    "entity.id === 'a' & true",
    "entity.id === 'a' | true",
    "void 0",
    "import('fs')",
    "require('child_process')",
    "entity.id; globalThis.guardRan = 1",
    "entity.id, true",
    "'unterminated",
    "entity.",
    "entity[",
    "entity['id'",
    "(true",
    "true)",
    "!",
    "&&",
    "=== 'x'",
    "entity.id ===",
    "/regex/.test('x')",
    "entity.#secret",
    "entity?.[0]",
    "1e3 > 1",
    "true ".repeat(2),
    "\u0000",
    `${"(".repeat(200)}true${")".repeat(200)}`.repeat(2),
    `entity.id === '${"x".repeat(600)}'`,
    `${"!".repeat(499)}x`.repeat(2),
  ];
  for (const guard of hostile) {
    expect(passesGuard(guard, issue()), guard).toBe(false);
    expect(() => evaluateGuard(guard, { entity: issue() }), guard).toThrow(GuardError);
  }
  // Valid syntax that reaches for what a guard may not see reads undefined instead.
  for (const guard of [
    "entity.__proto__.polluted",
    "entity['__proto__']['polluted'] === undefined && globalThis.guardRan",
    "process.env",
    "globalThis",
    "window.location",
    "this",
  ]) {
    expect(passesGuard(guard, issue()), guard).toBe(false);
  }
  expect(marker.guardRan).toBeUndefined();
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
});

test("deep but short nesting is read, and a guard over 500 characters is refused", () => {
  expect(passesGuard(`${"(".repeat(240)}true${")".repeat(240)}`, null)).toBe(true);
  expect(passesGuard(`${"!".repeat(400)}true`, null)).toBe(true);
  const long = `entity.id === '${"x".repeat(490)}'`;
  expect(long.length).toBeGreaterThan(500);
  expect(passesGuard(long, { id: "x".repeat(490) })).toBe(false);
});
