import { useEffect, useRef, useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/new";
import { CsrfInput } from "../../components/csrf-input.tsx";
import { RouteError } from "../../components/route-error.tsx";
import { ApiError, type Api } from "../../lib/api.server.ts";
import { PERMISSION } from "../../lib/constants.ts";
import { hasPermission } from "../../lib/permissions.ts";
import { getApi } from "../../middleware/api.server.ts";
import {
  countInviteFailures,
  describeInviteFailures,
  NEW_PROJECT_PATH,
  newProjectValues,
  nextStep,
  parseInviteForm,
  parseNewProjectForm,
  parseTimeTrackingForm,
  readWizardLocation,
  STEP_LABELS,
  suggestShortName,
  templateName,
  TEMPLATES,
  WIZARD_STEPS,
  wizardUrl,
  type FieldErrors,
  type NewProjectField,
  type NewProjectValues,
  type WizardStep,
} from "../../projects/wizard.ts";
import type { InvitationsResult, Project } from "../../../mock-backend/contract.ts";
import wizardStylesHref from "../../projects/wizard.css?url";

async function requireProjectCreate(api: Api): Promise<void> {
  if (!hasPermission(await api.getPermissions(), PERMISSION.PROJECT_CREATE)) {
    throw data(
      {
        title: "You cannot create projects",
        message: "Creating a project needs the project-create permission. Ask an administrator for it.",
      },
      { status: 403 },
    );
  }
}

function wizardLocation(url: URL) {
  const location = readWizardLocation(url.searchParams);
  if ("redirect" in location) throw redirect(location.redirect);
  return location;
}

/** A backend refusal the person cannot fix in the form becomes the page's error. */
function rethrowAsPage(error: unknown, project: string | null): never {
  if (error instanceof ApiError && error.status === 404) {
    throw data({ message: `Project ${project} does not exist or you cannot see it.` }, { status: 404 });
  }
  if (error instanceof ApiError && error.status === 403) {
    throw data(
      { message: error.body?.error_description ?? "You may not change this project." },
      { status: 403 },
    );
  }
  throw error;
}

async function loadProject(api: Api, project: string): Promise<Project> {
  try {
    return await api.getProject(project);
  } catch (error) {
    rethrowAsPage(error, project);
  }
}

export async function loader({ context, url }: Route.LoaderArgs) {
  const api = getApi(context);
  await requireProjectCreate(api);
  const location = wizardLocation(url);
  if (location.step === "template") return { step: location.step, project: null };
  return { step: location.step, project: await loadProject(api, location.project) };
}

export interface InviteReport {
  invited: InvitationsResult["invited"];
  failed: InvitationsResult["failed"];
  summary: string;
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const api = getApi(context);
  await requireProjectCreate(api);
  const location = wizardLocation(url);
  const form = await request.formData();
  const intent = form.get("intent");

  if (location.step === "template") {
    const values = newProjectValues(form);
    const parsed = parseNewProjectForm(values);
    if (!parsed.ok)
      return data({ step: "template" as const, values, fieldErrors: parsed.fieldErrors }, { status: 400 });
    let created: Project;
    try {
      created = await api.createProject(parsed.data);
    } catch (error) {
      // A taken ID or name is the backend's to know; it names the field.
      if (error instanceof ApiError && (error.status === 409 || error.status === 400) && error.body?.issues) {
        const fieldErrors: FieldErrors<NewProjectField> = {};
        for (const issue of error.body.issues) {
          if (issue.path === "name" || issue.path === "shortName" || issue.path === "template") {
            fieldErrors[issue.path] ??= issue.message;
          }
        }
        return data({ step: "template" as const, values, fieldErrors }, { status: error.status });
      }
      throw error;
    }
    throw redirect(wizardUrl(nextStep("template"), created.shortName));
  }

  const project = location.project;
  const next = wizardUrl(nextStep(location.step), project);
  if (location.step === "invite") {
    if (intent === "skip") throw redirect(next);
    const field = form.get("invitees");
    const raw = typeof field === "string" ? field : "";
    const parsed = parseInviteForm(raw);
    if (!parsed.ok) {
      return data(
        { step: "invite" as const, values: { invitees: raw }, fieldErrors: parsed.fieldErrors, report: null },
        { status: 400 },
      );
    }
    let result: InvitationsResult;
    try {
      result = await api.inviteToProject(project, parsed.data);
    } catch (error) {
      rethrowAsPage(error, project);
    }
    if (result.failed.length === 0) throw redirect(next);
    const report: InviteReport = {
      invited: result.invited,
      failed: result.failed,
      summary: describeInviteFailures(countInviteFailures(result.failed)),
    };
    // Those that failed stay in the field to be corrected or dropped.
    const values = { invitees: result.failed.map((f) => f.invitee).join("\n") };
    return data({ step: "invite" as const, values, fieldErrors: {}, report }, { status: 200 });
  }

  if (location.step === "time-tracking") {
    if (intent === "skip") throw redirect(next);
    const parsed = parseTimeTrackingForm(form);
    if (!parsed.ok) {
      return data({ step: "time-tracking" as const, fieldErrors: parsed.fieldErrors }, { status: 400 });
    }
    try {
      await api.updateProjectTimeTracking(project, parsed.data);
    } catch (error) {
      rethrowAsPage(error, project);
    }
    throw redirect(next);
  }

  throw data({ message: "This step has nothing to submit." }, { status: 405 });
}

export const meta: Route.MetaFunction = () => [{ title: "New project · Keel" }];

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: wizardStylesHref }];

