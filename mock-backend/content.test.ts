import { expect, test } from "vitest";
import { ArticleSchema, ArticlesSchema, IssueSchema, IssuesSchema } from "#contract/api.ts";
import { demoIssues } from "#prisma/factories.ts";
import {
  bearer,
  expectError,
  expectOk,
  selectorFor,
  useBackend,
  withFields,
} from "#tests/helpers/backend.ts";

const backend = useBackend();
const ALL_ISSUES = ["SUP-2", "SUP-1", "DEMO-4", "DEMO-3", "DEMO-2", "DEMO-1"];
const ALL_ARTICLES = ["DEMO-A-5", "DEMO-A-4", "DEMO-A-3", "SUP-A-1", "DEMO-A-2", "DEMO-A-1"];
const DEMO_ARTICLES = ["DEMO-A-5", "DEMO-A-4", "DEMO-A-3", "DEMO-A-2", "DEMO-A-1"];
const DEMO_ISSUES = ["DEMO-4", "DEMO-3", "DEMO-2", "DEMO-1"];

async function readableIds(path: string, login: string | null) {
  const response = await backend.client.request("GET", path, { headers: await backend.readAs(login) });
  expect(response.status, response.text).toBe(200);
  return (response.json as { idReadable: string }[]).map((e) => e.idReadable);
}

const get = (path: string, login?: string) =>
  backend.client.request("GET", path, { headers: login === undefined ? {} : bearer(login) });

test("GET /api/issues shows the guest the public project's issues, newest first", async () => {
  expect(await readableIds("/api/issues", null)).toEqual(DEMO_ISSUES);
});

test("GET /api/issues shows admin every issue", async () => {
  expect(await readableIds("/api/issues", "admin")).toEqual(ALL_ISSUES);
});

test("GET /api/issues shows alice only the DEMO issues", async () => {
  expect(await readableIds("/api/issues", "alice")).toEqual(DEMO_ISSUES);
});

test("GET /api/issues shows rachel only the SUP tickets", async () => {
  expect(await readableIds("/api/issues", "rachel")).toEqual(["SUP-2", "SUP-1"]);
});

test("GET /api/issues without fields answers the default issue fields", async () => {
  const [first] = expectOk(await get("/api/issues?$top=1", "alice")) as unknown[];
  expect(first).toEqual({
    id: "2-4",
    idReadable: "DEMO-4",
    summary: "Add a keyboard shortcut for quick search",
    resolved: null,
    project: { shortName: "DEMO" },
  });
});

test("GET /api/issues with the app's selector satisfies the contract", async () => {
  const issues = IssuesSchema.parse(
    expectOk(await get(withFields("/api/issues", selectorFor(IssuesSchema)), "admin")),
  );
  const resolved = demoIssues().find((i) => i.idReadable === "DEMO-3")?.resolved;
  expect(issues.find((i) => i.idReadable === "DEMO-3")?.resolved).toBe(Number(resolved));
  expect(issues.find((i) => i.idReadable === "SUP-1")).toMatchObject({
    project: { id: "0-2", shortName: "SUP", name: "Support desk" },
    reporter: { login: "rachel", name: "Rachel Reporter" },
  });
});

test("GET /api/issues returns only the selected nested fields", async () => {
  const response = await get(withFields("/api/issues?$top=2", "idReadable, reporter( login )"), "rachel");
  expect(expectOk(response)).toEqual([
    { idReadable: "SUP-2", reporter: { login: "rachel" } },
    { idReadable: "SUP-1", reporter: { login: "rachel" } },
  ]);
});

test("GET /api/issues cannot be made to reveal the reporter's password hash", async () => {
  const response = await get(withFields("/api/issues?$top=1", "reporter(login,passwordHash)"), "admin");
  expect(expectOk(response)).toEqual([{ reporter: { login: "rachel" } }]);
});

test("GET /api/issues pages with $top and $skip", async () => {
  expect(await readableIds("/api/issues?$top=2", "admin")).toEqual(["SUP-2", "SUP-1"]);
  expect(await readableIds("/api/issues?$top=2&$skip=3", "admin")).toEqual(["DEMO-3", "DEMO-2"]);
  expect(await readableIds("/api/issues?$top=500", "admin")).toEqual(ALL_ISSUES);
  expect(await readableIds("/api/issues?$skip=6", "admin")).toEqual([]);
  expect(await readableIds("/api/issues?$top=2&$skip=1", null)).toEqual(["DEMO-3", "DEMO-2"]);
});

