// Every language on the server, which renders any of them: the same per-language modules the browser loads
// on demand (resources.ts), all read once at start-up. Importing the files statically here as well would
// leave the browser's dynamic imports nothing to split on the server's side.
import { LANGUAGES, type Language } from "./languages.ts";
import { loadLanguage, type LanguageResources } from "./resources.ts";

export const ALL_RESOURCES: Record<Language, LanguageResources> = Object.fromEntries(
  await Promise.all(LANGUAGES.map(async (language) => [language, await loadLanguage(language)] as const)),
) as Record<Language, LanguageResources>;
