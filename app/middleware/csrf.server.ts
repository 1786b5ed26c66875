import { data, type MiddlewareFunction } from "react-router";
import { csrfTokenOf, isSafeMethod } from "../lib/csrf.server.ts";
import { getKeelContext } from "../lib/keel-context.ts";
import { getI18n } from "./i18next.server.ts";

/** Refuses state changes without this browser's CSRF token; after the language middleware, for the text. */
export const csrfMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  if (isSafeMethod(request.method)) return next();
  const keel = getKeelContext(context);
  const token = await csrfTokenOf(request);
  if (!token || !keel.verifyCsrf(token)) {
    keel.log.warn({ method: request.method }, "request refused: missing or invalid CSRF token");
    throw data(
      { message: getI18n(context).t("errors:csrfRefused") },
      { status: 403, statusText: "Forbidden" },
    );
  }
  return next();
};
