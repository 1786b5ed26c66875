// The dashboard's tiles in a wrapping row, each its percent of the width and its grid steps high. Each
// tile stays where it was first rendered in the document and takes its place with CSS `order`
// (use-mount-order.ts), so frames do not reload and focus stays put as tiles move.
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { DashboardTile } from "#contract/api.ts";
import { widgetRef, type DashboardChange } from "../dashboard-layout.ts";
import type { WidgetUser } from "../protocol.ts";
import type { HostedWidget } from "../types.ts";
import { Tile, type TileTitle } from "./tile.tsx";
import { useMountOrder } from "./use-mount-order.ts";
import { useTileDrag } from "./use-tile-drag.ts";

interface TileGridProps {
  tiles: readonly DashboardTile[];
  byRef: ReadonlyMap<string, HostedWidget>;
  me: WidgetUser | null;
  saving: boolean;
  hydrated: boolean;
  change: (change: DashboardChange) => void;
  announce: (text: string) => void;
  /** Focus leaves a removed tile for Add widget. */
  onRemoved: () => void;
}

/** Counters whose increments the widget hears as onRefresh / onConfigure. */
function useSignals() {
  const [counts, setCounts] = useState<Record<string, number>>({});
  const bump = (id: string) => setCounts((all) => ({ ...all, [id]: (all[id] ?? 0) + 1 }));
  return [counts, bump] as const;
}

export function TileGrid({ tiles, byRef, me, saving, hydrated, change, announce, onRemoved }: TileGridProps) {
  const { t } = useTranslation("widgets");
  const list = useRef<HTMLUListElement>(null);
  const order = useMountOrder(tiles.map((tile) => tile.id));
  const [titles, setTitles] = useState<Record<string, TileTitle>>({});
  const [refresh, bumpRefresh] = useSignals();
  const [configure, bumpConfigure] = useSignals();
  const positions = new Map(tiles.map((tile, index) => [tile.id, index]));
  const hintId = "dashboard-handle-hint";

  const nameOf = (tile: DashboardTile) =>
    titles[tile.id]?.label || byRef.get(widgetRef(tile.appName, tile.widgetKey))?.name || tile.widgetKey;

  /** Makes a change and says what it did to screen readers. */
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

  const { dragging, dragOf } = useTileDrag(tiles, (tile, position) =>
    apply(tile, { intent: "move", id: tile.id, position }),
  );

  return (
    <>
      <p id={hintId} hidden>
        {t("dashboard.handleHint")}
      </p>
      <ul
        ref={list}
        className="dashboard-tiles"
        aria-label={t("dashboard.tilesLabel")}
        aria-busy={saving}
        data-dragging={dragging ? "" : undefined}
      >
        {order.map((id) => {
          const tile = tiles.find((candidate) => candidate.id === id);
          if (!tile) return null;
          return (
            <Tile
              key={id}
              tile={tile}
              widget={byRef.get(widgetRef(tile.appName, tile.widgetKey)) ?? null}
              title={titles[id] ?? null}
              position={positions.get(id) ?? 0}
              total={tiles.length}
              me={me}
              hydrated={hydrated}
              refreshSignal={refresh[id] ?? 0}
              configureSignal={configure[id] ?? 0}
              onRefresh={() => bumpRefresh(id)}
              onConfigure={() => bumpConfigure(id)}
              onTitle={(label, url) => setTitles((all) => ({ ...all, [id]: { label, url } }))}
              onChange={(next) => apply(tile, next)}
              drag={dragOf(id)}
              rowWidth={() => list.current?.clientWidth ?? 0}
              handleHintId={hintId}
            />
          );
        })}
      </ul>
    </>
  );
}
