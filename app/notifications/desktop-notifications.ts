// Loaded only where desktop notifications are on (app/offline/connection-status.tsx): listens to the inbox's
// folders and shows what is new while the tab is hidden.
import { InboxThreadsSchema } from "#contract/api.ts";
import type { NotificationKinds, PushMessage } from "#contract/notification-kinds.ts";
import { createDesktopNotifier, type FolderNews } from "./desktop-notifier.ts";
import { INBOX_FOLDERS_EVENT } from "../shell/inbox-context.tsx";

const THREAD_FIELDS =
  "id,folder(id),type,subject,issue(idReadable),muted,unread,updated,messages(id,author(login,name),text,timestamp,read)";
export const NOTIFICATION_ICON = "/icons/keel-192.png";

async function fetchThreads(folder: "direct" | "subscription") {
  const query = new URLSearchParams({ folder, $top: "10", fields: THREAD_FIELDS });
  const response = await fetch(`/api/inbox/threads?${query}`, {
    credentials: "same-origin",
    headers: { accept: "application/json" },
  });
  if (!response.ok) return [];
  const parsed = InboxThreadsSchema.safeParse(await response.json());
  return parsed.success ? parsed.data : [];
}

function show(message: PushMessage): void {
  const notification = new Notification(message.title, {
    body: message.body,
    tag: message.tag,
    icon: NOTIFICATION_ICON,
  });
  notification.onclick = () => {
    window.focus();
    window.location.assign(new URL(message.url, window.location.origin).href);
    notification.close();
  };
}

export function startDesktopNotifications(kinds: NotificationKinds, whatsNew: () => PushMessage): () => void {
  const notifier = createDesktopNotifier({
    kinds,
    hidden: () => document.visibilityState === "hidden",
    fetchThreads,
    show,
    whatsNew,
  });
  const listener = (event: Event) => {
    const folders = (event as CustomEvent<FolderNews[]>).detail;
    if (Array.isArray(folders)) void notifier.onFolders(folders);
  };
  window.addEventListener(INBOX_FOLDERS_EVENT, listener);
  return () => window.removeEventListener(INBOX_FOLDERS_EVENT, listener);
}
