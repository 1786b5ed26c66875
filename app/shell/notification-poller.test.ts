import { afterEach, beforeEach, expect, test, vi } from "vitest";
import type { InboxFolder } from "#contract/api.ts";
import {
  NOTIFICATION_POLL_INTERVAL_MS,
  TAB_HIDDEN_DEBOUNCE_MS,
  TAB_HIDDEN_DEBOUNCE_SECURE_MS,
  TAB_VISIBLE_DEBOUNCE_MS,
} from "../lib/constants.ts";
import { createNotificationPoller, type NotificationPollerOptions } from "./notification-poller.ts";

const MIN = 60_000;

function fakeVisibility(initiallyVisible = true) {
  let visible = initiallyVisible;
  const listeners = new Set<() => void>();
  return {
    isVisible: () => visible,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next: boolean) {
      visible = next;
      for (const listener of [...listeners]) listener();
    },
    listenerCount: () => listeners.size,
  };
}

const read: InboxFolder[] = [
  { id: "direct", lastNotified: 100, lastSeen: 200 },
  { id: "subscription", lastNotified: null, lastSeen: null },
];
const unreadDirect = (lastNotified: number): InboxFolder[] => [
  { id: "direct", lastNotified, lastSeen: 50 },
  { id: "subscription", lastNotified: null, lastSeen: null },
];

