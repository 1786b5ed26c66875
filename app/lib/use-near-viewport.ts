import { useEffect, useState, type RefObject } from "react";

/** How far beyond the viewport an element counts as near: a screen above and below. */
export const NEAR_VIEWPORT = "100% 0px";

/**
 * Whether `ref`'s element has come within a screen of the viewport since `watching` turned true; it stays
 * true from then on. An element that is not shown (a closed tab, a folded panel) is not near until it
 * shows. Without IntersectionObserver everything is near at once.
 */
export function useNearViewport(
  ref: RefObject<Element | null>,
  watching: boolean,
  Observer: typeof IntersectionObserver | undefined = globalThis.IntersectionObserver,
): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (!watching || near) return;
    const element = ref.current;
    if (!Observer || !element) {
      setNear(true);
      return;
    }
    const observer = new Observer(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          setNear(true);
        }
      },
      { rootMargin: NEAR_VIEWPORT },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, watching, near, Observer]);
  return near;
}
