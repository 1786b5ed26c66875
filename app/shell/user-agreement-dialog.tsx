// The user agreement in the browser (docs/shell.md, The user agreement): a blocking dialog whose Accept
// stays disabled until the text has been scrolled to its end, or a guest's non-blocking notice. Open tabs
// show and hide it together.
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useFetcher, useLocation, useRevalidator } from "react-router";
import { CsrfInput } from "../components/csrf-input.tsx";
import { AGREEMENT_RECHECK_MS } from "../lib/constants.ts";
import { useHydrated } from "../lib/use-hydrated.ts";
import {
  AGREEMENT_TAB_MESSAGE_KEY,
  canAccept,
  serializeAgreementTabMessage,
  type AgreementTabMessage,
} from "./shell-rules.ts";
import type { AgreementState } from "./user-agreement.server.ts";

const ACTION = "/settings/agreement";

function tabIdentity(): string {
  return globalThis.crypto?.randomUUID?.() ?? String(Math.random()).slice(2);
}

function announce(command: AgreementTabMessage["command"], tabId: string): void {
  try {
    localStorage.setItem(AGREEMENT_TAB_MESSAGE_KEY, serializeAgreementTabMessage({ command, tabId }));
  } catch {
    // Storage unavailable: other tabs catch up at their next check.
  }
}

/** Other tabs' show and hide messages, and an hourly check, reload the agreement state. */
function useAgreementSync(tabId: string): void {
  const revalidator = useRevalidator();
  const revalidate = revalidator.revalidate;
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== AGREEMENT_TAB_MESSAGE_KEY) return;
      const raw = event.newValue;
      // The reader (zod) loads with the first message; messages are read in the order they came.
      import("./agreement-tab-message.ts").then(
        ({ parseAgreementTabMessage }) => {
          const message = parseAgreementTabMessage(raw);
          if (message && message.tabId !== tabId) void revalidate();
        },
        () => {
          // The reader did not load (offline, or a new deployment): the hourly check catches up.
        },
      );
    };
    window.addEventListener("storage", onStorage);
    const timer = window.setInterval(() => void revalidate(), AGREEMENT_RECHECK_MS);
    return () => {
      window.removeEventListener("storage", onStorage);
      window.clearInterval(timer);
    };
  }, [revalidate, tabId]);
}

export function UserAgreement({ state }: { state: AgreementState | null }) {
  const [tabId] = useState(tabIdentity);
  useAgreementSync(tabId);
  // Answered here: the other tabs hide theirs.
  const shown = state?.prompt === "dialog";
  const wasShown = useRef(false);
  useEffect(() => {
    if (wasShown.current && !shown) announce("userAgreementHide", tabId);
    wasShown.current = shown;
  }, [shown, tabId]);
  if (!state) return null;
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
