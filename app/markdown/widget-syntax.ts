// `{{widget app-key:widget-key:embedding-id}}` in Markdown (docs/markdown.md): a placeholder that
// the widget host fills later. The three colon-separated parts are required; a missing one gives the
// required-attribute error, shown where the widget would be.

import type { WidgetError } from "#contract/widget-reference.ts";
import type { MarkdownT } from "./translate.ts";

/** The error in the reader's language, e.g. 'Required attribute "embedding-id" is missing'. */
export function widgetErrorText(error: WidgetError, t: MarkdownT): string {
  switch (error.kind) {
    case "tooManyParts":
      return t("widget.tooManyParts");
    case "required":
      return t("widget.required", { attribute: error.attribute });
    case "invalid":
      return t("widget.invalid", { attribute: error.attribute, value: error.value });
  }
}

/** `{{widget …}}` at the start of `src`, with the text between the keyword and the braces. */
export function matchWidget(src: string): { raw: string; inner: string } | null {
  const match = /^\{\{widget(?:[ \t]([^}\n]{0,300}))?\}\}/.exec(src);
  return match ? { raw: match[0], inner: match[1] ?? "" } : null;
}
