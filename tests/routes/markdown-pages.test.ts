// The issue, article and Markdown reference pages through their loaders and actions, with the app's
// API client reaching the mock backend in-process.
import { expect, test } from "vitest";
import { action as articleAction, loader as articleLoader } from "#app/routes/content/article.tsx";
import { action as issueAction, loader as issueLoader } from "#app/routes/content/issue.tsx";
import { action as markupAction, loader as markupLoader } from "#app/routes/content/markup.tsx";
import { useBackend, withBackend, type Backend } from "../helpers/backend.ts";
import { callRoute, formRequest, type RouteArgs } from "../helpers/route.ts";

const backend = useBackend();

type Handler = (args: never) => unknown;
const withParams = (handler: Handler, params: Record<string, string>) => (args: RouteArgs) =>
  handler({ ...args, params } as never);

interface IssuePage {
  issue: { idReadable: string; updated: number; description?: string };
  description: { html: string; hasMath: boolean; hasMermaid: boolean };
  taskForm: { id: string; revision: number } | null;
}

async function openIssue(b: Backend, login: string | null, id: string, query = "") {
  const outcome = await callRoute(b, login, `/issue/${id}${query}`, withParams(issueLoader, { issueId: id }));
  expect(outcome.status).toBe(200);
  return outcome.data as IssuePage;
}

test("the issue page renders the description as Markdown on the server", async () => {
  const page = await openIssue(backend, null, "DEMO-2");
  expect(page.description.hasMath).toBe(true);
  expect(page.description.hasMermaid).toBe(true);
  expect(page.description.html).toContain("katex");
  expect(page.description.html).toContain("Expenses over $100 keep their place at the front of the queue.");
  expect(page.description.html).toContain('href="/demo/release-checklist.pdf"');
  expect(page.description.html).toContain('href="/issue/DEMO-1"');
  expect(page.issue.description).toBeUndefined();
});

test("a guest sees task checkboxes disabled and gets no task form", async () => {
  const page = await openIssue(backend, null, "DEMO-1");
  expect(page.taskForm).toBeNull();
  expect(page.description.html).toContain(
    '<input type="checkbox" disabled="" checked="" aria-label="Done: Reproduced in Chromium">',
  );
  expect(page.description.html).not.toContain("<button");
});

test("a member who may edit gets task buttons bound to the task form", async () => {
  const page = await openIssue(backend, "alice", "DEMO-1");
  expect(page.taskForm).toEqual({ id: "keel-tasks-DEMO-1", revision: page.issue.updated });
  expect(page.description.html).toContain(
    '<button type="submit" form="keel-tasks-DEMO-1" name="task" value="1"',
  );
});

test("a user without the right to edit the project gets read-only tasks", async () => {
  expect((await openIssue(backend, "tom", "DEMO-1")).taskForm).toBeNull();
});

test("a PDF in an issue is a link to the file, and ?preview= frames nothing", async () => {
  const page = await openIssue(backend, null, "DEMO-2", "?preview=pdf-1");
  expect(page.description.html).toContain(
    '<a class="attachment attachment-file" href="/demo/release-checklist.pdf">Release checklist</a>',
  );
  expect(page.description.html).not.toContain("<iframe");
});

test("toggling a task saves the description and redirects back to the issue", async () => {
  await withBackend(async (b) => {
    const before = await openIssue(b, "alice", "DEMO-1");
    const outcome = await callRoute(
      b,
      "alice",
      "/issue/DEMO-1",
      withParams(issueAction, { issueId: "DEMO-1" }),
      formRequest("/issue/DEMO-1", {
        intent: "toggle-task",
        task: "1",
        revision: String(before.taskForm?.revision),
      }),
    );
    expect(outcome).toMatchObject({ status: 302, location: "/issue/DEMO-1" });
    const after = await openIssue(b, "alice", "DEMO-1");
    expect(after.description.html).toMatch(/value="1" role="checkbox" aria-checked="true"/);
    expect(after.issue.updated).toBeGreaterThan(before.issue.updated);
  });
});

