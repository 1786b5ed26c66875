// The server's translations, read through the browser's per-language modules (static imports here would
// leave the browser's dynamic imports nothing to split). English, the fallback, is read at start-up; each
// other language the first time a request asks for it, so a start does not wait for all eighteen.
import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from "./languages.ts";
import { loadLanguage, type LanguageResources } from "./resources.ts";

/** The languages read so far: i18next's `resources` for every request's instance, filled in place. */
export const LOADED_RESOURCES: Partial<Record<Language, LanguageResources>> = {};
const reading = new Map<Language, Promise<LanguageResources>>();

/** A language's resources, read once and kept in `LOADED_RESOURCES`. */
export function resourcesOf(language: Language): Promise<LanguageResources> {
  let read = reading.get(language);
  if (!read) {
    read = loadLanguage(language).then((resources) => (LOADED_RESOURCES[language] = resources));
    reading.set(language, read);
    read.catch(() => reading.delete(language));
  }
  return read;
}

/** English: what every key falls back to, and the language of requests that end before their own is known. */
export const ENGLISH: LanguageResources = await resourcesOf(FALLBACK_LANGUAGE);

/** Every language, for tests and tools that check them all. */
export async function allResources(): Promise<Record<Language, LanguageResources>> {
  const entries = await Promise.all(
    LANGUAGES.map(async (language) => [language, await resourcesOf(language)]),
  );
  return Object.fromEntries(entries) as Record<Language, LanguageResources>;
}
