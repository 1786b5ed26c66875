import { expect, test } from "vitest";
import {
  buildFields,
  FIELD_DEDUP_MIN_LENGTH,
  FieldSelectorSyntaxError,
  FieldShapeError,
  parseFields,
  pickFields,
  serializeFields,
  type FieldShape,
  type FieldTree,
} from "./field-selector.ts";

function canonical(selector: string): string {
  return serializeFields(parseFields(selector));
}

function catchSyntaxError(selector: string): FieldSelectorSyntaxError {
  try {
    parseFields(selector);
  } catch (error) {
    if (error instanceof FieldSelectorSyntaxError) return error;
    throw error;
  }
  throw new Error(`Expected ${JSON.stringify(selector)} to be rejected`);
}

function syntaxErrorOf(selector: string): string {
  return catchSyntaxError(selector).message;
}

function fieldTree(entries: [string, FieldTree | null][]): FieldTree {
  return new Map(entries);
}

function shapeErrorOf(build: () => unknown): string {
  try {
    build();
  } catch (error) {
    if (error instanceof FieldShapeError) return error.message;
    throw error;
  }
  throw new Error("Expected the shape to be rejected");
}

function nest(depth: number): string {
  return "a(".repeat(depth) + "b" + ")".repeat(depth);
}

// Independent oracle: a shape serialised with no deduplication at all.
function serializeShape(shape: FieldShape): string {
  return Object.entries(shape)
    .map(([name, value]) => {
      if (value === true) return name;
      const inner = Array.isArray(value) ? value[0] : value;
      return `${name}(${serializeShape(inner as FieldShape)})`;
    })
    .join(",");
}

const USER = { id: true, login: true, name: true, avatarUrl: true } as const;

test("parses a flat comma-separated list into leaves", () => {
  expect(parseFields("id,login,name")).toEqual(
    fieldTree([
      ["id", null],
      ["login", null],
      ["name", null],
    ]),
  );
});

test("parses nested sub-selectors into nested trees", () => {
  const tree = parseFields(
    "id,login,profiles(appearance(uiTheme,expandNavigation),general(locale(language,locale)))",
  );
  expect(tree).toEqual(
    fieldTree([
      ["id", null],
      ["login", null],
      [
        "profiles",
        fieldTree([
          [
            "appearance",
            fieldTree([
              ["uiTheme", null],
              ["expandNavigation", null],
            ]),
          ],
          [
            "general",
            fieldTree([
              [
                "locale",
                fieldTree([
                  ["language", null],
                  ["locale", null],
                ]),
              ],
            ]),
          ],
        ]),
      ],
    ]),
  );
});

test("tolerates spaces, tabs and newlines around names, commas and parentheses", () => {
  expect(canonical(" id ,\tlogin\n, profiles ( general ( locale ) ) \r\n")).toBe(
    "id,login,profiles(general(locale))",
  );
});

test("accepts $, underscores, leading digits and inner hyphens in names", () => {
  expect(canonical("$type,_id,2fa,custom-field,a$b_c-1")).toBe("$type,_id,2fa,custom-field,a$b_c-1");
});

test("merges sub-selectors of duplicate names", () => {
  expect(canonical("a(b),a(c)")).toBe("a(b,c)");
  expect(canonical("a(b),a(c)")).toBe(canonical("a(b,c)"));
});

test("merges a leaf with a sub-selector of the same name in either order", () => {
  expect(canonical("a,a(b)")).toBe("a(b)");
  expect(canonical("a(b),a")).toBe("a(b)");
  expect(canonical("a,b,a")).toBe("a,b");
});

test("merges duplicates recursively at deeper levels", () => {
  expect(canonical("x,a(b(c),d),y,a(b(e),f)")).toBe("x,a(b(c,e),d,f),y");
});

test("expands an alias used inside parentheses", () => {
  expect(canonical("id,reporter(@u),updater(@u);@u:id,login,name")).toBe(
    "id,reporter(id,login,name),updater(id,login,name)",
  );
});