test.each([
  "$top=0",
  "$top=501",
  "$top=-1",
  "$top=ten",
  "$top=2.5",
  "$skip=-1",
  "$skip=100001",
  "sort=created",
])("GET /api/issues refuses %s with 400", async (query) => {
  expectError(await get(`/api/issues?${query}`), 400, "bad_request");
});

test("GET /api/issues refuses a malformed selector", async () => {
  expectError(await get(withFields("/api/issues", "project(")), 400, "bad_request");
});

test("GET /api/issues/{id} finds an issue by its readable id and by its id", async () => {
  const byReadable = IssueSchema.parse(
    expectOk(await get(withFields("/api/issues/DEMO-1", selectorFor(IssueSchema)), "alice")),
  );
  const byId = IssueSchema.parse(
    expectOk(await get(withFields("/api/issues/2-1", selectorFor(IssueSchema)), "alice")),
  );
  expect(byId).toEqual(byReadable);
  expect(byReadable).toMatchObject({
    id: "2-1",
    idReadable: "DEMO-1",
    summary: "Navigation collapses on narrow screens",
  });
});

test("GET /api/issues/{id} without fields answers the default issue fields", async () => {
  expect(expectOk(await get("/api/issues/SUP-1", "rachel"))).toEqual({
    id: "2-5",
    idReadable: "SUP-1",
    summary: "Cannot sign in from the mobile app",
    resolved: null,
    project: { shortName: "SUP" },
  });
});

test.each([
  ["alice", "SUP-1"],
  ["alice", "2-5"],
  ["rachel", "DEMO-1"],
  ["rachel", "2-1"],
  ["tom", "SUP-2"],
])("GET /api/issues/{id} answers 404 to %s for the invisible issue %s", async (login, id) => {
  const body = expectError(await get(`/api/issues/${id}`, login), 404, "not_found");
  expect(body.error_description).toBe(`Issue ${id} not found`);
});

test("GET /api/issues/{id} answers 404 for an issue that does not exist", async () => {
  expectError(await get("/api/issues/DEMO-99", "admin"), 404, "not_found");
});

test("GET /api/issues/{id} refuses an unknown query parameter", async () => {
  expectError(await get("/api/issues/DEMO-1?expand=true", "admin"), 400, "bad_request");
});

test("GET /api/articles shows rachel every article and the guest the public project's", async () => {
  expect(await readableIds("/api/articles", "rachel")).toEqual(ALL_ARTICLES);
  expect(await readableIds("/api/articles", null)).toEqual(DEMO_ARTICLES);
});

test("GET /api/articles shows alice only the DEMO articles", async () => {
  expect(await readableIds("/api/articles", "alice")).toEqual(DEMO_ARTICLES);
});

test("GET /api/articles without fields answers the default article fields", async () => {
  expect((expectOk(await get("/api/articles?$top=1", "rachel")) as unknown[])[0]).toEqual({
    id: "3-6",
    idReadable: "DEMO-A-5",
    summary: "Incident runbook: the API is down or slow",
    project: { shortName: "DEMO" },
  });
});

test("GET /api/articles with the app's selector satisfies the contract", async () => {
  const articles = ArticlesSchema.parse(
    expectOk(await get(withFields("/api/articles", selectorFor(ArticlesSchema)), "admin")),
  );
  expect(articles.map((a) => a.idReadable)).toEqual(ALL_ARTICLES);
  expect(articles.find((a) => a.idReadable === "SUP-A-1")?.content).toContain("Support desk");
});

test("GET /api/articles pages with $top and $skip", async () => {
  expect(await readableIds("/api/articles?$top=1&$skip=1", "admin")).toEqual(["DEMO-A-4"]);
  expect(await readableIds("/api/articles?$top=2&$skip=3", "admin")).toEqual(["SUP-A-1", "DEMO-A-2"]);
});

