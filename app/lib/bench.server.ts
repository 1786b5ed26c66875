import type { RouterContextProvider } from "react-router";
import { directionOf, type Language } from "../i18n/languages.ts";
import { BENCH_BARE_PATH } from "./bench.ts";
import { getKeelContext } from "./keel-context.ts";

/**
 * True only on a server started with KEEL_BENCH=1, and only for the bare page (its document or its .data
 * request): the flag comes from the server's environment, never from the request.
 */
export function isBenchBarePage(context: Readonly<RouterContextProvider>, pathname: string): boolean {
  return getKeelContext(context).bench === true && pathname.replace(/\.data$/, "") === BENCH_BARE_PATH;
}

/** What the root loader gives the bare page in place of the shell: no backend call, no shell component. */
export function benchBareRootData(language: Language) {
  return { benchBare: true as const, language, dir: directionOf(language) };
}
