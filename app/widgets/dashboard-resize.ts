// Resizing a tile with the pointer: a dragged size snapped to the grid. Loaded with the resize edges, once
// the page has hydrated.
import {
  clampHeight,
  clampWidth,
  DASHBOARD_GRID_STEP_PX,
  DASHBOARD_TILE_HEIGHT,
  DASHBOARD_TILE_WIDTH,
  DASHBOARD_WIDTH_STEP,
  tileHeightPx,
} from "./dashboard-layout.ts";

/**
 * The height in grid steps whose widget area is nearest `px`. Heights drawn alike (the minimum covers the
 * first steps) resolve to `current` when it is one of them, else to the smallest.
 */
export function heightForPx(px: number, current: number): number {
  const nearest = clampHeight(px / DASHBOARD_GRID_STEP_PX);
  const drawn = tileHeightPx(nearest);
  if (tileHeightPx(current) === drawn) return current;
  let height = DASHBOARD_TILE_HEIGHT.min;
  while (tileHeightPx(height) !== drawn) height += 1;
  return height;
}

/** The width in percent, in whole steps, nearest `px` of a row `rowPx` wide. */
export function widthForPx(px: number, rowPx: number): number {
  if (rowPx <= 0) return DASHBOARD_TILE_WIDTH.default;
  return clampWidth(Math.round(((px / rowPx) * 100) / DASHBOARD_WIDTH_STEP) * DASHBOARD_WIDTH_STEP);
}

/** Which edges a pointer resize drags: the inline end, the block end, or their corner. */
export type ResizeEdge = "inline" | "block" | "corner";

/**
 * A tile's size after its `edge` was dragged by `dx` (toward the inline end) and `dy` (down) px from
 * `start`, snapped to the grid: tenths of the row's width, the height's steps.
 */
export function sizeAfterDrag(
  start: { width: number; height: number },
  edge: ResizeEdge,
  drag: { dx: number; dy: number; rowPx: number },
): { width: number; height: number } {
  const width =
    edge === "block" ? start.width : widthForPx((drag.rowPx * start.width) / 100 + drag.dx, drag.rowPx);
  const height =
    edge === "inline" ? start.height : heightForPx(tileHeightPx(start.height) + drag.dy, start.height);
  return { width, height };
}
