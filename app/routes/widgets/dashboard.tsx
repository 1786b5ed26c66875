// The dashboard (issue 8, seed 001 section 9): the signed-in user's app widgets in a wrapping grid, each
// tile its percent of the width and its grid steps high. Every change is a form post to this route's action
// (add, remove, move, resize, collapse), so the page works without scripts; with them, changes show at once
// and the frames stay loaded.
import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type CSSProperties,
  type DragEvent,
  type ReactNode,
  type Ref,
} from "react";
import { useTranslation } from "react-i18next";
import { data, Link, useNavigate, useRouteLoaderData, useSearchParams } from "react-router";
import type { Route } from "./+types/dashboard";
import type { DashboardTile } from "#contract/api.ts";
import { CsrfInput } from "../../components/csrf-input.tsx";
import { RouteError } from "../../components/route-error.tsx";
import { useCsrfToken } from "../../components/use-csrf-token.ts";
import {
  DASHBOARD_WIDGET_DIALOG_MAX_HEIGHT_PX,
  DASHBOARD_WIDGET_DIALOG_MAX_WIDTH_PX,
} from "../../lib/constants.ts";
import { answerFormPost } from "../../lib/form-answer.server.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { getApi } from "../../middleware/api.server.ts";
import { getI18n } from "../../middleware/i18next.server.ts";
import type { loader as rootLoader } from "../../root.tsx";
import { isFolderUnread } from "../../shell/navigation-model.ts";
import {
  changeFields,
  clampHeight,
  clampWidth,
  DASHBOARD_HEIGHT_STEP,
  DASHBOARD_TILE_HEIGHT,
  DASHBOARD_TILE_WIDTH,
  DASHBOARD_WIDTH_STEP,
  newTileId,
  tileHeightPx,
  widgetRef,
  type DashboardChange,
} from "../../widgets/dashboard-layout.ts";
import { changeDashboard } from "../../widgets/dashboard.server.ts";
import { WidgetFrame } from "../../widgets/host/widget-frame.tsx";
import { loadPlacedWidgets, widgetUser } from "../../widgets/placement.server.ts";
import type { WidgetUser } from "../../widgets/protocol.ts";
import type { HostedWidget } from "../../widgets/types.ts";
import { useDashboardChanges, type DashboardAnswer } from "../../widgets/use-dashboard-changes.ts";

const DASHBOARD_PATH = "/dashboard";

