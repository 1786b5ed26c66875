import { redirect, type MiddlewareFunction } from "react-router";
import { findShellRoute } from "../shell/route-table.ts";
import { getApi } from "./api.server.ts";

/** Guests who open a page that needs an account are sent to sign in, and back afterwards. */
export const requireSignInMiddleware: MiddlewareFunction<Response> = async ({ context, url }, next) => {
  if (findShellRoute(url.pathname)?.signIn) {
    const user = await getApi(context).getCurrentUser();
    if (user.guest) {
      throw redirect(`/login?redirect=${encodeURIComponent(`${url.pathname}${url.search}`)}`);
    }
  }
  return next();
};
