// The root's part of keeping the page when the server cannot be reached (docs/decisions/0034-keep-the-page-when-the-server-is-unreachable.md):
// it remembers the page on screen, and its client middleware hands every result to the keeper. The keeper
// (app/offline/unreachable.ts) comes with the connection banner's chunk after hydration, out of the first
// scripts; until it has come, results pass as they are.
import { useEffect } from "react";
import { useLocation, useMatches, type DataStrategyResult, type MiddlewareFunction } from "react-router";

export type Results = Record<string, DataStrategyResult>;

/** The page on screen: its path and query, and what each of its routes' loaders gave it. */
export interface ShownPage {
  readonly address: string;
  readonly data: ReadonlyMap<string, unknown>;
}

export interface Keeper {
  /** Another page (or the same one read again) is on screen. */
  shown(previous: ShownPage | null, next: ShownPage): void;
  /** What the router gets for a request's results; `write` is a copy of a write's request. */
  keep(request: Request, results: Results, write: Request | null, page: ShownPage | null): Promise<Results>;
}

/**
 * A form field marking a write the person did not ask for, such as opening the notifications centre marking
 * it seen: when it cannot be sent, the banner says nothing of it.
 */
export const QUIET_WRITE_FIELD = "quiet";

let shown: ShownPage | null = null;
let keeper: Keeper | null = null;

export function installKeeper(installed: Keeper): void {
  keeper = installed;
}

/** Remembers the page on screen once it is shown; the root's shell calls it. */
export function useRememberShownPage(): void {
  const matches = useMatches();
  const { pathname, search } = useLocation();
  useEffect(() => {
    const next = {
      address: `${pathname}${search}`,
      data: new Map(matches.map((match) => [match.id, match.loaderData])),
    };
    keeper?.shown(shown, next);
    shown = next;
  }, [matches, pathname, search]);
}

/** The root's client middleware: every navigation, revalidation, fetcher and submission passes it. */
export const keepPageWhenUnreachable: MiddlewareFunction<Results> = async ({ request }, next) => {
  // Sending a write consumes its body: the copy tells a quiet write afterwards.
  const write = keeper !== null && request.method !== "GET" ? request.clone() : null;
  const results = await next();
  return keeper === null ? results : keeper.keep(request, results, write, shown);
};
