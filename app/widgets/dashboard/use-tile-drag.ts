// Moving tiles by dragging their header onto another tile (HTML drag and drop).
import { useState, type DragEvent } from "react";
import type { DashboardTile } from "#contract/api.ts";

export interface TileDrag {
  /** On the header: where a drag starts. */
  source: { onDragStart: (event: DragEvent) => void; onDragEnd: () => void };
  /** On the tile: where a drag may end. */
  target: { onDragOver: (event: DragEvent) => void; onDrop: (event: DragEvent) => void };
  isDropTarget: boolean;
}

/** `onMove(tile, position)` when a tile is dropped on another: it takes that tile's position. */
export function useTileDrag(
  tiles: readonly DashboardTile[],
  onMove: (tile: DashboardTile, position: number) => void,
) {
  const [dragged, setDragged] = useState<string | null>(null);
  const [dropTarget, setDropTarget] = useState<string | null>(null);

  const end = () => {
    setDragged(null);
    setDropTarget(null);
  };

  const dragOf = (id: string): TileDrag => ({
    source: {
      onDragStart(event) {
        event.dataTransfer.effectAllowed = "move";
        event.dataTransfer.setData("text/plain", id);
        setDragged(id);
      },
      onDragEnd: end,
    },
    target: {
      onDragOver(event) {
        if (!dragged) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = "move";
        if (dropTarget !== id) setDropTarget(id);
      },
      onDrop(event) {
        event.preventDefault();
        const moving = tiles.find((tile) => tile.id === dragged);
        end();
        if (!moving || moving.id === id) return;
        onMove(
          moving,
          tiles.findIndex((tile) => tile.id === id),
        );
      },
    },
    isDropTarget: dropTarget === id,
  });

  return { dragging: dragged !== null, dragOf };
}
