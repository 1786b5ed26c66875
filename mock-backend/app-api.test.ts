// The product's API as real apps call it, each call with the app's own field selector.
import { expect, test } from "vitest";
import { z } from "zod";
import { PERMISSION } from "#contract/constants.ts";
import { insertApp } from "#tests/helpers/apps.ts";
import {
  bearer,
  expectError,
  expectOk,
  useBackend,
  withBackend,
  withFields,
} from "#tests/helpers/backend.ts";
import {
  ActivityCursorPageSchema,
  GeneralProfileReadSchema,
  IssueCountResponseSchema,
  type IssueCustomFieldSchema,
  PermissionCacheEntrySchema,
  PluggableObjectUsageSchema,
  SearchSuggestionsSchema,
  SuggestionSchema,
  UserSchema,
} from "#contract/app-api.ts";

const backend = useBackend();
const as = async (login: string | null) => backend.readAs(login);
const get = async (path: string, login: string | null) =>
  backend.client.request("GET", path, { headers: await as(login) });
const post = (path: string, body: unknown, login: string) =>
  backend.client.request("POST", path, { body, headers: bearer(login) });

const VOTES_PAGE = "/api/issues/DEMO-1/activitiesPage?categories=VotersCategory";
const VOTES = `${VOTES_PAGE}&$top=1000`;

test("activitiesPage answers an issue's votes with the votes histogram's selector", async () => {
  const page = expectOk(
    await get(withFields(VOTES, "activities(timestamp,added(login),removed(login))"), "alice"),
  );
  const { activities } = page as {
    activities: { timestamp: number; added: unknown[]; removed: unknown[] }[];
  };
  expect(activities.map((a) => [a.added, a.removed])).toEqual([
    [[{ login: "admin", $type: "User" }], []],
    [[{ login: "tom", $type: "User" }], []],
    [[{ login: "alice", $type: "User" }], []],
    [[], [{ login: "tom", $type: "User" }]],
  ]);
  const times = activities.map((a) => a.timestamp);
  expect(times).toEqual([...times].sort((a, b) => a - b));
  expect(Object.keys(page as object).sort()).toEqual(["$type", "activities"]);
});

test("activitiesPage pages with cursors, newest first when reversed", async () => {
  const selector = ActivityCursorPageSchema.pick({
    reverse: true,
    afterCursor: true,
    beforeCursor: true,
    hasAfter: true,
    hasBefore: true,
  }).extend({ activities: z.array(z.object({ id: z.string() })) });
  const fields = "reverse,afterCursor,beforeCursor,hasAfter,hasBefore,activities(id)";
  const first = selector.parse(
    expectOk(await get(withFields(`${VOTES_PAGE}&$top=3&reverse=true`, fields), "alice")),
  );
  expect(first).toMatchObject({ reverse: true, hasAfter: true, hasBefore: false, afterCursor: "3" });
  expect(first.activities.map((a) => a.id)).toEqual(["94-4", "94-3", "94-2"]);
  const next = selector.parse(
    expectOk(await get(withFields(`${VOTES_PAGE}&$top=3&reverse=true&cursor=3`, fields), "alice")),
  );
  expect(next).toMatchObject({ hasAfter: false, hasBefore: true, afterCursor: null });
  expect(next.activities.map((a) => a.id)).toEqual(["94-1"]);
});

