// The pricing-update popup (docs/shell.md, Startup popups), under every condition of the rule in
// shell-rules.ts. It needs scripts: without them nothing pops up. The root loads this module after hydration,
// and only for a user the popup may be for (`mayShowPricingPopup`).
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import type { CurrentUser } from "#contract/api.ts";
import { CsrfInput } from "../components/csrf-input.tsx";
import { LANGUAGE_LOCALES, toLanguage, FALLBACK_LANGUAGE } from "../i18n/languages.ts";
import { formatDate } from "../lib/dates.ts";
import { documentVisibility } from "../lib/document-visibility.ts";
import { mayShowPricingPopup, PRICING_CHANGE_DATE, shouldShowPricingPopup } from "./shell-rules.ts";

/** How often a waiting popup checks its conditions again (the tab may become visible, time passes). */
const PRICING_CHECK_MS = 30_000;

export default function PricingPopup({ user }: { user: CurrentUser }) {
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher({ key: "pricing-popup" });
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const { t, i18n } = useTranslation("shell");
  const eligible = mayShowPricingPopup(user);

  useEffect(() => {
    if (!eligible) return;
    const now = Date.now();
    let stop: (() => void) | undefined;
    let cancelled = false;
    // The storage catalogue validates with zod, which the first scripts do not carry: it loads here, for the
    // few users the popup may be for.
    import("../lib/local-storage.ts").then(
      ({ readStored, writeStored }) => {
        if (cancelled) return;
        // The first time this browser saw the user starts the 10-minute wait.
        if (readStored("firstTimeSeen") === null) writeStored("firstTimeSeen", now);
        const visibility = documentVisibility();
        const check = () => {
          const show = shouldShowPricingPopup({
            user,
            now: Date.now(),
            firstSeenAt: readStored("firstTimeSeen"),
            lastPromoAt: readStored("lastPromoShown"),
            tabVisible: visibility.isVisible(),
          });
          if (!show) return;
          writeStored("lastPromoShown", Date.now());
          setOpen(true);
        };
        const timer = window.setInterval(check, PRICING_CHECK_MS);
        const unsubscribe = visibility.subscribe(check);
        check();
        stop = () => {
          window.clearInterval(timer);
          unsubscribe();
        };
      },
      () => {
        // Not loaded (offline, a new deployment): the popup waits for another page.
      },
    );
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [eligible, user]);

  useEffect(() => {
    if (open && dialog.current && !dialog.current.open) dialog.current.showModal();
  }, [open]);

  if (!open || fetcher.state !== "idle" || fetcher.data) return null;
  const locale = LANGUAGE_LOCALES[toLanguage(i18n.language) ?? FALLBACK_LANGUAGE];
  const date = formatDate(`${PRICING_CHANGE_DATE}T00:00:00Z`, { dateStyle: "long" }, locale);
  return (
    <dialog ref={dialog} className="pricing-popup" aria-labelledby={titleId} onClose={() => setOpen(false)}>
      <h2 id={titleId}>{t("pricing.title")}</h2>
      <p>{t("pricing.text", { date })}</p>
      <fetcher.Form method="post" action="/settings/tips">
        <CsrfInput />
        <input type="hidden" name="pricingAdminPopupShown" value="true" />
        <button type="submit" className="button button-primary">
          {t("pricing.ok")}
        </button>
      </fetcher.Form>
    </dialog>
  );
}
