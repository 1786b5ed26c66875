import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "../root.tsx";
import { buildNavigation, type LabelId, type Navigation } from "./navigation-model.ts";

/** The navigation's labels in the interface language. */
export function useNavigationLabel(): (id: LabelId) => string {
  const { t } = useTranslation("shell");
  // The same function while the language stays: the navigation built with it is kept (useShellNavigation).
  return useCallback((id: LabelId) => t(`nav.${id}`), [t]);
}

/** The navigation of the signed-in user on this page; null while `needed` is false. */
export function useNavigation(needed = true): Navigation | null {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const { pathname } = useLocation();
  const label = useNavigationLabel();
  if (!root || !needed) return null;
  return buildNavigation({
    user: root.user,
    permissions: root.permissions,
    config: root.config,
    inboxFolders: root.inboxFolders,
    pathname,
    language: root.language,
    label,
  });
}
