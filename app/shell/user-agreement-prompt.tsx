// The user agreement's dialog and a guest's notice (user-agreement-dialog.tsx places them): loaded when a
// page shows one.
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useFetcher, useLocation } from "react-router";
import { CsrfInput } from "../components/csrf-input.tsx";
import { useHydrated } from "../lib/use-hydrated.ts";
import { canAccept } from "./shell-rules.ts";
import { AGREEMENT_ACTION as ACTION, announce } from "./user-agreement-dialog.tsx";
import type { AgreementState } from "./user-agreement.server.ts";

export interface AgreementPromptProps {
  state: AgreementState;
  tabId: string;
}

/** The blocking dialog, or a guest's notice. */
export function AgreementPrompt({ state, tabId }: AgreementPromptProps) {
  return state.prompt === "dialog" ? <AgreementDialog state={state} tabId={tabId} /> : <AgreementNotice />;
}

function AgreementDialog({ state, tabId }: { state: AgreementState; tabId: string }) {
  const hydrated = useHydrated();
  const { pathname, search } = useLocation();
  const back = `${pathname}${search}`;
  const dialog = useRef<HTMLDialogElement>(null);
  const text = useRef<HTMLDivElement>(null);
  const [scrolledDown, setScrolledDown] = useState(false);
  const accept = useFetcher<{ ok: boolean }>({ key: "user-agreement" });
  const titleId = useId();
  const hintId = useId();
  const { t } = useTranslation("shell");

  const check = useCallback(() => {
    const region = text.current;
    if (region && canAccept(region)) setScrolledDown(true);
  }, []);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    // The server renders it open; with scripts it becomes modal, so the page behind is inert.
    if (element.open && !element.matches(":modal")) element.close();
    if (!element.open) element.showModal();
    announce("userAgreementShow", tabId);
    // A text that fits needs no scrolling.
    check();
    const onCancel = (event: Event) => event.preventDefault();
    element.addEventListener("cancel", onCancel);
    return () => element.removeEventListener("cancel", onCancel);
  }, [check, tabId]);

  const versionFields = (
    <>
      <CsrfInput />
      <input type="hidden" name="majorVersion" value={state.majorVersion} />
      <input type="hidden" name="minorVersion" value={state.minorVersion} />
      <input type="hidden" name="back" value={back} />
    </>
  );

  return (
    <dialog
      ref={dialog}
      open
      className="agreement-dialog"
      aria-labelledby={titleId}
      aria-describedby={hintId}
    >
      <h2 id={titleId}>{t("agreement.title")}</h2>
      <div
        ref={text}
        className="agreement-text markdown"
        // A scrollable region must be focusable so keyboard users can scroll it (axe scrollable-region-focusable);
        // showModal() focuses it first.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        role="region"
        aria-label={t("agreement.text")}
        onScroll={check}
      >
        <div dangerouslySetInnerHTML={{ __html: state.html }} />
        {hydrated ? null : (
          // Without scripts, Accept waits at the end of the text: reaching it is scrolling through.
          <Form method="post" action={ACTION} className="agreement-end">
            {versionFields}
            <button type="submit" name="intent" value="accept" className="button button-primary">
              {t("agreement.accept")}
            </button>
          </Form>
        )}
      </div>
      <p id={hintId} className="agreement-hint" aria-live="polite">
        {hydrated && !scrolledDown ? t("agreement.scrollHint") : null}
      </p>
      <div className="agreement-actions">
        <Form method="post" action={ACTION}>
          <CsrfInput />
          <button type="submit" name="intent" value="decline" className="button">
            {t("agreement.decline")}
          </button>
        </Form>
        {hydrated ? (
          <accept.Form method="post" action={ACTION}>
            {versionFields}
            <button
              type="submit"
              name="intent"
              value="accept"
              className="button button-primary"
              disabled={!scrolledDown || accept.state !== "idle"}
            >
              {accept.state === "idle" ? t("agreement.accept") : t("agreement.accepting")}
            </button>
          </accept.Form>
        ) : null}
      </div>
    </dialog>
  );
}

/** Guests are not blocked: a notice offers the agreement, or hides it for the session. */
function AgreementNotice() {
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  params.set("agreement", "review");
  const { t } = useTranslation("shell");
  return (
    <aside className="agreement-notice" aria-label={t("agreement.notice")}>
      <strong>{t("agreement.title")}</strong>
      <Link to={`${pathname}?${params.toString()}`}>{t("agreement.review")}</Link>
      <Form method="post" action={ACTION}>
        <CsrfInput />
        <input type="hidden" name="back" value={`${pathname}${search}`} />
        <button type="submit" name="intent" value="later" className="button button-quiet">
          {t("agreement.later")}
        </button>
      </Form>
    </aside>
  );
}
