// One tile of the dashboard: a header (drag handle, the title once, one overflow menu), the widget's frame
// in a body that is the tile's grid steps high and scrolls what does not fit, and edges to resize it by.
import { lazy, Suspense, useId, useState, type CSSProperties, type KeyboardEvent } from "react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type { DashboardTile } from "#contract/api.ts";
import { Icon } from "#app/shell/icons.tsx";
import {
  layoutSteps,
  stepForKey,
  tileHeightPx,
  type DashboardChange,
  type LayoutStepName,
} from "../dashboard-layout.ts";
import { WidgetFrame } from "../host/widget-frame.tsx";
import type { WidgetUser } from "../protocol.ts";
import type { HostedWidget } from "../types.ts";
import { TileMenu, type TileAction, type TileMenuSection } from "./tile-menu.tsx";
import type { TileDrag } from "./use-tile-drag.ts";
import type { TileSize } from "./tile-resize-edges.tsx";

const TileResizeEdges = lazy(() => import("./tile-resize-edges.tsx"));

export interface TileTitle {
  label: string;
  url: string | null;
}

export interface TileProps {
  tile: DashboardTile;
  widget: HostedWidget | null;
  title: TileTitle | null;
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
  drag: TileDrag;
  /** The row's width in px, which tile widths are percents of. */
  rowWidth: () => number;
  /** The id of the text that tells how the handle works. */
  handleHintId: string;
}

const MOVE_STEPS = ["moveEarlier", "moveLater"] as const;
const SIZE_STEPS = ["narrower", "wider", "shorter", "taller"] as const;

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

export function Tile(props: TileProps) {
  const { tile, widget, title, position, total, hydrated, onChange, drag } = props;
  const { t } = useTranslation("widgets");
  const headingId = useId();
  const bodyId = useId();
  const { id, collapsed } = tile;
  const name = widget ? title?.label || widget.name : t("dashboard.widgetNotFound", { key: tile.widgetKey });
  const titleUrl = hydrated ? safeTitleUrl(title?.url ?? null) : null;
  const [preview, setPreview] = useState<TileSize | null>(null);
  const shown = preview ?? tile;
  const steps = layoutSteps(tile, position, total);

  // Arrow keys on the handle move and resize the tile; the grid announces each change.
  const onHandleKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const rtl = getComputedStyle(event.currentTarget).direction === "rtl";
    const chosen = stepForKey(event.key, event.shiftKey, rtl);
    if (!chosen) return;
    event.preventDefault();
    const found = steps.find((candidate) => candidate.name === chosen);
    if (found?.possible) onChange(found.change);
  };

  const sections = menuSections({
    tile,
    widget: widget !== null,
    hydrated,
    steps,
    bodyId,
    onRefresh: props.onRefresh,
    onConfigure: props.onConfigure,
    t,
  });

  const style = {
    order: position,
    "--tile-width": `${shown.width}%`,
    "--tile-height": `${tileHeightPx(shown.height)}px`,
  } as CSSProperties;
  const resizable = hydrated && widget !== null;

  return (
    <li
      id={`tile-${id}`}
      className="dashboard-tile"
      style={style}
      aria-posinset={position + 1}
      aria-setsize={total}
      data-tile-id={id}
      data-width={tile.width}
      data-height={tile.height}
      data-collapsed={collapsed}
      data-drop-target={drag.isDropTarget ? "" : undefined}
      data-resizing={preview ? "" : undefined}
      {...drag.target}
    >
      <section className="dashboard-tile-card" aria-labelledby={headingId}>
        <div className="dashboard-tile-header" draggable={hydrated} {...drag.source}>
          {hydrated ? (
            <button
              type="button"
              className="dashboard-tile-icon dashboard-tile-handle"
              aria-label={t("dashboard.handle", { widget: name })}
              aria-describedby={props.handleHintId}
              onKeyDown={onHandleKey}
            >
              <Icon name="grip" />
            </button>
          ) : null}
          <h2 id={headingId} className="dashboard-tile-title" title={name}>
            {titleUrl ? <a href={titleUrl}>{name}</a> : name}
          </h2>
          {preview ? (
            <span className="dashboard-tile-size" aria-hidden="true">
              {t("dashboard.size", { width: preview.width, height: preview.height })}
            </span>
          ) : null}
          <TileMenu
            label={t("dashboard.actionsLabel", { widget: name })}
            sections={sections}
            hydrated={hydrated}
            onChange={onChange}
          />
        </div>
        {widget ? (
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
        ) : null}
      </section>
      {resizable ? (
        <Suspense fallback={null}>
          <TileResizeEdges
            size={tile}
            collapsed={collapsed}
            rowWidth={props.rowWidth}
            onPreview={setPreview}
            onResize={(size) => onChange({ intent: "resize", id, ...size })}
          />
        </Suspense>
      ) : null}
    </li>
  );
}

/** The menu's sections: the widget's own actions, its layout, and removal. */
function menuSections(options: {
  tile: DashboardTile;
  widget: boolean;
  hydrated: boolean;
  steps: ReturnType<typeof layoutSteps>;
  bodyId: string;
  onRefresh: () => void;
  onConfigure: () => void;
  t: TFunction<"widgets">;
}): TileMenuSection[] {
  const { tile, widget, hydrated, steps, bodyId, t } = options;
  const sections: TileMenuSection[] = [];
  const changeOf = (name: LayoutStepName, keepOpen: boolean): TileAction | null => {
    const found = steps.find((candidate) => candidate.name === name);
    if (!found) return null;
    return {
      kind: "change",
      key: name,
      label: t(`dashboard.${name}`),
      icon: name,
      change: found.change,
      possible: found.possible,
      keepOpen,
    };
  };
  const present = (actions: (TileAction | null)[]) => actions.filter((action) => action !== null);

  if (widget) {
    const own: TileAction[] = [];
    // Refresh and Configure are calls into the widget, which only runs with scripts.
    if (hydrated && !tile.collapsed) {
      own.push(
        {
          kind: "signal",
          key: "refresh",
          label: t("dashboard.refresh"),
          icon: "refresh",
          run: options.onRefresh,
        },
        {
          kind: "signal",
          key: "configure",
          label: t("dashboard.configure"),
          icon: "configure",
          run: options.onConfigure,
        },
      );
    }
    own.push({
      kind: "change",
      key: "collapse",
      label: t(tile.collapsed ? "dashboard.expand" : "dashboard.collapse"),
      icon: tile.collapsed ? "unfold" : "fold",
      change: { intent: "collapse", id: tile.id, collapsed: !tile.collapsed },
      possible: true,
      expanded: { value: !tile.collapsed, controls: bodyId },
    });
    sections.push({ key: "widget", actions: own });
    sections.push({
      key: "move",
      label: t("dashboard.moveGroup"),
      actions: present(MOVE_STEPS.map((name) => changeOf(name, false))),
    });
    sections.push({
      key: "size",
      label: t("dashboard.size", { width: tile.width, height: tile.height }),
      actions: present(SIZE_STEPS.map((name) => changeOf(name, true))),
    });
  }
  sections.push({
    key: "remove",
    actions: [
      {
        kind: "change",
        key: "remove",
        label: t("dashboard.remove"),
        icon: "remove",
        change: { intent: "remove", id: tile.id },
        possible: true,
        danger: true,
      },
    ],
  });
  return sections;
}
