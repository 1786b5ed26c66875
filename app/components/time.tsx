import { useSyncExternalStore } from "react";
import { useRouteLoaderData } from "react-router";
import { LANGUAGE_LOCALES, type Language } from "../i18n/languages.ts";
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
  const root = useRouteLoaderData<typeof rootLoader>("root");
  if (!root) return DEFAULT_DATE_SETTINGS;
  const locale = LANGUAGE_LOCALES[root.language as Language] ?? DEFAULT_DATE_SETTINGS.locale;
  return dateSettingsOf(root.user.profiles.general, locale);
}

// One clock for every relative time on the page, ticking each half minute while any is shown.
const TICK_MS = 30_000;
let now = Date.now();
const listeners = new Set<() => void>();
let ticker: ReturnType<typeof setInterval> | undefined;
function subscribe(listener: () => void) {
  listeners.add(listener);
  now = Date.now();
  ticker ??= setInterval(() => {
    now = Date.now();
    for (const l of listeners) l();
  }, TICK_MS);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(ticker);
      ticker = undefined;
    }
  };
}
const useNow = () =>
  useSyncExternalStore(
    subscribe,
    () => now,
    () => Date.now(),
  );

/** A moment in a `<time>` element: `relative` for the past week (exact on hover), else the profile's format. */
export function Time({
  value,
  display = "relative",
}: {
  value: number;
  display?: "relative" | "datetime" | "date";
}) {
  const settings = useDateSettings();
  const current = useNow();
  const exact = formatPattern(value, display === "date" ? settings.datePattern : settings.pattern, settings);
  const text = display === "relative" ? (formatRelative(value, current, settings.locale) ?? exact) : exact;
  return (
    // The server's "now" and the browser's differ by the time the page took to arrive.
    <time
      dateTime={new Date(value).toISOString()}
      title={text === exact ? undefined : exact}
      suppressHydrationWarning
    >
      {text}
    </time>
  );
}
