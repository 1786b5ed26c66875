// The signed-in user's main menu on the server, for the pages that act on it: the landing page (`/`)
// and the navigation settings. The same model the bar shows, labelled in the interface language.
import type { Api } from "../lib/api.server.ts";
import { withBrowserPreferences } from "../lib/browser-preferences.server.ts";
import { buildNavigation, type LabelId } from "./navigation-model.ts";

export async function loadMainMenu(
  api: Api,
  request: Request,
  language: string,
  label: (id: LabelId) => string,
) {
  const [current, permissions, config] = await Promise.all([
    api.getCurrentUser(),
    api.getPermissions(),
    api.getConfig(),
  ]);
  const user = withBrowserPreferences(current, request.headers.get("cookie"));
  const navigation = buildNavigation({
    user,
    permissions,
    config,
    // Only the unread marker reads the inbox, and no page here shows it.
    inboxFolders: [],
    pathname: new URL(request.url).pathname,
    language,
    label,
  });
  return { user, config, navigation };
}