test.each(["$top=0", "$top=501", "$top=x", "$skip=-1", "top=1"])(
  "GET /api/articles refuses %s with 400",
  async (query) => {
    expectError(await get(`/api/articles?${query}`), 400, "bad_request");
  },
);

test("GET /api/articles/{id} finds an article by its readable id and by its id", async () => {
  const byReadable = ArticleSchema.parse(
    expectOk(await get(withFields("/api/articles/DEMO-A-1", selectorFor(ArticleSchema)), "alice")),
  );
  const byId = ArticleSchema.parse(
    expectOk(await get(withFields("/api/articles/3-1", selectorFor(ArticleSchema)), "alice")),
  );
  expect(byId).toEqual(byReadable);
  expect(byReadable).toMatchObject({ id: "3-1", summary: "Getting started: your first week on the team" });
});

test.each([
  ["alice", "SUP-A-1"],
  ["alice", "3-3"],
  ["tom", "SUP-A-1"],
])("GET /api/articles/{id} answers 404 to %s for the invisible article %s", async (login, id) => {
  expectError(await get(`/api/articles/${id}`, login), 404, "not_found");
});

test("GET /api/articles/{id} shows rachel a DEMO article through her global READ_ARTICLE", async () => {
  expect(expectOk(await get("/api/articles/DEMO-A-2", "rachel"))).toMatchObject({ idReadable: "DEMO-A-2" });
});

test("GET /api/articles/{id} refuses an unknown query parameter", async () => {
  expectError(await get("/api/articles/DEMO-A-1?$top=1", "admin"), 400, "bad_request");
});

test.each(["$skip=", "$top=0x2", "$top=1e1", "$top=%20"])(
  "GET /api/issues?%s is refused as not a whole number",
  async (q) => {
    expectError(await get(`/api/issues?${q}`, "admin"), 400, "bad_request");
  },
);

test("GET /api/issues?query= keeps issues whose id or summary has every word, in any case", async () => {
  expect(await readableIds("/api/issues?query=NARROW%20screens", "admin")).toEqual(["DEMO-1"]);
  expect(await readableIds("/api/issues?query=sup-2", "admin")).toEqual(["SUP-2"]);
  expect(await readableIds("/api/issues?query=invoice", "alice")).toEqual([]);
});

test("GET /api/articles?query= searches the visible articles", async () => {
  const response = await get(withFields("/api/articles?query=getting", "idReadable"), "alice");
  expect(expectOk(response)).toEqual([{ idReadable: "DEMO-A-1" }]);
});

test("issue fields come with the backend's names in the reader's language; an English reader gets none", async () => {
  const selector = selectorFor(IssueSchema);
  await backend.db.user.update({ where: { login: "alice" }, data: { language: "he", locale: "he_IL" } });
  const hebrew = IssueSchema.parse(expectOk(await get(withFields("/api/issues/DEMO-4", selector), "alice")));
  const shown = hebrew.customFields.map((f) => ({
    field: f.projectCustomField.field.localizedName,
    value:
      f.value !== null && typeof f.value === "object" && "name" in f.value ? f.value.localizedName : f.value,
    empty: f.projectCustomField.emptyFieldText,
  }));
  expect(shown).toEqual([
    { field: "עדיפות", value: "רגילה", empty: "ללא ערך" },
    { field: "מצב", value: "פתוחה", empty: "ללא ערך" },
    { field: "אחראי", value: null, empty: "לא הוקצה" },
  ]);
  // The list answers the same, and the stored names stay as they are.
  const list = IssuesSchema.parse(
    expectOk(await get(withFields("/api/issues", selectorFor(IssuesSchema)), "alice")),
  );
  expect(list.find((i) => i.idReadable === "DEMO-4")?.customFields[0]).toMatchObject({
    name: "Priority",
    value: { name: "Normal", localizedName: "רגילה" },
  });
  const english = IssueSchema.parse(expectOk(await get(withFields("/api/issues/DEMO-4", selector), "admin")));
  expect(english.customFields[0]?.projectCustomField.field.localizedName).toBeNull();
  expect(english.customFields[2]?.projectCustomField.emptyFieldText).toBe("Unassigned");
});
