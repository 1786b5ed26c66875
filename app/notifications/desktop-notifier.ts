// Desktop notifications while Keel's tab is in the background (docs/decisions/0018-web-push.md), one per
// new thread of a kind the person chose; nothing while the tab is visible.
import {
  notificationKindOf,
  notificationOf,
  type NotificationKinds,
  type NotifiedThread,
  type PushMessage,
} from "#contract/notification-kinds.ts";
import { plainExcerpt } from "../markdown/excerpt.ts";

const THREAD_FOLDERS = ["direct", "subscription"] as const;
/** The newest threads fetched per folder with news: more at once is one summary, not a flood. */
const MAX_SHOWN = 5;

export interface FolderNews {
  id: string;
  lastNotified: number | null;
}

export interface NotifierThread extends NotifiedThread {
  updated: number;
  unread: boolean;
  muted: boolean;
}

export interface DesktopNotifierOptions {
  kinds: NotificationKinds;
  hidden: () => boolean;
  fetchThreads: (folder: (typeof THREAD_FOLDERS)[number]) => Promise<NotifierThread[]>;
  show: (message: PushMessage) => void;
  whatsNew: () => PushMessage;
}

export interface DesktopNotifier {
  onFolders(folders: readonly FolderNews[]): Promise<void>;
}

export function createDesktopNotifier(options: DesktopNotifierOptions): DesktopNotifier {
  // The newest notification time known per folder; the first report only sets it.
  const known = new Map<string, number>();

  async function threadsSince(folder: (typeof THREAD_FOLDERS)[number], since: number) {
    const threads = await options.fetchThreads(folder);
    return threads
      .filter((thread) => thread.updated > since && thread.unread && !thread.muted)
      .filter((thread) => options.kinds[notificationKindOf(thread)])
      .slice(0, MAX_SHOWN);
  }

  return {
    async onFolders(folders) {
      const news: { id: string; since: number }[] = [];
      for (const folder of folders) {
        const latest = folder.lastNotified ?? 0;
        const since = known.get(folder.id);
        known.set(folder.id, Math.max(latest, since ?? 0));
        if (since !== undefined && latest > since) news.push({ id: folder.id, since });
      }
      if (news.length === 0 || !options.hidden()) return;
      for (const { id, since } of news) {
        if (id === "whatsnew") {
          if (options.kinds.whatsnew) options.show(options.whatsNew());
          continue;
        }
        const folder = THREAD_FOLDERS.find((f) => f === id);
        if (!folder) continue;
        for (const thread of await threadsSince(folder, since))
          options.show(notificationOf(thread, plainExcerpt));
      }
    },
  };
}
