// Components under test render inside an i18next instance, as on a page.
import type { ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { createI18n } from "#app/i18n/instance.ts";
import type { Language } from "#app/i18n/languages.ts";
import { allResources } from "#app/i18n/resources.server.ts";

const ALL_RESOURCES = await allResources();

export function testI18n(language: Language = "en") {
  return createI18n(language, { [language]: ALL_RESOURCES[language], en: ALL_RESOURCES.en });
}

export function WithI18n({ children, language = "en" }: { children: ReactNode; language?: Language }) {
  return <I18nextProvider i18n={testI18n(language)}>{children}</I18nextProvider>;
}
