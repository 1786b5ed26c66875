// The request's language and i18next instance, with remix-i18next (docs/i18n.md).
import { initReactI18next } from "react-i18next";
import type { RouterContextProvider } from "react-router";
import { createI18nextMiddleware } from "remix-i18next";
import { I18NEXT_OPTIONS } from "../i18n/instance.ts";
import {
  chooseLanguage,
  FALLBACK_LANGUAGE,
  LANGUAGES,
  toLanguage,
  type Language,
} from "../i18n/languages.ts";
import { LOADED_RESOURCES, resourcesOf } from "../i18n/resources.server.ts";
import { LOCALE_COOKIE } from "../lib/constants.ts";
import { readCookie } from "#contract/cookies.ts";
import { getApi } from "./api.server.ts";

export const [i18nMiddleware, getLocale, getI18n] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...LANGUAGES],
    fallbackLanguage: FALLBACK_LANGUAGE,
    order: ["custom"],
    async findLocale({ request, context }) {
      const api = getApi(context);
      // The backend may be down: the language then comes from the browser alone.
      const [user, config] = await Promise.all([
        api.getCurrentUser().catch(() => null),
        api.getConfig().catch(() => null),
      ]);
      const language = chooseLanguage({
        profile: user && !user.guest ? user.profiles.general.locale.language : null,
        cookie: readCookie(request.headers.get("cookie"), LOCALE_COOKIE) ?? null,
        acceptLanguage: request.headers.get("accept-language"),
        configured: config?.l10n.language ?? null,
      });
      // Read before the request's instance is made from LOADED_RESOURCES.
      await resourcesOf(language);
      return language;
    },
  },
  i18next: { ...I18NEXT_OPTIONS, resources: LOADED_RESOURCES },
  plugins: [initReactI18next],
});

export function getLanguage(context: Readonly<RouterContextProvider>): Language {
  return toLanguage(getLocale(context)) ?? FALLBACK_LANGUAGE;
}