test("expands aliases that reference other aliases", () => {
  expect(canonical("issue(@i) ; @i : id,reporter(@u),tags(@t) ; @u:login ; @t:name")).toBe(
    "issue(id,reporter(login),tags(name))",
  );
});

test("merges an alias expansion with inline fields of the same list", () => {
  expect(canonical("a(@u,login(x),extra);@u:id,login")).toBe("a(id,login(x),extra)");
  expect(canonical("@u,b;@u:a")).toBe("a,b");
});

test("rejects an undefined alias with its position", () => {
  expect(syntaxErrorOf("id,reporter(@u)")).toBe('Undefined alias "@u" at position 12');
  expect(syntaxErrorOf("a;@u:@missing")).toBe('Undefined alias "@missing" at position 5');
});

test("rejects circular alias references, including self-references", () => {
  expect(syntaxErrorOf("x(@a);@a:y(@b);@b:@a")).toBe('Circular alias reference "@a" at position 18');
  expect(syntaxErrorOf("x(@a);@a:y,z(@a)")).toBe('Circular alias reference "@a" at position 13');
});

test("rejects cycles even among definitions that are never used", () => {
  expect(syntaxErrorOf("x;@a:@b;@b:@a")).toBe('Circular alias reference "@a" at position 11');
});

test("rejects a duplicate alias definition", () => {
  expect(syntaxErrorOf("x(@a);@a:y;@a:z")).toBe('Duplicate alias definition "@a" at position 11');
});

test("rejects a sub-selector after an alias reference", () => {
  expect(syntaxErrorOf("a(@u(x));@u:b")).toBe('Unexpected "(" at position 4');
});

test("rejects malformed alias definitions", () => {
  expect(syntaxErrorOf("a;")).toBe("Expected an alias definition but found end of input at position 2");
  expect(syntaxErrorOf("a;u:b")).toBe('Expected an alias definition but found "u" at position 2');
  expect(syntaxErrorOf("a;@u b")).toBe('Expected ":" after alias "@u" but found "b" at position 5');
  expect(syntaxErrorOf("a;@u:")).toBe("Expected a field name but found end of input at position 5");
  expect(syntaxErrorOf("a(@)")).toBe('Expected an alias name after "@" but found ")" at position 3');
});

test("rejects an empty or whitespace-only selector", () => {
  expect(syntaxErrorOf("")).toBe("Empty selector at position 0");
  expect(syntaxErrorOf(" \n\t ")).toBe("Empty selector at position 0");
});

test("rejects an empty name between commas", () => {
  expect(syntaxErrorOf("a,,b")).toBe('Expected a field name but found "," at position 2');
  expect(syntaxErrorOf(",a")).toBe('Expected a field name but found "," at position 0');
  expect(syntaxErrorOf("a(,b)")).toBe('Expected a field name but found "," at position 2');
});

test("rejects an unclosed parenthesis at the opening position", () => {
  expect(syntaxErrorOf("a(b")).toBe('Unclosed "(" at position 1');
  expect(syntaxErrorOf("x,a(b(c)")).toBe('Unclosed "(" at position 3');
  expect(syntaxErrorOf("a( ")).toBe('Unclosed "(" at position 1');
});

test("rejects an unmatched closing parenthesis", () => {
  expect(syntaxErrorOf("a)")).toBe('Unexpected ")" at position 1');
  expect(syntaxErrorOf("a,b(c))")).toBe('Unexpected ")" at position 6');
});

test("rejects an empty sub-selector", () => {
  expect(syntaxErrorOf("a()")).toBe("Empty sub-selector at position 1");
  expect(syntaxErrorOf("x,a( )")).toBe("Empty sub-selector at position 3");
});

test("rejects a trailing comma at the top level and inside parentheses", () => {
  expect(syntaxErrorOf("a,")).toBe("Trailing comma at position 1");
  expect(syntaxErrorOf("a(b, )")).toBe("Trailing comma at position 3");
  expect(syntaxErrorOf("a,;@u:b")).toBe("Trailing comma at position 1");
});

