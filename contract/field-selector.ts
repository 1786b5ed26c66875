import { EXTRA_MISMATCH_MESSAGE, EXTRA_NOT_ARRAY_MESSAGE } from "./field-selector-messages.ts";

export type FieldTree = ReadonlyMap<string, FieldTree | null>;

export type FieldShape = {
  readonly [key: string]: true | FieldShape | readonly [FieldShape];
};

export type ExtraFields = {
  readonly [key: string]: ExtraFields | readonly string[];
};

export const FIELD_DEDUP_MIN_LENGTH = 20;
export const FIELD_SELECTOR_MAX_LENGTH = 4096;
export const FIELD_SELECTOR_MAX_DEPTH = 32;

const TYPE_KEY = "$type";
const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(["__proto__", "constructor", "prototype"]);
const NAME_PATTERN = /^[A-Za-z0-9_$][A-Za-z0-9_$-]*$/;
const NAME_START_PATTERN = /[A-Za-z0-9_$]/;
const NAME_PART_PATTERN = /[A-Za-z0-9_$-]/;
const WHITESPACE = " \t\n\r";
// The field-selector errors; the error page shows them translated (app/lib/app-errors.ts).
export { EXTRA_MISMATCH_MESSAGE, EXTRA_NOT_ARRAY_MESSAGE };

export class FieldSelectorSyntaxError extends Error {
  override name = "FieldSelectorSyntaxError";
  readonly position: number;

  constructor(problem: string, position: number) {
    super(`${problem} at position ${position}`);
    this.position = position;
  }
}

export class FieldShapeError extends Error {
  override name = "FieldShapeError";
}

type FieldNode = {
  readonly kind: "field";
  readonly name: string;
  readonly position: number;
  readonly children: readonly ItemNode[] | null;
};

type AliasNode = {
  readonly kind: "alias";
  readonly name: string;
  readonly position: number;
};

type ItemNode = FieldNode | AliasNode;

type ParsedSelector = {
  readonly items: readonly ItemNode[];
  readonly definitions: ReadonlyMap<string, readonly ItemNode[]>;
};

type ResolvedList = { readonly tree: FieldTree; readonly height: number };

type MergeCache = Map<FieldTree, Map<FieldTree, FieldTree>>;

class SelectorParser {
  readonly #source: string;
  #position = 0;

  constructor(source: string) {
    this.#source = source;
  }

