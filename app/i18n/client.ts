// The language in the browser: started from the file the page's data block names, switched without a
// reload when the server's choice changes (the language form), loading only the new language's chunks.
import { createContext, useContext, useEffect } from "react";
import { useTranslation } from "react-i18next";
import type { i18n } from "i18next";
import { createI18n } from "./instance.ts";
import type { Language } from "./languages.ts";
import type { LanguageResources } from "./resources.ts";

export const TRANSLATIONS_ID = "keel-translations";

/** The page's data block: its language, and the address of that language's file of the build. */
export interface TranslationsBlock {
  language: Language;
  href: string;
}

/** What a page writes for its translations: the head's preload of the file, and the data block. */
export interface PageTranslations {
  href: string | null;
  block: string;
}

/**
 * The server's writer of a page's translations (app/i18n/translation-files.server.ts), provided by
 * entry.server.tsx. The browser has none: it writes back the block its page came with, unchanged.
 */
export const PageTranslationsContext = createContext<((language: string) => PageTranslations) | null>(null);
let pageBlock = "";

export function usePageTranslations(language: string): PageTranslations {
  const write = useContext(PageTranslationsContext);
  return write ? write(language) : { href: null, block: pageBlock };
}

/**
 * Starts i18next from the page's language file, which the page has asked for after its first paint and
 * the browser keeps after the first visit. Fails when the file does not load twice: the page then stays
 * as the server wrote it, which works without scripts.
 */
export async function i18nFromPage(doc: Document = document, load: typeof fetch = fetch): Promise<i18n> {
  pageBlock = doc.getElementById(TRANSLATIONS_ID)?.textContent ?? "";
  // A page without its block, or with a malformed one, throws here.
  const { language, href } = JSON.parse(pageBlock) as TranslationsBlock;
  const read = async () => {
    const response = await load(href);
    const file = (await response.json()) as Partial<TranslationsBlock & { resources: LanguageResources }>;
    if (!response.ok || file.language !== language || !file.resources) {
      throw new Error(`${href} answered ${response.status}`);
    }
    return file.resources;
  };
  return createI18n(language, { [language]: await read().catch(read) });
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
