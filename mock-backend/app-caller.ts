// Who may call an app's own endpoints (docs/widgets.md, "Apps are isolated"): Keel lends its session's
// token to its own pages alone, and the widget host names the calling app in a header; a header naming
// another app is refused whoever sends it.
import type { RequestHandler } from "express";
import { WIDGET_APP_HEADER } from "#contract/constants.ts";
import { forbidden } from "./http.ts";

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
