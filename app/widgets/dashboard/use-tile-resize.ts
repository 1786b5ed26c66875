// Resizing a tile by dragging its inline-end edge, its bottom edge or their corner: the tile follows the
// pointer in grid steps, and the size is saved once, when the pointer is let go. Escape cancels.
import { useState, type PointerEvent as ReactPointerEvent } from "react";
import { sizeAfterDrag, type ResizeEdge } from "../dashboard-layout.ts";

export interface TileSize {
  width: number;
  height: number;
}

export function useTileResize(size: TileSize, rowWidth: () => number, onResize: (size: TileSize) => void) {
  const [preview, setPreview] = useState<TileSize | null>(null);

  const begin = (edge: ResizeEdge) => (event: ReactPointerEvent<HTMLElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    const handle = event.currentTarget;
    handle.setPointerCapture(event.pointerId);
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
      setPreview(next);
    };
    const finish = (save: boolean) => {
      handle.removeEventListener("pointermove", move);
      handle.removeEventListener("pointerup", up);
      handle.removeEventListener("pointercancel", cancel);
      document.removeEventListener("keydown", escape);
      setPreview(null);
      if (save && (current.width !== start.width || current.height !== start.height)) onResize(current);
    };
    const up = () => finish(true);
    const cancel = () => finish(false);
    const escape = (key: KeyboardEvent) => {
      if (key.key !== "Escape") return;
      if (handle.hasPointerCapture(event.pointerId)) handle.releasePointerCapture(event.pointerId);
      finish(false);
    };
    handle.addEventListener("pointermove", move);
    handle.addEventListener("pointerup", up);
    handle.addEventListener("pointercancel", cancel);
    document.addEventListener("keydown", escape);
  };

  return { preview, begin };
}