  parse(): ParsedSelector {
    const source = this.#source;
    if (source.length > FIELD_SELECTOR_MAX_LENGTH) {
      throw new FieldSelectorSyntaxError(
        `Selector is longer than ${FIELD_SELECTOR_MAX_LENGTH} characters`,
        FIELD_SELECTOR_MAX_LENGTH,
      );
    }
    this.#skipWhitespace();
    if (this.#position >= source.length) {
      throw new FieldSelectorSyntaxError("Empty selector", 0);
    }
    const items = this.#parseList(0, null);
    const definitions = new Map<string, readonly ItemNode[]>();
    while (this.#peek() === ";") {
      this.#position += 1;
      this.#skipWhitespace();
      const aliasPosition = this.#position;
      if (this.#peek() !== "@") {
        throw new FieldSelectorSyntaxError(
          `Expected an alias definition but found ${this.#describe()}`,
          aliasPosition,
        );
      }
      const name = this.#readAliasName();
      if (definitions.has(name)) {
        throw new FieldSelectorSyntaxError(`Duplicate alias definition "@${name}"`, aliasPosition);
      }
      this.#skipWhitespace();
      if (this.#peek() !== ":") {
        throw new FieldSelectorSyntaxError(
          `Expected ":" after alias "@${name}" but found ${this.#describe()}`,
          this.#position,
        );
      }
      this.#position += 1;
      this.#skipWhitespace();
      definitions.set(name, this.#parseList(0, null));
    }
    return { items, definitions };
  }

  // openPosition is null for top-level lists, which end at ";" or the end.
  #parseList(depth: number, openPosition: number | null): ItemNode[] {
    const items: ItemNode[] = [];
    for (;;) {
      this.#skipWhitespace();
      items.push(this.#parseItem(depth, openPosition));
      this.#skipWhitespace();
      const next = this.#peek();
      if (next === ",") {
        const commaPosition = this.#position;
        this.#position += 1;
        this.#skipWhitespace();
        if (this.#isListEnd(openPosition)) {
          throw new FieldSelectorSyntaxError("Trailing comma", commaPosition);
        }
        continue;
      }
      if (openPosition === null) {
        if (next === undefined || next === ";") return items;
      } else {
        if (next === ")") {
          this.#position += 1;
          return items;
        }
        if (next === undefined) {
          throw new FieldSelectorSyntaxError('Unclosed "("', openPosition);
        }
      }
      throw new FieldSelectorSyntaxError(`Unexpected ${this.#describe()}`, this.#position);
    }
  }

  #parseItem(depth: number, openPosition: number | null): ItemNode {
    const position = this.#position;
    const next = this.#peek();
    if (next === undefined && openPosition !== null) {
      throw new FieldSelectorSyntaxError('Unclosed "("', openPosition);
    }
    if (next === "@") {
      return { kind: "alias", name: this.#readAliasName(), position };
    }
    const name = this.#readName();
    if (name === "") {
      throw new FieldSelectorSyntaxError(`Expected a field name but found ${this.#describe()}`, position);
    }
    this.#skipWhitespace();
    if (this.#peek() !== "(") {
      return { kind: "field", name, position, children: null };
    }
    const childOpenPosition = this.#position;
    if (depth + 1 > FIELD_SELECTOR_MAX_DEPTH) {
      throw new FieldSelectorSyntaxError(
        `Nesting is deeper than ${FIELD_SELECTOR_MAX_DEPTH} levels`,
        childOpenPosition,
      );
    }
    this.#position += 1;
    this.#skipWhitespace();
    if (this.#peek() === ")") {
      throw new FieldSelectorSyntaxError("Empty sub-selector", childOpenPosition);
    }
    const children = this.#parseList(depth + 1, childOpenPosition);
    return { kind: "field", name, position, children };
  }

  #readAliasName(): string {
    this.#position += 1;
    const name = this.#readName();
    if (name === "") {
      throw new FieldSelectorSyntaxError(
        `Expected an alias name after "@" but found ${this.#describe()}`,
        this.#position,
      );
    }
    return name;
  }

  #readName(): string {
    const source = this.#source;
    const start = this.#position;
    if (!NAME_START_PATTERN.test(source.charAt(start))) return "";
    let end = start + 1;
    while (end < source.length && NAME_PART_PATTERN.test(source.charAt(end))) {
      end += 1;
    }
    this.#position = end;
    return source.slice(start, end);
  }

  #isListEnd(openPosition: number | null): boolean {
    const next = this.#peek();
    if (next === undefined) return true;
    return openPosition === null ? next === ";" : next === ")";
  }

  #skipWhitespace(): void {
    const source = this.#source;
    while (this.#position < source.length && WHITESPACE.includes(source.charAt(this.#position))) {
      this.#position += 1;
    }
  }

  #peek(): string | undefined {
    return this.#source[this.#position];
  }

  #describe(): string {
    const codePoint = this.#source.codePointAt(this.#position);
    return codePoint === undefined ? "end of input" : JSON.stringify(String.fromCodePoint(codePoint));
  }
}

function mergeTrees(
  existing: FieldTree | null,
  incoming: FieldTree | null,
  cache: MergeCache,
): FieldTree | null {
  if (existing === null) return incoming;
  if (incoming === null || existing === incoming) return existing;
  // Alias expansions share subtrees: without memoisation a pair is revisited exponentially often.
  const cached = cache.get(existing)?.get(incoming);
  if (cached !== undefined) return cached;
  const merged = new Map(existing);
  for (const [name, subtree] of incoming) {
    setMerged(merged, name, subtree, cache);
  }
  let byIncoming = cache.get(existing);
  if (byIncoming === undefined) {
    byIncoming = new Map();
    cache.set(existing, byIncoming);
  }
  byIncoming.set(incoming, merged);
  return merged;
}

function setMerged(
  tree: Map<string, FieldTree | null>,
  name: string,
  subtree: FieldTree | null,
  cache: MergeCache,
): void {
  const existing = tree.get(name);
  tree.set(name, existing === undefined ? subtree : mergeTrees(existing, subtree, cache));
}

