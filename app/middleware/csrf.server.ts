import { data, type MiddlewareFunction } from "react-router";
import { csrfTokenOf, isSafeMethod } from "../lib/csrf.server.ts";
import { getKeelContext } from "../lib/keel-context.ts";
import { getI18n } from "./i18next.server.ts";

/**
 * Runs after the language middleware, so the refusal is in the reader's language.
 * Refuses every state-changing request to the app that does not carry the
 * token bound to this browser's CSRF cookie (app/lib/csrf.server.ts).
 */
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
