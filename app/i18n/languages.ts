// The 18 interface languages and how a request's language is chosen (docs/i18n.md).
import { LOCALES } from "#contract/constants.ts";

export type Language = (typeof LOCALES)[number];
export const LANGUAGES: readonly Language[] = LOCALES;
export const FALLBACK_LANGUAGE: Language = "en";
/** The namespaces of locales/<lng>/<ns>.json; English is the source of truth for their keys. */
export const NAMESPACES = ["shell", "pages", "errors", "markdown", "widgets"] as const;
export type Namespace = (typeof NAMESPACES)[number];

export const LANGUAGE_NAMES: Record<Language, string> = {
  cs: "Čeština",
  de: "Deutsch",
  en: "English",
  eo: "Esperanto",
  es: "Español",
  fr: "Français",
  he: "עברית",
  hu: "Magyar",
  it: "Italiano",
  ja: "日本語",
  ko: "한국어",
  pl: "Polski",
  pt: "Português",
  ru: "Русский",
  tr: "Türkçe",
  uk: "Українська",
  zh: "中文",
  zu: "isiZulu",
};

export const LANGUAGE_LOCALES: Record<Language, string> = {
  cs: "cs-CZ",
  de: "de-DE",
  en: "en-US",
  eo: "eo",
  es: "es-ES",
  fr: "fr-FR",
  he: "he-IL",
  hu: "hu-HU",
  it: "it-IT",
  ja: "ja-JP",
  ko: "ko-KR",
  pl: "pl-PL",
  pt: "pt-BR",
  ru: "ru-RU",
  tr: "tr-TR",
  uk: "uk-UA",
  zh: "zh-CN",
  zu: "zu-ZA",
};

const RIGHT_TO_LEFT: ReadonlySet<string> = new Set(["he"]);

/** "de", "de-AT", "de_DE" → "de"; null when not one of ours. */
export function toLanguage(tag: string | null | undefined): Language | null {
  const primary = (tag ?? "").trim().toLowerCase().split(/[-_]/)[0];
  return (LANGUAGES as readonly string[]).includes(primary ?? "") ? (primary as Language) : null;
}

/** The best supported language of an Accept-Language header, by q-value then order. */
export function fromAcceptLanguage(header: string | null | undefined): Language | null {
  if (!header) return null;
  const ranked = header
    .split(",")
    .slice(0, 30)
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag ?? "", q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0 && !Number.isNaN(entry.q))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const language = toLanguage(tag);
    if (language) return language;
  }
  return null;
}

export interface LanguageSources {
  profile: string | null;
  cookie: string | null;
  acceptLanguage: string | null;
  configured: string | null;
}

export function chooseLanguage(sources: LanguageSources): Language {
  return (
    toLanguage(sources.profile) ??
    toLanguage(sources.cookie) ??
    fromAcceptLanguage(sources.acceptLanguage) ??
    toLanguage(sources.configured) ??
    FALLBACK_LANGUAGE
  );
}

/** Hebrew, and any language when the configuration marks the install right-to-left. */
export function directionOf(language: string, configuredRtl = false): "rtl" | "ltr" {
  return configuredRtl || RIGHT_TO_LEFT.has(language) ? "rtl" : "ltr";
}
