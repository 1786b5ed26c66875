// What a page writes for its translations (app/i18n/client.ts): the address of its language's file of the
// build (app/i18n/translation-files-build.ts), in the head's preload and in the data block the browser
// starts from.
import hrefs from "virtual:keel/translation-files";
import { jsonForDataBlock } from "../lib/json-block.ts";
import type { PageTranslations, TranslationsBlock } from "./client.ts";
import { FALLBACK_LANGUAGE, toLanguage } from "./languages.ts";

const written = new Map<string, PageTranslations>();

export function pageTranslations(language: string): PageTranslations {
  const lng = toLanguage(language) ?? FALLBACK_LANGUAGE;
  let page = written.get(lng);
  if (!page) {
    const href = hrefs[lng];
    if (!href) throw new Error(`the build has no translations file for ${lng}`);
    const block: TranslationsBlock = { language: lng, href };
    page = { href, block: jsonForDataBlock(block) };
    written.set(lng, page);
  }
  return page;
}
