// A widget's `guard` (manifest): an expression over the hosting entity that decides whether the widget
// shows, such as `entity.fields.State?.value === 'To do'`. Apps are third-party code, so the guard is never
// run as JavaScript: this reads a small expression language (property access, comparison, &&, ||, !,
// parentheses and literals) and evaluates it over plain data. Anything else hides the widget.

type Token =
  | { kind: "name"; value: string }
  | { kind: "literal"; value: string | number | boolean | null | undefined }
  | { kind: "op"; value: string };

const OPERATORS = [
  "===",
  "!==",
  "==",
  "!=",
  "<=",
  ">=",
  "&&",
  "||",
  "?.",
  "<",
  ">",
  "!",
  ".",
  "(",
  ")",
  "[",
  "]",
];
const MAX_LENGTH = 500;

export class GuardError extends Error {}

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const c = source[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === "'" || c === '"') {
      let value = "";
      i++;
      while (i < source.length && source[i] !== c) {
        if (source[i] === "\\") i++;
        value += source[i] ?? "";
        i++;
      }
      if (source[i] !== c) throw new GuardError("unterminated string");
      i++;
      tokens.push({ kind: "literal", value });
      continue;
    }
    const number = /^\d+(\.\d+)?/.exec(source.slice(i));
    if (number) {
      tokens.push({ kind: "literal", value: Number(number[0]) });
      i += number[0].length;
      continue;
    }
    const name = /^[A-Za-z_$][\w$]*/.exec(source.slice(i));
    if (name) {
      const word = name[0];
      if (word === "true" || word === "false") tokens.push({ kind: "literal", value: word === "true" });
      else if (word === "null") tokens.push({ kind: "literal", value: null });
      else if (word === "undefined") tokens.push({ kind: "literal", value: undefined });
      else tokens.push({ kind: "name", value: word });
      i += word.length;
      continue;
    }
    const op = OPERATORS.find((candidate) => source.startsWith(candidate, i));
    if (!op) throw new GuardError(`unexpected ${c}`);
    tokens.push({ kind: "op", value: op });
    i += op.length;
  }
  return tokens;
}

const FORBIDDEN = new Set(["__proto__", "constructor", "prototype"]);

function member(target: unknown, key: string): unknown {
  if (FORBIDDEN.has(key) || target === null || typeof target !== "object") return undefined;
  return Object.prototype.hasOwnProperty.call(target, key)
    ? (target as Record<string, unknown>)[key]
    : undefined;
}

/** JavaScript's `==` between primitives (so `x == null` also holds for undefined); objects by identity. */
function looseEquals(left: unknown, right: unknown): boolean {
  const primitive = (value: unknown) => value === null || typeof value !== "object";
  // Only primitives reach `==`, so no valueOf or toString runs.
  return primitive(left) && primitive(right) ? left == right : left === right;
}

/** Evaluates `source` over `scope` (own properties only); throws GuardError for what it does not read. */
export function evaluateGuard(source: string, scope: Record<string, unknown>): boolean {
  if (source.length > MAX_LENGTH) throw new GuardError("too long");
  const tokens = tokenize(source);
  let position = 0;
  const peek = () => tokens[position];
  const isOp = (value: string) => peek()?.kind === "op" && peek()?.value === value;
  const expect = (value: string) => {
    if (!isOp(value)) throw new GuardError(`expected ${value}`);
    position++;
  };

  function primary(): unknown {
    const token = peek();
    if (!token) throw new GuardError("unexpected end");
    if (token.kind === "literal") {
      position++;
      return token.value;
    }
    if (token.kind === "op" && token.value === "(") {
      position++;
      const value = or();
      expect(")");
      return value;
    }
    if (token.kind !== "name") throw new GuardError(`unexpected ${token.value}`);
    position++;
    let value = member(scope, token.value);
    for (;;) {
      if (isOp(".") || isOp("?.")) {
        position++;
        const next = peek();
        if (next?.kind !== "name") throw new GuardError("expected a property name");
        position++;
        value = member(value, next.value);
      } else if (isOp("[")) {
        position++;
        const key = peek();
        if (key?.kind !== "literal" || (typeof key.value !== "string" && typeof key.value !== "number")) {
          throw new GuardError("expected a literal key");
        }
        position++;
        expect("]");
        value = member(value, String(key.value));
      } else return value;
    }
  }
  // As in JavaScript, `!` binds tighter than comparisons: `!a === b` is `(!a) === b`.
  function not(): unknown {
    if (isOp("!")) {
      position++;
      return !not();
    }
    return primary();
  }
  function comparison(): unknown {
    const left = not();
    const token = peek();
    if (token?.kind !== "op" || !["===", "!==", "==", "!=", "<", ">", "<=", ">="].includes(token.value))
      return left;
    position++;
    const right = not();
    switch (token.value) {
      case "===":
        return left === right;
      case "!==":
        return left !== right;
      case "==":
        return looseEquals(left, right);
      case "!=":
        return !looseEquals(left, right);
      default: {
        if (typeof left !== typeof right || (typeof left !== "number" && typeof left !== "string"))
          return false;
        const [a, b] = [left as number | string, right as number | string];
        return token.value === "<"
          ? a < b
          : token.value === ">"
            ? a > b
            : token.value === "<="
              ? a <= b
              : a >= b;
      }
    }
  }
  function and(): unknown {
    let value = comparison();
    while (isOp("&&")) {
      position++;
      const right = comparison();
      value = value && right;
    }
    return value;
  }
  function or(): unknown {
    let value = and();
    while (isOp("||")) {
      position++;
      const right = and();
      value = value || right;
    }
    return value;
  }
  const result = or();
  if (position !== tokens.length) throw new GuardError("unexpected text after the expression");
  return Boolean(result);
}

/**
 * Whether a widget with this guard shows for this entity. Fields are reachable by name
 * (`entity.fields.State.value`) as in the product; a guard this language cannot read hides the widget.
 */
export function passesGuard(guard: string | null | undefined, entity: unknown): boolean {
  if (!guard || !guard.trim()) return true;
  let view = entity;
  if (entity && typeof entity === "object" && Array.isArray((entity as { fields?: unknown }).fields)) {
    const fields = Object.create(null) as Record<string, unknown>;
    for (const field of (entity as { fields: { name?: unknown }[] }).fields) {
      if (field && typeof field.name === "string" && !FORBIDDEN.has(field.name)) fields[field.name] = field;
    }
    view = { ...entity, fields: Object.assign({}, fields) };
  }
  try {
    return evaluateGuard(guard, { entity: view });
  } catch {
    return false;
  }
}
