// The notifications centre's lazy lifecycle and the event stream timings (docs/notifications.md).
import {
  MIN_SSE_PING_TIMEOUT_MS,
  NOTIFICATIONS_CENTER_LAZY_INIT_MS,
  SSE_PING_OVERDUE_MS,
  SSE_RECONNECT_TIMEOUT_MS,
  SSE_STATUS_CHECK_MS,
} from "../lib/constants.ts";
import { globalTimers, type Timers } from "../lib/timers.ts";

export type NotificationsCenterState = "ready" | "scheduled" | "initializing" | "initialized" | "rendered";

export interface NotificationsCenterOptions {
  init: () => Promise<void>;
  render: () => void;
  timers?: Timers;
}

export interface NotificationsCenter {
  /** The unread indicator turned on: prepare the centre after the lazy-init delay. */
  onUnreadTurnedOn(): void;
  /** The user opens the centre: initialise at once if needed, then render. Resolves true once rendered. */
  open(): Promise<boolean>;
  destroy(): void;
  state(): NotificationsCenterState;
  onStateChange(listener: (state: NotificationsCenterState) => void): () => void;
}

export function createNotificationsCenter(options: NotificationsCenterOptions): NotificationsCenter {
  const timers = options.timers ?? globalTimers;
  const listeners = new Set<(state: NotificationsCenterState) => void>();
  let state: NotificationsCenterState = "ready";
  let lazyTimer: unknown;
  let initializing: Promise<boolean> | undefined;
  // Bumped by destroy() so that an initialisation already under way cannot revive the centre.
  let generation = 0;

  // A call rather than the variable, so TypeScript does not keep narrowing across awaits.
  const currentState = (): NotificationsCenterState => state;

  function setState(next: NotificationsCenterState): void {
    if (next === state) return;
    state = next;
    for (const listener of [...listeners]) listener(next);
  }

  function cancelSchedule(): void {
    if (lazyTimer !== undefined) timers.clearTimeout(lazyTimer);
    lazyTimer = undefined;
  }

  function initialize(): Promise<boolean> {
    cancelSchedule();
    if (initializing) return initializing;
    const own = generation;
    setState("initializing");
    let pending: Promise<void>;
    try {
      pending = options.init();
    } catch (error) {
      pending = Promise.reject(error);
    }
    const done = pending.then(
      () => {
        if (own !== generation) return false;
        setState("initialized");
        return true;
      },
      () => {
        if (own !== generation) return false;
        setState("ready");
        return false;
      },
    );
    initializing = done;
    void done.finally(() => {
      if (initializing === done) initializing = undefined;
    });
    return done;
  }

  return {
    onUnreadTurnedOn() {
      if (state !== "ready") return;
      setState("scheduled");
      lazyTimer = timers.setTimeout(() => {
        lazyTimer = undefined;
        void initialize();
      }, NOTIFICATIONS_CENTER_LAZY_INIT_MS);
    },
    async open() {
      if (state === "rendered") return true;
      const own = generation;
      if (state !== "initialized" && !(await initialize())) return false;
      // State may have moved on while awaiting: destroyed, or rendered by a concurrent open().
      const current = currentState();
      if (own !== generation || current !== "initialized") return current === "rendered";
      options.render();
      setState("rendered");
      return true;
    },
    destroy() {
      generation++;
      cancelSchedule();
      initializing = undefined;
      setState("ready");
    },
    state: currentState,
    onStateChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export interface SseSettings {
  pingOverdueMs: number;
  statusCheckMs: number;
  reconnectTimeoutMs: number;
}

export function sseSettings(reportedPingTimeoutMs?: number): SseSettings {
  const useReported = reportedPingTimeoutMs !== undefined && reportedPingTimeoutMs >= MIN_SSE_PING_TIMEOUT_MS;
  return {
    pingOverdueMs: useReported ? reportedPingTimeoutMs : SSE_PING_OVERDUE_MS,
    statusCheckMs: SSE_STATUS_CHECK_MS,
    reconnectTimeoutMs: SSE_RECONNECT_TIMEOUT_MS,
  };
}
