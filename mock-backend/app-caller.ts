// Who may call an app's own endpoints (handlers, storage, request decisions, embeddings; docs/widgets.md,
// "Apps are isolated"). The backend takes no ambient credential: a browser's request carries a token only
// when Keel lends it its session's, which it does for Keel's own pages alone (never for a cross-site
// request or a widget's sandboxed frame, whose origin is opaque). The widget host names the calling app
// in a header; a header naming another app is refused whoever sends it.
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
    next();
  };
}
