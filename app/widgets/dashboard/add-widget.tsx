// Adding a widget: the button (a link to the page with the dialog open, without scripts) and the dialog
// listing the widgets one may add, at most 600 × 640 px.
import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type CSSProperties,
  type Ref,
  type RefObject,
} from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { CsrfInput } from "#app/components/csrf-input.tsx";
import {
  DASHBOARD_WIDGET_DIALOG_MAX_HEIGHT_PX,
  DASHBOARD_WIDGET_DIALOG_MAX_WIDTH_PX,
} from "#app/lib/constants.ts";
import type { HostedWidget } from "../types.ts";
import { DASHBOARD_PATH, newTileId, type DashboardChange } from "../dashboard-layout.ts";

/**
 * The add dialog's state: open from its button with scripts, from the URL (`?add=1`) without. Add widget
 * moves between the heading and the empty state as tiles come and go, so focus follows it there.
 */
export function useAddWidget(
  button: RefObject<HTMLButtonElement | null>,
  tileCount: number,
  change: (change: DashboardChange) => void,
  announce: (text: string) => void,
) {
  const { t } = useTranslation("widgets");
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [opened, setOpened] = useState(false);
  const fromUrl = searchParams.has("add");
  const refocus = useRef(false);

  const close = useCallback(() => {
    if (fromUrl) void navigate(DASHBOARD_PATH, { replace: true, preventScrollReset: true });
    setOpened(false);
  }, [fromUrl, navigate]);

  /** Gives focus to Add widget now, and again once it has moved. */
  const focusButton = useCallback(() => {
    refocus.current = true;
    button.current?.focus();
  }, [button]);
  useEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    button.current?.focus();
  }, [button, tileCount]);

  const add = (widget: HostedWidget) => {
    change({ intent: "add", id: newTileId(), appName: widget.appName, widgetKey: widget.key });
    announce(t("dashboard.announce.added", { widget: widget.name }));
    refocus.current = true;
    close();
  };

  return { open: opened || fromUrl, show: () => setOpened(true), close, add, focusButton };
}

/** A button that opens the widget dialog; without scripts, a link to the page with the dialog open. */
export function AddWidgetButton({
  hydrated,
  onOpen,
  ref,
}: {
  hydrated: boolean;
  onOpen: () => void;
  ref: Ref<HTMLButtonElement>;
}) {
  const { t } = useTranslation("widgets");
  if (!hydrated) {
    return (
      <Link to={`${DASHBOARD_PATH}?add=1`} className="button button-primary">
        {t("dashboard.addWidget")}
      </Link>
    );
  }
  return (
    <button ref={ref} type="button" className="button button-primary" aria-haspopup="dialog" onClick={onOpen}>
      {t("dashboard.addWidget")}
    </button>
  );
}

/** The server renders the dialog open in the page (`?add=1`); with scripts it becomes modal. */
export function AddWidgetDialog(props: {
  widgets: readonly HostedWidget[];
  hydrated: boolean;
  onAdd: (widget: HostedWidget) => void;
  onClose: () => void;
}) {
  const { widgets, hydrated, onAdd, onClose } = props;
  const { t } = useTranslation("widgets");
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element || !hydrated) return;
    if (element.open && !element.matches(":modal")) element.close();
    if (!element.open) element.showModal();
  }, [hydrated]);

  // Closing the modal dialog first gives focus back to what opened it.
  const close = () => {
    dialog.current?.close();
    onClose();
  };
  const pick = (widget: HostedWidget) => {
    dialog.current?.close();
    onAdd(widget);
  };

  const style: CSSProperties = {
    maxInlineSize: `min(${DASHBOARD_WIDGET_DIALOG_MAX_WIDTH_PX}px, calc(100vw - 2rem))`,
    maxBlockSize: `min(${DASHBOARD_WIDGET_DIALOG_MAX_HEIGHT_PX}px, calc(100vh - 2rem))`,
  };

  return (
    <dialog
      ref={dialog}
      open
      id="add-widget"
      className="dashboard-add-dialog"
      style={style}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
    >
      <div className="dashboard-add-header">
        <h2 id={titleId}>{t("dashboard.addTitle")}</h2>
        {hydrated ? (
          <button type="button" className="button" onClick={close}>
            {t("dashboard.close")}
          </button>
        ) : (
          <Link to={DASHBOARD_PATH} className="button">
            {t("dashboard.close")}
          </Link>
        )}
      </div>
      {widgets.length === 0 ? (
        <p>{t("dashboard.noWidgets")}</p>
      ) : (
        <>
          <p className="muted">{t("dashboard.addIntro")}</p>
          <ul className="dashboard-add-list">
            {widgets.map((widget) => (
              <AddWidgetItem key={widget.id} widget={widget} onAdd={pick} />
            ))}
          </ul>
        </>
      )}
    </dialog>
  );
}

function AddWidgetItem({ widget, onAdd }: { widget: HostedWidget; onAdd: (widget: HostedWidget) => void }) {
  const { t } = useTranslation("widgets");
  const nameId = useId();
  return (
    <li className="dashboard-add-item" aria-labelledby={nameId}>
      <div>
        <h3 id={nameId} className="dashboard-add-name">
          {widget.name}
        </h3>
        <p className="muted">{t("dashboard.fromApp", { app: widget.appTitle })}</p>
        {widget.description ? <p>{widget.description}</p> : null}
      </div>
      <form
        method="post"
        action={DASHBOARD_PATH}
        onSubmit={(event) => {
          event.preventDefault();
          onAdd(widget);
        }}
      >
        <CsrfInput />
        <input type="hidden" name="intent" value="add" />
        <input type="hidden" name="appName" value={widget.appName} />
        <input type="hidden" name="widgetKey" value={widget.key} />
        <button
          type="submit"
          className="button button-primary"
          aria-label={t("dashboard.addNamed", { widget: widget.name })}
        >
          {t("dashboard.add")}
        </button>
      </form>
    </li>
  );
}