export default function NewProject({ loaderData, actionData }: Route.ComponentProps) {
  const { step, project } = loaderData;
  return (
    <section className="wizard" aria-labelledby="page-heading">
      <h1 id="page-heading">New project</h1>
      <StepList current={step} />
      {project === null ? (
        <TemplateStep result={actionData?.step === "template" ? actionData : undefined} />
      ) : step === "invite" ? (
        <InviteStep project={project} result={actionData?.step === "invite" ? actionData : undefined} />
      ) : step === "time-tracking" ? (
        <TimeTrackingStep
          project={project}
          fieldErrors={actionData?.step === "time-tracking" ? actionData.fieldErrors : {}}
        />
      ) : (
        <DoneStep project={project} />
      )}
    </section>
  );
}

function StepList({ current }: { current: WizardStep }) {
  const index = WIZARD_STEPS.indexOf(current);
  return (
    <ol className="wizard-steps" aria-label="Steps">
      {WIZARD_STEPS.map((step, i) => (
        <li
          key={step}
          aria-current={i === index ? "step" : undefined}
          data-state={i < index ? "done" : i === index ? "current" : "todo"}
        >
          {STEP_LABELS[step]}
        </li>
      ))}
    </ol>
  );
}

/** The intent of the wizard form being submitted by script, if any: pending state for its buttons. */
function usePendingIntent(): string | null {
  const navigation = useNavigation();
  if (navigation.state !== "submitting" || !navigation.formAction?.startsWith(NEW_PROJECT_PATH)) return null;
  const intent = navigation.formData?.get("intent");
  return typeof intent === "string" ? intent : "submit";
}

/** After a failed submit, focus goes to the first field in error. */
function useFocusFirstError(result: unknown) {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const invalid = form.current?.querySelector<HTMLElement>("[aria-invalid='true']");
    // A radio group is marked as a whole; its first option takes the focus.
    if (result && invalid) (invalid.querySelector<HTMLElement>("input") ?? invalid).focus();
  }, [result]);
  return form;
}

function ErrorText({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="field-error">
      {message}
    </p>
  ) : null;
}

function PendingStatus({ pending, text }: { pending: boolean; text: string }) {
  return (
    <p role="status" className="wizard-status">
      {pending ? text : ""}
    </p>
  );
}

