// Where widgets appear on a page: a place's widgets one under another, each of which may fold itself
// away, and the options-menu items that open a widget in a popup (issue and article options menus).
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import type { WidgetEntity, WidgetUser } from "../protocol.ts";
import type { HostedWidget } from "../types.ts";
import { WidgetFrame } from "./widget-frame.tsx";

export interface SlotProps {
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

// Rendered, and so loaded, only once the page has hydrated.
const InteractiveOptionsMenu = lazy(() => import("./widget-options-menu.tsx"));

/**
 * An options menu (the or the article's) whose app items open their widget in a popup; the
 * widget closes it with host.closeWidget() (or the older collapse()). Widgets need scripts, so the menu
 * exists only once the page has them; until then an invisible copy of its button holds its place, so the
 * heading beside it wraps the same before and after (a page without scripts shows neither).
 */
export function WidgetOptionsMenu(props: SlotProps) {
  const hydrated = useHydrated();
  if (!props.widgets?.length) return null;
  if (!hydrated) return <OptionsPlaceholder />;
  return (
    <Suspense fallback={<OptionsPlaceholder />}>
      <InteractiveOptionsMenu {...props} />
    </Suspense>
  );
}

function OptionsPlaceholder() {
  const { t } = useTranslation("widgets");
  return (
    <div className="widget-options widget-options-reserved when-scripting" aria-hidden="true">
      <button type="button" className="button" tabIndex={-1} disabled>
        {t("options.trigger")}
      </button>
    </div>
  );
}
