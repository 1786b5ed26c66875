// A dashboard's tiles and the changes people make to them (docs/widgets.md, The dashboard). Shared by the
// route's action, which saves each change, and the page, which shows changes before they are saved.
import type { DashboardTile } from "#contract/api.ts";
import { DASHBOARD_TILE_HEIGHT, DASHBOARD_TILE_WIDTH, MAX_DASHBOARD_TILES } from "#contract/constants.ts";

/** The smallest a widget is drawn, and the grid's height step. */
export const DASHBOARD_MIN_WIDGET_SIZE_PX = 160;
export const DASHBOARD_GRID_STEP_PX = 80;
/** What one Wider/Narrower or Taller/Shorter press changes: percent of the width, grid steps. */
export const DASHBOARD_WIDTH_STEP = 10;
export const DASHBOARD_HEIGHT_STEP = 1;
export const DASHBOARD_PATH = "/dashboard";

export { DASHBOARD_TILE_HEIGHT, DASHBOARD_TILE_WIDTH, MAX_DASHBOARD_TILES };

/**
 * One change to a dashboard. Every value is absolute (a position, a size, a state), so applying a change
 * to a dashboard that already has it changes nothing: the page may show it on top of a fresh load.
 */
export type DashboardChange =
  | { intent: "add"; id: string; appName: string; widgetKey: string }
  | { intent: "remove"; id: string }
  | { intent: "move"; id: string; position: number }
  | { intent: "resize"; id: string; width: number; height: number }
  | { intent: "collapse"; id: string; collapsed: boolean };

export type DashboardIntent = DashboardChange["intent"];

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, Math.round(value)));

export const clampWidth = (width: number) => clamp(width, DASHBOARD_TILE_WIDTH.min, DASHBOARD_TILE_WIDTH.max);
export const clampHeight = (height: number) =>
  clamp(height, DASHBOARD_TILE_HEIGHT.min, DASHBOARD_TILE_HEIGHT.max);

/** The widget area's height in px: the grid steps, never below the minimum widget size. */
export function tileHeightPx(height: number): number {
  return Math.max(DASHBOARD_MIN_WIDGET_SIZE_PX, height * DASHBOARD_GRID_STEP_PX);
}

/** `tiles` with `change` applied; unchanged when it names a tile that is not there (or, to add, is). */
export function applyChange(tiles: readonly DashboardTile[], change: DashboardChange): DashboardTile[] {
  const index = tiles.findIndex((tile) => tile.id === change.id);
  if (change.intent === "add") {
    if (index !== -1 || tiles.length >= MAX_DASHBOARD_TILES) return [...tiles];
    return [
      ...tiles,
      {
        id: change.id,
        appName: change.appName,
        widgetKey: change.widgetKey,
        width: DASHBOARD_TILE_WIDTH.default,
        height: DASHBOARD_TILE_HEIGHT.default,
        collapsed: false,
      },
    ];
  }
  const tile = tiles[index];
  if (!tile) return [...tiles];
  switch (change.intent) {
    case "remove":
      return tiles.filter((t) => t.id !== change.id);
    case "move": {
      const rest = tiles.filter((t) => t.id !== change.id);
      const position = clamp(change.position, 0, rest.length);
      return [...rest.slice(0, position), tile, ...rest.slice(position)];
    }
    case "resize":
      return tiles.map((t) =>
        t.id === change.id
          ? { ...t, width: clampWidth(change.width), height: clampHeight(change.height) }
          : t,
      );
    case "collapse":
      return tiles.map((t) => (t.id === change.id ? { ...t, collapsed: change.collapsed } : t));
  }
}

/** A change as the form fields that carry it (the page's forms post exactly these). */
export function changeFields(change: DashboardChange): Record<string, string> {
  switch (change.intent) {
    case "add":
      return { intent: "add", id: change.id, appName: change.appName, widgetKey: change.widgetKey };
    case "remove":
      return { intent: "remove", id: change.id };
    case "move":
      return { intent: "move", id: change.id, position: String(change.position) };
    case "resize":
      return {
        intent: "resize",
        id: change.id,
        width: String(change.width),
        height: String(change.height),
      };
    case "collapse":
      return { intent: "collapse", id: change.id, collapsed: String(change.collapsed) };
  }
}

/** A new tile's id, which is also its embedding's: random, and within `^[A-Za-z0-9_-]{1,64}$`. */
export function newTileId(): string {
  // randomUUID exists only in secure contexts; a page served over plain http on a LAN has none.
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join(
    "",
  );
}

/** Where a tile's widget comes from: `app/key`. */
export const widgetRef = (appName: string, widgetKey: string) => `${appName}/${widgetKey}`;

export type LayoutStepName = "moveEarlier" | "moveLater" | "narrower" | "wider" | "shorter" | "taller";

export interface LayoutStep {
  name: LayoutStepName;
  change: DashboardChange;
  /** False at an edge (the first tile earlier, the widest wider): the change would change nothing. */
  possible: boolean;
}

/** The one-step moves and resizes of a tile at `position` of `total`, each as the absolute change it makes. */
export function layoutSteps(tile: DashboardTile, position: number, total: number): LayoutStep[] {
  const { id, width, height } = tile;
  const resize = (nextWidth: number, nextHeight: number): DashboardChange => ({
    intent: "resize",
    id,
    width: clampWidth(nextWidth),
    height: clampHeight(nextHeight),
  });
  return [
    {
      name: "moveEarlier",
      change: { intent: "move", id, position: Math.max(0, position - 1) },
      possible: position > 0,
    },
    {
      name: "moveLater",
      change: { intent: "move", id, position: Math.min(total - 1, position + 1) },
      possible: position < total - 1,
    },
    {
      name: "narrower",
      change: resize(width - DASHBOARD_WIDTH_STEP, height),
      possible: width > DASHBOARD_TILE_WIDTH.min,
    },
    {
      name: "wider",
      change: resize(width + DASHBOARD_WIDTH_STEP, height),
      possible: width < DASHBOARD_TILE_WIDTH.max,
    },
    {
      name: "shorter",
      change: resize(width, height - DASHBOARD_HEIGHT_STEP),
      possible: height > DASHBOARD_TILE_HEIGHT.min,
    },
    {
      name: "taller",
      change: resize(width, height + DASHBOARD_HEIGHT_STEP),
      possible: height < DASHBOARD_TILE_HEIGHT.max,
    },
  ];
}

/**
 * The step an arrow key on a tile's handle takes: arrows move the tile through the reading order, Shift
 * and an arrow resizes it toward that arrow. Left and right follow the page's direction.
 */
export function stepForKey(key: string, shift: boolean, rtl: boolean): LayoutStepName | null {
  const forward = rtl ? "ArrowLeft" : "ArrowRight";
  const backward = rtl ? "ArrowRight" : "ArrowLeft";
  if (shift) {
    if (key === forward) return "wider";
    if (key === backward) return "narrower";
    if (key === "ArrowDown") return "taller";
    if (key === "ArrowUp") return "shorter";
    return null;
  }
  if (key === forward || key === "ArrowDown") return "moveLater";
  if (key === backward || key === "ArrowUp") return "moveEarlier";
  return null;
}
