import { expect, test } from "vitest";
import type { DashboardTile } from "#contract/api.ts";
import { applyChange, newTileId, tileHeightPx, type DashboardChange } from "./dashboard-layout.ts";

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
