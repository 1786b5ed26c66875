// The language in the browser: started from the page's data block, switched without a reload when the
// server's choice changes (the language form), loading only the new language's chunks.
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import type { i18n } from "i18next";
import { jsonForDataBlock } from "../lib/json-block.ts";
import { createI18n } from "./instance.ts";
import { NAMESPACES, toLanguage, FALLBACK_LANGUAGE, type Language } from "./languages.ts";
import type { LanguageResources } from "./resources.ts";

export const TRANSLATIONS_ID = "keel-translations";

interface TranslationsBlock {
  language: Language;
  resources: LanguageResources;
}

export function translationsDataBlock(instance: i18n, language: string): string {
  const lng = toLanguage(language) ?? FALLBACK_LANGUAGE;
  const bundles = NAMESPACES.map((ns) => (instance.getResourceBundle(lng, ns) ?? {}) as object);
  // Every page carries this block: the same bundles give the same text, so it is written once.
  const written = writtenBlocks.get(lng);
  if (written && written.bundles.every((bundle, i) => bundle === bundles[i])) return written.text;
  const resources = Object.fromEntries(NAMESPACES.map((ns, i) => [ns, bundles[i]])) as LanguageResources;
  const block: TranslationsBlock = { language: lng, resources };
  const text = jsonForDataBlock(block);
  writtenBlocks.set(lng, { bundles, text });
  return text;
}
const writtenBlocks = new Map<string, { bundles: object[]; text: string }>();

export function i18nFromPage(doc: Document = document): i18n {
  let block: TranslationsBlock | null = null;
  try {
    block = JSON.parse(
      doc.getElementById(TRANSLATIONS_ID)?.textContent ?? "null",
    ) as TranslationsBlock | null;
  } catch {
    block = null;
  }
  const language = toLanguage(block?.language) ?? FALLBACK_LANGUAGE;
  return createI18n(language, block ? { [language]: block.resources } : {});
}

/** Follows the language the server chose for this user, loading it first when this page has not got it. */
export function useLanguageSync(language: Language): void {
  const { i18n } = useTranslation();
  useEffect(() => {
    if (i18n.language === language) return;
    let cancelled = false;
    void (async () => {
      if (!i18n.hasResourceBundle(language, "shell")) {
        // The table of every language's files is 1 KiB of the first scripts: it loads with the first switch.
        const { loadLanguage } = await import("./resources.ts");
        const resources = await loadLanguage(language);
        for (const [ns, messages] of Object.entries(resources)) {
          i18n.addResourceBundle(language, ns, messages, true, true);
        }
      }
      if (!cancelled) await i18n.changeLanguage(language);
    })();
    return () => {
      cancelled = true;
    };
  }, [i18n, language]);
}
