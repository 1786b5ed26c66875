// One i18next configuration for server and browser.
import { createInstance, type i18n, type InitOptions } from "i18next";
import { initReactI18next } from "react-i18next";
import { FALLBACK_LANGUAGE, LANGUAGES, NAMESPACES, type Language } from "./languages.ts";
import type { LanguageResources } from "./resources.ts";
import "./types.ts";

/** A key missing at run time: tests fail on console.error; production logs it and shows English. */
export function reportMissingKey(languages: readonly string[], namespace: string, key: string): void {
  console.error(`Missing translation: ${namespace}:${key} (${languages.join(", ")})`);
}

export const I18NEXT_OPTIONS: InitOptions = {
  supportedLngs: [...LANGUAGES],
  fallbackLng: FALLBACK_LANGUAGE,
  ns: [...NAMESPACES],
  defaultNS: "shell",
  // Named rather than defaulted: with the defaults, every lookup first tests whether its key reads as
  // natural language (keys here never do), which is much of a page's translation time.
  nsSeparator: ":",
  keySeparator: ".",
  // React escapes; escaping here too would show entities.
  interpolation: { escapeValue: false },
  returnNull: false,
  saveMissing: true,
  missingKeyHandler: reportMissingKey,
  react: { useSuspense: false },
};

export function createI18n(
  language: Language,
  resources: Partial<Record<Language, LanguageResources>>,
): i18n {
  const instance = createInstance();
  void instance.use(initReactI18next).init({
    ...I18NEXT_OPTIONS,
    lng: language,
    resources,
    initAsync: false,
  });
  return instance;
}

/**
 * What a render's I18nextProvider is given: `instance` seen through an object with no properties of its
 * own. react-i18next's useTranslation copies every own property of the provided instance into a wrapper
 * of its own, once per component on its first render; an i18next instance has some forty, and a server
 * render is every component's first. Reads and calls reach the instance through the prototype.
 */
export function renderingView(instance: i18n): i18n {
  return Object.create(instance) as i18n;
}
