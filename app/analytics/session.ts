// The page's tracker: one per tab, started by the root once the configuration is known. Loaded after the
// page has started, through app/analytics/client.ts; calls to track() with statistics disabled do nothing.
import { createTracker, CHANNEL_PATHS, REFUSING_STATUSES, type Tracker, type FieldValue } from "./tracker.ts";
import type { EventFieldsOf, EventGroup, EventName } from "./catalogue.ts";
import { bucketScreenWidth } from "./privacy.ts";

let current: Tracker | null = null;
let analyticsId = "";

const ANALYTICS_PROFILE_URL = "/api/users/me/profiles/analytics?fields=analyticsId&ignoreLicenseErrors=true";

async function loadAnalyticsId(): Promise<void> {
  try {
    const response = await fetch(ANALYTICS_PROFILE_URL, { credentials: "same-origin" });
    const body = response.ok ? ((await response.json()) as { analyticsId?: string | null }) : {};
    analyticsId = typeof body.analyticsId === "string" ? body.analyticsId : "";
  } catch {
    analyticsId = "";
  }
}

function clientData(): Record<string, FieldValue> {
  return {
    analyticsId,
    screen: bucketScreenWidth(window.innerWidth),
    language: document.documentElement.lang || null,
    theme: document.documentElement.dataset.theme ?? null,
  };
}

/** Starts the tab's tracker; a later call with another setting replaces it after flushing the old one. */
export function startAnalytics(enabled: boolean, signedIn: boolean): () => void {
  current?.flush("beacon");
  if (!enabled) {
    current = null;
    return () => undefined;
  }
  if (signedIn) void loadAnalyticsId();
  const tracker = createTracker({
    enabled,
    clientData,
    send: async (channel, events) => {
      try {
        const response = await fetch(CHANNEL_PATHS[channel], {
          method: "POST",
          credentials: "same-origin",
          keepalive: true,
          headers: { "content-type": "application/json" },
          body: JSON.stringify(events),
        });
        if (REFUSING_STATUSES.includes(response.status)) return "refused";
        return response.ok;
      } catch {
        return false;
      }
    },
    // Beacons are text/plain: a browser sends that kind without asking first.
    beacon: (channel, events) =>
      navigator.sendBeacon?.(
        CHANNEL_PATHS[channel],
        new Blob([JSON.stringify(events)], { type: "text/plain" }),
      ) ?? false,
  });
  current = tracker;
  const onVisibilityChange = () => {
    if (document.visibilityState === "hidden") tracker.flush("beacon");
  };
  // Leaving the page fires pagehide while the page may still count as visible.
  const onPageHide = () => tracker.flush("beacon");
  document.addEventListener("visibilitychange", onVisibilityChange);
  window.addEventListener("pagehide", onPageHide);
  return () => {
    document.removeEventListener("visibilitychange", onVisibilityChange);
    window.removeEventListener("pagehide", onPageHide);
    tracker.flush("beacon");
    if (current === tracker) current = null;
  };
}

export function track<G extends EventGroup, E extends EventName<G>>(
  group: G,
  event: E,
  fields: EventFieldsOf<G, E>,
): void {
  try {
    current?.track(group, event, fields);
  } catch {
    // Analytics must not break the interface.
  }
}