test("a toggle from a page older than the description is refused with 409", async () => {
  await withBackend(async (b) => {
    const outcome = await callRoute(
      b,
      "alice",
      "/issue/DEMO-1",
      withParams(issueAction, { issueId: "DEMO-1" }),
      formRequest("/issue/DEMO-1", { intent: "toggle-task", task: "0", revision: "1" }),
    );
    expect(outcome.status).toBe(409);
    expect(outcome.data).toEqual({
      taskError: "The text has changed since this page was loaded. Reload the page and try again.",
    });
  });
});

test("a toggle by someone who may not edit is refused with 403", async () => {
  const page = await openIssue(backend, "tom", "DEMO-1");
  const outcome = await callRoute(
    backend,
    "tom",
    "/issue/DEMO-1",
    withParams(issueAction, { issueId: "DEMO-1" }),
    formRequest("/issue/DEMO-1", { intent: "toggle-task", task: "0", revision: String(page.issue.updated) }),
  );
  expect(outcome).toMatchObject({ status: 403, data: { taskError: "You cannot edit this text." } });
});

test("a malformed toggle is refused with 400", async () => {
  const outcome = await callRoute(
    backend,
    "alice",
    "/issue/DEMO-1",
    withParams(issueAction, { issueId: "DEMO-1" }),
    formRequest("/issue/DEMO-1", { intent: "toggle-task", task: "x", revision: "1" }),
  );
  expect(outcome.status).toBe(400);
});

test("the article page renders its content, with embeds", async () => {
  const outcome = await callRoute(
    backend,
    "admin",
    "/articles/DEMO-A-1",
    withParams(articleLoader, { articleId: "DEMO-A-1" }),
  );
  const page = outcome.data as { content: { html: string }; taskForm: { id: string } | null };
  expect(page.content.html).toMatch(
    /<iframe src="https:\/\/viewer\.diagrams\.net\/\?lightbox=1&amp;nav=1#R[^"]+" title="diagrams\.net diagram"/,
  );
  expect(page.content.html).toContain('<a href="/markup">Markdown reference</a>');
  expect(page.taskForm?.id).toBe("keel-tasks-DEMO-A-1");
});

test("toggling an article's task saves its content", async () => {
  await withBackend(async (b) => {
    const opened = await callRoute(
      b,
      "admin",
      "/articles/DEMO-A-1",
      withParams(articleLoader, { articleId: "DEMO-A-1" }),
    );
    const revision = (opened.data as { taskForm: { revision: number } }).taskForm.revision;
    const outcome = await callRoute(
      b,
      "admin",
      "/articles/DEMO-A-1",
      withParams(articleAction, { articleId: "DEMO-A-1" }),
      formRequest("/articles/DEMO-A-1", { intent: "toggle-task", task: "0", revision: String(revision) }),
    );
    expect(outcome).toMatchObject({ status: 302, location: "/articles/DEMO-A-1" });
    const row = await b.db.article.findUniqueOrThrow({ where: { idReadable: "DEMO-A-1" } });
    expect(row.content).toContain("- [x] Read the [Markdown reference](/markup)");
  });
});

test("the reference page renders its text and a sample preview", async () => {
  const outcome = await callRoute(backend, null, "/markup", markupLoader as never);
  const page = outcome.data as {
    reference: { html: string; hasMath: boolean };
    sample: { preview: { html: string } };
  };
  expect(page.reference.hasMath).toBe(true);
  expect(page.reference.html).toContain("youtube-nocookie.com");
  expect(page.sample.preview.html).toContain('href="/issue/DEMO-1"');
});

test("the try-it form renders posted text on the server, for guests too", async () => {
  const outcome = await callRoute(
    backend,
    null,
    "/markup",
    markupAction as never,
    formRequest("/markup", { text: "Hello **DEMO-2** <img src=x onerror=alert(1)>" }),
  );
  const result = (outcome.data as { result: { preview: { html: string } } }).result;
  expect(result.preview.html).toBe(
    '<p>Hello <strong><a class="mention mention-issue" href="/issue/DEMO-2" title="Retry failed syncs with exponential backoff">DEMO-2</a></strong> <img src="x"></p>\n',
  );
});

test("the try-it form refuses text over the limit", async () => {
  const outcome = await callRoute(
    backend,
    null,
    "/markup",
    markupAction as never,
    formRequest("/markup", { text: "x".repeat(100_001) }),
  );
  expect(outcome.status).toBe(400);
});
