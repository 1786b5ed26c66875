// `{{widget app-key:widget-key:embedding-id}}` in Markdown (seed 001 sections 3 and 5): a placeholder that
// the widget host fills later. The three colon-separated parts are required; a missing one gives the
// required-attribute error of seed 001 section 8, shown where the widget would be.

export const WIDGET_ATTRIBUTES = ["app-key", "widget-key", "embedding-id"] as const;
export type WidgetAttribute = (typeof WIDGET_ATTRIBUTES)[number];

export type WidgetReference =
  { ok: true; appKey: string; widgetKey: string; embeddingId: string } | { ok: false; error: string };

const PART = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

export const requiredAttributeError = (attribute: WidgetAttribute) =>
  `Required attribute "${attribute}" is missing`;

/** The widget named by the text between `{{widget` and `}}`. */
export function parseWidgetReference(inner: string): WidgetReference {
  const parts = inner.trim() === "" ? [] : inner.split(":").map((part) => part.trim());
  if (parts.length > WIDGET_ATTRIBUTES.length) {
    return {
      ok: false,
      error: "An embedded widget takes three colon-separated parts: app-key, widget-key and embedding-id",
    };
  }
  for (const [i, attribute] of WIDGET_ATTRIBUTES.entries()) {
    const part = parts[i];
    if (!part) return { ok: false, error: requiredAttributeError(attribute) };
    if (!PART.test(part)) return { ok: false, error: `Attribute "${attribute}" is not valid: ${part}` };
  }
  const [appKey, widgetKey, embeddingId] = parts as [string, string, string];
  return { ok: true, appKey, widgetKey, embeddingId };
}

/** `{{widget …}}` at the start of `src`, with the text between the keyword and the braces. */
export function matchWidget(src: string): { raw: string; inner: string } | null {
  const match = /^\{\{widget(?:[ \t]([^}\n]{0,300}))?\}\}/.exec(src);
  return match ? { raw: match[0], inner: match[1] ?? "" } : null;
}
