// The query assist (`POST search/assist`): how each part of a query reads (styleRanges) and what may be
// typed at the caret (suggestions), from the same parse as the search itself (search-query.ts).
import type { SearchSuggestions, Suggestion } from "#contract/app-api.ts";
import {
  findAttribute,
  ISSUE_ATTRIBUTES,
  parseQuery,
  QueryError,
  queryCondition,
  RESOLVED_KEYWORDS,
  type Catalog,
  type Span,
  type Term,
} from "./search-query.ts";

export const MAX_SUGGESTIONS = 20;

type StyleRange = SearchSuggestions["styleRanges"][number];
interface Option {
  option: string;
  description: string | null;
}

/** Whether `term` alone compiles: an unknown field or value is shown as an error. */
function reads(catalog: Catalog, term: Term): boolean {
  try {
    queryCondition(catalog, [term]);
    return true;
  } catch (error) {
    if (error instanceof QueryError) return false;
    throw error;
  }
}

function styleRanges(catalog: Catalog, terms: Term[]): StyleRange[] {
  const ranges: StyleRange[] = [];
  const add = (start: number, end: number, style: StyleRange["style"]) => {
    if (end > start) ranges.push({ start, length: end - start, style });
  };
  for (const term of terms) {
    if (term.kind === "text") {
      add(term.value.start, term.value.end, "text");
    } else if (term.kind === "hash") {
      add(term.mark, term.value.end, reads(catalog, term) ? "field_value" : "error");
    } else {
      const known = findAttribute(catalog, term.name.text) !== null;
      add(term.name.start, term.name.end, known ? "field_name" : "error");
      add(term.colon, term.colon + 1, "operator");
      for (const value of term.values) {
        const ok = known && reads(catalog, { ...term, values: [value] });
        add(value.start, value.end, ok ? "field_value" : "error");
      }
    }
  }
  return ranges;
}

function fieldNames(catalog: Catalog): Option[] {
  return [
    ...ISSUE_ATTRIBUTES.map((name) => ({ option: name, description: null })),
    ...catalog.fields.map((f) => ({ option: f.name, description: f.valueType })),
  ];
}

function valuesOf(catalog: Catalog, fieldName: string): Option[] {
  const attribute = findAttribute(catalog, fieldName);
  if (!attribute) return [];
  const users = () => [
    { option: "me", description: catalog.me.login },
    ...catalog.users.map((u) => ({ option: u.login, description: u.name })),
  ];
  if (attribute.kind === "project") {
    return catalog.projects.map((p) => ({ option: p.shortName, description: p.name }));
  }
  if (attribute.kind === "reporter") return users();
  const { field } = attribute;
  if (field.valueType === "user") return [...users(), { option: "Unassigned", description: field.name }];
  return field.bundle.map((e) => ({ option: e.name, description: field.name }));
}

function hashValues(catalog: Catalog): Option[] {
  return [
    ...RESOLVED_KEYWORDS.map((option) => ({ option, description: null })),
    ...catalog.projects.map((p) => ({ option: p.shortName, description: p.name })),
    ...catalog.fields.flatMap((f) => f.bundle.map((e) => ({ option: e.name, description: f.name }))),
  ];
}

/** Options that contain what is typed, those starting with it first, as suggestions replacing `span`. */
function suggest(
  options: Option[],
  typed: string,
  span: { start: number; end: number },
  affix: { prefix: string; suffix: string },
): Suggestion[] {
  const needle = typed.toLowerCase();
  const seen = new Set<string>();
  return options
    .map((o) => ({ ...o, at: o.option.toLowerCase().indexOf(needle) }))
    .filter((o) => o.at !== -1 && !seen.has(o.option) && seen.add(o.option))
    .sort((a, b) => Number(a.at !== 0) - Number(b.at !== 0))
    .slice(0, MAX_SUGGESTIONS)
    .map((o, i) => {
      const braced = /[\s{}:,]/.test(o.option);
      const prefix = affix.prefix + (braced ? "{" : "");
      const suffix = (braced ? "}" : "") + affix.suffix;
      return {
        id: String(i),
        option: o.option,
        prefix,
        suffix,
        description: o.description,
        group: null,
        icon: null,
        matchingStart: o.at,
        matchingEnd: o.at + typed.length,
        completionStart: span.start,
        completionEnd: span.end,
        caret: span.start + prefix.length + o.option.length + suffix.length,
      };
    });
}

const contains = (span: Span, caret: number) => span.start <= caret && caret <= span.end;

function suggestionsAt(catalog: Catalog, query: string, terms: Term[], caret: number): Suggestion[] {
  const atEnd = (span: Span) => (query.slice(span.end).trim() === "" ? " " : "");
  for (const term of terms) {
    if (term.kind === "field") {
      const value = term.values.find((v) => contains(v, caret));
      if (value && caret > term.colon) {
        const typed = query.slice(value.start, caret).replace(/^\{/, "");
        return suggest(valuesOf(catalog, term.name.text), typed, value, { prefix: "", suffix: atEnd(value) });
      }
      if (contains(term.name, caret)) {
        const typed = query.slice(term.name.start, caret);
        return suggest(
          fieldNames(catalog),
          typed,
          { start: term.name.start, end: term.colon + 1 },
          {
            prefix: "",
            suffix: ": ",
          },
        );
      }
    } else if (term.kind === "hash" && caret > term.mark && caret <= term.value.end) {
      const typed = query.slice(term.value.start, caret).replace(/^\{/, "");
      return suggest(
        hashValues(catalog),
        typed,
        { start: term.mark, end: term.value.end },
        {
          prefix: query[term.mark]!,
          suffix: atEnd(term.value),
        },
      );
    } else if (term.kind === "text" && contains(term.value, caret)) {
      const typed = query.slice(term.value.start, caret);
      return [
        ...suggest(fieldNames(catalog), typed, term.value, { prefix: "", suffix: ": " }),
        ...suggest(hashValues(catalog), typed, term.value, { prefix: "#", suffix: atEnd(term.value) }),
      ].slice(0, MAX_SUGGESTIONS);
    }
  }
  const here = { start: caret, end: caret };
  const space = caret > 0 && !/\s/.test(query[caret - 1]!) ? " " : "";
  return suggest(fieldNames(catalog), "", here, { prefix: space, suffix: ": " });
}

export function assistQuery(catalog: Catalog, query: string, caret = query.length): SearchSuggestions {
  const at = Math.min(caret, query.length);
  let terms: Term[];
  try {
    terms = parseQuery(query);
  } catch (error) {
    if (!(error instanceof QueryError)) throw error;
    return {
      id: "search-assist",
      query,
      caret: at,
      styleRanges: [{ start: error.start, length: Math.max(error.end - error.start, 1), style: "error" }],
      suggestions: [],
    };
  }
  return {
    id: "search-assist",
    query,
    caret: at,
    styleRanges: styleRanges(catalog, terms),
    suggestions: suggestionsAt(catalog, query, terms, at),
  };
}
