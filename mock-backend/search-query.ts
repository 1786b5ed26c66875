// The part of the product's search query language the mock understands (`field: value`, `#value`,
// `-value`, `{braced words}`, free words); one parse serves the list, the counts and the query assist.
import type { Prisma } from "#prisma/generated/client.ts";
import type { BundleElement, FieldValueType } from "#contract/app-api.ts";
import { badRequest } from "./http.ts";

export interface Span {
  text: string;
  start: number;
  end: number;
}

export type Term =
  | { kind: "field"; name: Span; colon: number; values: Span[] }
  | { kind: "hash"; negated: boolean; mark: number; value: Span }
  | { kind: "text"; value: Span };

/** What a query can name: the projects, fields and users the caller may see. */
export interface Catalog {
  me: { id: string; login: string };
  projects: { id: string; shortName: string; name: string }[];
  fields: { id: string; name: string; valueType: FieldValueType; bundle: BundleElement[] }[];
  users: { id: string; login: string; name: string }[];
  /** Free words ignore case: SQLite's LIKE does for ASCII, PostgreSQL needs the insensitive mode. */
  caseInsensitiveText?: boolean;
}

export const RESOLVED_KEYWORDS = ["Resolved", "Unresolved"] as const;
export const ISSUE_ATTRIBUTES = ["project", "reporter"] as const;
/** The words that stand for "no value" in a field that can be empty. */
const EMPTY_VALUES = ["unassigned", "no value", "null"];

export class QueryError extends Error {
  readonly start: number;
  readonly end: number;
  constructor(message: string, start: number, end: number) {
    super(message);
    this.start = start;
    this.end = end;
  }
}

const isSpace = (c: string | undefined) => c !== undefined && /\s/.test(c);
const SPECIAL = new Set([":", ",", "{", "}"]);

/** A word or a {braced phrase} from `i`; an unclosed brace runs to the end (it is being typed). */
function readWord(query: string, i: number): Span & { closed: boolean } {
  if (query[i] === "{") {
    const close = query.indexOf("}", i + 1);
    const end = close === -1 ? query.length : close + 1;
    return { text: query.slice(i + 1, close === -1 ? end : close), start: i, end, closed: close !== -1 };
  }
  let j = i;
  while (j < query.length && !isSpace(query[j]) && !SPECIAL.has(query[j]!)) j++;
  return { text: query.slice(i, j), start: i, end: j, closed: true };
}

function skipSpaces(query: string, i: number): number {
  while (isSpace(query[i])) i++;
  return i;
}

/** Splits a query into terms, keeping where each part is; throws QueryError on what cannot be read. */
export function parseQuery(query: string): Term[] {
  const terms: Term[] = [];
  let i = skipSpaces(query, 0);
  while (i < query.length) {
    const c = query[i]!;
    if ((c === "#" || c === "-") && i + 1 < query.length && !isSpace(query[i + 1])) {
      const value = readWord(query, i + 1);
      if (!value.closed) throw new QueryError("A brace is not closed", value.start, value.end);
      terms.push({ kind: "hash", negated: c === "-", mark: i, value });
      i = skipSpaces(query, value.end);
      continue;
    }
    if (c === ":" || c === "," || c === "}") throw new QueryError(`Unexpected "${c}"`, i, i + 1);
    const word = readWord(query, i);
    if (!word.closed) throw new QueryError("A brace is not closed", word.start, word.end);
    const after = skipSpaces(query, word.end);
    if (query[after] !== ":") {
      terms.push({ kind: "text", value: word });
      i = after;
      continue;
    }
    const values: Span[] = [];
    let j = skipSpaces(query, after + 1);
    for (;;) {
      if (j >= query.length || query[j] === "," || query[j] === ":") {
        values.push({ text: "", start: j, end: j });
      } else {
        const value = readWord(query, j);
        if (!value.closed) throw new QueryError("A brace is not closed", value.start, value.end);
        values.push(value);
        j = value.end;
      }
      const next = skipSpaces(query, j);
      if (query[next] !== ",") {
        j = next;
        break;
      }
      j = skipSpaces(query, next + 1);
    }
    terms.push({ kind: "field", name: word, colon: after, values });
    i = j;
  }
  return terms;
}

const same = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: "accent" }) === 0;

type Attribute =
  { kind: "project" } | { kind: "reporter" } | { kind: "field"; field: Catalog["fields"][number] };

export function findAttribute(catalog: Catalog, name: string): Attribute | null {
  if (same(name, "project")) return { kind: "project" };
  if (same(name, "reporter") || same(name, "by")) return { kind: "reporter" };
  const field = catalog.fields.find((f) => same(f.name, name));
  return field ? { kind: "field", field } : null;
}