export async function loader({ context }: Route.LoaderArgs) {
  const api = getApi(context);
  const title = getI18n(context).getFixedT(null, "pages")("titles.dashboards");
  const user = await api.getCurrentUser();
  if (user.guest) {
    return { title, signedIn: false, me: null, tiles: [] as DashboardTile[], widgets: [] as HostedWidget[] };
  }
  const [dashboard, placed] = await Promise.all([
    api.getDashboard(),
    loadPlacedWidgets(api, ["DASHBOARD_WIDGET"]),
  ]);
  return {
    title,
    signedIn: true,
    me: widgetUser(user),
    tiles: dashboard.tiles,
    widgets: placed.DASHBOARD_WIDGET ?? [],
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const t = getI18n(context).getFixedT(null, "widgets");
  const outcome = await changeDashboard(getApi(context), await request.formData(), t);
  if (!outcome.ok) return data<DashboardAnswer>({ ok: false, error: outcome.error }, { status: 400 });
  // Without scripts the page comes back scrolled to the tile that changed.
  const back = outcome.tileId ? `${DASHBOARD_PATH}#tile-${outcome.tileId}` : DASHBOARD_PATH;
  return answerFormPost<DashboardAnswer>(request, { ok: true, error: null }, back);
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.title} · Keel` : "Keel" },
];

export default function Dashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("widgets");
  const { title, signedIn, me, widgets } = loaderData;
  const hydrated = useHydrated();
  const csrf = useCsrfToken();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const { tiles, change, saving, error } = useDashboardChanges(loaderData.tiles, csrf, DASHBOARD_PATH);
  const [adding, setAdding] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const addButton = useRef<HTMLButtonElement>(null);
  const byRef = new Map(widgets.map((widget) => [widgetRef(widget.appName, widget.key), widget]));
  // Without scripts the dialog is a page state (?add=1); with them, the button opens it.
  const addFromUrl = searchParams.has("add");
  const message = error ?? actionData?.error ?? null;

  const closeAdd = useCallback(() => {
    if (addFromUrl) void navigate(DASHBOARD_PATH, { replace: true, preventScrollReset: true });
    setAdding(false);
  }, [addFromUrl, navigate]);

  // Add widget moves between the heading and the empty state: when the tiles come or go, focus follows it.
  const refocusAdd = useRef(false);
  const focusAdd = useCallback(() => {
    refocusAdd.current = true;
    addButton.current?.focus();
  }, []);
  useEffect(() => {
    if (!refocusAdd.current) return;
    refocusAdd.current = false;
    addButton.current?.focus();
  }, [tiles.length]);

  const add = (widget: HostedWidget) => {
    change({ intent: "add", id: newTileId(), appName: widget.appName, widgetKey: widget.key });
    setAnnouncement(t("dashboard.announce.added", { widget: widget.name }));
    refocusAdd.current = true;
    closeAdd();
  };

  const addControl = signedIn ? (
    <AddWidgetButton hydrated={hydrated} ref={addButton} onOpen={() => setAdding(true)} />
  ) : null;

  return (
    <section aria-labelledby="page-heading" className="dashboard">
      <div className="dashboard-heading">
        <h1 id="page-heading">{title}</h1>
        {tiles.length > 0 ? addControl : null}
      </div>
      <Welcome />
      {message ? (
        <p className="form-error dashboard-error" role="alert">
          {message}
        </p>
      ) : null}
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      {!signedIn ? (
        <div className="notice">
          <p>{t("dashboard.signIn")}</p>
          <p>
            <Link to={`/login?redirect=${encodeURIComponent(DASHBOARD_PATH)}`}>
              {t("dashboard.signInLink")}
            </Link>
          </p>
        </div>
      ) : tiles.length === 0 ? (
        <div className="empty-state">
          <p className="empty-state-title">{t("dashboard.empty")}</p>
          <p className="muted">{t("dashboard.emptyHint")}</p>
          {addControl}
        </div>
      ) : (
        <TileGrid
          tiles={tiles}
          byRef={byRef}
          me={me}
          saving={saving}
          hydrated={hydrated}
          change={change}
          announce={setAnnouncement}
          onRemoved={focusAdd}
        />
      )}
      {signedIn && (adding || addFromUrl) ? (
        <AddWidgetDialog widgets={widgets} hydrated={hydrated} onAdd={add} onClose={closeAdd} />
      ) : null}
    </section>
  );
}

/** A button that opens the widget dialog; without scripts, a link to the page with the dialog open. */
function AddWidgetButton({
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

/** The greeting the shell's start page has always shown (tests look for it). */
function Welcome() {
  const { t } = useTranslation("pages");
  const root = useRouteLoaderData<typeof rootLoader>("root");
  if (!root) return null;
  return (
    <p data-testid="welcome">
      {t("area.welcome", { name: root.user.name })}{" "}
      {root.inboxFolders.some(isFolderUnread) ? (
        <Link to="/notifications">{t("area.unread")}</Link>
      ) : (
        t("area.noUnread")
      )}
    </p>
  );
}

/**
 * The order tiles were first seen in. The tiles stay in this order in the document and take their place
 * with CSS `order`: moving an iframe in the document reloads it, and moving a focused button loses focus.
 * After a reload the document order is the dashboard's again.
 */
function useMountOrder(ids: readonly string[]): string[] {
  const [order, setOrder] = useState<string[]>(() => [...ids]);
  const next = order.filter((id) => ids.includes(id));
  for (const id of ids) if (!next.includes(id)) next.push(id);
  if (next.length !== order.length || next.some((id, index) => id !== order[index])) setOrder(next);
  return next;
}

interface TileGridProps {
  tiles: readonly DashboardTile[];
  byRef: ReadonlyMap<string, HostedWidget>;
  me: WidgetUser | null;
  saving: boolean;
  hydrated: boolean;
  change: (change: DashboardChange) => void;
  announce: (text: string) => void;
  /** Focus leaves a removed tile's button for Add widget. */
  onRemoved: () => void;
}

function TileGrid({ tiles, byRef, me, saving, hydrated, change, announce, onRemoved }: TileGridProps) {
  const { t } = useTranslation("widgets");
  const order = useMountOrder(tiles.map((tile) => tile.id));
  const [titles, setTitles] = useState<Record<string, { label: string; url: string | null }>>({});
  const [refresh, setRefresh] = useState<Record<string, number>>({});
  const [configure, setConfigure] = useState<Record<string, number>>({});
  const [dragged, setDragged] = useState<string | null>(null);
  const [dropTarget, setDropTarget] = useState<string | null>(null);
  const positions = new Map(tiles.map((tile, index) => [tile.id, index]));

  const nameOf = (tile: DashboardTile) =>
    titles[tile.id]?.label || byRef.get(widgetRef(tile.appName, tile.widgetKey))?.name || tile.widgetKey;

  const apply = (tile: DashboardTile, next: DashboardChange) => {
    const widget = nameOf(tile);
    if (next.intent === "remove") {
      onRemoved();
      announce(t("dashboard.announce.removed", { widget }));
    } else if (next.intent === "move") {
      announce(t("dashboard.announce.moved", { widget, position: next.position + 1, total: tiles.length }));
    } else if (next.intent === "resize") {
      announce(t("dashboard.announce.resized", { widget, width: next.width, height: next.height }));
    } else if (next.intent === "collapse") {
      announce(
        t(next.collapsed ? "dashboard.announce.collapsed" : "dashboard.announce.expanded", { widget }),
      );
    }
    change(next);
  };

  const drop = (target: DashboardTile) => (event: DragEvent) => {
    event.preventDefault();
    const moving = tiles.find((tile) => tile.id === dragged);
    setDragged(null);
    setDropTarget(null);
    if (!moving || moving.id === target.id) return;
    apply(moving, { intent: "move", id: moving.id, position: positions.get(target.id) ?? 0 });
  };

  return (
    <ul
      className="dashboard-tiles"
      aria-label={t("dashboard.tilesLabel")}
      aria-busy={saving}
      data-dragging={dragged ? "" : undefined}
    >
      {order.map((id) => {
        const tile = tiles.find((candidate) => candidate.id === id);
        if (!tile) return null;
        const position = positions.get(id) ?? 0;
        return (
          <TileView
            key={id}
            tile={tile}
            widget={byRef.get(widgetRef(tile.appName, tile.widgetKey)) ?? null}
            title={titles[id] ?? null}
            position={position}
            total={tiles.length}
            me={me}
            hydrated={hydrated}
            refreshSignal={refresh[id] ?? 0}
            configureSignal={configure[id] ?? 0}
            onRefresh={() => setRefresh((all) => ({ ...all, [id]: (all[id] ?? 0) + 1 }))}
            onConfigure={() => setConfigure((all) => ({ ...all, [id]: (all[id] ?? 0) + 1 }))}
            onTitle={(label, url) => setTitles((all) => ({ ...all, [id]: { label, url } }))}
            onChange={(next) => apply(tile, next)}
            dropTarget={dropTarget === id}
            drag={{
              onDragStart(event) {
                event.dataTransfer.effectAllowed = "move";
                event.dataTransfer.setData("text/plain", id);
                setDragged(id);
              },
              onDragEnd() {
                setDragged(null);
                setDropTarget(null);
              },
              onDragOver(event) {
                if (!dragged) return;
                event.preventDefault();
                event.dataTransfer.dropEffect = "move";
                if (dropTarget !== id) setDropTarget(id);
              },
              onDrop: drop(tile),
            }}
          />
        );
      })}
    </ul>
  );
}

interface TileViewProps {
  tile: DashboardTile;
  widget: HostedWidget | null;
  title: { label: string; url: string | null } | null;
  position: number;
  total: number;
  me: WidgetUser | null;
  hydrated: boolean;
  refreshSignal: number;
  configureSignal: number;
  onRefresh: () => void;
  onConfigure: () => void;
  onTitle: (label: string, url: string | null) => void;
  onChange: (change: DashboardChange) => void;
  dropTarget: boolean;
  drag: {
    onDragStart: (event: DragEvent) => void;
    onDragEnd: () => void;
    onDragOver: (event: DragEvent) => void;
    onDrop: (event: DragEvent) => void;
  };
}

/** A link the widget may put on its title: http(s) or a path on this site, nothing else. */
function safeTitleUrl(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url, window.location.href);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.href : null;
  } catch {
    return null;
  }
}

function TileView(props: TileViewProps) {
  const { tile, widget, title, position, total, hydrated, onChange } = props;
  const { t } = useTranslation("widgets");
  const headingId = useId();
  const bodyId = useId();
  const name = widget ? title?.label || widget.name : t("dashboard.widgetNotFound", { key: tile.widgetKey });
  const titleUrl = hydrated ? safeTitleUrl(title?.url ?? null) : null;
  const { id, width, height, collapsed } = tile;
  const resize = (nextWidth: number, nextHeight: number): DashboardChange => ({
    intent: "resize",
    id,
    width: clampWidth(nextWidth),
    height: clampHeight(nextHeight),
  });
  const button = (label: string, next: DashboardChange, disabled = false, extra?: ButtonExtras) => (
    <ChangeButton
      label={label}
      change={next}
      disabled={disabled}
      hydrated={hydrated}
      onChange={onChange}
      extra={extra}
    />
  );
  const style = {
    order: position,
    "--tile-width": `${width}%`,
    "--tile-height": `${tileHeightPx(height)}px`,
  } as CSSProperties;

  return (
    <li
      id={`tile-${id}`}
      className="dashboard-tile"
      style={style}
      aria-posinset={position + 1}
      aria-setsize={total}
      data-tile-id={id}
      data-width={width}
      data-height={height}
      data-collapsed={collapsed}
      data-drop-target={props.dropTarget ? "" : undefined}
      onDragOver={props.drag.onDragOver}
      onDrop={props.drag.onDrop}
    >
      <section className="dashboard-tile-card" aria-labelledby={headingId}>
        <div
          className="dashboard-tile-header"
          draggable={hydrated}
          onDragStart={props.drag.onDragStart}
          onDragEnd={props.drag.onDragEnd}
        >
          <h2 id={headingId} className="dashboard-tile-title">
            {titleUrl ? <a href={titleUrl}>{name}</a> : name}
          </h2>
          <div
            className="dashboard-tile-actions"
            role="group"
            aria-label={t("dashboard.actionsLabel", { widget: name })}
          >
            {widget && hydrated && !collapsed ? (
              <>
                <button type="button" className="button dashboard-tile-button" onClick={props.onRefresh}>
                  {t("dashboard.refresh")}
                </button>
                <button type="button" className="button dashboard-tile-button" onClick={props.onConfigure}>
                  {t("dashboard.configure")}
                </button>
              </>
            ) : null}
            {widget
              ? button(
                  t(collapsed ? "dashboard.expand" : "dashboard.collapse"),
                  { intent: "collapse", id, collapsed: !collapsed },
                  false,
                  { "aria-expanded": !collapsed, "aria-controls": bodyId },
                )
              : null}
            {button(t("dashboard.remove"), { intent: "remove", id })}
          </div>
        </div>
        {widget ? (
          <>
            <div
              className="dashboard-tile-layout"
              role="group"
              aria-label={t("dashboard.layoutLabel", { widget: name })}
            >
              {button(
                t("dashboard.moveEarlier"),
                { intent: "move", id, position: Math.max(0, position - 1) },
                position === 0,
              )}
              {button(
                t("dashboard.moveLater"),
                { intent: "move", id, position: Math.min(total - 1, position + 1) },
                position === total - 1,
              )}
              {button(
                t("dashboard.narrower"),
                resize(width - DASHBOARD_WIDTH_STEP, height),
                width <= DASHBOARD_TILE_WIDTH.min,
              )}
              {button(
                t("dashboard.wider"),
                resize(width + DASHBOARD_WIDTH_STEP, height),
                width >= DASHBOARD_TILE_WIDTH.max,
              )}
              {button(
                t("dashboard.shorter"),
                resize(width, height - DASHBOARD_HEIGHT_STEP),
                height <= DASHBOARD_TILE_HEIGHT.min,
              )}
              {button(
                t("dashboard.taller"),
                resize(width, height + DASHBOARD_HEIGHT_STEP),
                height >= DASHBOARD_TILE_HEIGHT.max,
              )}
              <span className="dashboard-tile-size muted">{t("dashboard.size", { width, height })}</span>
            </div>
            <div id={bodyId} className="dashboard-tile-body" hidden={collapsed}>
              <WidgetFrame
                widget={widget}
                entity={null}
                me={props.me}
                editable
                embeddingId={id}
                onRemove={() => onChange({ intent: "remove", id })}
                onTitle={props.onTitle}
                refreshSignal={props.refreshSignal}
                configureSignal={props.configureSignal}
                className="dashboard-tile-frame"
              />
            </div>
          </>
        ) : null}
      </section>
    </li>
  );
}

type ButtonExtras = { "aria-expanded"?: boolean; "aria-controls"?: string };

/**
 * One change as a form of its own: a plain post without scripts, an immediate change with them. With
 * scripts, a change that cannot be made (the first tile earlier) stays focusable and does nothing, so
 * focus never drops as tiles move.
 */
function ChangeButton(props: {
  label: string;
  change: DashboardChange;
  disabled: boolean;
  hydrated: boolean;
  onChange: (change: DashboardChange) => void;
  extra?: ButtonExtras;
}) {
  const { change, disabled, hydrated, onChange } = props;
  return (
    <form
      method="post"
      action={DASHBOARD_PATH}
      className="dashboard-tile-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (!disabled) onChange(change);
      }}
    >
      <CsrfInput />
      {Object.entries(changeFields(change)).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button
        type="submit"
        className="button dashboard-tile-button"
        disabled={disabled && !hydrated}
        aria-disabled={disabled || undefined}
        {...props.extra}
      >
        {props.label}
      </button>
    </form>
  );
}

/**
 * The widgets one may add, at most 640 × 600 px (seed 001 section 9). The server renders it open in the
 * page (`?add=1`); with scripts it becomes modal.
 */
function AddWidgetDialog(props: {
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

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps): ReactNode {
  return <RouteError error={error} />;
}
