import { expect, test } from "vitest";
import { DATE_FORMATS } from "#contract/constants.ts";
import {
  dateSettingsOf,
  DEFAULT_DATE_SETTINGS,
  formatPattern,
  formatDate,
  formatRelative,
  RELATIVE_LIMIT_MS,
} from "./dates.ts";

// 2026-03-08 21:05 UTC: the evening before, or the next morning, in other zones.
const MOMENT = Date.UTC(2026, 2, 8, 21, 5);
const utc = { locale: "en-US", timeZone: "UTC" };

test("each profile format writes the moment as its pattern says", () => {
  const written = DATE_FORMATS.map((format) => formatPattern(MOMENT, format.pattern, utc));
  expect(written).toEqual([
    "08 Mar 2026 21:05",
    "8 Mar 2026 21:05",
    "2026-03-08 21:05",
    "03/08/2026 9:05 PM",
    "08.03.2026 21:05",
  ]);
  expect(formatPattern(MOMENT, "dd MMM yyyy", utc)).toBe("08 Mar 2026");
  expect(formatPattern(MOMENT, "yyyy-MM-dd'T'HH:mm", utc)).toBe("2026-03-08T21:05");
});

test("the time zone moves the day and the hour; the locale names the month and the day period", () => {
  expect(formatPattern(MOMENT, "yyyy-MM-dd HH:mm", { locale: "en-US", timeZone: "Asia/Tokyo" })).toBe(
    "2026-03-09 06:05",
  );
  expect(
    formatPattern(MOMENT, "yyyy-MM-dd HH:mm", { locale: "en-US", timeZone: "America/Los_Angeles" }),
  ).toBe("2026-03-08 14:05"); // daylight saving time began there that morning: UTC-7
  expect(formatPattern(MOMENT, "d MMM yyyy", { locale: "de-DE", timeZone: "UTC" })).toBe("8 Mär 2026");
  expect(formatPattern(MOMENT, "h:mm a", { locale: "en-US", timeZone: "UTC" })).toBe("9:05 PM");
  // Midnight and noon on a 12-hour clock are 12, not 0.
  expect(formatPattern(Date.UTC(2026, 0, 1, 0, 7), "h:mm a", utc)).toBe("12:07 AM");
  expect(formatPattern(Date.UTC(2026, 0, 1, 12, 7), "hh:mm a", utc)).toBe("12:07 PM");
});

test("recent moments are relative in the reader's language; older ones are not", () => {
  const now = MOMENT;
  expect(formatRelative(now - 10_000, now, "en-US")).toBe("now");
  expect(formatRelative(now - 5 * 60_000, now, "en-US")).toBe("5 min. ago");
  expect(formatRelative(now - 2 * 3_600_000, now, "en-US")).toBe("2 hr. ago");
  expect(formatRelative(now - 24 * 3_600_000, now, "en-US")).toBe("yesterday");
  expect(formatRelative(now - 3 * 24 * 3_600_000, now, "de-DE")).toBe("vor 3 Tagen");
  expect(formatRelative(now + 2 * 3_600_000, now, "en-US")).toBe("in 2 hr.");
  expect(formatRelative(now - RELATIVE_LIMIT_MS, now, "en-US")).toBeNull();
});

test("a profile without the fields, or with a zone the runtime does not know, falls back to UTC and the first format", () => {
  expect(dateSettingsOf({}, "he-IL")).toEqual({ ...DEFAULT_DATE_SETTINGS, locale: "he-IL" });
  expect(dateSettingsOf({ timezone: { id: "Mars/Olympus_Mons" } }, "en-US").timeZone).toBe("UTC");
  expect(
    dateSettingsOf(
      {
        timezone: { id: "Europe/Berlin" },
        dateFieldFormat: { datePattern: "dd.MM.yyyy", pattern: "dd.MM.yyyy HH:mm" },
      },
      "de-DE",
    ),
  ).toEqual({
    locale: "de-DE",
    timeZone: "Europe/Berlin",
    datePattern: "dd.MM.yyyy",
    pattern: "dd.MM.yyyy HH:mm",
  });
});

test("a calendar date is the same day in every time zone, named in the locale", () => {
  expect(formatDate("2026-01-01", { dateStyle: "long" }, "en-US")).toBe("January 1, 2026");
  expect(formatDate("2025-10-31", { month: "short", day: "numeric" }, "de-DE")).toBe("31. Okt.");
  expect(formatDate(Date.UTC(2025, 9, 1), { month: "long", year: "numeric" }, "fr-FR")).toBe("octobre 2025");
  // The process's own zone never shifts the day: the value is read as UTC whatever TZ says.
  expect(formatDate("2025-12-31T00:00:00Z", { day: "numeric", month: "numeric" }, "en-GB")).toBe("31/12");
});
