// Translation resources. English is the source of truth: its files type every key (app/i18n/types.ts), and
// tests/unit/locales.test.ts fails when another language's key set differs.
import type { Language, Namespace } from "./languages.ts";

export type Messages = { [key: string]: string | Messages };
export type LanguageResources = Record<Namespace, Messages>;

const FILES = import.meta.glob<Messages>("../../locales/*/*.json", { import: "default" });

export async function loadLanguage(language: Language): Promise<LanguageResources> {
  const entries = await Promise.all(
    Object.entries(FILES)
      .filter(([path]) => path.includes(`/locales/${language}/`))
      .map(async ([path, load]) => [/([a-z]+)\.json$/.exec(path)![1]!, await load()] as const),
  );
  return Object.fromEntries(entries) as LanguageResources;
}
