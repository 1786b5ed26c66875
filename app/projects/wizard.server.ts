// The new-project wizard's server side: who may create projects, where in the wizard a request is,
// and what each step's form submits to the backend.
import type { TFunction } from "i18next";
import { data, redirect } from "react-router";
import { PERMISSION } from "#contract/constants.ts";
import { hasPermission } from "#contract/permissions.ts";
import type { InvitationsResult, Project, ProjectCreate } from "#contract/api.ts";
import { ApiError, type Api } from "../lib/api.server.ts";
import {
  countInviteFailures,
  describeInviteFailures,
  inviteFailureMessage,
  newProjectValues,
  nextStep,
  parseInviteForm,
  parseNewProjectForm,
  parseTimeTrackingForm,
  readWizardLocation,
  wizardUrl,
  type FieldErrors,
  type InviteReport,
  type NewProjectField,
} from "./wizard.ts";

type T = TFunction<"pages">;

export async function requireProjectCreate(api: Api, t: T): Promise<void> {
  if (!hasPermission(await api.getPermissions(), PERMISSION.PROJECT_CREATE)) {
    throw data(
      { title: t("newProject.errors.forbiddenTitle"), message: t("newProject.errors.forbidden") },
      { status: 403 },
    );
  }
}

export function wizardLocation(url: URL) {
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

export async function loadProject(api: Api, project: string, t: T): Promise<Project> {
  try {
    return await api.getProject(project);
  } catch (error) {
    rethrowAsPage(error, project, t);
  }
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

/** The template step: creates the project and goes on to inviting people. */
export async function submitTemplateStep(api: Api, form: FormData, t: T) {
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

/** The invite step: invites people, or goes on; those the backend refused come back in a report. */
export async function submitInviteStep(api: Api, project: string, form: FormData, t: T) {
  const intent = form.get("intent");
  const next = wizardUrl(nextStep("invite"), project);
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

/** The time-tracking step: saves the setting, or skips it. */
export async function submitTimeTrackingStep(api: Api, project: string, form: FormData, t: T) {
  const intent = form.get("intent");
  const next = wizardUrl(nextStep("time-tracking"), project);
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
