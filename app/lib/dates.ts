// Dates and times in the reader's time zone, profile format and language. Server and browser format
// alike, so a page renders the same on both.
import { DATE_FORMATS } from "#contract/constants.ts";

export interface DateSettings {
  locale: string;
  timeZone: string;
  /** The profile's pattern of a date ("dd MMM yyyy") and of a date with time ("dd MMM yyyy HH:mm"). */
  datePattern: string;
  pattern: string;
}

export const DEFAULT_DATE_SETTINGS: DateSettings = {
  locale: "en-US",
  timeZone: "UTC",
  datePattern: DATE_FORMATS[0].datePattern,
  pattern: DATE_FORMATS[0].pattern,
};

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Older than this, a moment is shown as its date, not relative to now. */
export const RELATIVE_LIMIT_MS = 7 * DAY;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, found);
  }
  return found;
}

export type CalendarDateOptions = Pick<
  Intl.DateTimeFormatOptions,
  "dateStyle" | "year" | "month" | "day" | "weekday"
>;

/** A calendar day or month ("2025-10-01", midnight UTC), not a moment: the same day wherever the reader is. */
export function formatDate(
  day: string | number | Date,
  options: CalendarDateOptions,
  locale: string,
): string {
  return formatter(locale, { ...options, timeZone: "UTC" }).format(new Date(day));
}

function numericParts(ms: number, timeZone: string) {
  const parts = formatter("en-US", {
    timeZone,
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    hourCycle: "h23",
  }).formatToParts(ms);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: part("year"),
    month: part("month"),
    day: part("day"),
    hour: part("hour") % 24,
    minute: part("minute"),
  };
}

const TOKENS = /yyyy|MMM|MM|dd|d|HH|H|hh|h|mm|a|'[^']*'/g;
const pad = (n: number) => String(n).padStart(2, "0");

/**
 * `ms` written with a profile pattern: yyyy, MMM (the month's short name in the locale), MM, dd, d, HH,
 * H, hh, h, mm, a (the locale's AM/PM) and 'quoted' text; anything else stays as it is.
 */
export function formatPattern(
  ms: number,
  pattern: string,
  settings: Pick<DateSettings, "locale" | "timeZone">,
) {
  const { locale, timeZone } = settings;
  const { year, month, day, hour, minute } = numericParts(ms, timeZone);
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  return pattern.replace(TOKENS, (token) => {
    switch (token) {
      case "yyyy":
        return String(year);
      case "MMM":
        return formatter(locale, { timeZone, month: "short" }).format(ms);
      case "MM":
        return pad(month);
      case "dd":
        return pad(day);
      case "d":
        return String(day);
      case "HH":
        return pad(hour);
      case "H":
        return String(hour);
      case "hh":
        return pad(hour12);
      case "h":
        return String(hour12);
      case "mm":
        return pad(minute);
      case "a":
        return (
          formatter(locale, { timeZone, hour: "numeric", hour12: true })
            .formatToParts(ms)
            .find((p) => p.type === "dayPeriod")?.value ?? (hour < 12 ? "AM" : "PM")
        );
      default:
        return token.slice(1, -1);
    }
  });
}

const relativeFormatters = new Map<string, Intl.RelativeTimeFormat>();

/** "2 hr. ago", "in 5 min.", "now" in the locale; null for a moment a week or more away. */
export function formatRelative(ms: number, now: number, locale: string): string | null {
  const diff = ms - now;
  const distance = Math.abs(diff);
  if (distance >= RELATIVE_LIMIT_MS) return null;
  let rtf = relativeFormatters.get(locale);
  if (!rtf) {
    rtf = new Intl.RelativeTimeFormat(locale, { numeric: "auto", style: "short" });
    relativeFormatters.set(locale, rtf);
  }
  if (distance < MINUTE) return rtf.format(0, "second");
  if (distance < HOUR) return rtf.format(Math.trunc(diff / MINUTE), "minute");
  if (distance < DAY) return rtf.format(Math.trunc(diff / HOUR), "hour");
  return rtf.format(Math.trunc(diff / DAY), "day");
}

/** The settings of a profile's general part, with the defaults for what a backend leaves out. */
export function dateSettingsOf(
  general: { dateFieldFormat?: { datePattern: string; pattern: string }; timezone?: { id: string } },
  locale: string,
): DateSettings {
  const zone = general.timezone?.id;
  return {
    locale,
    timeZone: zone && isTimeZone(zone) ? zone : DEFAULT_DATE_SETTINGS.timeZone,
    datePattern: general.dateFieldFormat?.datePattern ?? DEFAULT_DATE_SETTINGS.datePattern,
    pattern: general.dateFieldFormat?.pattern ?? DEFAULT_DATE_SETTINGS.pattern,
  };
}

function isTimeZone(id: string): boolean {
  try {
    formatter("en-US", { timeZone: id });
    return true;
  } catch {
    return false;
  }
}
