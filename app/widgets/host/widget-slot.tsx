// Where widgets appear on a page: a place's widgets one under another, each of which may fold itself
// away, and the options-menu items that open a widget in a popup (issue and article options menus).
import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "../../lib/use-hydrated.ts";
import type { WidgetEntity, WidgetUser } from "../protocol.ts";
import type { HostedWidget } from "../types.ts";
import { WidgetFrame } from "./widget-frame.tsx";

interface SlotProps {
  widgets: readonly HostedWidget[] | undefined;
  entity: WidgetEntity | null;
  me: WidgetUser | null;
  /** The place, for tests and styles: `issue-below-summary`… */
  place: string;
  className?: string;
}

function WidgetHeader({ widget }: { widget: HostedWidget }) {
  return (
    <h2 className="widget-header">
      {widget.iconUrl ? <img src={`/${widget.iconUrl}`} alt="" width={16} height={16} /> : null}
      {widget.name}
    </h2>
  );
}

/** The widgets of one place, each under its name unless its manifest says showHeader: false. */
export function WidgetSlot({ widgets, entity, me, place, className }: SlotProps) {
  if (!widgets?.length) return null;
  return (
    <div className={`widget-slot ${className ?? ""}`} data-place={place}>
      {widgets.map((widget) => (
        <SlotItem key={widget.id} widget={widget} entity={entity} me={me} />
      ))}
    </div>
  );
}

/**
 * One widget in place. `host.closeWidget()` (or the older `collapse()`) folds it to a button that shows
 * it again, with a new frame, as the product does for widgets on a page.
 */
function SlotItem({
  widget,
  entity,
  me,
}: {
  widget: HostedWidget;
  entity: WidgetEntity | null;
  me: WidgetUser | null;
}) {
  const { t } = useTranslation("widgets");
  const [open, setOpen] = useState(true);
  const showButton = useRef<HTMLButtonElement>(null);
  const folded = useRef(false);
  useEffect(() => {
    // Focus would otherwise be lost with the frame that had it.
    if (!open && folded.current) showButton.current?.focus();
  }, [open]);
  return (
    <section
      className="widget-slot-item"
      data-collapsed={open ? undefined : "true"}
      aria-label={widget.showHeader ? undefined : widget.name}
      aria-labelledby={widget.showHeader ? `widget-${widget.id}` : undefined}
    >
      {widget.showHeader ? (
        <div id={`widget-${widget.id}`}>
          <WidgetHeader widget={widget} />
        </div>
      ) : null}
      {open ? (
        <WidgetFrame
          widget={widget}
          entity={entity}
          me={me}
          onClose={() => {
            folded.current = true;
            setOpen(false);
          }}
        />
      ) : (
        <button
          ref={showButton}
          type="button"
          className="button widget-slot-show"
          aria-expanded={false}
          onClick={() => setOpen(true)}
        >
          {t("frame.show", { widget: widget.name })}
        </button>
      )}
    </section>
  );
}

/**
 * An options menu (the or the article's) whose app items open their widget in a popup; the
 * widget closes it with host.closeWidget() (or the older collapse()). Widgets need scripts, so the menu
 * exists only once the page has them.
 */
export function WidgetOptionsMenu({ widgets, entity, me, place }: SlotProps) {
  const { t } = useTranslation("widgets");
  const hydrated = useHydrated();
  const [open, setOpen] = useState<HostedWidget | null>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  if (!widgets?.length || !hydrated) return null;
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
  entity: WidgetEntity | null;
  me: WidgetUser | null;
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