function resolveSelector({ items, definitions }: ParsedSelector): FieldTree {
  const resolved = new Map<string, ResolvedList>();
  const pending = new Set<string>();
  const cache: MergeCache = new Map();

  const resolveDefinition = (name: string, definition: readonly ItemNode[]): ResolvedList => {
    const known = resolved.get(name);
    if (known !== undefined) return known;
    pending.add(name);
    const result = resolveList(definition, 0);
    pending.delete(name);
    resolved.set(name, result);
    return result;
  };

  const resolveAlias = (alias: AliasNode): ResolvedList => {
    if (pending.has(alias.name)) {
      throw new FieldSelectorSyntaxError(`Circular alias reference "@${alias.name}"`, alias.position);
    }
    const definition = definitions.get(alias.name);
    if (definition === undefined) {
      throw new FieldSelectorSyntaxError(`Undefined alias "@${alias.name}"`, alias.position);
    }
    return resolveDefinition(alias.name, definition);
  };

  const resolveList = (list: readonly ItemNode[], depth: number): ResolvedList => {
    const tree = new Map<string, FieldTree | null>();
    let height = 0;
    for (const item of list) {
      if (item.kind === "alias") {
        const expansion = resolveAlias(item);
        if (depth + expansion.height > FIELD_SELECTOR_MAX_DEPTH) {
          throw new FieldSelectorSyntaxError(
            `Nesting through alias "@${item.name}" is deeper than ${FIELD_SELECTOR_MAX_DEPTH} levels`,
            item.position,
          );
        }
        for (const [name, subtree] of expansion.tree) {
          setMerged(tree, name, subtree, cache);
        }
        height = Math.max(height, expansion.height);
      } else if (item.children === null) {
        setMerged(tree, item.name, null, cache);
      } else {
        const child = resolveList(item.children, depth + 1);
        setMerged(tree, item.name, child.tree, cache);
        height = Math.max(height, child.height + 1);
      }
    }
    return { tree, height };
  };

  const result = resolveList(items, 0).tree;
  for (const [name, definition] of definitions) {
    resolveDefinition(name, definition);
  }
  return result;
}

export function parseFields(selector: string): FieldTree {
  return resolveSelector(new SelectorParser(selector).parse());
}

function hasOwnEnumerable(target: object, key: string): boolean {
  return Object.prototype.propertyIsEnumerable.call(target, key);
}

export function pickFields(value: unknown, tree: FieldTree): unknown {
  if (Array.isArray(value)) return value.map((item) => pickFields(item, tree));
  if (typeof value !== "object" || value === null) return value;
  const source = value as Readonly<Record<string, unknown>>;
  const entries: [string, unknown][] = [];
  for (const [name, subtree] of tree) {
    if (FORBIDDEN_KEYS.has(name) || !hasOwnEnumerable(source, name)) continue;
    const field = source[name];
    entries.push([name, subtree === null ? field : pickFields(field, subtree)]);
  }
  if (!tree.has(TYPE_KEY) && hasOwnEnumerable(source, TYPE_KEY)) {
    entries.push([TYPE_KEY, source[TYPE_KEY]]);
  }
  return Object.fromEntries(entries);
}

function serializeTree(tree: FieldTree, renderSubtree: (subtree: FieldTree) => string): string {
  if (tree.size === 0) {
    throw new TypeError("A field tree must select at least one field");
  }
  const parts: string[] = [];
  for (const [name, subtree] of tree) {
    if (!NAME_PATTERN.test(name)) {
      throw new TypeError(`Invalid field name ${JSON.stringify(name)}`);
    }
    parts.push(subtree === null ? name : `${name}(${renderSubtree(subtree)})`);
  }
  return parts.join(",");
}

export function serializeFields(tree: FieldTree): string {
  const render = (subtree: FieldTree): string => serializeTree(subtree, render);
  return render(tree);
}

function isReadonlyArray(value: unknown): value is readonly unknown[] {
  return Array.isArray(value);
}

function buildTree(
  shape: FieldShape,
  extra: ExtraFields | undefined,
  ancestors: Set<FieldShape>,
): Map<string, FieldTree | null> {
  if (ancestors.has(shape)) {
    throw new FieldShapeError("A shape must not contain itself");
  }
  if (extra !== undefined) {
    for (const key of Object.keys(extra)) {
      if (!Object.hasOwn(shape, key)) {
        throw new FieldShapeError(EXTRA_MISMATCH_MESSAGE);
      }
    }
  }
  ancestors.add(shape);
  const tree = new Map<string, FieldTree | null>();
  for (const [name, value] of Object.entries(shape)) {
    if (!NAME_PATTERN.test(name)) {
      throw new FieldShapeError(`Invalid field name ${JSON.stringify(name)}`);
    }
    const branchExtra = extra !== undefined && Object.hasOwn(extra, name) ? extra[name] : undefined;
    tree.set(name, buildBranch(name, value, branchExtra, ancestors));
  }
  ancestors.delete(shape);
  return tree;
}

