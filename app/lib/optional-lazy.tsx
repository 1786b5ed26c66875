// A part of the page that loads its code after the first scripts and that the page can do without (a popup
// that may open, the connection banner, a widget's frame): when the code does not load (offline, a new
// deployment), it is logged and the part renders its fallback (nothing, unless given), instead of throwing
// to the route's error boundary, which would replace the whole page.
import { lazy, type ComponentType } from "react";
import { appLogger } from "./app-logger.ts";

export function optionalLazy<Props extends object>(
  load: () => Promise<{ default: ComponentType<Props> }>,
  what: string,
  fallback: (error: unknown) => ComponentType<Props> = () => () => null,
) {
  return lazy(() =>
    load().catch((error: unknown) => {
      appLogger.warn(`${what} did not load`, { error });
      return { default: fallback(error) };
    }),
  );
}
