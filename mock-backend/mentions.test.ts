import { expect, test } from "vitest";
import { ArticleSchema, IssueSchema, MentionsSchema } from "#contract/api.ts";
import {
  bearer,
  expectError,
  expectOk,
  sameOrigin,
  selectorFor,
  useBackend,
  withBackend,
  withFields,
} from "#tests/helpers/backend.ts";

const backend = useBackend();
const mentions = (query: string, login: string | null) =>
  backend.readAs(login).then((headers) =>
    backend.client.request("GET", withFields(`/api/mentions?${query}`, selectorFor(MentionsSchema)), {
      headers,
    }),
  );

test("GET /api/mentions resolves tickets, articles and users in one answer", async () => {
  const body = MentionsSchema.parse(
    expectOk(await mentions("ids=DEMO-1,DEMO-3,DEMO-A-1,NOPE-1&logins=admin,alice,nobody", "admin")),
  );
  expect(body.issues.map((i) => [i.idReadable, i.resolved === null])).toEqual([
    ["DEMO-1", true],
    ["DEMO-3", false],
  ]);
  expect(body.issues[0]?.summary).toBe("Navigation collapses on narrow screens");
  expect(body.articles).toEqual([
    { id: "3-1", idReadable: "DEMO-A-1", summary: "Getting started: your first week on the team" },
  ]);
  expect(body.users).toEqual([
    { id: "1-1", login: "admin", name: "Ada Admin", profileUrl: "/users/1-1" },
    { id: "1-2", login: "alice", name: "Alice Member", profileUrl: "/users/1-2" },
  ]);
});

test("GET /api/mentions leaves out what the caller cannot read", async () => {
  const body = MentionsSchema.parse(expectOk(await mentions("ids=DEMO-1,SUP-1,SUP-A-1,DEMO-A-1", "rachel")));
  expect(body.issues.map((i) => i.idReadable)).toEqual(["SUP-1"]);
  expect(body.articles.map((a) => a.idReadable)).toEqual(["DEMO-A-1", "SUP-A-1"]);
});

test("GET /api/mentions never resolves the guest account", async () => {
  const body = MentionsSchema.parse(expectOk(await mentions("logins=guest,admin", null)));
  expect(body.users.map((u) => u.login)).toEqual(["admin"]);
});

test("GET /api/mentions without names answers empty lists", async () => {
  expect(MentionsSchema.parse(expectOk(await mentions("", "admin")))).toEqual({
    issues: [],
    articles: [],
    users: [],
  });
});

test("GET /api/mentions refuses more than 100 names and unknown parameters", async () => {
  const many = Array.from({ length: 101 }, (_, i) => `DEMO-${i}`).join(",");
  expectError(await mentions(`ids=${many}`, "admin"), 400, "bad_request");
  expectError(await mentions("id=DEMO-1", "admin"), 400, "bad_request");
});

test("POST /api/issues/:id saves the description of an issue the user may edit", async () => {
  await withBackend(async ({ client }) => {
    const response = await client.request(
      "POST",
      withFields("/api/issues/DEMO-1", selectorFor(IssueSchema)),
      {
        body: { description: "- [x] done" },
        headers: bearer("alice"),
      },
    );
    const issue = IssueSchema.parse(expectOk(response));
    expect(issue.description).toBe("- [x] done");
    expect(issue.updated).toBeGreaterThan(Date.UTC(2026, 0, 1));
  });
});

test("POST /api/issues/:id refuses users who may not edit the issue's project", async () => {
  await withBackend(async ({ client }) => {
    const response = await client.request("POST", "/api/issues/DEMO-1", {
      body: { description: "x" },
      headers: bearer("tom"),
    });
    expectError(response, 403, "forbidden");
  });
});

test("POST /api/issues/:id answers 404 for an issue the user cannot see", async () => {
  const response = await backend.client.request("POST", "/api/issues/DEMO-1", {
    body: { description: "x" },
    headers: bearer("rachel"),
  });
  expectError(response, 404, "not_found");
});

test("POST /api/issues/:id refuses the guest and unknown fields", async () => {
  expectError(
    await backend.client.request("POST", "/api/issues/DEMO-1", {
      body: { description: "x" },
      headers: sameOrigin(),
    }),
    401,
  );
  expectError(
    await backend.client.request("POST", "/api/issues/DEMO-1", {
      body: { description: "x", summary: "y" },
      headers: bearer("admin"),
    }),
    400,
    "bad_request",
  );
});

test("POST /api/articles/:id saves an article's content", async () => {
  await withBackend(async ({ client }) => {
    const response = await client.request(
      "POST",
      withFields("/api/articles/DEMO-A-1", selectorFor(ArticleSchema)),
      {
        body: { content: "new" },
        headers: bearer("admin"),
      },
    );
    expect(ArticleSchema.parse(expectOk(response)).content).toBe("new");
  });
});
