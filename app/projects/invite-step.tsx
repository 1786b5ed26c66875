import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import type { Project } from "#contract/api.ts";
import { CsrfInput } from "../components/csrf-input.tsx";
import { Field } from "../components/field.tsx";
import { PendingStatus, ProjectLine, useFocusFirstError, usePendingIntent } from "./wizard-parts.tsx";
import { wizardUrl, type FieldErrors, type InviteReport } from "./wizard.ts";

/** The second step: people to invite, with a report of those the backend refused. */
export function InviteStep({
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
      <Field
        id="invitees"
        label={t("newProject.invite.label")}
        hint={t("newProject.invite.hint")}
        error={result?.fieldErrors.invitees}
      >
        {(control) => (
          // Keyed by the answer: with scripts the form stays mounted, and only the failed entries stay.
          <textarea
            {...control}
            key={result?.values.invitees ?? ""}
            name="invitees"
            rows={4}
            defaultValue={result?.values.invitees ?? ""}
          />
        )}
      </Field>
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