function setup(overrides: Partial<NotificationPollerOptions> & { visible?: boolean } = {}) {
  const visibility = fakeVisibility(overrides.visible ?? true);
  const fetchFolders = vi.fn<() => Promise<InboxFolder[]>>(() => Promise.resolve(read));
  const onUnreadChange = vi.fn<(unread: boolean) => void>();
  const poller = createNotificationPoller({
    fetchFolders,
    onUnreadChange,
    visibility,
    secureTransport: false,
    guest: false,
    ...overrides,
  });
  return { poller, visibility, fetchFolders, onUnreadChange };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

test("is idle until started, then fetches at once", () => {
  const { poller, fetchFolders } = setup();
  expect(poller.state()).toBe("idle");
  expect(fetchFolders).not.toHaveBeenCalled();
  poller.start();
  expect(poller.state()).toBe("polling");
  expect(fetchFolders).toHaveBeenCalledTimes(1);
});

test("polls again at 6:00, not at 5:59, and keeps the interval", async () => {
  const { poller, fetchFolders } = setup();
  poller.start();
  await vi.advanceTimersByTimeAsync(NOTIFICATION_POLL_INTERVAL_MS - 1);
  expect(fetchFolders).toHaveBeenCalledTimes(1);
  await vi.advanceTimersByTimeAsync(1);
  expect(fetchFolders).toHaveBeenCalledTimes(2);
  await vi.advanceTimersByTimeAsync(NOTIFICATION_POLL_INTERVAL_MS * 2);
  expect(fetchFolders).toHaveBeenCalledTimes(4);
});

test("the poll interval is 6 minutes", () => {
  expect(NOTIFICATION_POLL_INTERVAL_MS).toBe(6 * MIN);
});

test("start() twice does not double the schedule", async () => {
  const { poller, fetchFolders } = setup();
  poller.start();
  poller.start();
  expect(fetchFolders).toHaveBeenCalledTimes(1);
  await vi.advanceTimersByTimeAsync(NOTIFICATION_POLL_INTERVAL_MS);
  expect(fetchFolders).toHaveBeenCalledTimes(2);
});

test("guests never poll", async () => {
  const { poller, fetchFolders, visibility } = setup({ guest: true });
  poller.start();
  visibility.set(false);
  visibility.set(true);
  await vi.advanceTimersByTimeAsync(NOTIFICATION_POLL_INTERVAL_MS * 3);
  expect(fetchFolders).not.toHaveBeenCalled();
  expect(poller.state()).toBe("idle");
  expect(visibility.listenerCount()).toBe(0);
});

test("reports unread when any folder's lastNotified exceeds its lastSeen, only on changes", async () => {
  const { poller, fetchFolders, onUnreadChange } = setup();
  fetchFolders
    .mockResolvedValueOnce(read)
    .mockResolvedValueOnce(unreadDirect(300))
    .mockResolvedValueOnce(unreadDirect(400))
    // Seen elsewhere: lastSeen passes lastNotified.
    .mockResolvedValueOnce([
      { id: "direct", lastNotified: 400, lastSeen: 500 },
      { id: "subscription", lastNotified: null, lastSeen: null },
    ]);
  poller.start();
  await vi.advanceTimersByTimeAsync(0);
  expect(poller.unread()).toBe(false);
  expect(onUnreadChange).not.toHaveBeenCalled();

  await vi.advanceTimersByTimeAsync(NOTIFICATION_POLL_INTERVAL_MS);
  expect(poller.unread()).toBe(true);
  expect(onUnreadChange).toHaveBeenCalledTimes(1);
  expect(onUnreadChange).toHaveBeenLastCalledWith(true);

  await vi.advanceTimersByTimeAsync(NOTIFICATION_POLL_INTERVAL_MS);
  expect(onUnreadChange).toHaveBeenCalledTimes(1);

  await vi.advanceTimersByTimeAsync(NOTIFICATION_POLL_INTERVAL_MS);
  expect(poller.unread()).toBe(false);
  expect(onUnreadChange).toHaveBeenCalledTimes(2);
  expect(onUnreadChange).toHaveBeenLastCalledWith(false);
});

test("a missing lastSeen counts as -1, so any notification is unread", async () => {
  const { poller, fetchFolders } = setup();
  fetchFolders.mockResolvedValueOnce([{ id: "whatsnew", lastNotified: 5, lastSeen: null }]);
  poller.start();
  await vi.advanceTimersByTimeAsync(0);
  expect(poller.unread()).toBe(true);
});

test("a hidden tab stops polling after 1 s on insecure transport, not at 999 ms", async () => {
  const { poller, visibility, fetchFolders } = setup();
  poller.start();
  await vi.advanceTimersByTimeAsync(MIN);
  visibility.set(false);
  await vi.advanceTimersByTimeAsync(TAB_HIDDEN_DEBOUNCE_MS - 1);
  expect(poller.state()).toBe("polling");
  await vi.advanceTimersByTimeAsync(1);
  expect(poller.state()).toBe("paused");
  await vi.advanceTimersByTimeAsync(NOTIFICATION_POLL_INTERVAL_MS * 3);
  expect(fetchFolders).toHaveBeenCalledTimes(1);
});

test("a hidden tab keeps polling for 30 minutes on secure transport, stopping at 30:00, not 29:59", async () => {
  const { poller, visibility, fetchFolders } = setup({ secureTransport: true });
  poller.start();
  visibility.set(false);
  await vi.advanceTimersByTimeAsync(TAB_HIDDEN_DEBOUNCE_SECURE_MS - 1);
  expect(poller.state()).toBe("polling");
  // Polls at 0, 6, 12, 18 and 24 minutes while the debounce runs.
  expect(fetchFolders).toHaveBeenCalledTimes(5);
  await vi.advanceTimersByTimeAsync(1);
  expect(poller.state()).toBe("paused");
  await vi.advanceTimersByTimeAsync(NOTIFICATION_POLL_INTERVAL_MS * 3);
  // The pause at 30:00 was scheduled before the 30:00 poll, so that poll never happens.
  await vi.advanceTimersByTimeAsync(NOTIFICATION_POLL_INTERVAL_MS * 3);
  expect(fetchFolders).toHaveBeenCalledTimes(5);
  expect(TAB_HIDDEN_DEBOUNCE_SECURE_MS).toBe(30 * MIN);
});

test("becoming visible again within the hidden debounce changes nothing", async () => {
  const { poller, visibility, fetchFolders } = setup();
  poller.start();
  visibility.set(false);
  await vi.advanceTimersByTimeAsync(TAB_HIDDEN_DEBOUNCE_MS - 1);
  visibility.set(true);
  await vi.advanceTimersByTimeAsync(TAB_HIDDEN_DEBOUNCE_MS * 5);
  expect(poller.state()).toBe("polling");
  expect(fetchFolders).toHaveBeenCalledTimes(1);
  // The original schedule is kept: the next poll is 6 minutes after the first.
  await vi.advanceTimersByTimeAsync(NOTIFICATION_POLL_INTERVAL_MS - TAB_HIDDEN_DEBOUNCE_MS * 6 + 1);
  expect(fetchFolders).toHaveBeenCalledTimes(2);
});

test("resumes 100 ms after becoming visible, not at 99 ms, then polls on the interval", async () => {
  const { poller, visibility, fetchFolders } = setup();
  poller.start();
  visibility.set(false);
  await vi.advanceTimersByTimeAsync(TAB_HIDDEN_DEBOUNCE_MS);
  expect(poller.state()).toBe("paused");
  visibility.set(true);
  await vi.advanceTimersByTimeAsync(TAB_VISIBLE_DEBOUNCE_MS - 1);
  expect(poller.state()).toBe("paused");
  expect(fetchFolders).toHaveBeenCalledTimes(1);
  await vi.advanceTimersByTimeAsync(1);
  expect(poller.state()).toBe("polling");
  expect(fetchFolders).toHaveBeenCalledTimes(2);
  await vi.advanceTimersByTimeAsync(NOTIFICATION_POLL_INTERVAL_MS - 1);
  expect(fetchFolders).toHaveBeenCalledTimes(2);
  await vi.advanceTimersByTimeAsync(1);
  expect(fetchFolders).toHaveBeenCalledTimes(3);
});

test("hiding again before the 100 ms resume cancels it", async () => {
  const { poller, visibility, fetchFolders } = setup();
  poller.start();
  visibility.set(false);
  await vi.advanceTimersByTimeAsync(TAB_HIDDEN_DEBOUNCE_MS);
  visibility.set(true);
  await vi.advanceTimersByTimeAsync(TAB_VISIBLE_DEBOUNCE_MS - 1);
  visibility.set(false);
  await vi.advanceTimersByTimeAsync(NOTIFICATION_POLL_INTERVAL_MS * 2);
  expect(poller.state()).toBe("paused");
  expect(fetchFolders).toHaveBeenCalledTimes(1);
});

test("started in a hidden tab, it waits until the tab is shown", async () => {
  const { poller, visibility, fetchFolders } = setup({ visible: false });
  poller.start();
  expect(poller.state()).toBe("paused");
  await vi.advanceTimersByTimeAsync(NOTIFICATION_POLL_INTERVAL_MS);
  expect(fetchFolders).not.toHaveBeenCalled();
  visibility.set(true);
  await vi.advanceTimersByTimeAsync(TAB_VISIBLE_DEBOUNCE_MS);
  expect(fetchFolders).toHaveBeenCalledTimes(1);
});

test("stop() (logout) ends polling for good", async () => {
  const { poller, visibility, fetchFolders } = setup();
  poller.start();
  poller.stop();
  expect(poller.state()).toBe("stopped");
  expect(visibility.listenerCount()).toBe(0);
  visibility.set(false);
  visibility.set(true);
  poller.start();
  await vi.advanceTimersByTimeAsync(NOTIFICATION_POLL_INTERVAL_MS * 3);
  expect(fetchFolders).toHaveBeenCalledTimes(1);
  expect(poller.state()).toBe("stopped");
});

test("stop() cancels a pending resume", async () => {
  const { poller, visibility, fetchFolders } = setup();
  poller.start();
  visibility.set(false);
  await vi.advanceTimersByTimeAsync(TAB_HIDDEN_DEBOUNCE_MS);
  visibility.set(true);
  poller.stop();
  await vi.advanceTimersByTimeAsync(NOTIFICATION_POLL_INTERVAL_MS);
  expect(fetchFolders).toHaveBeenCalledTimes(1);
});

test("a response arriving after logout is ignored", async () => {
  const { poller, fetchFolders, onUnreadChange } = setup();
  let resolve: (folders: InboxFolder[]) => void = () => {};
  fetchFolders.mockReturnValueOnce(new Promise((r) => (resolve = r)));
  poller.start();
  poller.stop();
  resolve(unreadDirect(300));
  await vi.advanceTimersByTimeAsync(0);
  expect(poller.unread()).toBe(false);
  expect(onUnreadChange).not.toHaveBeenCalled();
});

test("failures are ignored silently and the schedule is kept", async () => {
  const { poller, fetchFolders, onUnreadChange } = setup();
  fetchFolders
    .mockRejectedValueOnce(new Error("offline"))
    .mockImplementationOnce(() => {
      throw new Error("sync failure");
    })
    .mockResolvedValueOnce(unreadDirect(300));
  poller.start();
  await vi.advanceTimersByTimeAsync(NOTIFICATION_POLL_INTERVAL_MS);
  expect(poller.state()).toBe("polling");
  expect(onUnreadChange).not.toHaveBeenCalled();
  await vi.advanceTimersByTimeAsync(NOTIFICATION_POLL_INTERVAL_MS);
  expect(fetchFolders).toHaveBeenCalledTimes(3);
  expect(poller.unread()).toBe(true);
});

test("a failure keeps the previous indicator", async () => {
  const { poller, fetchFolders } = setup();
  fetchFolders.mockResolvedValueOnce(unreadDirect(300)).mockRejectedValueOnce(new Error("offline"));
  poller.start();
  await vi.advanceTimersByTimeAsync(NOTIFICATION_POLL_INTERVAL_MS);
  expect(fetchFolders).toHaveBeenCalledTimes(2);
  expect(poller.unread()).toBe(true);
});

test("markSeen() clears the indicator until a fetch shows something newer", async () => {
  const { poller, fetchFolders, onUnreadChange } = setup();
  fetchFolders
    .mockResolvedValueOnce(unreadDirect(300))
    .mockResolvedValueOnce(unreadDirect(300))
    .mockResolvedValueOnce(unreadDirect(400));
  poller.start();
  await vi.advanceTimersByTimeAsync(0);
  expect(poller.unread()).toBe(true);

  poller.markSeen();
  expect(poller.unread()).toBe(false);
  expect(onUnreadChange).toHaveBeenLastCalledWith(false);

  await vi.advanceTimersByTimeAsync(NOTIFICATION_POLL_INTERVAL_MS);
  expect(poller.unread()).toBe(false);
  expect(onUnreadChange).toHaveBeenCalledTimes(2);

  await vi.advanceTimersByTimeAsync(NOTIFICATION_POLL_INTERVAL_MS);
  expect(poller.unread()).toBe(true);
  expect(onUnreadChange).toHaveBeenCalledTimes(3);
});

test("markSeen() with nothing unread does not notify", async () => {
  const { poller, onUnreadChange } = setup();
  poller.start();
  await vi.advanceTimersByTimeAsync(0);
  poller.markSeen();
  expect(onUnreadChange).not.toHaveBeenCalled();
});

test("a slow response overtaken by a newer one is dropped", async () => {
  const { poller, visibility, fetchFolders } = setup();
  let resolveSlow: (folders: InboxFolder[]) => void = () => {};
  fetchFolders.mockReturnValueOnce(new Promise((r) => (resolveSlow = r))).mockResolvedValueOnce(read);
  poller.start();
  visibility.set(false);
  await vi.advanceTimersByTimeAsync(TAB_HIDDEN_DEBOUNCE_MS);
  visibility.set(true);
  await vi.advanceTimersByTimeAsync(TAB_VISIBLE_DEBOUNCE_MS);
  expect(fetchFolders).toHaveBeenCalledTimes(2);
  resolveSlow(unreadDirect(300));
  await vi.advanceTimersByTimeAsync(0);
  expect(poller.unread()).toBe(false);
});

test("while suspended (the event stream is live) scheduled checks fetch nothing, and resume when it is not", async () => {
  let live = true;
  const { poller, fetchFolders } = setup({ suspended: () => live });
  poller.start();
  expect(fetchFolders).not.toHaveBeenCalled();
  await vi.advanceTimersByTimeAsync(NOTIFICATION_POLL_INTERVAL_MS);
  expect(fetchFolders).not.toHaveBeenCalled();
  live = false;
  await vi.advanceTimersByTimeAsync(NOTIFICATION_POLL_INTERVAL_MS);
  expect(fetchFolders).toHaveBeenCalledTimes(1);
});

test("folders applied from elsewhere turn the indicator on and win over a fetch already under way", async () => {
  let answer!: (folders: InboxFolder[]) => void;
  const { poller, onUnreadChange } = setup({
    fetchFolders: () => new Promise<InboxFolder[]>((resolve) => (answer = resolve)),
  });
  poller.start();
  poller.applyFolders(unreadDirect(300));
  expect(poller.unread()).toBe(true);
  expect(onUnreadChange).toHaveBeenLastCalledWith(true);
  // The older fetch answers "read" afterwards: stale, ignored.
  answer(read);
  await vi.advanceTimersByTimeAsync(0);
  expect(poller.unread()).toBe(true);
});

test("an older answer applied after a newer push does not take the indicator back", () => {
  const { poller } = setup();
  poller.start();
  poller.applyFolders(read);
  // Pushed by the event stream: a notification at 300.
  poller.applyFolders([
    { id: "direct", lastNotified: 300, lastSeen: 200 },
    { id: "subscription", lastNotified: null, lastSeen: null },
  ]);
  expect(poller.unread()).toBe(true);
  // Then the page's data, read on the server before that notification, arrives.
  poller.applyFolders(read);
  expect(poller.unread()).toBe(true);
  expect(poller.latestNotified()).toBe(300);
  // A later lastSeen from the server still turns it off.
  poller.applyFolders([
    { id: "direct", lastNotified: 300, lastSeen: 300 },
    { id: "subscription", lastNotified: null, lastSeen: null },
  ]);
  expect(poller.unread()).toBe(false);
});

test("after mark-seen, applied folders with the same lastNotified stay read, a newer one is unread", () => {
  const { poller } = setup();
  poller.start();
  poller.applyFolders(unreadDirect(300));
  poller.markSeen();
  poller.applyFolders(unreadDirect(300));
  expect(poller.unread()).toBe(false);
  poller.applyFolders(unreadDirect(400));
  expect(poller.unread()).toBe(true);
});

test("latestNotified is the newest lastNotified the poller knows, or null without any", () => {
  const { poller } = setup();
  expect(poller.latestNotified()).toBeNull();
  poller.applyFolders([
    { id: "direct", lastNotified: 300, lastSeen: 50 },
    { id: "subscription", lastNotified: 700, lastSeen: 50 },
    { id: "whatsnew", lastNotified: null, lastSeen: null },
  ]);
  expect(poller.latestNotified()).toBe(700);
});
