import type { NavAction } from "./navigation-model.ts";

/** Where an action entry posts, and the fields it sends besides the CSRF token. */
export function actionRequest(
  action: NavAction,
  back: string,
): { url: string; fields: Record<string, string> } | null {
  switch (action.type) {
    case "logout":
      return { url: "/logout", fields: {} };
    case "switch-user":
      return { url: "/logout", fields: { intent: "switch" } };
    case "theme":
    case "contrast": {
      const { type: _, ...choice } = action;
      return { url: "/settings/appearance", fields: { ...choice, redirectTo: back } };
    }
    case "language":
      return { url: "/settings/language", fields: { language: action.language, back } };
    case "apply-user":
      return null;
  }
}

/**
 * Theme, contrast and language change the page in place: with scripts they are fetcher submissions, so the router
 * stays on the page (a navigation would go on to the action's own URL); without, the server sends back.
 */
export const staysOnPage = (action: NavAction) =>
  action.type === "theme" || action.type === "contrast" || action.type === "language";
