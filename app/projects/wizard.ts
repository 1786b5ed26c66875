// The new-project wizard (docs/shell.md) as data and pure functions; messages come out in the request's
// language (pages namespace).
import type { TFunction } from "i18next";
import type { z } from "zod";
import {
  GROUP_PREFIX,
  InviteFailureKindSchema,
  inviteeKind,
  MAX_INVITEES,
  ProjectCreateSchema,
  type InvitationsResult,
  type InviteFailureKind,
  type ProjectCreate,
  type ProjectTemplate,
} from "#contract/api.ts";

export const NEW_PROJECT_PATH = "/projects/new";

/** Template selection creates the project; the two setup steps after it can each be skipped. */
export const WIZARD_STEPS = ["template", "invite", "time-tracking", "done"] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

type T = TFunction<"pages">;

export const STEP_LABELS = {
  template: "newProject.stepLabels.template",
  invite: "newProject.stepLabels.invite",
  "time-tracking": "newProject.stepLabels.timeTracking",
  done: "newProject.stepLabels.done",
} as const satisfies Record<WizardStep, string>;

/** The templates in the order offered; their names and descriptions are `newProject.templates.<id>`. */
export const TEMPLATES: readonly ProjectTemplate[] = ["scrum", "kanban", "helpdesk", "default"];

export function templateName(id: ProjectTemplate, t: T): string {
  return t(`newProject.templates.${id}.name`);
}

export function wizardUrl(step: WizardStep, project?: string): string {
  if (step === "template") return NEW_PROJECT_PATH;
  const search = new URLSearchParams({ project: project ?? "", step });
  return `${NEW_PROJECT_PATH}?${search}`;
}

export function nextStep(step: WizardStep): WizardStep {
  return WIZARD_STEPS[Math.min(WIZARD_STEPS.indexOf(step) + 1, WIZARD_STEPS.length - 1)] ?? "done";
}

export type WizardLocation =
  { step: "template"; project: null } | { step: Exclude<WizardStep, "template">; project: string };

/** The step and project a URL names, or where to go instead when it names none that makes sense. */
export function readWizardLocation(search: URLSearchParams): WizardLocation | { redirect: string } {
  const step = search.get("step") ?? "template";
  const project = search.get("project")?.trim() || null;
  if (!(WIZARD_STEPS as readonly string[]).includes(step)) return { redirect: NEW_PROJECT_PATH };
  if (step === "template") {
    // The project exists already: its setup goes on where it starts.
    return project ? { redirect: wizardUrl("invite", project) } : { step, project: null };
  }
  if (!project) return { redirect: NEW_PROJECT_PATH };
  return { step: step as Exclude<WizardStep, "template">, project };
}

/** An ID made from the name: the initials of several words, or the start of one. */
export function suggestShortName(name: string): string {
  const words = name
    .normalize("NFD")
    .replace(/[^A-Za-z0-9\s]/g, "")
    .split(/\s+/)
    .filter(Boolean);
  const raw = words.length > 1 ? words.map((w) => w[0]).join("") : (words[0] ?? "").slice(0, 4);
  return raw
    .toUpperCase()
    .replace(/^[0-9]+/, "")
    .slice(0, 10);
}

export type FieldErrors<F extends string> = Partial<Record<F, string>>;
export type FormResult<T, F extends string> =
  { ok: true; data: T } | { ok: false; fieldErrors: FieldErrors<F> };

const text = (form: FormData, name: string): string => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

export type NewProjectField = "name" | "shortName" | "template";
export type NewProjectValues = Record<NewProjectField, string>;

export function newProjectValues(form: FormData): NewProjectValues {
  return { name: text(form, "name"), shortName: text(form, "shortName"), template: text(form, "template") };
}

/** The message next to a field of the template step for one of the contract's validation issues. */
function projectFieldError(field: NewProjectField, issue: z.core.$ZodIssue, t: T): string {
  if (field === "template") return t("newProject.errors.templateMissing");
  if (field === "name") {
    return issue.code === "too_big"
      ? t("newProject.errors.nameTooLong", { count: Number(issue.maximum) })
      : t("newProject.errors.nameMissing");
  }
  if (issue.code === "too_small")
    return t("newProject.errors.shortNameTooShort", { count: Number(issue.minimum) });
  if (issue.code === "too_big")
    return t("newProject.errors.shortNameTooLong", { count: Number(issue.maximum) });
  return t("newProject.errors.shortNamePattern");
}