test("rejects invalid characters with their position", () => {
  expect(syntaxErrorOf("a!b")).toBe('Unexpected "!" at position 1');
  expect(syntaxErrorOf("a.b")).toBe('Unexpected "." at position 1');
  expect(syntaxErrorOf("-a")).toBe('Expected a field name but found "-" at position 0');
  expect(syntaxErrorOf("a b")).toBe('Unexpected "b" at position 2');
  expect(syntaxErrorOf("a(b)c")).toBe('Unexpected "c" at position 4');
  expect(syntaxErrorOf("a(b;c)")).toBe('Unexpected ";" at position 3');
});

test("syntax errors are FieldSelectorSyntaxError instances carrying the offset", () => {
  const error = catchSyntaxError("id,login)");
  expect(error).toBeInstanceOf(FieldSelectorSyntaxError);
  expect(error).toBeInstanceOf(Error);
  expect(error.name).toBe("FieldSelectorSyntaxError");
  expect(error.position).toBe(8);
});

test("accepts 4096 characters and rejects 4097", () => {
  const longest = "a".repeat(4096);
  expect(parseFields(longest).has(longest)).toBe(true);
  expect(syntaxErrorOf("a".repeat(4097))).toBe("Selector is longer than 4096 characters at position 4096");
});

test("accepts 32 levels of nesting and rejects 33", () => {
  expect(canonical(nest(32))).toBe(nest(32));
  expect(syntaxErrorOf(nest(33))).toBe("Nesting is deeper than 32 levels at position 65");
});

test("counts nesting contributed by alias expansions toward the depth cap", () => {
  const alias = `@u:${nest(2)}`;
  expect(canonical(`${"a(".repeat(30)}@u${")".repeat(30)};${alias}`)).toBe(nest(32));
  expect(syntaxErrorOf(`${"a(".repeat(31)}@u${")".repeat(31)};${alias}`)).toBe(
    'Nesting through alias "@u" is deeper than 32 levels at position 62',
  );
});

// How long the expansion takes as the levels grow is measured by tests/bench/markdown.ts.
test("merges exponentially branching alias expansions", () => {
  const LEVELS = 22;
  const chain = (alias: string, leaf: string): string[] => [
    ...Array.from(
      { length: LEVELS },
      (_, level) => `@${alias}${level}:x(@${alias}${level + 1}),y(@${alias}${level + 1})`,
    ),
    `@${alias}${LEVELS}:${leaf}`,
  ];
  const selector = ["r(@a0),r(@b0)", ...chain("a", "z"), ...chain("b", "w")];
  const tree = parseFields(selector.join(";"));
  let node = tree.get("r");
  for (let level = 0; level < LEVELS; level += 1) node = node?.get("y");
  expect(node).toEqual(
    fieldTree([
      ["z", null],
      ["w", null],
    ]),
  );
});

test("serializes canonically in first-seen order without whitespace or aliases", () => {
  expect(canonical(" b , a(@u) , c , a(y) ; @u : x , y ")).toBe("b,a(x,y),c");
  expect(
    serializeFields(
      new Map([
        ["z", null],
        ["a", null],
      ]),
    ),
  ).toBe("z,a");
});

test("pickFields keeps only selected keys and recurses into sub-trees", () => {
  const issue = {
    id: "1",
    summary: "Crash",
    reporter: { login: "root", email: "root@example.com" },
  };
  expect(pickFields(issue, parseFields("id,reporter(login)"))).toEqual({
    id: "1",
    reporter: { login: "root" },
  });
});

test("pickFields omits selected keys the object does not have", () => {
  const result = pickFields({ id: "1" }, parseFields("id,summary,owner(login)"));
  expect(result).toEqual({ id: "1" });
  expect(Object.hasOwn(result as object, "summary")).toBe(false);
});

test("pickFields maps arrays element-wise at the top and inside objects", () => {
  const tree = parseFields("id,tags(name)");
  expect(
    pickFields(
      [
        { id: 1, x: 0, tags: [{ name: "a", color: 1 }] },
        { id: 2, tags: [] },
      ],
      tree,
    ),
  ).toEqual([
    { id: 1, tags: [{ name: "a" }] },
    { id: 2, tags: [] },
  ]);
});