function buildBranch(
  name: string,
  value: FieldShape[string] | undefined,
  extra: ExtraFields | readonly string[] | undefined,
  ancestors: Set<FieldShape>,
): FieldTree | null {
  if (value === true) {
    if (extra === undefined) return null;
    throw new FieldShapeError(isReadonlyArray(extra) ? EXTRA_NOT_ARRAY_MESSAGE : EXTRA_MISMATCH_MESSAGE);
  }
  let subtree: Map<string, FieldTree | null>;
  if (isReadonlyArray(value)) {
    const [element] = value;
    if (value.length !== 1 || element === undefined) {
      throw new FieldShapeError(`The array value "${name}" must hold exactly one element shape`);
    }
    if (isReadonlyArray(extra)) {
      subtree = buildTree(element, undefined, ancestors);
      const cache: MergeCache = new Map();
      for (const selector of extra) {
        for (const [extraName, extraSubtree] of parseFields(selector)) {
          setMerged(subtree, extraName, extraSubtree, cache);
        }
      }
    } else {
      subtree = buildTree(element, extra, ancestors);
    }
  } else if (typeof value === "object" && value !== null) {
    if (isReadonlyArray(extra)) {
      throw new FieldShapeError(EXTRA_NOT_ARRAY_MESSAGE);
    }
    subtree = buildTree(value, extra, ancestors);
  } else {
    throw new FieldShapeError(`Invalid shape value for "${name}"`);
  }
  if (subtree.size === 0) {
    throw new FieldShapeError(`The shape of "${name}" selects no fields`);
  }
  return subtree;
}

function serializeDeduplicated(root: FieldTree): string {
  const texts = new Map<FieldTree, string>();
  const textOf = (tree: FieldTree): string => {
    let text = texts.get(tree);
    if (text === undefined) {
      text = serializeTree(tree, textOf);
      texts.set(tree, text);
    }
    return text;
  };

  // Per fragment: how often each child fragment occurs directly inside it, and a tree that renders it.
  const childCounts = new Map<string, Map<string, number>>();
  const representatives = new Map<string, FieldTree>();
  const collect = (tree: FieldTree): Map<string, number> => {
    const counts = new Map<string, number>();
    for (const subtree of tree.values()) {
      if (subtree === null) continue;
      const text = textOf(subtree);
      counts.set(text, (counts.get(text) ?? 0) + 1);
      if (!childCounts.has(text)) {
        representatives.set(text, subtree);
        childCounts.set(text, collect(subtree));
      }
    }
    return counts;
  };

  // Walking from the longest fragment down settles each one's count before it is needed.
  const occurrences = collect(root);
  const aliased = new Set<string>();
  const byLength = [...childCounts.keys()].sort((a, b) => b.length - a.length);
  for (const text of byLength) {
    const count = occurrences.get(text) ?? 0;
    const isAliased = count >= 2 && text.length >= FIELD_DEDUP_MIN_LENGTH;
    if (isAliased) aliased.add(text);
    const emissions = isAliased ? 1 : count;
    for (const [child, perParent] of childCounts.get(text) ?? []) {
      occurrences.set(child, (occurrences.get(child) ?? 0) + perParent * emissions);
    }
  }

  const aliasNames = new Map<string, string>();
  const definitionQueue: string[] = [];
  const render = (tree: FieldTree): string =>
    serializeTree(tree, (subtree) => {
      const text = textOf(subtree);
      if (!aliased.has(text)) return render(subtree);
      let alias = aliasNames.get(text);
      if (alias === undefined) {
        alias = `@f${aliasNames.size + 1}`;
        aliasNames.set(text, alias);
        definitionQueue.push(text);
      }
      return alias;
    });

  let output = render(root);
  // Rendering a definition may discover further aliases, growing the queue while it is iterated.
  for (const text of definitionQueue) {
    const tree = representatives.get(text);
    if (tree === undefined) continue;
    output += `;${aliasNames.get(text) ?? ""}:${render(tree)}`;
  }
  return output;
}

export function buildFields(shape: FieldShape, extra?: ExtraFields): string {
  const tree = buildTree(shape, extra, new Set());
  if (tree.size === 0) {
    throw new FieldShapeError("A shape must select at least one field");
  }
  return serializeDeduplicated(tree);
}
