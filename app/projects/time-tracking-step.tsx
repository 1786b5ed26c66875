import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import type { Project } from "#contract/api.ts";
import { CsrfInput } from "../components/csrf-input.tsx";
import { Field } from "../components/field.tsx";
import { PendingStatus, ProjectLine, usePendingIntent } from "./wizard-parts.tsx";
import { wizardUrl, type FieldErrors } from "./wizard.ts";

/** The third step: time tracking on or off. */
export function TimeTrackingStep({
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
      <Field
        id="timeTracking"
        className="wizard-check"
        controlFirst
        label={t("newProject.timeTracking.enable")}
        hint={t("newProject.timeTracking.hint", { project: project.shortName })}
        error={fieldErrors.timeTracking}
      >
        {(control) => (
          <input
            {...control}
            name="timeTracking"
            type="checkbox"
            defaultChecked={project.timeTrackingEnabled}
          />
        )}
      </Field>
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