test("activitiesPage answers comments to those with READ_COMMENT and field changes with their values", async () => {
  const comments =
    "/api/issues/DEMO-1/activitiesPage?categories=CommentsCategory&fields=activities(author(login),added(text))";
  expect(expectOk(await get(comments, "admin"))).toEqual({
    $type: "CursorPage",
    activities: [
      {
        author: { login: "admin", $type: "User" },
        added: [{ text: "Confirmed at 760 px in Chromium.", $type: "IssueComment" }],
        $type: "CommentActivityItem",
      },
      {
        author: { login: "admin", $type: "User" },
        added: [
          {
            text: "@alice, the 2.4 release waits on this fix: can it be merged by Wednesday?",
            $type: "IssueComment",
          },
        ],
        $type: "CommentActivityItem",
      },
      {
        author: { login: "alice", $type: "User" },
        added: [{ text: "@tom, the fix is on staging: can you check it in Firefox?", $type: "IssueComment" }],
        $type: "CommentActivityItem",
      },
    ],
  });
  // Without READ_COMMENT in the issue's project the page has no comments, though the issue is readable.
  await withBackend(async (b) => {
    await b.db.permissionGrant.deleteMany({
      where: { user: { login: "alice" }, permissionKey: PERMISSION.READ_COMMENT },
    });
    const answer = await b.client.request("GET", comments, { headers: bearer("alice") });
    expect(expectOk(answer)).toEqual({ activities: [], $type: "CursorPage" });
  });
  const changes = expectOk(
    await get(
      "/api/issues/DEMO-2/activitiesPage?categories=CustomFieldCategory&fields=activities(field(presentation),added(name),removed(name))",
      "alice",
    ),
  ) as { activities: unknown[] };
  expect(changes.activities).toMatchObject([
    { field: { presentation: "State" }, added: [{ name: "In Progress" }], removed: [{ name: "Open" }] },
  ]);
  ActivityCursorPageSchema.parse(
    expectOk(
      await get(
        withFields(
          "/api/issues/DEMO-2/activitiesPage?categories=VotersCategory,CustomFieldCategory",
          "id,reverse,beforeCursor,afterCursor,hasBefore,hasAfter,activities(id,timestamp,author(id,login,fullName,ringId),category(id),target(id,idReadable),targetMember,field(id,presentation),added,removed)",
        ),
        "alice",
      ),
    ),
  );
});

test("activitiesPage refuses a missing or unknown category, and hides issues the caller cannot read", async () => {
  expectError(
    await get("/api/issues/DEMO-1/activitiesPage?fields=activities(id)", "alice"),
    400,
    "bad_request",
  );
  expectError(
    await get("/api/issues/DEMO-1/activitiesPage?categories=NoSuchCategory", "alice"),
    400,
    "bad_request",
  );
  expectError(
    await get("/api/issues/DEMO-1/activitiesPage?categories=VotersCategory&cursor=x", "alice"),
    400,
  );
  expectError(
    await get("/api/issues/DEMO-99/activitiesPage?categories=VotersCategory", "admin"),
    404,
    "not_found",
  );
  expectError(
    await get("/api/issues/SUP-1/activitiesPage?categories=VotersCategory", null),
    404,
    "not_found",
  );
  expect(expectOk(await get(withFields(VOTES, "activities(id)"), null))).toMatchObject({
    activities: [{ id: "94-1" }, { id: "94-2" }, { id: "94-3" }, { id: "94-4" }],
  });
});

test("users/me answers the general profile's date format, as the votes histogram reads it", async () => {
  const me = expectOk(
    await get("/api/users/me?fields=profiles(general(dateFieldFormat(datePattern,pattern)))", "alice"),
  );
  expect(me).toEqual({
    profiles: { general: { dateFieldFormat: { datePattern: "dd MMM yyyy", pattern: "dd MMM yyyy HH:mm" } } },
  });
});

