// The keys of shortcuts as this user's keyboard and system show them, for the palette and the menus
// (both load after the page's first scripts).
import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "../root.tsx";
import { layoutForLanguage } from "./shortcut-matcher.ts";
import { displayedVariant, formatKeyStroke, SHORTCUT_SETS, type ShortcutId } from "./shortcuts.ts";

/** The shortcut of a navigation item, menu entry or palette command, by the item's id. */
export const NAVIGATION_SHORTCUTS: Partial<Record<string, ShortcutId>> = {
  issues: "go-to-issues",
  dashboards: "go-to-dashboards",
  agiles: "go-to-agile-boards",
  reports: "go-to-reports",
  projects: "go-to-projects",
  articles: "go-to-articles",
  timesheets: "go-to-timesheets",
  notifications: "go-to-notifications",
  "new-issue": "new-issue",
  "new-article": "new-article",
  "toggle-navigation": "toggle-navigation",
  "help-shortcuts": "quick-help",
  shortcuts: "quick-help",
};

/** The keys of a shortcut as this user's keyboard and system show them, or null when it has none. */
export function useShortcutKeys(): (id: ShortcutId) => string[] | null {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  if (!root) return () => null;
  const set = SHORTCUT_SETS[layoutForLanguage(root.user.profiles.general.locale.language)];
  return (id) => {
    const shortcut = set.find((s) => s.id === id);
    const stroke = shortcut && displayedVariant(shortcut, root.os);
    return stroke ? formatKeyStroke(stroke, root.os) : null;
  };
}
