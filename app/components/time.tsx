import { useState, useSyncExternalStore } from "react";
import { useRouteLoaderData } from "react-router";
import { LANGUAGE_LOCALES, type Language } from "../i18n/languages.ts";
import { isHydratingPage } from "../lib/use-hydrated.ts";
import {
  dateSettingsOf,
  DEFAULT_DATE_SETTINGS,
  formatPattern,
  formatRelative,
  type DateSettings,
} from "../lib/dates.ts";
import type { loader as rootLoader } from "../root.tsx";

/** The reader's date settings: their profile's time zone and format, the interface language's names. */
export function useDateSettings(): DateSettings {
  return dateSettingsOfRoot(useRouteLoaderData<typeof rootLoader>("root"));
}

function dateSettingsOfRoot(root: ReturnType<typeof useRouteLoaderData<typeof rootLoader>>): DateSettings {
  if (!root) return DEFAULT_DATE_SETTINGS;
  const locale = LANGUAGE_LOCALES[root.language as Language] ?? DEFAULT_DATE_SETTINGS.locale;
  return dateSettingsOf(root.user.profiles.general, locale);
}

// One clock for every relative time on the page, ticking each half minute while any is shown. It reads
// the time when the first one renders in the browser and keeps it until the next tick: a clock that moved
// between the hydration and the subscription would make React render every time again in one task.
const TICK_MS = 30_000;
let now: number | null = null;
const listeners = new Set<() => void>();
let ticker: ReturnType<typeof setInterval> | undefined;
const read = () => (now ??= Date.now());

/** The page's clock as `useSyncExternalStore` reads it (exported for its test). */
export const pageClock = {
  read,
  /** The server renders each page at its own time; the browser hydrates with the page's clock. */
  readOnServer: typeof document === "undefined" ? () => Date.now() : read,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    ticker ??= setInterval(() => {
      now = Date.now();
      for (const l of listeners) l();
    }, TICK_MS);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) {
        clearInterval(ticker);
        ticker = undefined;
        // The next time shown, perhaps much later, reads the clock afresh.
        now = null;
      }
    };
  },
};
const useNow = () => useSyncExternalStore(pageClock.subscribe, pageClock.read, pageClock.readOnServer);

/** A moment in a `<time>` element: `relative` for the past week (exact on hover), else the profile's format. */
export function Time({
  value,
  display = "relative",
}: {
  value: number;
  display?: "relative" | "datetime" | "date";
}) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const current = useNow();
  // A time hydrated from the server's HTML keeps the server's text and title while what they were made
  // of stays: the same moment, the page's clock, the reader's settings. Formatting here would be the
  // page's first use of Intl's dates, whose start (about 100 ms on a phone's CPU) would lengthen the
  // hydration's task. React keeps the server's text of an element that suppresses hydration warnings,
  // and claims it whole when the element has a text child ("", not none).
  const inputs = [root, current, value, display];
  const [served] = useState(() => isHydratingPage() && inputs);
  let text = "";
  let title: string | undefined;
  if (!served || served.some((input, i) => input !== inputs[i])) {
    const settings = dateSettingsOfRoot(root);
    const exact = formatPattern(
      value,
      display === "date" ? settings.datePattern : settings.pattern,
      settings,
    );
    text = display === "relative" ? (formatRelative(value, current, settings.locale) ?? exact) : exact;
    if (text !== exact) title = exact;
  }
  return (
    // The server's "now" and the browser's differ by the time the page took to arrive.
    <time dateTime={new Date(value).toISOString()} title={title} suppressHydrationWarning>
      {text}
    </time>
  );
}
