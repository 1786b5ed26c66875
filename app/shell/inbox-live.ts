// The inbox kept live in the browser (docs/notifications.md): the event stream, with polling as the fallback
// while it is down. Loaded after hydration by the InboxProvider (inbox-context.tsx), with the folders'
// schemas: until it arrives the indicator shows the server's folders.
import type { InboxFolder } from "#contract/api.ts";
import { InboxFoldersSchema } from "#contract/api-inbox.ts";
import { createInboxStream } from "./inbox-stream.ts";
import { documentVisibility } from "../lib/document-visibility.ts";
import { createNotificationPoller, type NotificationPoller } from "./notification-poller.ts";

export const INBOX_EVENTS_URL = "/api/inbox/events";
const FOLDERS_URL = "/api/inbox/folders?fields=id,lastNotified,lastSeen&ignoreLicenseErrors=true";

async function fetchFolders(): Promise<InboxFolder[]> {
  const response = await fetch(FOLDERS_URL, {
    credentials: "same-origin",
    headers: { accept: "application/json" },
  });
  if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
  return InboxFoldersSchema.parse(await response.json());
}

/** HTTPS, or HTTP/2 and later, keep a hidden tab polling for 30 minutes rather than 1 second. */
function secureTransport(): boolean {
  if (window.location.protocol === "https:") return true;
  const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
  return /^h[23]/.test(navigation?.nextHopProtocol ?? "");
}

export interface LiveInboxOptions {
  /** The folders the page was rendered with. */
  folders: readonly InboxFolder[];
  /** The whatsnew rule the server applied, for folders fetched or pushed later. */
  raise: (folders: InboxFolder[]) => InboxFolder[];
  /** Pushed folders, after the poller has them. */
  onPushed: (folders: InboxFolder[]) => void;
  onUnreadChange: (unread: boolean) => void;
  /** A live stream was lost and is reconnecting (true), or is live again or stopped (false). */
  onInterrupted: (interrupted: boolean) => void;
}

export interface LiveInbox {
  poller: NotificationPoller;
  stop(): void;
}

export function startLiveInbox(options: LiveInboxOptions): LiveInbox {
  const { raise, onPushed } = options;
  const stream = createInboxStream({
    url: INBOX_EVENTS_URL,
    open: (url) => new EventSource(url),
    onFolders: (pushed) => {
      const raised = raise(pushed);
      poller.applyFolders(raised);
      onPushed(raised);
    },
    onAvailabilityChange: (_available, interrupted) => options.onInterrupted(interrupted),
  });
  const poller = createNotificationPoller({
    fetchFolders: async () => raise(await fetchFolders()),
    onUnreadChange: options.onUnreadChange,
    visibility: documentVisibility(),
    secureTransport: secureTransport(),
    guest: false,
    suspended: () => stream.available(),
  });
  poller.applyFolders(options.folders);
  stream.start();
  poller.start();
  window.addEventListener("online", stream.reconnectNow);
  return {
    poller,
    stop() {
      window.removeEventListener("online", stream.reconnectNow);
      // Logout or leaving: polling and the stream stop.
      poller.stop();
      stream.stop();
    },
  };
}
