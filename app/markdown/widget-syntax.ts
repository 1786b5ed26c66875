// `{{widget app-key:widget-key:embedding-id}}` in Markdown (seed 001 sections 3 and 5): a placeholder that
// the widget host fills later. The three colon-separated parts are required; a missing one gives the
// required-attribute error of seed 001 section 8, shown where the widget would be.

import type { MarkdownT } from "./translate.ts";

export const WIDGET_ATTRIBUTES = ["app-key", "widget-key", "embedding-id"] as const;
export type WidgetAttribute = (typeof WIDGET_ATTRIBUTES)[number];

/** Why a reference names no widget; `widgetErrorText` gives the reader's words for it. */
export type WidgetError =
  | { kind: "tooManyParts" }
  | { kind: "required"; attribute: WidgetAttribute }
  | { kind: "invalid"; attribute: WidgetAttribute; value: string };

export type WidgetReference =
  { ok: true; appKey: string; widgetKey: string; embeddingId: string } | { ok: false; error: WidgetError };

const PART = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

/** The widget named by the text between `{{widget` and `}}`. */
export function parseWidgetReference(inner: string): WidgetReference {
  const parts = inner.trim() === "" ? [] : inner.split(":").map((part) => part.trim());
  if (parts.length > WIDGET_ATTRIBUTES.length) return { ok: false, error: { kind: "tooManyParts" } };
  for (const [i, attribute] of WIDGET_ATTRIBUTES.entries()) {
    const part = parts[i];
    if (!part) return { ok: false, error: { kind: "required", attribute } };
    if (!PART.test(part)) return { ok: false, error: { kind: "invalid", attribute, value: part } };
  }
  const [appKey, widgetKey, embeddingId] = parts as [string, string, string];
  return { ok: true, appKey, widgetKey, embeddingId };
}

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