/** The template step's form; an empty ID is made from the name. */
export function parseNewProjectForm(
  values: NewProjectValues,
  t: T,
): FormResult<ProjectCreate, NewProjectField> {
  const typedId = values.shortName.trim();
  const parsed = ProjectCreateSchema.safeParse({
    name: values.name,
    shortName: typedId || suggestShortName(values.name),
    template: values.template || undefined,
  });
  if (parsed.success) return { ok: true, data: parsed.data };
  const fieldErrors: FieldErrors<NewProjectField> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as NewProjectField;
    fieldErrors[field] ??= projectFieldError(field, issue, t);
  }
  if (!typedId && fieldErrors.shortName) {
    // Nothing typed: an error about a derived ID helps only when the name itself is fine.
    if (fieldErrors.name) delete fieldErrors.shortName;
    else fieldErrors.shortName = t("newProject.errors.shortNameUnderivable");
  }
  return { ok: false, fieldErrors };
}

/** Logins, e-mail addresses or group:<name>, separated by commas, semicolons or new lines. */
export function splitInvitees(raw: string): string[] {
  return [
    ...new Set(
      raw
        .split(/[\n\r,;]+/)
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}

export function parseInviteForm(raw: string, t: T): FormResult<string[], "invitees"> {
  const invitees = splitInvitees(raw);
  if (invitees.length === 0) {
    return { ok: false, fieldErrors: { invitees: t("newProject.errors.inviteesMissing") } };
  }
  if (invitees.length > MAX_INVITEES) {
    return {
      ok: false,
      fieldErrors: { invitees: t("newProject.errors.tooManyInvitees", { count: MAX_INVITEES }) },
    };
  }
  const invalid = invitees.filter((i) => i.length > 200 || inviteeKind(i) === null);
  if (invalid.length > 0) {
    const list = invalid.join(t("newProject.invite.listSeparator"));
    return {
      ok: false,
      fieldErrors: { invitees: t("newProject.errors.inviteesInvalid", { invalid: list }) },
    };
  }
  return { ok: true, data: invitees };
}

export type InviteFailureCounts = Record<InviteFailureKind, number>;

export function countInviteFailures(failed: InvitationsResult["failed"]): InviteFailureCounts {
  const counts = Object.fromEntries(
    InviteFailureKindSchema.options.map((k) => [k, 0]),
  ) as InviteFailureCounts;
  for (const failure of failed) counts[failure.kind] += 1;
  return counts;
}

/** "3 could not be invited: 2 users, 1 e-mail address". */
export function describeInviteFailures(counts: InviteFailureCounts, t: T): string {
  const parts = InviteFailureKindSchema.options
    .filter((kind) => counts[kind] > 0)
    .map((kind) => t(`newProject.invite.kinds.${kind}`, { count: counts[kind] }));
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
  if (total === 0) return "";
  return t("newProject.invite.summary", {
    count: total,
    kinds: parts.join(t("newProject.invite.listSeparator")),
  });
}

export function inviteFailureMessage(failure: InvitationsResult["failed"][number], t: T): string {
  const { invitee } = failure;
  switch (failure.kind) {
    case "user":
      return t("newProject.invite.failures.user", { invitee });
    case "email":
      return t("newProject.invite.failures.email", { invitee });
    case "group":
      return t("newProject.invite.failures.group", { group: invitee.slice(GROUP_PREFIX.length).trim() });
    default:
      return t("newProject.invite.failures.undefined");
  }
}

export function parseTimeTrackingForm(form: FormData, t: T): FormResult<boolean, "timeTracking"> {
  const value = form.get("timeTracking");
  if (value === null) return { ok: true, data: false };
  if (value === "on") return { ok: true, data: true };
  return { ok: false, fieldErrors: { timeTracking: t("newProject.errors.timeTrackingInvalid") } };
}

/** What the invite step reports after the backend refused some of the people to invite. */
export interface InviteReport {
  invited: InvitationsResult["invited"];
  failed: InvitationsResult["failed"];
  summary: string;
}
