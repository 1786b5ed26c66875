import { useEffect, useRef, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/new";
import { CsrfInput } from "../../components/csrf-input.tsx";
import { RouteError } from "../../components/route-error.tsx";
import { ApiError, type Api } from "../../lib/api.server.ts";
import { PERMISSION } from "#contract/constants.ts";
import { hasPermission } from "#contract/permissions.ts";
import { getApi } from "../../middleware/api.server.ts";
import { getI18n } from "../../middleware/i18next.server.ts";
import {
  countInviteFailures,
  describeInviteFailures,
  inviteFailureMessage,
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
import {
  ProjectTemplateSchema,
  type InviteFailureKind,
  type InvitationsResult,
  type Project,
  type ProjectCreate,
} from "#contract/api.ts";
import { track } from "../../analytics/client.ts";
import { bucketCount } from "../../analytics/privacy.ts";
import wizardStylesHref from "../../projects/wizard.css?url";

type T = TFunction<"pages">;

async function requireProjectCreate(api: Api, t: T): Promise<void> {
  if (!hasPermission(await api.getPermissions(), PERMISSION.PROJECT_CREATE)) {
    throw data(
      { title: t("newProject.errors.forbiddenTitle"), message: t("newProject.errors.forbidden") },
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
function rethrowAsPage(error: unknown, project: string, t: T): never {
  if (error instanceof ApiError && error.status === 404) {
    throw data({ message: t("newProject.errors.notFound", { project }) }, { status: 404 });
  }
  if (error instanceof ApiError && error.status === 403) {
    throw data({ message: t("newProject.errors.mayNotChange", { project }) }, { status: 403 });
  }
  throw error;
}

async function loadProject(api: Api, project: string, t: T): Promise<Project> {
  try {
    return await api.getProject(project);
  } catch (error) {
    rethrowAsPage(error, project, t);
  }
}

export async function loader({ context, url }: Route.LoaderArgs) {
  const api = getApi(context);
  const t = getI18n(context).getFixedT(null, "pages");
  await requireProjectCreate(api, t);
  const location = wizardLocation(url);
  const title = t("newProject.title");
  if (location.step === "template") return { step: location.step, project: null, title };
  return { step: location.step, project: await loadProject(api, location.project, t), title };
}

/** The backend's refusal of a new project, as errors next to the fields it names. */
function createFieldErrors(error: ApiError, input: ProjectCreate, t: T): FieldErrors<NewProjectField> {
  // A conflict is a taken ID or name; any other refusal is of a value the form let through.
  const conflict = error.status === 409;
  const messages: Record<NewProjectField, string> = {
    shortName: conflict
      ? t("newProject.errors.shortNameTaken", { shortName: input.shortName })
      : t("newProject.errors.rejected"),
    name: conflict ? t("newProject.errors.nameTaken", { name: input.name }) : t("newProject.errors.rejected"),
    template: t("newProject.errors.rejected"),
  };
  const fieldErrors: FieldErrors<NewProjectField> = {};
  for (const { path } of error.body?.issues ?? []) {
    if (path === "name" || path === "shortName" || path === "template") fieldErrors[path] ??= messages[path];
  }
  return fieldErrors;
}

export interface InviteReport {
  invited: InvitationsResult["invited"];
  failed: InvitationsResult["failed"];
  summary: string;
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const api = getApi(context);
  const t = getI18n(context).getFixedT(null, "pages");
  await requireProjectCreate(api, t);
  const location = wizardLocation(url);
  const form = await request.formData();
  const intent = form.get("intent");

  if (location.step === "template") {
    const values = newProjectValues(form);
    const parsed = parseNewProjectForm(values, t);
    if (!parsed.ok)
      return data({ step: "template" as const, values, fieldErrors: parsed.fieldErrors }, { status: 400 });
    let created: Project;
    try {
      created = await api.createProject(parsed.data);
    } catch (error) {
      // A taken ID or name is the backend's to know; it names the field.
      if (error instanceof ApiError && (error.status === 409 || error.status === 400) && error.body?.issues) {
        const fieldErrors = createFieldErrors(error, parsed.data, t);
        return data({ step: "template" as const, values, fieldErrors }, { status: error.status });
      }
      throw error;
    }
    throw redirect(wizardUrl(nextStep("template"), created.shortName));
  }

  const project = location.project;
  const next = wizardUrl(nextStep(location.step), project);
  if (location.step === "invite") {
    if (intent === "skip" || intent === "continue") throw redirect(next);
    const field = form.get("invitees");
    const raw = typeof field === "string" ? field : "";
    const parsed = parseInviteForm(raw, t);
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
      rethrowAsPage(error, project, t);
    }
    if (result.failed.length === 0) throw redirect(next);
    const report: InviteReport = {
      invited: result.invited,
      failed: result.failed.map((f) => ({ ...f, message: inviteFailureMessage(f, t) })),
      summary: describeInviteFailures(countInviteFailures(result.failed), t),
    };
    // Those that failed stay in the field to be corrected or dropped.
    const values = { invitees: result.failed.map((f) => f.invitee).join("\n") };
    return data({ step: "invite" as const, values, fieldErrors: {}, report }, { status: 200 });
  }

  if (location.step === "time-tracking") {
    if (intent === "skip") throw redirect(next);
    const parsed = parseTimeTrackingForm(form, t);
    if (!parsed.ok) {
      return data({ step: "time-tracking" as const, fieldErrors: parsed.fieldErrors }, { status: 400 });
    }
    try {
      await api.updateProjectTimeTracking(project, parsed.data);
    } catch (error) {
      rethrowAsPage(error, project, t);
    }
    throw redirect(next);
  }

  throw data({ message: t("newProject.errors.nothingToSubmit") }, { status: 405 });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.title} · Keel` : "Keel" },
];

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: wizardStylesHref }];

/**
 * Usage analytics of the wizard (docs/analytics.md): a created project's attributes, skipped steps and
 * invite failures by kind. The server's answer decides: a redirect is success, data is the form again.
 */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  const form = await request.clone().formData();
  const location = readWizardLocation(new URL(request.url).searchParams);
  const step = "step" in location ? location.step : null;
  let result: Awaited<ReturnType<typeof serverAction>>;
  try {
    result = await serverAction();
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400) {
      if (step === "template") {
        const template = ProjectTemplateSchema.safeParse(form.get("template"));
        if (template.success) {
          track("new-project", "created", {
            template: template.data,
            customId: String(form.get("shortName") ?? "").trim() !== "",
            customStartingNumber: false,
            organisation: false,
            description: false,
            icon: false,
          });
        }
      } else if (form.get("intent") === "skip" && (step === "invite" || step === "time-tracking")) {
        track("new-project", "step-skipped", { step });
      }
    }
    throw thrown;
  }
  if (result && typeof result === "object" && "report" in result && result.report) {
    for (const [kind, count] of Object.entries(countInviteFailures(result.report.failed))) {
      if (count > 0)
        track("invitations", "failed", { kind: kind as InviteFailureKind, count: bucketCount(count) });
    }
  }
  return result;
}

export default function NewProject({ loaderData, actionData }: Route.ComponentProps) {
  const { step, project, title } = loaderData;
  return (
    <section className="wizard" aria-labelledby="page-heading">
      <h1 id="page-heading">{title}</h1>
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
  const { t } = useTranslation("pages");
  const index = WIZARD_STEPS.indexOf(current);
  return (
    <ol className="wizard-steps" aria-label={t("newProject.steps")}>
      {WIZARD_STEPS.map((step, i) => (
        <li
          key={step}
          aria-current={i === index ? "step" : undefined}
          data-state={i < index ? "done" : i === index ? "current" : "todo"}
        >
          {t(STEP_LABELS[step])}
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
  const { t } = useTranslation("pages");
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
      <h2>{t("newProject.template.heading")}</h2>
      <fieldset
        className="wizard-templates"
        role="radiogroup"
        aria-labelledby="template-legend"
        aria-invalid={errors.template ? true : undefined}
        aria-describedby={errors.template ? "template-error" : undefined}
      >
        <legend id="template-legend">{t("newProject.template.legend")}</legend>
        {TEMPLATES.map((template) => (
          <label key={template} className="wizard-template">
            <input
              type="radio"
              name="template"
              value={template}
              defaultChecked={values?.template === template}
              aria-describedby={`template-${template}-description`}
            />
            <span className="wizard-template-name">{templateName(template, t)}</span>
            <span id={`template-${template}-description`} className="muted">
              {t(`newProject.templates.${template}.description`)}
            </span>
          </label>
        ))}
        <ErrorText id="template-error" message={errors.template} />
      </fieldset>
      <div className="field">
        <label htmlFor="name">{t("newProject.template.name")}</label>
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
        <label htmlFor="shortName">{t("newProject.template.shortName")}</label>
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
          {t("newProject.template.shortNameHint")}
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
          {pending ? t("newProject.template.submitting") : t("newProject.template.submit")}
        </button>
        <Link to="/projects" className="button button-quiet">
          {t("newProject.template.cancel")}
        </Link>
      </div>
      <PendingStatus pending={pending !== null} text={t("newProject.template.submitting")} />
    </Form>
  );
}

function ProjectLine({ project }: { project: Project }) {
  const { t } = useTranslation("pages");
  return (
    <p className="muted" data-testid="wizard-project">
      <Trans
        t={t}
        i18nKey="newProject.projectLine"
        values={{
          name: project.name,
          shortName: project.shortName,
          template: templateName(project.template, t),
        }}
        components={{ id: <span className="entity-id" /> }}
      />
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
  const { t } = useTranslation("pages");
  const pending = usePendingIntent();
  const form = useFocusFirstError(result);
  const error = result?.fieldErrors.invitees;
  const separator = t("newProject.invite.listSeparator");
  const report = result?.report;
  const someoneInvited = project.invitations.length > 0 || (report?.invited.length ?? 0) > 0;
  return (
    <Form
      method="post"
      action={wizardUrl("invite", project.shortName)}
      noValidate
      ref={form}
      aria-busy={pending !== null}
    >
      <CsrfInput />
      <h2>{t("newProject.invite.heading")}</h2>
      <ProjectLine project={project} />
      {report && report.invited.length > 0 ? (
        <p role="status" className="wizard-report">
          {t("newProject.invite.invited", { invitees: report.invited.map((i) => i.invitee).join(separator) })}
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
        <p className="muted">
          {t("newProject.invite.soFar", {
            invitees: project.invitations.map((i) => i.invitee).join(separator),
          })}
        </p>
      ) : null}
      <div className="field">
        <label htmlFor="invitees">{t("newProject.invite.label")}</label>
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
          {t("newProject.invite.hint")}
        </p>
        <ErrorText id="invitees-error" message={error} />
      </div>
      {/* Once someone is in, going on is the step's next move, not skipping it; inviting more stays. */}
      <div className="wizard-actions">
        {someoneInvited ? (
          <button
            type="submit"
            name="intent"
            value="continue"
            className="button button-primary"
            disabled={pending !== null}
          >
            {pending === "continue" ? t("newProject.invite.goingOn") : t("newProject.invite.continue")}
          </button>
        ) : null}
        <button
          type="submit"
          name="intent"
          value="invite"
          className={someoneInvited ? "button" : "button button-primary"}
          disabled={pending !== null}
        >
          {pending === "invite"
            ? t("newProject.invite.submitting")
            : someoneInvited
              ? t("newProject.invite.submitMore")
              : t("newProject.invite.submit")}
        </button>
        {someoneInvited ? null : (
          <button type="submit" name="intent" value="skip" className="button" disabled={pending !== null}>
            {pending === "skip" ? t("newProject.invite.skipping") : t("newProject.invite.skip")}
          </button>
        )}
      </div>
      <PendingStatus
        pending={pending !== null}
        text={pending === "invite" ? t("newProject.invite.submitting") : t("newProject.invite.goingOn")}
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
  const { t } = useTranslation("pages");
  const pending = usePendingIntent();
  return (
    <Form
      method="post"
      action={wizardUrl("time-tracking", project.shortName)}
      noValidate
      aria-busy={pending !== null}
    >
      <CsrfInput />
      <h2>{t("newProject.timeTracking.heading")}</h2>
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
        <label htmlFor="timeTracking">{t("newProject.timeTracking.enable")}</label>
        <p id="timeTracking-hint" className="hint">
          {t("newProject.timeTracking.hint", { project: project.shortName })}
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
          {pending === "save" ? t("newProject.timeTracking.saving") : t("newProject.timeTracking.submit")}
        </button>
        <button type="submit" name="intent" value="skip" className="button" disabled={pending !== null}>
          {pending === "skip" ? t("newProject.invite.skipping") : t("newProject.invite.skip")}
        </button>
        <Link to={wizardUrl("invite", project.shortName)} className="button button-quiet">
          {t("newProject.timeTracking.back")}
        </Link>
      </div>
      <PendingStatus
        pending={pending !== null}
        text={
          pending === "skip" ? t("newProject.timeTracking.finishing") : t("newProject.timeTracking.saving")
        }
      />
    </Form>
  );
}

function DoneStep({ project }: { project: Project }) {
  const { t } = useTranslation("pages");
  return (
    <div>
      <h2>{t("newProject.done.heading")}</h2>
      <p role="status">{t("newProject.done.ready", { name: project.name })}</p>
      <dl className="wizard-summary">
        <dt>{t("newProject.done.name")}</dt>
        <dd>{project.name}</dd>
        <dt>{t("newProject.done.shortName")}</dt>
        <dd className="entity-id">{project.shortName}</dd>
        <dt>{t("newProject.done.template")}</dt>
        <dd>{templateName(project.template, t)}</dd>
        <dt>{t("newProject.done.team")}</dt>
        <dd>
          {project.invitations.length === 0
            ? t("newProject.done.nobodyInvited")
            : project.invitations
                .map(({ invitee, status }) =>
                  t(status === "added" ? "newProject.done.added" : "newProject.done.invitationSent", {
                    invitee,
                  }),
                )
                .join(t("newProject.invite.listSeparator"))}
        </dd>
        <dt>{t("newProject.done.timeTracking")}</dt>
        <dd>{project.timeTrackingEnabled ? t("newProject.done.on") : t("newProject.done.off")}</dd>
      </dl>
      <p className="wizard-actions">
        <Link to={`/projects/${project.shortName}`} className="button button-primary">
          {t("newProject.done.open", { name: project.name })}
        </Link>
        <Link to={NEW_PROJECT_PATH} className="button">
          {t("newProject.done.another")}
        </Link>
      </p>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
