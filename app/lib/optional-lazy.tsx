// A part of the page that loads its code after the first scripts and that the page can do without (a popup
// that may open, the connection banner): when the code does not load (offline, a new deployment), it is
// logged and the part renders nothing, instead of throwing to the route's error boundary, which would
// replace the whole page.
import { lazy, type ComponentType } from "react";
import { appLogger } from "./app-logger.ts";

export function optionalLazy<Props extends object>(
  load: () => Promise<{ default: ComponentType<Props> }>,
  what: string,
) {
  return lazy(() =>
    load().catch((error: unknown) => {
      appLogger.warn(`${what} did not load`, { error });
      return { default: () => null };
    }),
  );
}
