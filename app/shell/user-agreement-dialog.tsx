// The user agreement in the browser (docs/shell.md, The user agreement): a blocking dialog whose Accept
// stays disabled until the text has been scrolled to its end, or a guest's non-blocking notice. Open tabs
// show and hide it together.
import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { AGREEMENT_RECHECK_MS } from "../lib/constants.ts";
import { deferredPart } from "./deferred-parts.tsx";
import {
  AGREEMENT_TAB_MESSAGE_KEY,
  serializeAgreementTabMessage,
  type AgreementTabMessage,
} from "./shell-rules.ts";
import type { AgreementState } from "./user-agreement.server.ts";

export const AGREEMENT_ACTION = "/settings/agreement";

function tabIdentity(): string {
  return globalThis.crypto?.randomUUID?.() ?? String(Math.random()).slice(2);
}

export function announce(command: AgreementTabMessage["command"], tabId: string): void {
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

// The dialog and the notice load when a page shows one, and hydrate on their own (deferred-parts.tsx).
const AgreementPrompt = deferredPart("agreement", () =>
  import("./user-agreement-prompt.tsx").then((module) => module.AgreementPrompt),
);

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
  return <AgreementPrompt state={state} tabId={tabId} />;
}