test("pickFields returns primitives and null unchanged under a sub-selector", () => {
  const tree = parseFields("owner(login),count(x),label(y)");
  expect(pickFields({ owner: null, count: 3, label: "l", extra: true }, tree)).toEqual({
    owner: null,
    count: 3,
    label: "l",
  });
  expect(pickFields("text", tree)).toBe("text");
  expect(pickFields(null, tree)).toBeNull();
});

test("pickFields returns the whole value for a leaf selection", () => {
  const reporter = { login: "root", profile: { theme: "dark" } };
  expect(pickFields({ reporter }, parseFields("reporter"))).toEqual({
    reporter,
  });
});

test("pickFields keeps $type even when it is not selected", () => {
  const user = { $type: "User", id: "1", login: "root" };
  expect(pickFields({ $type: "Issue", reporter: user }, parseFields("reporter(id)"))).toEqual({
    reporter: { id: "1", $type: "User" },
    $type: "Issue",
  });
  expect(pickFields({ id: "1" }, parseFields("id"))).toEqual({ id: "1" });
});

test("pickFields ignores inherited and non-enumerable properties", () => {
  const base = { inherited: 1 };
  const value: object = Object.create(base);
  Object.defineProperty(value, "hidden", { value: 2, enumerable: false });
  Object.defineProperty(value, "shown", { value: 3, enumerable: true });
  expect(pickFields(value, parseFields("inherited,hidden,shown,toString"))).toEqual({ shown: 3 });
});

test("pickFields returns nothing for __proto__, constructor and prototype", () => {
  const tree = parseFields("__proto__,constructor,prototype,id");
  const ownKeys = JSON.parse('{"__proto__":{"a":1},"constructor":2,"prototype":3,"id":4}') as unknown;
  const result = pickFields(ownKeys, tree) as object;
  expect(Object.keys(result)).toEqual(["id"]);
  expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
  expect(Object.keys(pickFields({}, tree) as object)).toEqual([]);
});

test("pickFields cannot pollute Object.prototype", () => {
  const result = pickFields({}, parseFields("__proto__(polluted)"));
  const payload = JSON.parse('{"__proto__":{"polluted":true}}') as unknown;
  const fromPayload = pickFields(payload, parseFields("__proto__(polluted)"));
  expect(result).toEqual({});
  expect(fromPayload).toEqual({});
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(Object.getPrototypeOf(fromPayload)).toBe(Object.prototype);
});

test("buildFields turns leaves and nested objects into a selector", () => {
  expect(buildFields({ id: true, profile: { general: { locale: true } } })).toBe(
    "id,profile(general(locale))",
  );
});

test("buildFields selects the element shape of array values", () => {
  expect(buildFields({ id: true, tags: [{ name: true, color: { id: true } }] })).toBe(
    "id,tags(name,color(id))",
  );
});

test("buildFields adds extra names inside an array branch", () => {
  expect(buildFields({ id: true, items: [{ id: true }] }, { items: ["description", "author"] })).toBe(
    "id,items(id,description,author)",
  );
});

test("buildFields merges extras that repeat or extend existing fields", () => {
  expect(
    buildFields({ items: [{ id: true, author: { login: true } }] }, { items: ["id", "author(email)"] }),
  ).toBe("items(id,author(login,email))");
});

test("buildFields walks nested extras through object and array branches", () => {
  expect(
    buildFields({ profile: { tags: [{ id: true }], name: true } }, { profile: { tags: ["color"] } }),
  ).toBe("profile(tags(id,color),name)");
  expect(buildFields({ issues: [{ comments: [{ id: true }] }] }, { issues: { comments: ["text"] } })).toBe(
    "issues(comments(id,text))",
  );
});

test("buildFields rejects extra keys missing from the shape", () => {
  const message = "Extra fields don't match a shape";
  expect(shapeErrorOf(() => buildFields({ id: true }, { items: ["x"] }))).toBe(message);
  expect(shapeErrorOf(() => buildFields({ profile: { name: true } }, { profile: { tags: ["x"] } }))).toBe(
    message,
  );
  expect(shapeErrorOf(() => buildFields({ id: true }, { id: { x: ["y"] } }))).toBe(message);
});

