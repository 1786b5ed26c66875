import type { ReactNode } from "react";

/** What a field's control spreads onto itself so that its label, hint and error belong to it. */
export interface FieldControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

/**
 * A form field: label, control, hint and error, tied together by ids (`<id>-hint`, `<id>-error`).
 * The control comes from `children`, so any input, select or textarea fits.
 */
export function Field({
  id,
  label,
  hint,
  error,
  announceError = false,
  controlFirst = false,
  className = "field",
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  /** The error appears without a page load (an upload by script): read it out when it does. */
  announceError?: boolean;
  /** A checkbox: the box, then its label. */
  controlFirst?: boolean;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const hintId = hint ? `${id}-hint` : null;
  const errorId = error ? `${id}-error` : null;
  const control = children({
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": [hintId, errorId].filter(Boolean).join(" ") || undefined,
  });
  const labelElement = <label htmlFor={id}>{label}</label>;
  return (
    <div className={className}>
      {controlFirst ? control : labelElement}
      {controlFirst ? labelElement : control}
      {hintId ? (
        <p id={hintId} className="hint">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} role={announceError ? "alert" : undefined} />
    </div>
  );
}

/** A field's error text, also for a group of controls (a fieldset) that marks itself invalid. */
export function FieldError({
  id,
  message,
  role,
}: {
  id: string;
  message: string | null | undefined;
  role?: "alert";
}) {
  return message ? (
    <p id={id} className="field-error" role={role}>
      {message}
    </p>
  ) : null;
}
