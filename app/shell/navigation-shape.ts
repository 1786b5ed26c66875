// The main menu as the user shapes it (docs/decisions/0016): a shape names items by id, so applying it
// to the items the user has now ignores ids of items that are gone (an app removed since) and places
// items the shape does not know (an app installed since) where the default order puts them. Pure: the
// server render, the client and the settings page's action all call it.
import type { NavigationShape } from "#contract/api.ts";
import {
  DEFAULT_NAVIGATION_SHAPE,
  NAVIGATION_ITEM_ID_MAX_LENGTH,
  NAVIGATION_SHAPE_MAX_ITEMS,
} from "#contract/constants.ts";

export { DEFAULT_NAVIGATION_SHAPE };

interface Identified {
  id: string;
}

export interface ShapedItems<T extends Identified> {
  /** Pinned items first, then the others, in the user's order. */
  items: T[];
  /** Items the user took off the bar, in the same order: reachable under More and in the palette. */
  hidden: T[];
}

/**
 * The items in the user's order: known ids as arranged, each unknown item right after the item that
 * precedes it by default (or first, when nothing does). Compact: the first page's scripts carry it.
 */
function arranged<T extends Identified>(items: readonly T[], order: readonly string[]): T[] {
  let rank = -1;
  return items
    .map((item, index) => {
      const at = order.indexOf(item.id);
      rank = at < 0 ? rank + 1e-3 : at;
      return { item, rank, index };
    })
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ item }) => item);
}

export function applyNavigationShape<T extends Identified>(
  items: readonly T[],
  shape: NavigationShape = DEFAULT_NAVIGATION_SHAPE,
): ShapedItems<T> {
  const entries = shapedEntries(items, shape);
  const pick = (hidden: boolean) =>
    entries.filter((entry) => entry.hidden === hidden).map(({ item }) => item);
  return { items: pick(false), hidden: pick(true) };
}

/** Every item with its state, as the settings page lists them: pinned first, hidden ones in place. */
export function shapedEntries<T extends Identified>(
  items: readonly T[],
  shape: NavigationShape,
): { item: T; pinned: boolean; hidden: boolean }[] {
  const pinned = new Set(shape.pinned);
  const hidden = new Set(shape.hidden);
  return arranged(items, shape.order)
    .map((item) => ({
      item,
      pinned: pinned.has(item.id),
      hidden: !pinned.has(item.id) && hidden.has(item.id),
    }))
    .sort((a, b) => Number(b.pinned) - Number(a.pinned));
}

export type NavigationChange =
  | { type: "pin" | "unpin" | "hide" | "show" | "up" | "down"; id: string }
  | { type: "landing"; id: string | null }
  | { type: "reset" };

const bounded = (ids: readonly string[]) =>
  ids
    .filter((id) => id.length > 0 && id.length <= NAVIGATION_ITEM_ID_MAX_LENGTH)
    .slice(0, NAVIGATION_SHAPE_MAX_ITEMS);

/**
 * The shape after one change, applied to the items the user has now. Only those items' ids are kept,
 * so a saved shape never grows past the menu. A change naming an item the user does not have (or a
 * move past the end of its group) leaves the shape as it is. Pinning shows an item; hiding unpins it.
 */
export function changeNavigationShape(
  items: readonly Identified[],
  shape: NavigationShape,
  change: NavigationChange,
): NavigationShape {
  if (change.type === "reset") return DEFAULT_NAVIGATION_SHAPE;
  const entries = shapedEntries(items, shape);
  const has = (id: string | null) => id !== null && entries.some((entry) => entry.item.id === id);
  if (change.type === "landing") {
    return has(change.id) || change.id === null ? { ...shape, landing: change.id } : shape;
  }
  const index = entries.findIndex((entry) => entry.item.id === change.id);
  const entry = entries[index];
  if (!entry) return shape;
  const pinned = new Set(entries.filter((e) => e.pinned).map((e) => e.item.id));
  const hidden = new Set(entries.filter((e) => e.hidden).map((e) => e.item.id));
  const order = entries.map((e) => e.item.id);
  const id = change.id;
  switch (change.type) {
    case "pin":
      pinned.add(id);
      hidden.delete(id);
      break;
    case "unpin":
      pinned.delete(id);
      break;
    case "hide":
      hidden.add(id);
      pinned.delete(id);
      break;
    case "show":
      hidden.delete(id);
      break;
    case "up":
    case "down": {
      const other = entries[change.type === "up" ? index - 1 : index + 1];
      // Moves stay within their group: the pinned items, or the others.
      if (!other || other.pinned !== entry.pinned) return shape;
      const at = order.indexOf(other.item.id);
      order[index] = other.item.id;
      order[at] = id;
      break;
    }
  }
  // Pinned ones lead the order too, so that the order alone reads as the list the settings page shows.
  const leading = order.filter((candidate) => pinned.has(candidate));
  return {
    order: bounded([...leading, ...order.filter((candidate) => !pinned.has(candidate))]),
    pinned: bounded(leading),
    hidden: bounded(order.filter((candidate) => hidden.has(candidate))),
    landing: has(shape.landing) ? shape.landing : null,
  };
}

/** Whether the shape is the default menu (nothing to reset). */
export function isDefaultShape(shape: NavigationShape): boolean {
  return !shape.order.length && !shape.pinned.length && !shape.hidden.length && shape.landing === null;
}

/** The url of the chosen landing page among the items the user may open (hidden ones too), or null. */
export function landingUrl(
  items: readonly (Identified & { url: string })[],
  shape: NavigationShape,
): string | null {
  if (shape.landing === null) return null;
  const item = items.find((candidate) => candidate.id === shape.landing);
  return item && item.url.startsWith("/") ? item.url : null;
}
