// The options menu of an issue or article with its apps' items, and the popup an item opens. Loaded once the
// page has hydrated (widget-slot.tsx): Radix's menus are not part of the page's first scripts.
import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { HostedWidget } from "../types.ts";
import type { SlotProps } from "./widget-slot.tsx";
import { WidgetFrame } from "./widget-frame.tsx";

/** The menu behind WidgetOptionsMenu, with Radix's menu button. */
export default function InteractiveOptionsMenu({ widgets, entity, me, place }: SlotProps) {
  const { t } = useTranslation("widgets");
  const [open, setOpen] = useState<HostedWidget | null>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  if (!widgets?.length) return null;
  return (
    <div className="widget-options" data-place={place}>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger className="button" ref={trigger}>
          {t("options.trigger")}
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className="menu-content" align="end" sideOffset={4}>
            {widgets.map((widget) => (
              <DropdownMenu.Item key={widget.id} className="menu-item" onSelect={() => setOpen(widget)}>
                {widget.name}
              </DropdownMenu.Item>
            ))}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {open ? (
        <WidgetPopup
          widget={open}
          entity={entity}
          me={me}
          onClose={() => {
            setOpen(null);
            // Back to the menu's button, where the popup was opened from.
            trigger.current?.focus();
          }}
        />
      ) : null}
    </div>
  );
}

function WidgetPopup(props: {
  widget: HostedWidget;
  entity: SlotProps["entity"];
  me: SlotProps["me"];
  onClose: () => void;
}) {
  const { t } = useTranslation("widgets");
  const dialog = useRef<HTMLDialogElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const { widget } = props;
  // Closed before it goes, so the browser gives focus back to the Options button.
  const onClose = () => {
    dialog.current?.close();
    props.onClose();
  };
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    // The close button first: the widget's frame may take focus as it loads, out of the page's sight.
    closeButton.current?.focus();
  }, []);
  const size = widget.expectedDimensions;
  return (
    <dialog
      ref={dialog}
      className="widget-popup"
      aria-label={widget.name}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      style={{
        width: size?.width ? `min(${size.width}px, 96vw)` : undefined,
      }}
    >
      <div className="widget-popup-header">
        <h2>{widget.name}</h2>
        <button
          ref={closeButton}
          type="button"
          className="button button-icon"
          onClick={onClose}
          aria-label={t("frame.close", { widget: widget.name })}
        >
          ×
        </button>
      </div>
      <WidgetFrame
        widget={widget}
        entity={props.entity}
        me={props.me}
        onClose={onClose}
        style={{ height: size?.height ? `min(${size.height}px, 80vh)` : undefined }}
      />
    </dialog>
  );
}
