// Every bundled feature file: valid, complete, and really translated.
import { readdirSync, readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { FEATURE_FILE_LOCALES } from "#contract/constants.ts";
import { FeatureFileSchema } from "#contract/feature-file.ts";
import { featureFileName, sortVersionsNewestFirst } from "#contract/whats-new.ts";

const DIR = new URL("./features/", import.meta.url);
const read = (name: string) => FeatureFileSchema.parse(JSON.parse(readFileSync(new URL(name, DIR), "utf8")));
const VARIANTS = [false, true] as const;
const texts = (name: string) =>
  read(name).versions.flatMap((v) => v.features.flatMap((f) => [f.title, f.description]));

test("there is a file and a cloud variant for each of the 18 locales, and nothing else", () => {
  const expected = FEATURE_FILE_LOCALES.flatMap((locale) =>
    VARIANTS.map((cloud) => featureFileName(locale, cloud)),
  );
  expect(FEATURE_FILE_LOCALES).toHaveLength(18);
  expect(readdirSync(DIR).sort()).toEqual([...expected].sort());
});

for (const locale of FEATURE_FILE_LOCALES) {
  for (const cloud of VARIANTS) {
    const name = featureFileName(locale, cloud);
    test(`${name} is valid and lists versions newest first`, () => {
      const file = read(name);
      expect(file.versions.map((v) => v.id)).toEqual(sortVersionsNewestFirst(file.versions).map((v) => v.id));
    });
  }
}

test("every locale has the same versions and as many features in each as English", () => {
  for (const cloud of VARIANTS) {
    const shape = (name: string) => read(name).versions.map((v) => [v.id, v.features.length]);
    const english = shape(featureFileName("en_US", cloud));
    for (const locale of FEATURE_FILE_LOCALES) {
      expect(shape(featureFileName(locale, cloud)), featureFileName(locale, cloud)).toEqual(english);
    }
  }
});

test("the cloud and standalone variants differ", () => {
  expect(texts("en_US.cloud.json")).not.toEqual(texts("en_US.json"));
  expect(texts("en_US.cloud.json")).toContain("Daily backups");
  expect(texts("en_US.json")).toContain("Scheduled database backups");
});

test("no other locale copies an English title or description", () => {
  for (const cloud of VARIANTS) {
    const english = new Set(texts(featureFileName("en_US", cloud)));
    for (const locale of FEATURE_FILE_LOCALES.filter((l) => l !== "en_US")) {
      const copied = texts(featureFileName(locale, cloud)).filter((t) => english.has(t));
      expect(copied, featureFileName(locale, cloud)).toEqual([]);
    }
  }
});

test("no two features of a file share a title", () => {
  for (const locale of FEATURE_FILE_LOCALES) {
    for (const cloud of VARIANTS) {
      const titles = read(featureFileName(locale, cloud)).versions.flatMap((v) =>
        v.features.map((f) => f.title),
      );
      expect(new Set(titles).size, featureFileName(locale, cloud)).toBe(titles.length);
    }
  }
});

const SCRIPTS: Partial<Record<(typeof FEATURE_FILE_LOCALES)[number], RegExp>> = {
  he_IL: /\p{Script=Hebrew}/u,
  ja_JP: /[\p{Script=Hiragana}\p{Script=Katakana}]/u,
  ko_KR: /\p{Script=Hangul}/u,
  zh_CN: /\p{Script=Han}/u,
  ru_RU: /\p{Script=Cyrillic}/u,
  uk_UA: /\p{Script=Cyrillic}/u,
};

test("languages with their own script write every title and description in it", () => {
  for (const [locale, script] of Object.entries(SCRIPTS)) {
    for (const cloud of VARIANTS) {
      const name = featureFileName(locale as (typeof FEATURE_FILE_LOCALES)[number], cloud);
      expect(
        texts(name).filter((t) => !script.test(t)),
        name,
      ).toEqual([]);
    }
  }
});

test("languages in the Latin script use their own letters somewhere", () => {
  const letters: Record<string, RegExp> = {
    cs_CZ: /[ěščřžýáíéůú]/,
    de_DE: /[äöüß]/,
    eo_UY: /[ĉĝĥĵŝŭ]/,
    es_ES: /[ñáéíóú]/,
    fr_FR: /[éèêàçù]/,
    hu_HU: /[őűáéíóöü]/,
    it_IT: /[àèéìòù]/,
    pl_PL: /[ąćęłńóśźż]/,
    pt_BR: /[ãõçáéíóúâê]/,
    tr_TR: /[çğışöü]/,
  };
  for (const [locale, pattern] of Object.entries(letters)) {
    const both = [...texts(`${locale}.json`), ...texts(`${locale}.cloud.json`)].join(" ");
    expect(both, locale).toMatch(pattern);
  }
  // Zulu uses no extra letters; its noun-class prefixes give it away.
  expect(texts("zu_ZA.json").join(" ")).toMatch(/\b(?:izi|ama|uku|i-)\w+/);
});
