// The translations (docs/i18n.md): every language has exactly English's keys, real translations rather than
// copies, the plural forms its language needs, and the same placeholders.
import { readdirSync, readFileSync } from "node:fs";
import { expect, test, vi } from "vitest";
import { createI18n } from "#app/i18n/instance.ts";
import { LANGUAGES, NAMESPACES } from "#app/i18n/languages.ts";
import { allResources } from "#app/i18n/resources.server.ts";

const ALL_RESOURCES = await allResources();
import type { Messages } from "#app/i18n/resources.ts";

const PLURAL = /_(zero|one|two|few|many|other)$/;
/**
 * Texts that stay the same in every language: names, acronyms and symbols. Anything else identical to
 * English is an untranslated copy.
 */
const SAME_EVERYWHERE = new Set([
  "Keel",
  "SAML 2.0",
  "AI",
  "VCS",
  "SSL",
  "OK",
  "ID",
  "Esc",
  "URL",
  "PDF",
  "Markdown",
  // Names of agile methods (the new-project templates), which most languages borrow unchanged.
  "Scrum",
  "Kanban",
  // Key names as most keyboards print them, whatever the language (German and French have their own).
  "Ctrl",
  "Shift",
  "Insert",
  "Enter",
]);

/** Words a particular language spells exactly as English does. */
const SAME_IN: Partial<Record<string, ReadonlySet<string>>> = {
  // "Widget" is a loanword in these languages, spelt as in English: the Apps page's Widgets column and its
  // widget counts (widgets.json) come out the same. "Version", "Actions" and "Name" are the column headings' own words;
  // "Administration" is the German and French word too.
  cs: new Set(["{{count}} widget"]),
  de: new Set(["Version", "Widgets", "Name", "Administration"]),
  es: new Set(["Total", "Widgets", "{{count}} widget", "{{count}} widgets"]),
  fr: new Set([
    "Mentions",
    "Total",
    "Version",
    "Actions",
    "Administration",
    "Widgets",
    "{{count}} widget",
    "{{count}} widgets",
  ]),
  hu: new Set(["{{count}} widget"]),
  it: new Set(["{{count}} widget"]),
  pt: new Set(["Total", "Widgets", "{{count}} widget", "{{count}} widgets"]),
};

function flatten(messages: Messages, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();
const baseKeys = (keys: Iterable<string>) => new Set([...keys].map((k) => k.replace(PLURAL, "")));

test("every language has a file for every namespace, and nothing else", () => {
  const dirs = readdirSync(new URL("../../locales/", import.meta.url)).sort();
  expect(dirs).toEqual([...LANGUAGES].sort());
  for (const language of LANGUAGES) {
    expect(Object.keys(ALL_RESOURCES[language]).sort(), language).toEqual([...NAMESPACES].sort());
  }
});

test("the files are well-formed JSON objects", () => {
  for (const language of LANGUAGES) {
    for (const ns of NAMESPACES) {
      const text = readFileSync(new URL(`../../locales/${language}/${ns}.json`, import.meta.url), "utf8");
      expect(() => JSON.parse(text), `${language}/${ns}`).not.toThrow();
    }
  }
});

for (const language of LANGUAGES.filter((l) => l !== "en")) {
  test(`${language}: the same keys as English, with the plural forms ${language} needs`, () => {
    const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
    for (const ns of NAMESPACES) {
      const english = flatten(ALL_RESOURCES.en[ns]);
      const own = flatten(ALL_RESOURCES[language][ns]);
      expect([...baseKeys(own.keys())].sort(), `${language}/${ns}`).toEqual(
        [...baseKeys(english.keys())].sort(),
      );
      const plurals = new Set(
        [...english.keys()].filter((k) => PLURAL.test(k)).map((k) => k.replace(PLURAL, "")),
      );
      for (const base of plurals) {
        for (const category of categories) {
          expect(own.has(`${base}_${category}`), `${language}/${ns}: ${base}_${category}`).toBe(true);
        }
      }
    }
  });

  test(`${language}: every text is translated and keeps English's placeholders`, () => {
    for (const ns of NAMESPACES) {
      const english = flatten(ALL_RESOURCES.en[ns]);
      for (const [key, value] of flatten(ALL_RESOURCES[language][ns])) {
        expect(value.trim(), `${language}/${ns}:${key} is empty`).not.toBe("");
        const source = english.get(key) ?? english.get(`${key.replace(PLURAL, "")}_other`) ?? "";
        const shared = SAME_EVERYWHERE.has(value) || SAME_IN[language]?.has(value);
        if (value === source && !shared && /[a-z]{3}/.test(value)) {
          expect.fail(`${language}/${ns}:${key} is English: "${value}"`);
        }
        expect(placeholders(value), `${language}/${ns}:${key}`).toEqual(placeholders(source));
      }
    }
  });
}

test("a key missing at run time is reported with console.error, which fails the test that renders it", () => {
  // The suite's own console.error spy (tests/setup) would fail this test: take this one call aside.
  const report = vi.mocked(console.error).mockImplementationOnce(() => undefined);
  const i18n = createI18n("de", { de: ALL_RESOURCES.de, en: ALL_RESOURCES.en });
  i18n.t("no.such.key" as never);
  expect(report).toHaveBeenCalledWith(expect.stringContaining("Missing translation: shell:no.such.key"));
});
