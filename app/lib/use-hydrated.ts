import { createContext, startTransition, use, useEffect, useLayoutEffect, useState } from "react";

/** Set once the page's first hydration has committed: what mounts later changes at once. */
let pageHydrated = false;

/**
 * True while React hydrates the page's first HTML in the browser: a render now claims what the server
 * rendered. False on the server, and once the first hydration has committed.
 */
export function isHydratingPage(): boolean {
  return typeof document !== "undefined" && !pageHydrated;
}

/** True inside a part of the page that hydrates on its own, after the page (`DeferredPart`). */
export const DeferredPartContext = createContext(false);

/**
 * False on the server and while hydrating, true once React owns the page. The page's hydration turns every
 * component's flag in one transition, which React renders in slices that leave the main thread free (a
 * store's change would re-render the whole shell in one task); so does a part's that hydrates on its own.
 * A component mounted later elsewhere turns it before the browser paints.
 */
export function useHydrated(): boolean {
  const inDeferredPart = use(DeferredPartContext);
  const [hydrated, setHydrated] = useState(false);
  useLayoutEffect(() => {
    if (pageHydrated && !inDeferredPart) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- mounted after hydration: its first render had to match a server's
      setHydrated(true);
      return;
    }
    startTransition(() => setHydrated(true));
    // After the commit's other layout effects: they belong to the same hydration.
    if (!pageHydrated)
      queueMicrotask(() => {
        pageHydrated = true;
      });
  }, [inDeferredPart]);
  return hydrated;
}

/**
 * Parts of the page that hydrate after it, each in its own Suspense boundary once its code has arrived
 * (app/shell/deferred-parts.tsx; docs/decisions/0029-the-left-bar-hydrates-on-its-own.md). Until then the
 * server's HTML stays, links and forms working as without scripts.
 */
export type DeferredPart =
  | "navigation"
  | "help-panel"
  | "agreement"
  /** Not a boundary: the keyboard shortcuts' listener, loaded after the first scripts (use-shortcuts.ts). */
  | "shortcuts";

/** How many of each part are on the page, and which have hydrated. */
const mountedParts = new Map<DeferredPart, number>();
const hydratedParts = new Set<DeferredPart>();
const partListeners = new Set<() => void>();

function partsChanged(): void {
  for (const listener of [...partListeners]) listener();
}

/** Called where a deferred part is placed, outside its boundary: the page shows it. */
export function useDeferredPartMounted(part: DeferredPart): void {
  useLayoutEffect(() => {
    mountedParts.set(part, (mountedParts.get(part) ?? 0) + 1);
    partsChanged();
    return () => {
      const count = (mountedParts.get(part) ?? 1) - 1;
      if (count > 0) mountedParts.set(part, count);
      else mountedParts.delete(part);
      partsChanged();
    };
  }, [part]);
}

/** A deferred part has hydrated (or mounted, on a page reached within the app), or is ready. */
export function markPartHydrated(part: DeferredPart): void {
  if (hydratedParts.has(part)) return;
  hydratedParts.add(part);
  partsChanged();
}

/** Called inside a deferred part's boundary: it has hydrated once this runs. */
export function useMarkPartHydrated(part: DeferredPart): void {
  useLayoutEffect(() => markPartHydrated(part), [part]);
}

/**
 * Whether every deferred part the page shows has hydrated: false on the server and until they have, then
 * true for good (a part shown later, on another page, does not turn it back). Turned in a transition.
 */
export function usePartsHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    if (hydrated) return;
    // Passive effects run after the commit's layout effects: every part on the page has been counted.
    const check = () => {
      if ([...mountedParts.keys()].every((part) => hydratedParts.has(part)))
        startTransition(() => setHydrated(true));
    };
    partListeners.add(check);
    check();
    return () => {
      partListeners.delete(check);
    };
  }, [hydrated]);
  return hydrated;
}
