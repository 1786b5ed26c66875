import { redirect, redirectDocument } from "react-router";
import type { Route } from "./+types/logout";
import { clearCachedConfig } from "#app/lib/config-cache.ts";
import { getKeelContext } from "#app/lib/keel-context.ts";
import type { PageMessage } from "#app/offline/sw-policy.ts";

export async function loader() {
  return redirect("/");
}

/** Ends Keel's session, then the identity service's; "Switch user" goes on to its sign-in form. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const next = form.get("intent") === "switch" ? "/auth/login?switch=1" : "/login?loggedOut=1";
  const auth = getKeelContext(context).auth;
  // A document navigation: the identity service's logout is not one of the app's pages.
  return redirectDocument(auth ? await auth.signOut(next) : next);
}

/**
 * Logout clears the cached configuration and the service worker's pages; without scripts there is no
 * configuration to clear, and the worker clears its pages when it sees the signed-out page.
 */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  clearCachedConfig();
  navigator.serviceWorker?.controller?.postMessage({ type: "sign-out" } satisfies PageMessage);
  return serverAction();
}
