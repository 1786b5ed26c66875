import { useLocation, useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "../root.tsx";
import { buildNavigation, type NavItem } from "./navigation-model.ts";

/** The main items the signed-in user may open, as the left bar shows them. */
export function useNavigationItems(): NavItem[] {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const { pathname } = useLocation();
  if (!root) return [];
  return buildNavigation({
    user: root.user,
    permissions: root.permissions,
    config: root.config,
    inboxFolders: root.inboxFolders,
    pathname,
    language: root.user.profiles.general.locale.language,
  }).items;
}
