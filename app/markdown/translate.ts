// The texts the Markdown renderer writes into its HTML come from the `markdown` namespace. The renderer runs
// on the server and in the browser without React, so callers hand it the reader's translate function.

import { createInstance, type TFunction } from "i18next";
import { I18NEXT_OPTIONS } from "../i18n/instance.ts";
import { ENGLISH } from "../i18n/resources.server.ts";

export type MarkdownT = TFunction<"markdown">;

let english: MarkdownT | null = null;

/**
 * English, for callers that do not pass the reader's `t` yet: built on first use from the English file,
 * in an instance of its own (not registered with react-i18next, so it never stands in for the page's).
 */
export function englishMarkdownT(): MarkdownT {
  if (!english) {
    const instance = createInstance();
    void instance.init({
      ...I18NEXT_OPTIONS,
      lng: "en",
      ns: ["markdown"],
      defaultNS: "markdown",
      resources: { en: { markdown: ENGLISH.markdown } },
      initAsync: false,
    });
    english = instance.getFixedT("en", "markdown");
  }
  return english;
}
