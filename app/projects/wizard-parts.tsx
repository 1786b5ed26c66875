// Pieces every step of the new-project wizard shares: the list of steps, the project line, error
// texts, the pending status and the hooks for pending buttons and focus after a failed submit.
import { useEffect, useRef } from "react";
import { Trans, useTranslation } from "react-i18next";
import { useNavigation } from "react-router";
import type { Project } from "#contract/api.ts";
import { NEW_PROJECT_PATH, STEP_LABELS, templateName, WIZARD_STEPS, type WizardStep } from "./wizard.ts";

export function StepList({ current }: { current: WizardStep }) {
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
export function usePendingIntent(): string | null {
  const navigation = useNavigation();
  if (navigation.state !== "submitting" || !navigation.formAction?.startsWith(NEW_PROJECT_PATH)) return null;
  const intent = navigation.formData?.get("intent");
  return typeof intent === "string" ? intent : "submit";
}

/** After a failed submit, focus goes to the first field in error. */
export function useFocusFirstError(result: unknown) {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const invalid = form.current?.querySelector<HTMLElement>("[aria-invalid='true']");
    // A radio group is marked as a whole; its first option takes the focus.
    if (result && invalid) (invalid.querySelector<HTMLElement>("input") ?? invalid).focus();
  }, [result]);
  return form;
}

export function PendingStatus({ pending, text }: { pending: boolean; text: string }) {
  return (
    <p role="status" className="wizard-status">
      {pending ? text : ""}
    </p>
  );
}

export function ProjectLine({ project }: { project: Project }) {
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
