import { useTranslation } from "react-i18next";
import { useLocation, useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "../root.tsx";
import { paletteCommands, type PaletteEntry } from "./command-palette.ts";
import { HELP_PANEL_PARAM, withoutHelpPanel } from "./help-panel.tsx";
import { layoutForLanguage } from "./shortcut-matcher.ts";
import { displayedVariant, formatKeyStroke, SHORTCUT_SETS, type ShortcutId } from "./shortcuts.ts";
import { useNavigation, useNavigationLabel } from "./use-navigation-items.ts";

/** The palette's commands for the signed-in user on this page; none while `needed` is false. */
export function usePaletteCommands(needed = true): PaletteEntry[] {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const { pathname, search } = useLocation();
  const label = useNavigationLabel();
  const { t } = useTranslation("shell");
  const navigation = useNavigation(needed);
  if (!root || !navigation) return [];
  return paletteCommands(navigation, {
    back: `${pathname}${search}`,
    helpUrl: (view) => {
      const params = withoutHelpPanel(search);
      params.append(HELP_PANEL_PARAM, view);
      return `${pathname}?${params}`;
    },
    expanded: root.user.profiles.appearance.expandNavigation,
    label,
    text: (key) =>
      key === "collapseNavigation" || key === "expandNavigation" ? t(`bar.${key}`) : t(`palette.${key}`),
  });
}

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
