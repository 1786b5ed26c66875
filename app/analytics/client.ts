// The page's analytics as the interface calls it. The tracker and the event catalogue's schemas
// (app/analytics/session.ts) load after the page has started, not with it: the root starts them once the
// configuration is known, and what is tracked meanwhile waits for them. Nothing happens on the server.
import type { EventFieldsOf, EventGroup, EventName } from "./catalogue.ts";
import type * as SessionModule from "./session.ts";

type Session = typeof SessionModule;

/** Events tracked before the tracker has started: the first ones a page sends, bounded all the same. */
const MAX_WAITING = 50;
let session: Session | null = null;
let loading: Promise<Session> | null = null;
const waiting: [string, string, unknown][] = [];

function sendWaiting(module: Session): void {
  for (const [group, event, fields] of waiting.splice(0)) {
    module.track(group as EventGroup, event as never, fields as never);
  }
}

/** Starts the tab's tracker (see session.ts); the returned function stops it, loaded or not. */
export function startAnalytics(enabled: boolean, signedIn: boolean): () => void {
  let stop: (() => void) | null = null;
  let stopped = false;
  loading ??= import("./session.ts");
  loading.then(
    (module) => {
      session = module;
      if (stopped) return;
      stop = module.startAnalytics(enabled, signedIn);
      sendWaiting(module);
    },
    () => {
      // Analytics must not break the interface: without its chunk the page tracks nothing.
      waiting.length = 0;
    },
  );
  return () => {
    stopped = true;
    stop?.();
  };
}

export function track<G extends EventGroup, E extends EventName<G>>(
  group: G,
  event: E,
  fields: EventFieldsOf<G, E>,
): void {
  if (session) session.track(group, event, fields);
  else if (typeof window !== "undefined" && waiting.length < MAX_WAITING)
    waiting.push([group, event, fields]);
}
