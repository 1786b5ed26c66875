// A full-page app's own location: the part of the page's path below `locationBase`, which the widget
// reads and changes through the host, and browser navigation that the widget follows.
import { useEffect, useRef, type RefObject } from "react";
import { useLocation, useNavigate } from "react-router";
import type { AppLocation, WidgetSession, WidgetUi } from "./session.ts";

export function locationRelative(pathname: string, search: string, hash: string, base: string): AppLocation {
  const rest = pathname.startsWith(base) ? pathname.slice(base.length) : "";
  return {
    pathname: rest.replace(/^\/+/, ""),
    search: search.replace(/^\?/, ""),
    hash: hash.replace(/^#/, ""),
  };
}

export interface AppLocationHost {
  /** The host's side of the widget's location calls; none outside full-page places. */
  ui: WidgetUi["location"];
  /** Where the widget last asked to go, until the router gets there. */
  pendingRef: RefObject<AppLocation | null>;
  /** The next navigation is the widget's own, which it need not hear about. */
  ownNavigationRef: RefObject<boolean>;
}

export function useAppLocation(locationBase: string | undefined): AppLocationHost {
  const location = useLocation();
  const navigate = useNavigate();
  const locationRef = useRef(location);
  useEffect(() => {
    locationRef.current = location;
  });
  const ownNavigationRef = useRef(false);
  const pendingRef = useRef<AppLocation | null>(null);

  const current = (base: string) =>
    locationRelative(
      locationRef.current.pathname,
      locationRef.current.search,
      locationRef.current.hash,
      base,
    );

  const ui: WidgetUi["location"] = locationBase
    ? {
        get: () => pendingRef.current ?? current(locationBase),
        update(next, replace) {
          const merged = { ...(pendingRef.current ?? current(locationBase)), ...next };
          // What the widget asked for is its location at once, before the router gets there.
          pendingRef.current = {
            pathname: merged.pathname.replace(/^\/+/, ""),
            search: merged.search.replace(/^\?/, ""),
            hash: merged.hash.replace(/^#/, ""),
          };
          const path = merged.pathname.replace(/^\/+/, "");
          ownNavigationRef.current = true;
          void navigate(
            `${locationBase}${path ? `/${path}` : ""}${merged.search ? `?${merged.search.replace(/^\?/, "")}` : ""}${merged.hash ? `#${merged.hash.replace(/^#/, "")}` : ""}`,
            { replace, preventScrollReset: true },
          );
        },
      }
    : undefined;
  return { ui, pendingRef, ownNavigationRef };
}

/** Browser navigation inside a full-page app is the widget's to follow; where it started, it read itself. */
export function useFollowLocation(
  locationBase: string | undefined,
  host: AppLocationHost,
  sessionRef: RefObject<WidgetSession | null>,
  ready: boolean,
) {
  const location = useLocation();
  const lastLocation = useRef<string | null>(null);
  const { pendingRef, ownNavigationRef } = host;
  useEffect(() => {
    if (!locationBase || !ready) return;
    const key = `${location.pathname}${location.search}${location.hash}`;
    pendingRef.current = null;
    const first = lastLocation.current === null;
    if (lastLocation.current === key) return;
    lastLocation.current = key;
    if (first) return;
    if (ownNavigationRef.current) {
      ownNavigationRef.current = false;
      return;
    }
    sessionRef.current?.send(
      "locationChange",
      locationRelative(location.pathname, location.search, location.hash, locationBase),
    );
  }, [
    location.pathname,
    location.search,
    location.hash,
    locationBase,
    ready,
    pendingRef,
    ownNavigationRef,
    sessionRef,
  ]);
}
