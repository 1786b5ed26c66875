// Every language on the server, which renders any of them.
import type { Language, Namespace } from "./languages.ts";
import type { LanguageResources, Messages } from "./resources.ts";

const FILES = import.meta.glob<Messages>("../../locales/*/*.json", { import: "default", eager: true });

export const ALL_RESOURCES: Record<Language, LanguageResources> = (() => {
  const all = {} as Record<string, Record<string, Messages>>;
  for (const [path, messages] of Object.entries(FILES)) {
    const [, language, namespace] = /locales\/([a-z]+)\/([a-z]+)\.json$/.exec(path)!;
    (all[language!] ??= {})[namespace as Namespace] = messages;
  }
  return all as Record<Language, LanguageResources>;
})();
