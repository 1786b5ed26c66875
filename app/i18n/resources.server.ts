// Every language on the server, read once at start-up through the browser's per-language modules: static
// imports here would leave the browser's dynamic imports nothing to split.
import { LANGUAGES, type Language } from "./languages.ts";
import { loadLanguage, type LanguageResources } from "./resources.ts";

export const ALL_RESOURCES: Record<Language, LanguageResources> = Object.fromEntries(
  await Promise.all(LANGUAGES.map(async (language) => [language, await loadLanguage(language)] as const)),
) as Record<Language, LanguageResources>;