test("users/me/profiles/general answers the date format, the time zone and the locale", async () => {
  await withBackend(async (writable) => {
    await writable.db.user.update({
      where: { login: "alice" },
      data: { dateFormat: "yyyy-MM-dd", timezone: "Europe/Berlin" },
    });
    const read = (path: string, login: string) =>
      writable.client.request("GET", path, { headers: bearer(login) });
    const fields =
      "id,locale(language,locale),dateFieldFormat(id,presentation,datePattern,pattern),timezone(id,presentation,offset)";
    const profile = GeneralProfileReadSchema.parse(
      expectOk(await read(withFields("/api/users/me/profiles/general", fields), "alice")),
    );
    expect(profile.dateFieldFormat).toMatchObject({ datePattern: "yyyy-MM-dd", pattern: "yyyy-MM-dd HH:mm" });
    expect(profile.timezone.id).toBe("Europe/Berlin");
    expect(profile.timezone.offset).toMatch(/^\+0[12]:00$/);
    expect(
      expectOk(
        await read("/api/users/me/profiles/general?fields=dateFieldFormat(datePattern,pattern)", "alice"),
      ),
    ).toEqual({
      dateFieldFormat: { datePattern: "yyyy-MM-dd", pattern: "yyyy-MM-dd HH:mm" },
    });
    expect(expectOk(await read("/api/users/alice/profiles/general?fields=timezone(id)", "admin"))).toEqual({
      timezone: { id: "Europe/Berlin" },
    });
    expectError(await read("/api/users/admin/profiles/general", "alice"), 403, "forbidden");
    expectError(await read("/api/users/nobody/profiles/general", "admin"), 404, "not_found");
    expectError(await writable.client.request("GET", "/api/users/me/profiles/general"), 401);
  });
});

test("users/{id} answers ringId, the user's id in the identity service, as article feedback reads it", async () => {
  const user = expectOk(await get("/api/users/1-1?fields=id,ringId,fullName", "alice"));
  const hub = expectOk(await get("/hub/api/rest/users/me?fields=id", "admin")) as { id: string };
  expect(user).toEqual({ id: "1-1", ringId: hub.id, fullName: "Ada Admin", $type: "User" });
  UserSchema.parse(
    expectOk(
      await get(
        "/api/users/admin?fields=id,login,fullName,name,email,ringId,avatarUrl,guest,banned",
        "alice",
      ),
    ),
  );
  expectError(await get("/api/users/nobody?fields=id,ringId", "alice"), 404, "not_found");
  expectError(await get("/api/users/1-1?fields=id,ringId", null), 401);
});

test("the administrator holds UPDATE_ARTICLE, UPDATE_USER and the other keys widgets are gated on", async () => {
  const cache = expectOk(await get("/api/permissions/cache?fields=global,permission(key)", "admin")) as {
    global: boolean;
    permission: { key: string };
  }[];
  const global = cache.filter((e) => e.global).map((e) => e.permission.key);
  for (const key of [
    PERMISSION.UPDATE_ARTICLE,
    PERMISSION.UPDATE_USER,
    PERMISSION.UPDATE_ISSUE,
    PERMISSION.READ_USER,
  ]) {
    expect(global).toContain(key);
  }
});

test("permissions/cache names each project by short name, as article feedback selects it", async () => {
  const cache = expectOk(
    await get("/api/permissions/cache?fields=global,permission(key),projects(shortName)", "alice"),
  ) as { projects: unknown[] }[];
  expect(cache.length).toBeGreaterThan(0);
  for (const entry of cache) expect(entry.projects).toEqual([{ shortName: "DEMO" }]);
  z.array(PermissionCacheEntrySchema).parse(
    expectOk(
      await get(
        "/api/permissions/cache?fields=global,permission(key),projects(id,shortName,name,projectType(id))",
        "rachel",
      ),
    ),
  );
});

// The documents list widget's selector.
const ISSUE_FIELDS =
  "id,idReadable,summary,resolved,fields(id,value(id,name,localizedName,login,avatarUrl,name,presentation,minutes,color(id,foreground,background)),projectCustomField(id,bundle(id),field(id,name,localizedName,fieldType(id,valueType))))";