test("buildFields rejects extra names for a branch that is not an array", () => {
  const message = "Extra fields can be passed to an array value only";
  expect(shapeErrorOf(() => buildFields({ profile: { name: true } }, { profile: ["x"] }))).toBe(message);
  expect(shapeErrorOf(() => buildFields({ id: true }, { id: ["x"] }))).toBe(message);
});

test("buildFields rejects shapes that cannot form a valid selector", () => {
  const circular: Record<string, unknown> = { id: true };
  circular.self = circular;
  expect(shapeErrorOf(() => buildFields({}))).toBe("A shape must select at least one field");
  expect(shapeErrorOf(() => buildFields({ items: [{}] }))).toBe('The shape of "items" selects no fields');
  expect(shapeErrorOf(() => buildFields({ "bad name": true }))).toBe('Invalid field name "bad name"');
  expect(shapeErrorOf(() => buildFields(circular as FieldShape))).toBe("A shape must not contain itself");
});

test("buildFields lets extras fill an otherwise empty array element shape", () => {
  expect(buildFields({ items: [{}] }, { items: ["id"] })).toBe("items(id)");
});

test("buildFields ignores properties the extras object only inherits", () => {
  expect(buildFields({ constructor: true as const }, {})).toBe("constructor");
});

test("buildFields deduplicates repeated long fragments into aliases", () => {
  expect(buildFields({ reporter: USER, updater: USER })).toBe(
    "reporter(@f1),updater(@f1);@f1:id,login,name,avatarUrl",
  );
});

test("buildFields leaves 19-character fragments inline and aliases 20-character ones", () => {
  const short = { id: true, login: true, name: true, email: true } as const;
  const exact = { id: true, login: true, name: true, avatar: true } as const;
  expect("id,login,name,email").toHaveLength(FIELD_DEDUP_MIN_LENGTH - 1);
  expect("id,login,name,avatar").toHaveLength(FIELD_DEDUP_MIN_LENGTH);
  expect(buildFields({ a: short, b: short })).toBe("a(id,login,name,email),b(id,login,name,email)");
  expect(buildFields({ a: exact, b: exact })).toBe("a(@f1),b(@f1);@f1:id,login,name,avatar");
});

test("buildFields numbers aliases in order of first appearance", () => {
  const tag = { id: true, name: true, color: { background: true } } as const;
  expect(
    buildFields({
      tags: [tag],
      reporter: USER,
      updater: USER,
      visibleTags: [tag],
    }),
  ).toBe(
    "tags(@f1),reporter(@f2),updater(@f2),visibleTags(@f1);@f1:id,name,color(background);@f2:id,login,name,avatarUrl",
  );
});

test("buildFields aliases inner fragments inside definitions only when still repeated", () => {
  const comment = { id: true, author: USER } as const;
  expect(buildFields({ first: comment, last: comment })).toBe(
    "first(@f1),last(@f1);@f1:id,author(id,login,name,avatarUrl)",
  );
  expect(buildFields({ first: comment, last: comment, owner: USER })).toBe(
    "first(@f1),last(@f1),owner(@f2);@f1:id,author(@f2);@f2:id,login,name,avatarUrl",
  );
});

test("buildFields output round-trips to the same tree as the undeduplicated selector", () => {
  const comment = { id: true, text: true, author: USER } as const;
  const shapes: FieldShape[] = [
    { id: true },
    { reporter: USER, updater: USER },
    {
      id: true,
      reporter: USER,
      comments: [comment],
      pinned: comment,
      watchers: [USER],
      project: { leader: USER, team: { members: [USER] } },
    },
  ];
  for (const shape of shapes) {
    const built = buildFields(shape);
    expect(serializeFields(parseFields(built))).toBe(serializeFields(parseFields(serializeShape(shape))));
  }
  expect(buildFields(shapes[2] ?? {})).toContain(";@f1:");
});