function findUser(catalog: Catalog, value: string) {
  if (same(value, "me")) return catalog.me;
  return catalog.users.find((u) => same(u.login, value)) ?? null;
}

const valueIn = (fieldId: string, values: string[]): Prisma.IssueWhereInput => ({
  fieldValues: { some: { projectField: { fieldId }, value: { in: values.map((v) => JSON.stringify(v)) } } },
});
const emptyField = (fieldId: string): Prisma.IssueWhereInput => ({
  fieldValues: { none: { projectField: { fieldId } } },
});

/** The condition one value of an attribute stands for; throws QueryError when it names nothing. */
function valueCondition(catalog: Catalog, attribute: Attribute, value: Span, name: string) {
  const unknown = () => new QueryError(`Unknown value "${value.text}" for ${name}`, value.start, value.end);
  if (value.text === "") throw new QueryError(`Give a value for ${name}`, value.start, value.end);
  if (attribute.kind === "project") {
    const project = catalog.projects.find((p) => same(p.shortName, value.text) || same(p.name, value.text));
    if (!project) throw unknown();
    return { projectId: project.id };
  }
  if (attribute.kind === "reporter") {
    const user = findUser(catalog, value.text);
    if (!user) throw unknown();
    return { reporterId: user.id };
  }
  const { field } = attribute;
  if (EMPTY_VALUES.some((empty) => same(empty, value.text))) return emptyField(field.id);
  if (field.valueType === "user") {
    const user = findUser(catalog, value.text);
    if (!user) throw unknown();
    return valueIn(field.id, [user.id]);
  }
  if (field.valueType === "enum" || field.valueType === "state") {
    const element = field.bundle.find((e) => same(e.name, value.text));
    if (!element) throw unknown();
    return valueIn(field.id, [element.id]);
  }
  return valueIn(field.id, [field.valueType === "integer" ? value.text : value.text]);
}

function hashCondition(catalog: Catalog, value: Span): Prisma.IssueWhereInput {
  if (same(value.text, "Unresolved")) return { resolved: null };
  if (same(value.text, "Resolved")) return { resolved: { not: null } };
  if (same(value.text, "me")) return valueCondition(catalog, { kind: "reporter" }, value, "reporter");
  const project = catalog.projects.find((p) => same(p.shortName, value.text));
  if (project) return { projectId: project.id };
  const matches = catalog.fields.flatMap((field) =>
    field.bundle.filter((e) => same(e.name, value.text)).map((e) => valueIn(field.id, [e.id])),
  );
  if (matches.length === 0) throw new QueryError(`Unknown value "${value.text}"`, value.start, value.end);
  return matches.length === 1 ? matches[0]! : { OR: matches };
}

function textCondition(catalog: Catalog, text: string): Prisma.IssueWhereInput {
  // The SQLite client's types do not know the mode; the PostgreSQL client takes the same condition.
  const match = { contains: text, ...(catalog.caseInsensitiveText ? { mode: "insensitive" } : {}) };
  return { OR: [{ idReadable: match }, { summary: match }, { description: match }] };
}

/** The issues a parsed query matches, as a Prisma condition; throws QueryError for a name it does not know. */
export function queryCondition(catalog: Catalog, terms: readonly Term[]): Prisma.IssueWhereInput {
  const all: Prisma.IssueWhereInput[] = [];
  for (const term of terms) {
    if (term.kind === "text") {
      if (!same(term.value.text, "and")) all.push(textCondition(catalog, term.value.text));
    } else if (term.kind === "hash") {
      const condition = hashCondition(catalog, term.value);
      all.push(term.negated ? { NOT: condition } : condition);
    } else {
      const attribute = findAttribute(catalog, term.name.text);
      if (!attribute) {
        throw new QueryError(`Unknown field "${term.name.text}"`, term.name.start, term.name.end);
      }
      const any = term.values.map((value) => valueCondition(catalog, attribute, value, term.name.text));
      all.push(any.length === 1 ? any[0]! : { OR: any });
    }
  }
  return all.length === 0 ? {} : { AND: all };
}

export function compileQuery(catalog: Catalog, query: string | null | undefined): Prisma.IssueWhereInput {
  try {
    return queryCondition(catalog, parseQuery(query ?? ""));
  } catch (error) {
    if (error instanceof QueryError) {
      throw badRequest(`Invalid search query: ${error.message}`, [
        { path: "query", message: `${error.message} (characters ${error.start}–${error.end})` },
      ]);
    }
    throw error;
  }
}
