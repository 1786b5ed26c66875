// MARKDOWN widgets: `{{widget app-key:widget-key:embedding-id}}` in a text becomes a placeholder (the
// renderer's), which the page fills with the widget once scripts run. The embedding id keeps the widget's
// config (readConfig/storeConfig) with the text's issue or article; whoever may edit the text may configure it.
import { useEffect, useState, type RefObject } from "react";
import { createPortal } from "react-dom";
import { useTranslation } from "react-i18next";
import type { WidgetUser } from "../protocol.ts";
import type { EmbeddedIn } from "../types.ts";
import type { HostedWidget } from "../types.ts";
import { WidgetFrame } from "./widget-frame.tsx";

export interface MarkdownWidgetsOptions {
  /** The MARKDOWN widgets this user may see. */
  available: readonly HostedWidget[];
  me: WidgetUser | null;
  editable: boolean;
  /** The issue or article whose text this is: its embeddings' configs are kept with it. */
  embeddedIn: EmbeddedIn;
}

interface Placement {
  element: HTMLElement;
  appKey: string;
  widgetKey: string;
  embeddingId: string;
}

const size = (value: number | string | null | undefined) =>
  typeof value === "number"
    ? `${value}px`
    : typeof value === "string" && /^\d+(\.\d+)?(px|%)$/.test(value)
      ? value
      : undefined;

export function MarkdownWidgets({
  container,
  html,
  options,
}: {
  container: RefObject<HTMLElement | null>;
  /** The rendered text: placeholders are found again whenever it changes. */
  html: string;
  options: MarkdownWidgetsOptions;
}) {
  const { t } = useTranslation("widgets");
  const [placements, setPlacements] = useState<Placement[]>([]);
  useEffect(() => {
    const root = container.current;
    if (!root) return;
    const found = [
      ...root.querySelectorAll<HTMLElement>(".markdown-widget[data-app-key][data-widget-key]"),
    ].map((element) => {
      element.dataset.mounted = "true";
      return {
        element,
        appKey: element.dataset.appKey ?? "",
        widgetKey: element.dataset.widgetKey ?? "",
        embeddingId: element.dataset.embeddingId ?? "",
      };
    });
    // The placeholders are in HTML React does not own (the rendered text): found after it is in the page.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setPlacements(found);
  }, [container, html]);

  return (
    <>
      {placements.map((placement, index) => {
        const widget = options.available.find(
          (w) => w.appName === placement.appKey && w.key === placement.widgetKey,
        );
        return createPortal(
          widget ? (
            <WidgetFrame
              widget={widget}
              entity={null}
              me={options.me}
              editable={options.editable}
              embeddingId={placement.embeddingId}
              embeddedIn={options.embeddedIn}
              style={{
                width: size(widget.defaultDimensions?.width) ?? "100%",
                height: size(widget.defaultDimensions?.height),
              }}
            />
          ) : (
            <span className="markdown-widget-missing" role="note">
              {t("page.notFound", { key: placement.widgetKey })}
            </span>
          ),
          placement.element,
          `${placement.embeddingId}-${index}`,
        );
      })}
    </>
  );
}
