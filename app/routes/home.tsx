import { redirect } from "react-router";
import type { Route } from "./+types/home";
import { getApi } from "../middleware/api.server.ts";
import { defaultPagePath } from "../shell/route-table.ts";

/** The root path goes to the default page (seed 000 2.2); guests, who have no dashboards, to the issues. */
export async function loader({ context }: Route.LoaderArgs) {
  const api = getApi(context);
  const [user, config] = await Promise.all([api.getCurrentUser(), api.getConfig()]);
  if (user.guest) throw redirect("/issues");
  throw redirect(defaultPagePath(user.userType.id === "REPORTER", config.defaultPage));
}
