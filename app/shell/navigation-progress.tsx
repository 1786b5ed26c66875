// Feedback while the router works: a progress bar at the top of the window and a busy main region while a
// page loads, and a pending state on the button whose form is being submitted.
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetchers, useNavigation } from "react-router";

/** Fast pages come and go without the bar flashing: it shows only after this long. */
export const PROGRESS_DELAY_MS = 150;
/** A submit that starts no router work (a form the page handles itself) gives its button back after this. */
const UNCLAIMED_SUBMIT_MS = 1000;
/** A busy device may start the router's work later than that: a button released so recently is marked again. */
const LATE_CLAIM_MS = 10_000;

/** True while a navigation (a page load or a form's submission) has lasted longer than the delay. */
export function useSlowNavigation(delayMs = PROGRESS_DELAY_MS): boolean {
  const navigation = useNavigation();
  // The navigation in flight, by where it goes: the one the delay ran out for is the slow one.
  const going = navigation.state === "idle" ? null : (navigation.location?.key ?? navigation.state);
  const [slowOne, setSlowOne] = useState<string | null>(null);
  useEffect(() => {
    if (going === null) return;
    const timer = setTimeout(() => setSlowOne(going), delayMs);
    return () => clearTimeout(timer);
  }, [going, delayMs]);
  return going !== null && slowOne === going;
}

/** The bar at the top of the window: indeterminate, since a page's load time is unknown. */
export function NavigationProgress({ active }: { active: boolean }) {
  const { t } = useTranslation("shell");
  if (!active) return null;
  return (
    <div className="nav-progress" role="progressbar" aria-label={t("progress.loading")}>
      <div className="nav-progress-bar" />
    </div>
  );
}

/**
 * Marks the button that submitted a form (`data-pending`, `aria-disabled`) until the router's work for it
 * is done: one listener for every form of the shell, router forms and fetcher forms alike. Without
 * scripts the browser's own loading indicator serves.
 */
export function usePendingSubmitButtons(): void {
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const busy = navigation.state !== "idle" || fetchers.some((fetcher) => fetcher.state !== "idle");
  const pending = useRef<{ button: HTMLElement; claimed: boolean } | null>(null);
  const releasedUnclaimed = useRef<{ button: HTMLElement; at: number } | null>(null);

  useEffect(() => {
    let unclaimed: ReturnType<typeof setTimeout> | undefined;
    const release = () => {
      const button = pending.current?.button;
      button?.removeAttribute("data-pending");
      button?.removeAttribute("aria-disabled");
      pending.current = null;
    };
    const onSubmit = (event: SubmitEvent) => {
      const form = event.target instanceof HTMLFormElement ? event.target : null;
      const button =
        event.submitter instanceof HTMLElement
          ? event.submitter
          : form?.querySelector<HTMLElement>("button[type=submit], button:not([type])");
      if (!button) return;
      release();
      releasedUnclaimed.current = null;
      button.setAttribute("data-pending", "");
      button.setAttribute("aria-disabled", "true");
      pending.current = { button, claimed: false };
      clearTimeout(unclaimed);
      unclaimed = setTimeout(() => {
        if (pending.current && !pending.current.claimed) {
          releasedUnclaimed.current = { button: pending.current.button, at: Date.now() };
          release();
        }
      }, UNCLAIMED_SUBMIT_MS);
    };
    // The router cancels the browser's own submission of every form it takes over: defaultPrevented
    // tells nothing here, so a submission that starts no work is released by the timer instead.
    document.addEventListener("submit", onSubmit);
    return () => {
      document.removeEventListener("submit", onSubmit);
      clearTimeout(unclaimed);
      release();
    };
  }, []);

  useEffect(() => {
    const late = releasedUnclaimed.current;
    if (!pending.current && busy && late && late.button.isConnected && Date.now() - late.at < LATE_CLAIM_MS) {
      late.button.setAttribute("data-pending", "");
      late.button.setAttribute("aria-disabled", "true");
      pending.current = { button: late.button, claimed: true };
    }
    releasedUnclaimed.current = null;
    const current = pending.current;
    if (!current) return;
    if (busy) {
      current.claimed = true;
      return;
    }
    if (current.claimed) {
      current.button.removeAttribute("data-pending");
      current.button.removeAttribute("aria-disabled");
      pending.current = null;
    }
  }, [busy]);
}
