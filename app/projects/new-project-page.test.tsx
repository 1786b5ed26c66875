// The wizard page as the server renders it, before any script runs.
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider, useActionData, useLoaderData } from "react-router";
import { expect, test } from "vitest";
import NewProject from "../routes/projects/new.tsx";
import type { Project } from "#contract/api.ts";
import type { Language } from "../i18n/languages.ts";
import { WithI18n } from "#tests/helpers/i18n.tsx";

type Props = Parameters<typeof NewProject>[0];

function render(path: string, loaderData: object, actionData?: unknown, language: Language = "en"): string {
  function Page() {
    const props = {
      loaderData: useLoaderData(),
      actionData: useActionData(),
      params: {},
      matches: [],
    } as unknown as Props;
    return <NewProject {...props} />;
  }
  const router = createMemoryRouter([{ id: "new-project", path: "/projects/new", Component: Page }], {
    initialEntries: [path],
    hydrationData: {
      loaderData: { "new-project": { title: "New project", ...loaderData } },
      actionData: actionData === undefined ? undefined : { "new-project": actionData },
    },
  });
  return renderToStaticMarkup(
    <WithI18n language={language}>
      <RouterProvider router={router} />
    </WithI18n>,
  );
}

const project: Project = {
  id: "0-3",
  shortName: "MOB",
  name: "Mobile app",
  template: "scrum",
  projectType: { id: "DEFAULT" },
  timeTrackingEnabled: false,
  invitations: [],
};

const tag = (html: string, pattern: RegExp) => html.match(pattern)?.[0] ?? "";

test("the first step is a real post form with the CSRF field, the four templates and the steps", () => {
  const html = render("/projects/new", { step: "template", project: null });
  const form = tag(html, /<form[^>]*>/);
  expect(form).toContain('method="post"');
  expect(form).toContain('action="/projects/new"');
  expect(html).toContain('name="csrf"');
  expect([...html.matchAll(/name="template" value="(\w+)"/g)].map((m) => m[1])).toEqual([
    "scrum",
    "kanban",
    "helpdesk",
    "default",
  ]);
  expect(tag(html, /<li[^>]*aria-current="step"[^>]*>[^<]*/)).toContain("Template");
  expect(html).toContain(">Create project<");
});

test("after a refused post, each error sits next to its field and the typed values come back", () => {
  const html = render(
    "/projects/new",
    { step: "template", project: null },
    {
      step: "template",
      values: { name: "Mobile app", shortName: "demo", template: "kanban" },
      fieldErrors: { shortName: "The ID DEMO is taken by another project" },
    },
  );
  expect(tag(html, /<input[^>]*id="name"[^>]*>/)).toContain('value="Mobile app"');
  const id = tag(html, /<input[^>]*id="shortName"[^>]*>/);
  expect(id).toContain('value="demo"');
  expect(id).toContain('aria-invalid="true"');
  expect(id).toMatch(/aria-describedby="shortName-hint shortName-error"/);
  expect(html).toContain(
    '<p id="shortName-error" class="field-error">The ID DEMO is taken by another project</p>',
  );
  expect(tag(html, /<input[^>]*value="kanban"[^>]*>/)).toContain("checked");
  expect(tag(html, /<input[^>]*id="name"[^>]*>/)).not.toContain("aria-invalid");
});

test("a missing template marks the template group", () => {
  const html = render(
    "/projects/new",
    { step: "template", project: null },
    {
      step: "template",
      values: { name: "", shortName: "", template: "" },
      fieldErrors: { template: "Choose a template" },
    },
  );
  expect(tag(html, /<fieldset[^>]*>/)).toContain('aria-invalid="true"');
  expect(tag(html, /<fieldset[^>]*>/)).toContain('aria-describedby="template-error"');
  expect(html).toContain('<p id="template-error" class="field-error">Choose a template</p>');
});

test("the invite step posts to its own URL and offers to skip", () => {
  const html = render("/projects/new?project=MOB&step=invite", { step: "invite", project });
  expect(tag(html, /<form[^>]*>/)).toContain('action="/projects/new?project=MOB&amp;step=invite"');
  const send = tag(html, /<button[^>]*>Send invitations/);
  expect(send).toContain('name="intent"');
  expect(send).toContain('value="invite"');
  const skip = tag(html, /<button[^>]*>Skip this step/);
  expect(skip).toContain('name="intent"');
  expect(skip).toContain('value="skip"');
  expect(tag(html, /<li[^>]*aria-current="step"[^>]*>[^<]*/)).toContain("Invite team members");
  expect(tag(html, /<p[^>]*data-testid="wizard-project"[^>]*>.*?<\/p>/)).toContain(
    'Mobile app · <span class="entity-id">MOB</span> · Scrum template</p>',
  );
});

test("failed invitations are listed in an alert and left in the field", () => {
  const html = render(
    "/projects/new?project=MOB&step=invite",
    { step: "invite", project },
    {
      step: "invite",
      values: { invitees: "nobody" },
      fieldErrors: {},
      report: {
        invited: [{ invitee: "alice", kind: "user", status: "added" }],
        failed: [{ invitee: "nobody", kind: "user", message: "No user has the login nobody" }],
        summary: "1 could not be invited: 1 user",
      },
    },
  );
  expect(html).toContain('role="status" class="wizard-report">Invited: alice');
  expect(html).toMatch(/role="alert"[^>]*><p>1 could not be invited: 1 user<\/p>/);
  expect(tag(html, /<textarea[^>]*>[^<]*/)).toMatch(/>nobody$/);
});

test("the time-tracking step shows the project's setting, and the done step sums up", () => {
  const tracking = render("/projects/new?project=MOB&step=time-tracking", {
    step: "time-tracking",
    project: { ...project, timeTrackingEnabled: true },
  });
  expect(tag(tracking, /<input[^>]*id="timeTracking"[^>]*>/)).toContain("checked");
  expect(tracking).toContain(">Save and finish<");

  const done = render("/projects/new?project=MOB&step=done", {
    step: "done",
    project: { ...project, invitations: [{ invitee: "x@example.com", kind: "email", status: "invited" }] },
  });
  expect(done).toContain("<dd>x@example.com (invitation sent)</dd>");
  expect(done).toContain("<dd>Off</dd>");
  expect(done).toContain('href="/projects/MOB"');
});

test("the page renders in the reader's language", () => {
  const html = render("/projects/new", { step: "template", project: null }, undefined, "de");
  expect(tag(html, /<li[^>]*aria-current="step"[^>]*>[^<]*/)).toContain("Vorlage");
  expect(html).toContain('aria-label="Schritte"');
  expect(html).toContain(">Projekt erstellen<");
  expect(html).toContain('<span class="wizard-template-name">Helpdesk</span>');
  const tracking = render(
    "/projects/new?project=MOB&step=time-tracking",
    { step: "time-tracking", project },
    undefined,
    "de",
  );
  expect(tag(tracking, /<p[^>]*data-testid="wizard-project"[^>]*>.*?<\/p>/)).toBe(
    '<p class="muted" data-testid="wizard-project">Mobile app · <span class="entity-id">MOB</span> · Vorlage Scrum</p>',
  );
  const done = render("/projects/new?project=MOB&step=done", { step: "done", project }, undefined, "de");
  expect(done).toContain("<dd>Noch niemand eingeladen</dd>");
  expect(done).toContain("<dd>Aus</dd>");
});
