import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { CsrfInput } from "../components/csrf-input.tsx";
import { Field, FieldError } from "../components/field.tsx";
import { PendingStatus, useFocusFirstError, usePendingIntent } from "./wizard-parts.tsx";
import {
  suggestShortName,
  templateName,
  TEMPLATES,
  wizardUrl,
  type FieldErrors,
  type NewProjectField,
  type NewProjectValues,
} from "./wizard.ts";

/** The first step: a template, a name and an ID; submitting it creates the project. */
export function TemplateStep({
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
        <FieldError id="template-error" message={errors.template} />
      </fieldset>
      <Field id="name" label={t("newProject.template.name")} error={errors.name}>
        {(control) => (
          <input
            {...control}
            name="name"
            maxLength={80}
            required
            autoComplete="off"
            defaultValue={values?.name ?? ""}
            onChange={(event) => setName(event.currentTarget.value)}
          />
        )}
      </Field>
      <Field
        id="shortName"
        label={t("newProject.template.shortName")}
        hint={t("newProject.template.shortNameHint")}
        error={errors.shortName}
      >
        {(control) => (
          <input
            {...control}
            name="shortName"
            maxLength={10}
            autoComplete="off"
            autoCapitalize="characters"
            placeholder={suggestShortName(name) || undefined}
            defaultValue={values?.shortName ?? ""}
          />
        )}
      </Field>
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
