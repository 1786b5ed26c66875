import { data, type MiddlewareFunction } from "react-router";
import { getKeelContext } from "../lib/keel-context.ts";
import { getI18n } from "./i18next.server.ts";

export const CSRF_FIELD = "csrf";
export const CSRF_HEADER = "x-csrf-token";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Runs after the language middleware, so the refusal is in the reader's language.
 * Refuses every state-changing request to the app that does not carry the
 * token bound to this browser's CSRF cookie, as a form field or a header.
 */
export const csrfMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  if (SAFE_METHODS.has(request.method)) return next();
  const keel = getKeelContext(context);
  let token = request.headers.get(CSRF_HEADER);
  const type = request.headers.get("content-type") ?? "";
  if (
    !token &&
    (type.startsWith("application/x-www-form-urlencoded") || type.startsWith("multipart/form-data"))
  ) {
    // A body that does not parse (a multipart one without its boundary) carries no token either.
    const form = await request
      .clone()
      .formData()
      .catch(() => null);
    const field = form?.get(CSRF_FIELD);
    token = typeof field === "string" ? field : null;
  }
  if (!token || !keel.verifyCsrf(token)) {
    keel.log.warn({ method: request.method }, "request refused: missing or invalid CSRF token");
    throw data(
      { message: getI18n(context).t("errors:csrfRefused") },
      { status: 403, statusText: "Forbidden" },
    );
  }
  return next();
};
