import { startTransition, useLayoutEffect, useState } from "react";

/** Set once the page's first hydration has committed: what mounts later changes at once. */
let pageHydrated = false;

/**
 * True while React hydrates the page's first HTML in the browser: a render now claims what the server
 * rendered. False on the server, and once the first hydration has committed.
 */
export function isHydratingPage(): boolean {
  return typeof document !== "undefined" && !pageHydrated;
}

/**
 * False on the server and while hydrating, true once React owns the page. The page's hydration turns every
 * component's flag in one transition, which React renders in slices that leave the main thread free (a
 * store's change would re-render the whole shell in one task); a component mounted later turns it before
 * the browser paints.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useLayoutEffect(() => {
    if (pageHydrated) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- mounted after hydration: its first render had to match a server's
      setHydrated(true);
      return;
    }
    startTransition(() => setHydrated(true));
    // After the commit's other layout effects: they belong to the same hydration.
    queueMicrotask(() => {
      pageHydrated = true;
    });
  }, []);
  return hydrated;
}