function TemplateStep({
  result,
}: {
  result?: { values: NewProjectValues; fieldErrors: FieldErrors<NewProjectField> };
}) {
  const values = result?.values;
  const errors = result?.fieldErrors ?? {};
  const [name, setName] = useState(values?.name ?? "");
  const pending = usePendingIntent();
  const form = useFocusFirstError(result);
  const describedBy = (field: NewProjectField, hint?: string) =>
    [hint, errors[field] ? `${field}-error` : undefined].filter(Boolean).join(" ") || undefined;
  return (
    <Form method="post" action={wizardUrl("template")} noValidate ref={form} aria-busy={pending !== null}>
      <CsrfInput />
      <h2>Choose a template</h2>
      <fieldset
        className="wizard-templates"
        role="radiogroup"
        aria-labelledby="template-legend"
        aria-invalid={errors.template ? true : undefined}
        aria-describedby={errors.template ? "template-error" : undefined}
      >
        <legend id="template-legend">Template</legend>
        {TEMPLATES.map((template) => (
          <label key={template.id} className="wizard-template">
            <input
              type="radio"
              name="template"
              value={template.id}
              defaultChecked={values?.template === template.id}
              aria-describedby={`template-${template.id}-description`}
            />
            <span className="wizard-template-name">{template.name}</span>
            <span id={`template-${template.id}-description`} className="muted">
              {template.description}
            </span>
          </label>
        ))}
        <ErrorText id="template-error" message={errors.template} />
      </fieldset>
      <div className="field">
        <label htmlFor="name">Project name</label>
        <input
          id="name"
          name="name"
          maxLength={80}
          required
          autoComplete="off"
          defaultValue={values?.name ?? ""}
          onChange={(event) => setName(event.currentTarget.value)}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={describedBy("name")}
        />
        <ErrorText id="name-error" message={errors.name} />
      </div>
      <div className="field">
        <label htmlFor="shortName">ID</label>
        <input
          id="shortName"
          name="shortName"
          maxLength={10}
          autoComplete="off"
          autoCapitalize="characters"
          placeholder={suggestShortName(name) || undefined}
          defaultValue={values?.shortName ?? ""}
          aria-invalid={errors.shortName ? true : undefined}
          aria-describedby={describedBy("shortName", "shortName-hint")}
        />
        <p id="shortName-hint" className="hint">
          The prefix of issue numbers, such as DEMO in DEMO-1. Leave it empty to make one from the name.
        </p>
        <ErrorText id="shortName-error" message={errors.shortName} />
      </div>
      <div className="wizard-actions">
        <button
          type="submit"
          name="intent"
          value="submit"
          className="button button-primary"
          disabled={pending !== null}
        >
          {pending ? "Creating the project…" : "Create project"}
        </button>
        <Link to="/projects" className="button button-quiet">
          Cancel
        </Link>
      </div>
      <PendingStatus pending={pending !== null} text="Creating the project…" />
    </Form>
  );
}

function ProjectLine({ project }: { project: Project }) {
  return (
    <p className="muted" data-testid="wizard-project">
      {project.name} · <span className="entity-id">{project.shortName}</span> ·{" "}
      {templateName(project.template)} template
    </p>
  );
}

