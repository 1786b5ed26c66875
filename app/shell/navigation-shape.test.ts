import { expect, test } from "vitest";
import { NavigationShapeSchema, type NavigationShape } from "#contract/api.ts";
import { NAVIGATION_ITEM_ID_MAX_LENGTH, NAVIGATION_SHAPE_MAX_ITEMS } from "#contract/constants.ts";
import {
  applyNavigationShape,
  changeNavigationShape,
  DEFAULT_NAVIGATION_SHAPE,
  isDefaultShape,
  landingUrl,
  shapedEntries,
} from "./navigation-shape.ts";

const ITEMS = ["issues", "dashboards", "agiles", "articles", "notifications"].map((id) => ({
  id,
  url: `/${id}`,
}));
const ids = (items: readonly { id: string }[]) => items.map((item) => item.id);
const shape = (partial: Partial<NavigationShape>): NavigationShape => ({
  ...DEFAULT_NAVIGATION_SHAPE,
  ...partial,
});

test("the default shape leaves the items as they are", () => {
  const { items, hidden } = applyNavigationShape(ITEMS);
  expect(ids(items)).toEqual(ids(ITEMS));
  expect(hidden).toEqual([]);
});

test("pinned items come first, hidden ones leave the items for the hidden list, the rest keep the order", () => {
  const { items, hidden } = applyNavigationShape(
    ITEMS,
    shape({ order: ["notifications", "articles", "issues"], pinned: ["agiles"], hidden: ["dashboards"] }),
  );
  expect(ids(items)).toEqual(["agiles", "notifications", "articles", "issues"]);
  expect(ids(hidden)).toEqual(["dashboards"]);
});

test("ids of items the user no longer has are ignored, new items follow their default predecessor", () => {
  const { items, hidden } = applyNavigationShape(
    ITEMS,
    shape({
      // "app-gone" was an app's item: removed since. "dashboards" and "issues" are not in the order.
      order: ["app-gone", "articles", "agiles", "notifications"],
      pinned: ["app-gone"],
      hidden: ["app-gone"],
      landing: "app-gone",
    }),
  );
  expect(ids(items)).toEqual(["issues", "dashboards", "articles", "agiles", "notifications"]);
  expect(hidden).toEqual([]);
  expect(landingUrl(ITEMS, shape({ landing: "app-gone" }))).toBeNull();
});

test("an item both pinned and hidden is pinned and shown", () => {
  const { items, hidden } = applyNavigationShape(
    ITEMS,
    shape({ pinned: ["articles"], hidden: ["articles"] }),
  );
  expect(ids(items)[0]).toBe("articles");
  expect(hidden).toEqual([]);
});

test("moving up and down swaps neighbours within their group and saves the whole order", () => {
  const up = changeNavigationShape(ITEMS, DEFAULT_NAVIGATION_SHAPE, { type: "up", id: "agiles" });
  expect(up.order).toEqual(["issues", "agiles", "dashboards", "articles", "notifications"]);
  const down = changeNavigationShape(ITEMS, up, { type: "down", id: "issues" });
  expect(ids(applyNavigationShape(ITEMS, down).items)).toEqual([
    "agiles",
    "issues",
    "dashboards",
    "articles",
    "notifications",
  ]);
  // The first cannot go up, the last not down, and a pinned item does not cross into the others.
  expect(changeNavigationShape(ITEMS, down, { type: "up", id: "agiles" })).toBe(down);
  expect(changeNavigationShape(ITEMS, down, { type: "down", id: "notifications" })).toBe(down);
  const pinned = changeNavigationShape(ITEMS, DEFAULT_NAVIGATION_SHAPE, { type: "pin", id: "articles" });
  expect(pinned.order[0]).toBe("articles");
  expect(changeNavigationShape(ITEMS, pinned, { type: "down", id: "articles" })).toBe(pinned);
  expect(changeNavigationShape(ITEMS, pinned, { type: "up", id: "issues" })).toBe(pinned);
});