test("GET issues with a query answers the custom fields the documents list selects", async () => {
  const query = encodeURIComponent("project: DEMO State: {In Progress}");
  const issues = expectOk(
    await get(`/api/issues?query=${query}&fields=${ISSUE_FIELDS}&$top=6&$skip=0`, "alice"),
  ) as {
    idReadable: string;
    fields: z.infer<typeof IssueCustomFieldSchema>[];
  }[];
  expect(issues.map((i) => i.idReadable)).toEqual(["DEMO-2", "DEMO-1"]);
  const [demo2] = issues;
  const byName = new Map(demo2?.fields.map((f) => [f.projectCustomField.field.name, f]));
  expect(byName.get("State")?.value).toMatchObject({ name: "In Progress", $type: "StateBundleElement" });
  expect(byName.get("Priority")?.value).toMatchObject({ name: "Normal", color: { background: "#e6ecf2" } });
  expect(byName.get("Assignee")).toMatchObject({
    $type: "SingleUserIssueCustomField",
    value: { login: "admin", name: "Ada Admin", $type: "User" },
    projectCustomField: { field: { name: "Assignee", fieldType: { valueType: "user" } } },
  });
  const all = expectOk(
    await get(
      `/api/issues?query=${encodeURIComponent("#Unresolved Assignee: Unassigned")}&fields=idReadable`,
      "admin",
    ),
  );
  expect(all).toEqual([{ idReadable: "SUP-2" }, { idReadable: "DEMO-4" }]);
});

test("GET issues answers a query it cannot read with 400 and the product's error body", async () => {
  for (const query of ["State: Bogus", "Colour: red", "project: {DEMO", "#Nothing"]) {
    const body = expectError(
      await get(`/api/issues?query=${encodeURIComponent(query)}`, "admin"),
      400,
      "bad_request",
    );
    expect(body.error_description).toMatch(/^Invalid search query/);
  }
  expectError(await get("/api/issues?query=project:%20SUP", "alice"), 400, "bad_request");
});

test("quick search keeps treating what is typed as words", async () => {
  const { textQuery } = await import("#contract/app-api.ts");
  const ids = expectOk(
    await get(
      `/api/issues?query=${encodeURIComponent(textQuery("State: narrow"))}&fields=idReadable`,
      "alice",
    ),
  );
  expect(ids).toEqual([]);
  expect(
    expectOk(
      await get(
        `/api/issues?query=${encodeURIComponent(textQuery("narrow {screens"))}&fields=idReadable`,
        "alice",
      ),
    ),
  ).toEqual([{ idReadable: "DEMO-1" }]);
});

test("issuesGetter/count counts what the query matches among the issues the caller reads", async () => {
  const count = async (body: unknown, login = "alice") =>
    IssueCountResponseSchema.pick({ count: true }).parse(
      expectOk(await post("/api/issuesGetter/count?fields=count", body, login)),
    ).count;
  expect(await count({ query: "project: DEMO #Unresolved" })).toBe(3);
  expect(await count({ query: "" })).toBe(4);
  expect(await count({})).toBe(4);
  expect(await count({ query: null, unresolvedOnly: true })).toBe(3);
  expect(await count({ query: "Priority: Major, Critical" }, "admin")).toBe(3);
  expect(await count({ query: "-Major" }, "admin")).toBe(4);
  expect(await count({ folder: { id: "SUP" } }, "admin")).toBe(2);
  const full = IssueCountResponseSchema.parse(
    expectOk(
      await post(
        "/api/issuesGetter/count?fields=id,count,query,unresolvedOnly",
        { query: "narrow" },
        "alice",
      ),
    ),
  );
  expect(full).toMatchObject({ count: 1, query: "narrow", unresolvedOnly: false });
});

test("issuesGetter/count refuses a bad query, an unknown body field and a folder the caller cannot read", async () => {
  const body = expectError(
    await post("/api/issuesGetter/count?fields=count", { query: "State: Bogus" }, "alice"),
    400,
    "bad_request",
  );
  expect(body.error_description).toContain('Unknown value "Bogus" for State');
  expectError(await post("/api/issuesGetter/count", { query: "x", top: 1 }, "alice"), 400, "bad_request");
  expectError(await post("/api/issuesGetter/count", { folder: { id: "SUP" } }, "alice"), 404, "not_found");
  const guest = await backend.client.request("POST", "/api/issuesGetter/count?fields=count", {
    body: { query: "" },
    headers: { origin: "http://keel.test" },
  });
  expect(expectOk(guest)).toEqual({ count: 4, $type: "IssueCountResponse" });
  const crossSite = await backend.client.request("POST", "/api/issuesGetter/count", {
    body: { query: "" },
    headers: { origin: "https://evil.example" },
  });
  expectError(crossSite, 403, "forbidden");
});