function InviteStep({
  project,
  result,
}: {
  project: Project;
  result?: {
    values: { invitees: string };
    fieldErrors: FieldErrors<"invitees">;
    report: InviteReport | null;
  };
}) {
  const pending = usePendingIntent();
  const form = useFocusFirstError(result);
  const error = result?.fieldErrors.invitees;
  const report = result?.report;
  return (
    <Form
      method="post"
      action={wizardUrl("invite", project.shortName)}
      noValidate
      ref={form}
      aria-busy={pending !== null}
    >
      <CsrfInput />
      <h2>Invite team members</h2>
      <ProjectLine project={project} />
      {report && report.invited.length > 0 ? (
        <p role="status" className="wizard-report">
          Invited: {report.invited.map((i) => i.invitee).join(", ")}
        </p>
      ) : null}
      {report && report.failed.length > 0 ? (
        <div role="alert" className="wizard-report wizard-report-failed">
          <p>{report.summary}</p>
          <ul>
            {report.failed.map((f) => (
              <li key={f.invitee}>
                <strong>{f.invitee}</strong>: {f.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {project.invitations.length > 0 ? (
        <p className="muted">In the project so far: {project.invitations.map((i) => i.invitee).join(", ")}</p>
      ) : null}
      <div className="field">
        <label htmlFor="invitees">Logins or e-mail addresses</label>
        {/* Keyed by the answer: with scripts the form stays mounted, and only the failed entries stay. */}
        <textarea
          key={result?.values.invitees ?? ""}
          id="invitees"
          name="invitees"
          rows={4}
          defaultValue={result?.values.invitees ?? ""}
          aria-invalid={error ? true : undefined}
          aria-describedby={["invitees-hint", error ? "invitees-error" : null].filter(Boolean).join(" ")}
        />
        <p id="invitees-hint" className="hint">
          Separate them with commas or new lines. Invite a whole group with group:&lt;name&gt;, such as
          group:All Users. People without an account get an e-mail.
        </p>
        <ErrorText id="invitees-error" message={error} />
      </div>
      <div className="wizard-actions">
        <button
          type="submit"
          name="intent"
          value="invite"
          className="button button-primary"
          disabled={pending !== null}
        >
          {pending === "invite" ? "Sending invitations…" : "Send invitations"}
        </button>
        <button type="submit" name="intent" value="skip" className="button" disabled={pending !== null}>
          {pending === "skip" ? "Skipping…" : "Skip this step"}
        </button>
      </div>
      <PendingStatus
        pending={pending !== null}
        text={pending === "skip" ? "Going to the next step…" : "Sending invitations…"}
      />
    </Form>
  );
}

function TimeTrackingStep({
  project,
  fieldErrors,
}: {
  project: Project;
  fieldErrors: FieldErrors<"timeTracking">;
}) {
  const pending = usePendingIntent();
  return (
    <Form
      method="post"
      action={wizardUrl("time-tracking", project.shortName)}
      noValidate
      aria-busy={pending !== null}
    >
      <CsrfInput />
      <h2>Time tracking</h2>
      <ProjectLine project={project} />
      <div className="wizard-check">
        <input
          id="timeTracking"
          name="timeTracking"
          type="checkbox"
          defaultChecked={project.timeTrackingEnabled}
          aria-invalid={fieldErrors.timeTracking ? true : undefined}
          aria-describedby={["timeTracking-hint", fieldErrors.timeTracking ? "timeTracking-error" : null]
            .filter(Boolean)
            .join(" ")}
        />
        <label htmlFor="timeTracking">Enable time tracking</label>
        <p id="timeTracking-hint" className="hint">
          Members log the time they spend on issues in {project.shortName} and see it in timesheets.
        </p>
        <ErrorText id="timeTracking-error" message={fieldErrors.timeTracking} />
      </div>
      <div className="wizard-actions">
        <button
          type="submit"
          name="intent"
          value="save"
          className="button button-primary"
          disabled={pending !== null}
        >
          {pending === "save" ? "Saving…" : "Save and finish"}
        </button>
        <button type="submit" name="intent" value="skip" className="button" disabled={pending !== null}>
          {pending === "skip" ? "Skipping…" : "Skip this step"}
        </button>
        <Link to={wizardUrl("invite", project.shortName)} className="button button-quiet">
          Back to invitations
        </Link>
      </div>
      <PendingStatus pending={pending !== null} text={pending === "skip" ? "Finishing…" : "Saving…"} />
    </Form>
  );
}

function DoneStep({ project }: { project: Project }) {
  return (
    <div>
      <h2>Project created</h2>
      <p role="status">{project.name} is ready.</p>
      <dl className="wizard-summary">
        <dt>Name</dt>
        <dd>{project.name}</dd>
        <dt>ID</dt>
        <dd className="entity-id">{project.shortName}</dd>
        <dt>Template</dt>
        <dd>{templateName(project.template)}</dd>
        <dt>Team</dt>
        <dd>
          {project.invitations.length === 0
            ? "No one invited yet"
            : project.invitations
                .map((i) => `${i.invitee} (${i.status === "added" ? "added" : "invitation sent"})`)
                .join(", ")}
        </dd>
        <dt>Time tracking</dt>
        <dd>{project.timeTrackingEnabled ? "On" : "Off"}</dd>
      </dl>
      <p className="wizard-actions">
        <Link to={`/projects/${project.shortName}`} className="button button-primary">
          Open {project.name}
        </Link>
        <Link to={NEW_PROJECT_PATH} className="button">
          Create another project
        </Link>
      </p>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