test("pin, unpin, hide and show; hiding unpins, pinning shows", () => {
  let current = changeNavigationShape(ITEMS, DEFAULT_NAVIGATION_SHAPE, { type: "hide", id: "agiles" });
  expect(current.hidden).toEqual(["agiles"]);
  current = changeNavigationShape(ITEMS, current, { type: "pin", id: "agiles" });
  expect(current).toMatchObject({ pinned: ["agiles"], hidden: [] });
  current = changeNavigationShape(ITEMS, current, { type: "hide", id: "agiles" });
  expect(current).toMatchObject({ pinned: [], hidden: ["agiles"] });
  current = changeNavigationShape(ITEMS, current, { type: "show", id: "agiles" });
  expect(current).toMatchObject({ pinned: [], hidden: [] });
  current = changeNavigationShape(ITEMS, current, { type: "pin", id: "notifications" });
  current = changeNavigationShape(ITEMS, current, { type: "unpin", id: "notifications" });
  expect(current.pinned).toEqual([]);
  expect(shapedEntries(ITEMS, shape({ hidden: ["issues"] }))[0]).toEqual({
    item: ITEMS[0],
    pinned: false,
    hidden: true,
  });
});

test("a change naming an item the user does not have changes nothing; saved ids are only the user's", () => {
  const stale = shape({ order: ["app-gone", "articles"], hidden: ["app-gone"] });
  expect(changeNavigationShape(ITEMS, stale, { type: "pin", id: "app-other" })).toBe(stale);
  const changed = changeNavigationShape(ITEMS, stale, { type: "hide", id: "issues" });
  expect(changed.order).not.toContain("app-gone");
  expect(changed.hidden).toEqual(["issues"]);
});

test("the landing page is one of the user's items, else the default; reset forgets everything", () => {
  const landed = changeNavigationShape(ITEMS, DEFAULT_NAVIGATION_SHAPE, { type: "landing", id: "articles" });
  expect(landingUrl(ITEMS, landed)).toBe("/articles");
  expect(changeNavigationShape(ITEMS, landed, { type: "landing", id: "admin" })).toBe(landed);
  expect(changeNavigationShape(ITEMS, landed, { type: "landing", id: null }).landing).toBeNull();
  // An external page is never where `/` leads.
  expect(landingUrl([{ id: "x", url: "https://example.com/" }], shape({ landing: "x" }))).toBeNull();
  const reset = changeNavigationShape(ITEMS, { ...landed, pinned: ["issues"] }, { type: "reset" });
  expect(isDefaultShape(reset)).toBe(true);
  expect(isDefaultShape(landed)).toBe(false);
});

test("the contract bounds the shape: item counts and id lengths", () => {
  const many = Array.from({ length: NAVIGATION_SHAPE_MAX_ITEMS + 1 }, (_, i) => `item-${i}`);
  expect(NavigationShapeSchema.safeParse(shape({ order: many })).success).toBe(false);
  expect(NavigationShapeSchema.safeParse(shape({ order: many.slice(1) })).success).toBe(true);
  const long = "x".repeat(NAVIGATION_ITEM_ID_MAX_LENGTH + 1);
  expect(NavigationShapeSchema.safeParse(shape({ hidden: [long] })).success).toBe(false);
  expect(NavigationShapeSchema.safeParse(shape({ landing: long })).success).toBe(false);
  expect(NavigationShapeSchema.safeParse(shape({ pinned: [""] })).success).toBe(false);
});

test("a saved shape never holds more ids than the bound, however many items there are", () => {
  const items = Array.from({ length: NAVIGATION_SHAPE_MAX_ITEMS + 10 }, (_, i) => ({
    id: `app-${i}`,
    url: "/a",
  }));
  const changed = changeNavigationShape(items, DEFAULT_NAVIGATION_SHAPE, { type: "up", id: "app-1" });
  expect(NavigationShapeSchema.safeParse(changed).success).toBe(true);
  expect(changed.order.slice(0, 2)).toEqual(["app-1", "app-0"]);
});
