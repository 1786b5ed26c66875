import { expect, test } from "vitest";
import type { DashboardTile } from "#contract/api.ts";
import {
  applyChange,
  layoutSteps,
  newTileId,
  stepForKey,
  tileHeightPx,
  type DashboardChange,
} from "./dashboard-layout.ts";
import { heightForPx, sizeAfterDrag, widthForPx } from "./dashboard-resize.ts";

const tile = (id: string, extra: Partial<DashboardTile> = {}): DashboardTile => ({
  id,
  appName: "team-pulse",
  widgetKey: "pulse",
  width: 50,
  height: 1,
  collapsed: false,
  ...extra,
});
const ids = (tiles: DashboardTile[]) => tiles.map((t) => t.id);
const TILES = [tile("a"), tile("b"), tile("c")];

test("a new tile goes last, 50 % wide and one step high", () => {
  const tiles = applyChange(TILES, { intent: "add", id: "d", appName: "x", widgetKey: "y" });
  expect(tiles.at(-1)).toEqual({
    id: "d",
    appName: "x",
    widgetKey: "y",
    width: 50,
    height: 1,
    collapsed: false,
  });
});

test("moves put a tile at a position, clamped to the ends", () => {
  expect(ids(applyChange(TILES, { intent: "move", id: "c", position: 0 }))).toEqual(["c", "a", "b"]);
  expect(ids(applyChange(TILES, { intent: "move", id: "a", position: 1 }))).toEqual(["b", "a", "c"]);
  expect(ids(applyChange(TILES, { intent: "move", id: "a", position: 99 }))).toEqual(["b", "c", "a"]);
  expect(ids(applyChange(TILES, { intent: "move", id: "b", position: -3 }))).toEqual(["b", "a", "c"]);
});

test("sizes are clamped to 10–100 % and 1–20 steps", () => {
  const [wide] = applyChange(TILES, { intent: "resize", id: "a", width: 140, height: 0 });
  expect(wide).toMatchObject({ width: 100, height: 1 });
  const [narrow] = applyChange(TILES, { intent: "resize", id: "a", width: 0, height: 30 });
  expect(narrow).toMatchObject({ width: 10, height: 20 });
});

test("every change applied twice is the change applied once, so a saved change can show on top of itself", () => {
  const changes: DashboardChange[] = [
    { intent: "add", id: "d", appName: "x", widgetKey: "y" },
    { intent: "add", id: "a", appName: "x", widgetKey: "y" },
    { intent: "remove", id: "b" },
    { intent: "move", id: "c", position: 0 },
    { intent: "resize", id: "a", width: 70, height: 3 },
    { intent: "collapse", id: "c", collapsed: true },
  ];
  for (const change of changes) {
    const once = applyChange(TILES, change);
    expect(applyChange(once, change), change.intent).toEqual(once);
  }
});

test("a change to a tile that is not there changes nothing", () => {
  for (const change of [
    { intent: "remove", id: "zz" },
    { intent: "move", id: "zz", position: 0 },
    { intent: "resize", id: "zz", width: 20, height: 2 },
    { intent: "collapse", id: "zz", collapsed: true },
  ] satisfies DashboardChange[]) {
    expect(applyChange(TILES, change)).toEqual(TILES);
  }
});

test("the widget area is the grid steps high, never below 160 px", () => {
  expect([1, 2, 3, 20].map(tileHeightPx)).toEqual([160, 160, 240, 1600]);
});

test("new tile ids are fresh and fit the embedding id pattern", () => {
  const made = new Set(Array.from({ length: 100 }, newTileId));
  expect(made.size).toBe(100);
  for (const id of made) expect(id).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
});

