import { useTranslation } from "react-i18next";
import { useLocation, useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "../root.tsx";
import { paletteCommands, type PaletteEntry } from "./command-palette.ts";
import { HELP_PANEL_PARAM, withoutHelpPanel } from "./help-panel.tsx";
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
