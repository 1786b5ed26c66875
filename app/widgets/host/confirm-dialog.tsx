import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { Decision } from "./requests.ts";

/** The question before a widget's mutating request: deny, allow once, or always. */
export function ConfirmDialog(props: {
  app: string;
  method: string;
  path: string;
  dataLoss: boolean;
  onAnswer: (decision: Decision) => void;
}) {
  const { t } = useTranslation("widgets");
  const dialog = useRef<HTMLDialogElement>(null);
  // Focus goes back to where it was (the widget's frame, whose button asked) once the question is answered.
  const returnTo = useRef<Element | null>(null);
  const onAnswer = (decision: Decision) => {
    dialog.current?.close();
    if (returnTo.current instanceof HTMLElement) returnTo.current.focus();
    props.onAnswer(decision);
  };
  useEffect(() => {
    const element = dialog.current;
    returnTo.current = document.activeElement;
    if (element && !element.open) element.showModal();
  }, []);
  return (
    <dialog
      ref={dialog}
      className="widget-confirm"
      aria-labelledby="widget-confirm-title"
      aria-describedby="widget-confirm-text"
      data-data-loss={props.dataLoss}
      onCancel={(event) => {
        event.preventDefault();
        onAnswer("deny");
      }}
    >
      <h2 id="widget-confirm-title">{t("confirm.title", { app: props.app })}</h2>
      <p id="widget-confirm-text" className={props.dataLoss ? "widget-confirm-warning" : undefined}>
        {props.dataLoss
          ? t("confirm.dataLoss", { app: props.app, path: props.path })
          : t("confirm.elevated", { app: props.app, method: props.method, path: props.path })}
      </p>
      <div className="dialog-actions">
        <button type="button" className="button" onClick={() => onAnswer("deny")}>
          {t("confirm.deny")}
        </button>
        <button type="button" className="button" onClick={() => onAnswer("once")}>
          {t("confirm.once")}
        </button>
        <button type="button" className="button button-primary" onClick={() => onAnswer("always")}>
          {t("confirm.always")}
        </button>
      </div>
    </dialog>
  );
}