const ASSIST =
  "/api/search/assist?fields=query,caret,styleRanges(start,length,style),suggestions(options,prefix,option,suffix,description,matchingStart,matchingEnd,caret,completionStart,completionEnd,group,icon)";

async function assist(query: string, caret = query.length, login = "alice") {
  return SearchSuggestionsSchema.omit({ id: true })
    .extend({ suggestions: z.array(SuggestionSchema.omit({ id: true })) })
    .parse(expectOk(await post(ASSIST, { query, caret }, login)));
}

test("search/assist styles each part of the query", async () => {
  const query = "project: DEMO State: {In Progress} narrow Colour: red";
  const result = await assist(query);
  const styled = result.styleRanges.map((r) => [query.slice(r.start, r.start + r.length), r.style]);
  expect(styled).toEqual([
    ["project", "field_name"],
    [":", "operator"],
    ["DEMO", "field_value"],
    ["State", "field_name"],
    [":", "operator"],
    ["{In Progress}", "field_value"],
    ["narrow", "text"],
    ["Colour", "error"],
    [":", "operator"],
    ["red", "error"],
  ]);
  expect(result).toMatchObject({ query, caret: query.length });
});

test("search/assist suggests fields, then their values, and says how to insert them", async () => {
  const fields = await assist("Sta");
  expect(fields.suggestions[0]).toMatchObject({
    option: "State",
    suffix: ": ",
    completionStart: 0,
    completionEnd: 3,
    matchingStart: 0,
    matchingEnd: 3,
    caret: 7,
  });
  const values = await assist("State: In");
  expect(values.suggestions.map((s) => s.option)).toEqual(["In Progress"]);
  expect(values.suggestions[0]).toMatchObject({
    prefix: "{",
    suffix: "} ",
    completionStart: 7,
    completionEnd: 9,
    caret: 21,
  });
  const projects = await assist("project: ", 9);
  expect(projects.suggestions.map((s) => s.option)).toEqual(["DEMO"]);
  const admins = await assist("project: ", 9, "admin");
  expect(admins.suggestions.map((s) => s.option)).toEqual(["DEMO", "SUP"]);
  const hash = await assist("#Unr");
  expect(hash.suggestions[0]).toMatchObject({
    option: "Unresolved",
    prefix: "#",
    completionStart: 0,
    completionEnd: 4,
  });
  const users = await assist("Assignee: al");
  expect(users.suggestions.map((s) => s.option)).toEqual(["alice"]);
});

test("search/assist marks an unclosed brace and refuses a body it cannot read", async () => {
  const result = await assist("State: {In Prog", 10);
  expect(result.styleRanges).toEqual([{ start: 7, length: 8, style: "error" }]);
  expectError(await post(ASSIST, { query: "x", caret: "end" }, "alice"), 400, "bad_request");
  expectError(await post(ASSIST, { query: "x".repeat(2001) }, "alice"), 400, "bad_request");
  const guest = await backend.client.request("POST", `${ASSIST}`, {
    body: { query: "project: " },
    headers: { origin: "http://keel.test" },
  });
  expect((expectOk(guest) as { suggestions: { option: string }[] }).suggestions.map((s) => s.option)).toEqual(
    ["DEMO"],
  );
  const guestUsers = await backend.client.request("POST", ASSIST, {
    body: { query: "reporter: a" },
    headers: { origin: "http://keel.test" },
  });
  expect((expectOk(guestUsers) as { suggestions: unknown[] }).suggestions).toEqual([]);
});

const RULE = (
  title: string,
  kind: string,
) => `const entities = require('@jetbrains/youtrack-scripting-api/entities');
exports.rule = entities.Issue.${kind}({
  title: '${title}',
  guard: (ctx) => true,
  action: (ctx) => {},
  requirements: {}
});
`;
const USAGES = "/api/admin/projects/DEMO/pluggableObjectUsages";
const USAGE_FIELDS =
  "id,enabled,priority,isBroken,problems(message),pluggableObject(id,name,title,typeAlias),configuration(isActive,enabled,missingRequiredSettings,app(id,name,title,icon,globalConfig(enabled,missingRequiredSettings)))";

