// The client side of the inbox event stream (docs/notifications.md, The event stream): connects, watches
// for pings, and when the stream is closed, errors or goes quiet past the ping-overdue time it gives up on
// it, reports it unavailable (the caller falls back to polling) and reconnects after the reconnect timeout,
// unless the server said a newer tab of the same user took its place.
import { InboxFoldersSchema, InboxStreamReadySchema, type InboxFolder } from "#contract/api-inbox.ts";
import { globalTimers, type Timers } from "../lib/timers.ts";
import { sseSettings, type SseSettings } from "./notifications-center.ts";

/** The part of EventSource the stream uses; the browser's EventSource fits. */
export interface EventSourceLike {
  readonly readyState: number;
  addEventListener(type: string, listener: (event: { data?: unknown }) => void): void;
  close(): void;
}

export const EVENT_SOURCE_CLOSED = 2;

export interface InboxStreamOptions {
  url: string;
  open: (url: string) => EventSourceLike;
  onFolders: (folders: InboxFolder[]) => void;
  /**
   * True while the stream is live; false when it is down and polling should take over. `interrupted`: a
   * live stream was lost (not closed on purpose, nor handed to a newer tab) and is being reconnected.
   */
  onAvailabilityChange: (available: boolean, interrupted: boolean) => void;
  timers?: Timers;
  now?: () => number;
}

export interface InboxStream {
  start(): void;
  stop(): void;
  /** The network is back: reconnects now rather than after the reconnect timeout. */
  reconnectNow(): void;
  available(): boolean;
  settings(): SseSettings;
}

export function createInboxStream(options: InboxStreamOptions): InboxStream {
  const timers = options.timers ?? globalTimers;
  const now = options.now ?? Date.now;
  let settings = sseSettings();
  let source: EventSourceLike | undefined;
  let available = false;
  let stopped = true;
  let lastHeard = 0;
  let statusTimer: unknown;
  let reconnectTimer: unknown;
  // The server closed this stream for a newer tab of the same user: polling serves this tab from now on.
  let superseded = false;

  let interrupted = false;

  function setAvailable(next: boolean): void {
    // Interrupted: a live stream was lost, until one is live again or the stream is stopped.
    const lost = !next && !stopped && !superseded && (available || interrupted);
    if (next === available && lost === interrupted) return;
    available = next;
    interrupted = lost;
    options.onAvailabilityChange(next, lost);
  }

  function parse(data: unknown): unknown {
    try {
      return typeof data === "string" ? JSON.parse(data) : undefined;
    } catch {
      return undefined;
    }
  }

  function heard(): void {
    lastHeard = now();
    setAvailable(true);
  }

  function drop(): void {
    source?.close();
    source = undefined;
    if (statusTimer !== undefined) timers.clearTimeout(statusTimer);
    statusTimer = undefined;
    setAvailable(false);
    if (!stopped && !superseded && reconnectTimer === undefined) {
      reconnectTimer = timers.setTimeout(() => {
        reconnectTimer = undefined;
        connect();
      }, settings.reconnectTimeoutMs);
    }
  }

  function cancelReconnect(): void {
    if (reconnectTimer !== undefined) timers.clearTimeout(reconnectTimer);
    reconnectTimer = undefined;
  }

  function checkStatus(): void {
    statusTimer = undefined;
    if (!source) return;
    if (source.readyState === EVENT_SOURCE_CLOSED || now() - lastHeard > settings.pingOverdueMs) {
      drop();
      return;
    }
    statusTimer = timers.setTimeout(checkStatus, settings.statusCheckMs);
  }

  function connect(): void {
    if (stopped) return;
    let opened: EventSourceLike;
    try {
      opened = options.open(options.url);
    } catch {
      drop();
      return;
    }
    source = opened;
    lastHeard = now();
    const own = (listener: (event: { data?: unknown }) => void) => (event: { data?: unknown }) => {
      if (source === opened) listener(event);
    };
    opened.addEventListener(
      "ready",
      own((event) => {
        const ready = InboxStreamReadySchema.safeParse(parse(event.data));
        if (ready.success) settings = sseSettings(ready.data.pingTimeoutMs);
        heard();
      }),
    );
    opened.addEventListener("ping", own(heard));
    opened.addEventListener(
      "folders",
      own((event) => {
        const folders = InboxFoldersSchema.safeParse(parse(event.data));
        heard();
        if (folders.success) options.onFolders(folders.data);
      }),
    );
    opened.addEventListener(
      "superseded",
      own(() => {
        superseded = true;
        drop();
      }),
    );
    // The browser would retry on its own schedule; SSE_RECONNECT_TIMEOUT_MS decides instead.
    opened.addEventListener("error", own(drop));
    statusTimer = timers.setTimeout(checkStatus, settings.statusCheckMs);
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      superseded = false;
      connect();
    },
    stop() {
      stopped = true;
      cancelReconnect();
      drop();
    },
    reconnectNow() {
      if (stopped || superseded || source) return;
      cancelReconnect();
      connect();
    },
    available: () => available,
    settings: () => settings,
  };
}
