import { redirect, redirectDocument } from "react-router";
import type { Route } from "./+types/logout";
import { clearCachedConfig } from "#app/lib/config-cache.ts";
import { getKeelContext } from "#app/lib/keel-context.ts";
import type { PageMessage } from "#app/offline/sw-policy.ts";

export async function loader() {
  return redirect("/");
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const next = form.get("intent") === "switch" ? "/auth/login?switch=1" : "/login?loggedOut=1";
  const auth = getKeelContext(context).auth;
  // A document navigation: the identity service's logout is not one of the app's pages.
  return redirectDocument(auth ? await auth.signOut(next) : next);
}

/** Clears the cached configuration and the worker's pages; without scripts the worker clears its own. */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  await clearCachedConfig();
  navigator.serviceWorker?.controller?.postMessage({ type: "sign-out" } satisfies PageMessage);
  return serverAction();
}
