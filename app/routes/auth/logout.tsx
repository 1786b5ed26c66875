import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { getApi } from "../../middleware/api.server.ts";
import { clearCachedConfig } from "../../lib/config-cache.ts";

export async function loader() {
  return redirect("/");
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  await getApi(context).logout();
  // Switching user signs out and goes straight to the sign-in form.
  return redirect(form.get("intent") === "switch" ? "/login?switched=1" : "/login?loggedOut=1");
}

/** Logout clears the cached configuration (seed 000 section 4); without scripts there is none to clear. */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  clearCachedConfig();
  return serverAction();
}
