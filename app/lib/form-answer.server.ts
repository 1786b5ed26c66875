import { data, redirect } from "react-router";
import { safeRedirectTarget } from "./redirect-target.ts";

export function isScriptRequest(request: Request): boolean {
  return new URL(request.url).pathname.endsWith(".data");
}

/** Returns `payload` to a script, or throws the redirect to `back` for a plain form post. */
export function answerFormPost<T>(request: Request, payload: T, back: string, headers?: HeadersInit) {
  if (isScriptRequest(request)) return data(payload, { headers });
  throw redirect(back, { headers });
}

/** Where a form asks to go back to (its `back` field), kept on this site. */
export function backOf(form: FormData, field = "back"): string {
  const value = form.get(field);
  return safeRedirectTarget(typeof value === "string" ? value : "/");
}
