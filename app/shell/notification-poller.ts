// The notification unread indicator's polling (docs/notifications.md, The unread indicator).
import type { InboxFolder } from "#contract/api.ts";
import {
  NOTIFICATION_POLL_INTERVAL_MS,
  TAB_HIDDEN_DEBOUNCE_MS,
  TAB_HIDDEN_DEBOUNCE_SECURE_MS,
  TAB_VISIBLE_DEBOUNCE_MS,
} from "../lib/constants.ts";
import type { VisibilitySource } from "../lib/document-visibility.ts";
import { globalTimers, type Timers } from "../lib/timers.ts";
import { isFolderUnread } from "./inbox-access.ts";

export type PollerState = "idle" | "polling" | "paused" | "stopped";

export interface NotificationPollerOptions {
  fetchFolders: () => Promise<InboxFolder[]>;
  onUnreadChange: (unread: boolean) => void;
  timers?: Timers;
  visibility: VisibilitySource;
  /** HTTP/2 or HTTPS: a hidden tab keeps polling much longer. */
  secureTransport: boolean;
  guest: boolean;
  /** While true, scheduled checks fetch nothing: the event stream is live and pushes the folders instead. */
  suspended?: () => boolean;
}

export interface NotificationPoller {
  start(): void;
  /** Logout: ends polling for good. */
  stop(): void;
  /** A mark-seen event: clears the indicator until a fetch shows a newer notification. */
  markSeen(): void;
  /** The newest lastNotified among the folders last seen by the poller: what "seen up to" means now. */
  latestNotified(): number | null;
  /** Folders from elsewhere (the server-rendered page, the event stream), taken as a fetch's answer. */
  applyFolders(folders: readonly InboxFolder[]): void;
  state(): PollerState;
  unread(): boolean;
}

const later = (a: number | null, b: number | null): number | null =>
  a === null ? b : b === null ? a : Math.max(a, b);

export function createNotificationPoller(options: NotificationPollerOptions): NotificationPoller {
  const timers = options.timers ?? globalTimers;
  const hiddenDebounceMs = options.secureTransport ? TAB_HIDDEN_DEBOUNCE_SECURE_MS : TAB_HIDDEN_DEBOUNCE_MS;

  let state: PollerState = "idle";
  let unread = false;
  let pollTimer: unknown;
  let hideTimer: unknown;
  let resumeTimer: unknown;
  let unsubscribe: (() => void) | undefined;
  let requested = 0;
  let applied = 0;
  let lastFolders: readonly InboxFolder[] = [];
  // Per folder, the lastNotified the user has marked as seen locally.
  const seenUpTo = new Map<InboxFolder["id"], number>();

  const stamp = (value: number | null): number => value || -1;

  function setUnread(next: boolean): void {
    if (next === unread) return;
    unread = next;
    options.onUnreadChange(next);
  }

  /**
   * A folder's marks only move forward. The page's data loaded again after the user marked the folder
   * seen can answer after a newer push from the event stream; taking it as it is would take the push back.
   */
  function merged(incoming: readonly InboxFolder[]): InboxFolder[] {
    const known = new Map(lastFolders.map((folder) => [folder.id, folder]));
    return incoming.map((folder) => {
      const before = known.get(folder.id);
      if (!before) return folder;
      return {
        ...folder,
        lastNotified: later(before.lastNotified, folder.lastNotified),
        lastSeen: later(before.lastSeen, folder.lastSeen),
      };
    });
  }

  function computeUnread(folders: readonly InboxFolder[]): boolean {
    return folders.some(
      (folder) =>
        isFolderUnread(folder) && stamp(folder.lastNotified) > (seenUpTo.get(folder.id) ?? -Infinity),
    );
  }

  function clear(handle: unknown): undefined {
    if (handle !== undefined) timers.clearTimeout(handle);
    return undefined;
  }

  function poll(): void {
    pollTimer = timers.setTimeout(poll, NOTIFICATION_POLL_INTERVAL_MS);
    if (options.suspended?.()) return;
    const request = ++requested;
    let pending: Promise<InboxFolder[]>;
    try {
      pending = options.fetchFolders();
    } catch {
      return;
    }
    pending.then(
      (folders) => {
        // Responses after logout, or overtaken by a later one, are stale.
        if (state === "stopped" || request < applied) return;
        applied = request;
        lastFolders = merged(folders);
        setUnread(computeUnread(lastFolders));
      },
      () => {
        // A failed check is retried on the normal schedule.
      },
    );
  }

  function pause(): void {
    hideTimer = undefined;
    pollTimer = clear(pollTimer);
    state = "paused";
  }

  function resume(): void {
    resumeTimer = undefined;
    state = "polling";
    poll();
  }

  function onVisibilityChange(): void {
    if (state === "stopped") return;
    if (options.visibility.isVisible()) {
      hideTimer = clear(hideTimer);
      if (state === "paused" && resumeTimer === undefined) {
        resumeTimer = timers.setTimeout(resume, TAB_VISIBLE_DEBOUNCE_MS);
      }
    } else {
      resumeTimer = clear(resumeTimer);
      if (state === "polling" && hideTimer === undefined) {
        hideTimer = timers.setTimeout(pause, hiddenDebounceMs);
      }
    }
  }

  return {
    start() {
      if (state !== "idle" || options.guest) return;
      unsubscribe = options.visibility.subscribe(onVisibilityChange);
      if (options.visibility.isVisible()) {
        state = "polling";
        poll();
      } else {
        // Opened in a background tab: the first check waits until the tab is shown.
        state = "paused";
      }
    },
    stop() {
      if (state === "stopped") return;
      state = "stopped";
      pollTimer = clear(pollTimer);
      hideTimer = clear(hideTimer);
      resumeTimer = clear(resumeTimer);
      unsubscribe?.();
      unsubscribe = undefined;
    },
    markSeen() {
      if (state === "stopped") return;
      for (const folder of lastFolders) seenUpTo.set(folder.id, stamp(folder.lastNotified));
      setUnread(false);
    },
    latestNotified() {
      const stamps = lastFolders.map((folder) => folder.lastNotified ?? 0).filter((stamp) => stamp > 0);
      return stamps.length > 0 ? Math.max(...stamps) : null;
    },
    applyFolders(folders) {
      if (state === "stopped") return;
      // Newer than any fetch under way: that fetch's answer is stale.
      applied = ++requested;
      lastFolders = merged(folders);
      setUnread(computeUnread(lastFolders));
    },
    state: () => state,
    unread: () => unread,
  };
}
