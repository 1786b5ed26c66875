import { redirect } from "react-router";
import type { Route } from "./+types/home";
import { getApi } from "../middleware/api.server.ts";
import { getLanguage } from "../middleware/i18next.server.ts";
import { loadMainMenu } from "../shell/navigation.server.ts";
import { landingUrl } from "../shell/navigation-shape.ts";
import { defaultPagePath } from "../shell/route-table.ts";

/** `/` goes to the user's chosen landing page, else the default; guests to the issues. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { user, config, navigation } = await loadMainMenu(
    getApi(context),
    request,
    getLanguage(context),
    String,
  );
  const chosen =
    user.profiles.keel?.navigation && landingUrl(navigation.allItems, user.profiles.keel.navigation);
  if (chosen) throw redirect(chosen);
  if (user.guest) throw redirect("/issues");
  throw redirect(defaultPagePath(user.userType.id === "REPORTER", config.defaultPage));
}
