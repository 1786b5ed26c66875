// The issue list and the issue page through their loaders, with the API client reaching the mock backend
// in-process: the fields and comments they show come from the calls a real backend answers.
import { expect, test } from "vitest";
import type { ShownField } from "#app/lib/issue-fields.ts";
import { loader as issueLoader } from "#app/routes/content/issue.tsx";
import { loader as issuesLoader } from "#app/routes/content/issues.tsx";
import type { ShownComment } from "#app/components/activity-stream.tsx";
import { useBackend } from "../helpers/backend.ts";
import { callRoute, type RouteArgs } from "../helpers/route.ts";

const backend = useBackend();

const shown = (fields: readonly ShownField[]) =>
  Object.fromEntries(
    fields.map(({ name, value }) => [
      name,
      value.kind === "person" || value.kind === "element" ? value.name : value.text,
    ]),
  );

async function openIssue(login: string | null, id: string) {
  const outcome = await callRoute(backend, login, `/issue/${id}`, (args: RouteArgs) =>
    issueLoader({ ...args, params: { issueId: id } } as never),
  );
  expect(outcome.status).toBe(200);
  return outcome.data as { fields: ShownField[]; comments: ShownComment[]; issue: object };
}

test("the issue page has the issue's custom fields, a person by name and an empty field by its text", async () => {
  const page = await openIssue("alice", "DEMO-1");
  expect(shown(page.fields)).toEqual({ Priority: "Major", State: "In Progress", Assignee: "Alice Member" });
  expect(page.fields.find((field) => field.name === "Priority")?.value).toEqual({
    kind: "element",
    name: "Major",
    color: "#f5a623",
  });
  expect((await openIssue("alice", "DEMO-4")).fields.find((f) => f.name === "Assignee")?.value).toEqual({
    kind: "empty",
    text: "Unassigned",
  });
  // The page carries what it shows, not the backend's field settings.
  expect(page.issue).not.toHaveProperty("customFields");
});

test("the issue page shows the comments oldest first, with their authors and Markdown rendered", async () => {
  const { comments } = await openIssue("alice", "DEMO-1");
  expect(comments.length).toBeGreaterThanOrEqual(3);
  const times = comments.map((comment) => comment.timestamp);
  expect(times).toEqual([...times].sort((a, b) => a - b));
  const first = comments[0]!;
  expect(first.author).toBe("Ada Admin");
  expect(first.rendered.html).toContain("Confirmed at 760 px in Chromium.");
  // A mention in a comment is a link, as in the description.
  expect(comments.some((comment) => /<a [^>]*href="\/users\//.test(comment.rendered.html))).toBe(true);
  // Another issue's comments stay on that issue.
  const { comments: others } = await openIssue("alice", "DEMO-4");
  expect(others.map((comment) => comment.id)).not.toContain(first.id);
});

test("the issue list carries each issue's fields for its columns, and no descriptions", async () => {
  const outcome = await callRoute(backend, "alice", "/issues", issuesLoader as never);
  expect(outcome.status).toBe(200);
  const { issues } = outcome.data as { issues: { idReadable: string; fields: ShownField[] }[] };
  const byId = new Map(issues.map((issue) => [issue.idReadable, shown(issue.fields)]));
  expect(byId.get("DEMO-1")).toEqual({ Priority: "Major", State: "In Progress", Assignee: "Alice Member" });
  expect(byId.get("DEMO-3")).toMatchObject({ State: "Fixed" });
  expect(issues[0]).not.toHaveProperty("description");
});