test("pluggableObjectUsages lists the rules of installed apps and saves enabled and priority", async () => {
  await withBackend(async (writable) => {
    const { id: appId } = await insertApp(writable.db, {
      name: "rules",
      files: {
        "assign-on-create.js": RULE("Assign new issues", "onChange"),
        "nightly.js": RULE("Nightly reminder", "onSchedule"),
        "backend.js": "exports.httpHandler = { endpoints: [] };",
      },
    });
    const call = (method: "GET" | "POST" | "PUT", path: string, login: string, body?: unknown) =>
      writable.client.request(method, path, { body, headers: bearer(login) });
    const list = async () =>
      z
        .array(PluggableObjectUsageSchema)
        .parse(expectOk(await call("GET", withFields(`${USAGES}?$top=-1`, USAGE_FIELDS), "admin")));
    const before = await list();
    expect(
      before.map((u) => [u.pluggableObject.title, u.pluggableObject.typeAlias, u.enabled, u.priority]),
    ).toEqual([
      ["Assign new issues", "on-change", true, 1],
      ["Nightly reminder", "on-schedule", true, 2],
    ]);
    expect(before[0]).toMatchObject({
      id: `${appId}.assign-on-create`,
      configuration: { app: { name: "rules" } },
    });
    const ruleId = before[0]!.id;

    expect(
      expectOk(await call("POST", `${USAGES}/${ruleId}?fields=id,enabled`, "admin", { enabled: false })),
    ).toEqual({
      id: ruleId,
      enabled: false,
      $type: "PluggableObjectUsage",
    });
    expectOk(
      await call("PUT", USAGES, "admin", [
        { id: ruleId, priority: 5 },
        { id: before[1]!.id, priority: 3 },
      ]),
    );
    const after = await list();
    expect(after.map((u) => [u.pluggableObject.name, u.enabled, u.priority])).toEqual([
      ["nightly", true, 3],
      ["assign-on-create", false, 5],
    ]);
    expect(expectOk(await call("GET", `${USAGES}?fields=id`, "admin"))).toHaveLength(2);
    const sup = expectOk(
      await call("GET", "/api/admin/projects/SUP/pluggableObjectUsages?fields=enabled", "admin"),
    );
    expect(sup).toEqual([
      { enabled: true, $type: "PluggableObjectUsage" },
      { enabled: true, $type: "PluggableObjectUsage" },
    ]);
  });
});

test("pluggableObjectUsages are the project administrators', and refuse what they cannot apply", async () => {
  await withBackend(async (writable) => {
    await insertApp(writable.db, { name: "rules", files: { "rule.js": RULE("A rule", "action") } });
    const call = (method: "GET" | "POST" | "PUT", path: string, login: string | null, body?: unknown) =>
      writable.client.request(method, path, { body, headers: login === null ? {} : bearer(login) });
    expectError(await call("GET", USAGES, "alice"), 403, "forbidden");
    expectError(await call("GET", USAGES, "tom"), 404, "not_found");
    expectError(await call("GET", USAGES, null), 401);
    expectError(
      await call("GET", "/api/admin/projects/NOPE/pluggableObjectUsages", "admin"),
      404,
      "not_found",
    );
    expectError(await call("POST", `${USAGES}/no-such-rule`, "admin", { enabled: true }), 404, "not_found");
    expectError(await call("POST", `${USAGES}/x`, "admin", {}), 400, "bad_request");
    expectError(await call("POST", `${USAGES}/x`, "admin", { enabled: "yes" }), 400, "bad_request");
    expectError(await call("PUT", USAGES, "admin", { id: "x", priority: 1 }), 400, "bad_request");
    expectError(await call("PUT", USAGES, "admin", [{ id: "x", priority: 1 }]), 404, "not_found");
    expectError(await call("PUT", USAGES, "alice", []), 400, "bad_request");
  });
});
