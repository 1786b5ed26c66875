// `{{widget app-key:widget-key:embedding-id}}` in Markdown: the widget a placeholder names. The shell's
// renderer and the backend's embedding index read it alike.

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
