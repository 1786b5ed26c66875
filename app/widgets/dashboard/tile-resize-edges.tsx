// A tile's resize edges: its inline end, its bottom and their corner. Dragging one resizes the tile in grid
// steps (`onPreview` shows each step), and the size is saved once, when the pointer is let go; Escape
// cancels. Loaded once the page has hydrated: without scripts there is nothing to drag.
import type { PointerEvent as ReactPointerEvent } from "react";
import { sizeAfterDrag, type ResizeEdge } from "../dashboard-resize.ts";

export interface TileSize {
  width: number;
  height: number;
}

export interface TileResizeEdgesProps {
  size: TileSize;
  collapsed: boolean;
  /** The row's width in px, which tile widths are percents of. */
  rowWidth: () => number;
  onPreview: (size: TileSize | null) => void;
  onResize: (size: TileSize) => void;
}

export default function TileResizeEdges({
  size,
  collapsed,
  rowWidth,
  onPreview,
  onResize,
}: TileResizeEdgesProps) {
  const begin = (edge: ResizeEdge) => (event: ReactPointerEvent<HTMLElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    const handle = event.currentTarget;
    const pointer = event.pointerId;
    handle.setPointerCapture(pointer);
    const rtl = getComputedStyle(handle).direction === "rtl";
    const start = { width: size.width, height: size.height };
    const origin = { x: event.clientX, y: event.clientY };
    const rowPx = rowWidth();
    let current = start;

    const move = (moved: PointerEvent) => {
      const dx = (moved.clientX - origin.x) * (rtl ? -1 : 1);
      const next = sizeAfterDrag(start, edge, { dx, dy: moved.clientY - origin.y, rowPx });
      if (next.width === current.width && next.height === current.height) return;
      current = next;
      onPreview(next);
    };
    const finish = (save: boolean) => {
      handle.removeEventListener("pointermove", move);
      handle.removeEventListener("pointerup", up);
      handle.removeEventListener("pointercancel", cancel);
      document.removeEventListener("keydown", escape);
      onPreview(null);
      if (save && (current.width !== start.width || current.height !== start.height)) onResize(current);
    };
    const up = () => finish(true);
    const cancel = () => finish(false);
    const escape = (key: KeyboardEvent) => {
      if (key.key !== "Escape") return;
      if (handle.hasPointerCapture(pointer)) handle.releasePointerCapture(pointer);
      finish(false);
    };
    handle.addEventListener("pointermove", move);
    handle.addEventListener("pointerup", up);
    handle.addEventListener("pointercancel", cancel);
    document.addEventListener("keydown", escape);
  };

  const edges: ResizeEdge[] = collapsed ? ["inline"] : ["inline", "block", "corner"];
  return edges.map((edge) => (
    <div
      key={edge}
      className="dashboard-tile-resize"
      data-edge={edge}
      aria-hidden="true"
      onPointerDown={begin(edge)}
    />
  ));
}
