// Who may call an app's own endpoints (handlers, storage, request decisions, embeddings; docs/widgets.md,
// "Apps are isolated"). A signed-in browser's cookie is ambient: a cross-site navigation or a widget's
// sandboxed frame carries it too. So a cookie call needs the widget host's header naming this very app,
// which neither can send, and a same-origin Sec-Fetch-Site when the browser sends one. Bearer tokens are
// not ambient; a header naming another app is refused whoever sends it.
import type { RequestHandler } from "express";
import { WIDGET_APP_HEADER } from "#contract/constants.ts";
import { forbidden } from "./http.ts";

/** Guards the routes below a path whose parameter `param` names the app. */
export function requireAppCaller(param: string): RequestHandler {
  return (req, _res, next) => {
    const app = req.params[param];
    const caller = req.get(WIDGET_APP_HEADER);
    if (caller !== undefined && caller !== app) {
      return next(forbidden(`A widget of app ${caller} cannot reach app ${app ?? ""}`));
    }
    if (req.auth?.via !== "session") return next();
    const site = req.get("sec-fetch-site");
    if (site !== undefined && site !== "same-origin") {
      return next(forbidden(`App ${app ?? ""} answers only Keel's own pages, not a ${site} request`));
    }
    if (caller === undefined) {
      return next(
        forbidden(`App ${app ?? ""} answers only its widgets through Keel's host (${WIDGET_APP_HEADER})`),
      );
    }
    next();
  };
}
