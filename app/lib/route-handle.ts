// What a route module tells the root layout through its `handle` export (React Router's route handles), so
// that the root need not carry the table of every path (app/shell/route-table.ts) to its first scripts.
import type { UIMatch } from "react-router";

export interface RouteHandle {
  /** False on a page the left navigation stays off (the welcome page, docs/shell.md). */
  readonly navigation?: false;
}

/** Whether the matched routes leave room for the left navigation. */
export function showsNavigation(matches: readonly Pick<UIMatch, "handle">[]): boolean {
  return !matches.some((match) => (match.handle as RouteHandle | undefined)?.navigation === false);
}