test("a tile's one-step moves and resizes are absolute changes, impossible at the edges", () => {
  const steps = (t: DashboardTile, position: number, total: number) =>
    Object.fromEntries(layoutSteps(t, position, total).map((step) => [step.name, step]));
  const middle = steps(tile("b", { width: 50, height: 3 }), 1, 3);
  expect(middle.moveEarlier).toEqual({
    name: "moveEarlier",
    change: { intent: "move", id: "b", position: 0 },
    possible: true,
  });
  expect(middle.moveLater?.change).toEqual({ intent: "move", id: "b", position: 2 });
  expect(middle.narrower?.change).toEqual({ intent: "resize", id: "b", width: 40, height: 3 });
  expect(middle.wider?.change).toEqual({ intent: "resize", id: "b", width: 60, height: 3 });
  expect(middle.shorter?.change).toEqual({ intent: "resize", id: "b", width: 50, height: 2 });
  expect(middle.taller?.change).toEqual({ intent: "resize", id: "b", width: 50, height: 4 });
  expect(Object.values(middle).every((step) => step.possible)).toBe(true);

  const smallest = steps(tile("a", { width: 10, height: 1 }), 0, 2);
  expect([smallest.moveEarlier, smallest.narrower, smallest.shorter].map((s) => s?.possible)).toEqual([
    false,
    false,
    false,
  ]);
  // Impossible steps post the tile as it is, so a stale form changes nothing.
  expect(smallest.narrower?.change).toEqual({ intent: "resize", id: "a", width: 10, height: 1 });
  const largest = steps(tile("z", { width: 100, height: 20 }), 1, 2);
  expect([largest.moveLater, largest.wider, largest.taller].map((s) => s?.possible)).toEqual([
    false,
    false,
    false,
  ]);
});

test("arrow keys on a handle move the tile; with Shift they resize it; left and right follow the direction", () => {
  expect(stepForKey("ArrowRight", false, false)).toBe("moveLater");
  expect(stepForKey("ArrowDown", false, false)).toBe("moveLater");
  expect(stepForKey("ArrowLeft", false, false)).toBe("moveEarlier");
  expect(stepForKey("ArrowUp", false, false)).toBe("moveEarlier");
  expect(stepForKey("ArrowRight", true, false)).toBe("wider");
  expect(stepForKey("ArrowLeft", true, false)).toBe("narrower");
  expect(stepForKey("ArrowDown", true, false)).toBe("taller");
  expect(stepForKey("ArrowUp", true, false)).toBe("shorter");
  expect(stepForKey("ArrowLeft", false, true)).toBe("moveLater");
  expect(stepForKey("ArrowLeft", true, true)).toBe("wider");
  expect(stepForKey("ArrowRight", true, true)).toBe("narrower");
  expect(stepForKey("Enter", false, false)).toBeNull();
  expect(stepForKey("a", true, false)).toBeNull();
});

test("a dragged height snaps to the nearest 80 px step; heights the minimum draws alike keep the current one", () => {
  expect(heightForPx(240, 1)).toBe(3);
  expect(heightForPx(270, 1)).toBe(3);
  expect(heightForPx(290, 3)).toBe(4);
  expect(heightForPx(2000, 3)).toBe(20);
  // 160 px is both one and two steps: a small drag keeps either, a shrink below lands on one.
  expect(heightForPx(170, 1)).toBe(1);
  expect(heightForPx(150, 2)).toBe(2);
  expect(heightForPx(170, 4)).toBe(1);
  expect(heightForPx(-50, 5)).toBe(1);
});

test("a dragged width snaps to tenths of the row, within 10–100 %", () => {
  expect(widthForPx(500, 1000)).toBe(50);
  expect(widthForPx(549, 1000)).toBe(50);
  expect(widthForPx(551, 1000)).toBe(60);
  expect(widthForPx(20, 1000)).toBe(10);
  expect(widthForPx(1400, 1000)).toBe(100);
});

test("dragging an edge changes its dimension only; the corner changes both", () => {
  const start = { width: 50, height: 1 };
  const drag = { dx: 100, dy: 80, rowPx: 1000 };
  expect(sizeAfterDrag(start, "inline", drag)).toEqual({ width: 60, height: 1 });
  expect(sizeAfterDrag(start, "block", drag)).toEqual({ width: 50, height: 3 });
  expect(sizeAfterDrag(start, "corner", drag)).toEqual({ width: 60, height: 3 });
  expect(sizeAfterDrag(start, "corner", { dx: 10, dy: 10, rowPx: 1000 })).toEqual(start);
  expect(sizeAfterDrag({ width: 70, height: 4 }, "corner", { dx: -200, dy: -160, rowPx: 1000 })).toEqual({
    width: 50,
    height: 1,
  });
});
