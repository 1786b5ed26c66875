// The unread indicator and the notifications centre in the browser (docs/notifications.md): the server's
// folders first, then pushes from the event stream, with the polling rules as the fallback while the stream
// is down; the centre prepared 30 s after the indicator turns on, or at once when opened.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { useFetcher } from "react-router";
import type { InboxThread, WhatsNewVersion } from "#contract/api.ts";
import type { InboxFolder } from "#contract/api-inbox.ts";
import { useCsrfToken } from "../components/use-csrf-token.ts";
import { track } from "../analytics/client.ts";
import { bucketCount } from "../analytics/privacy.ts";
import { loadChunk } from "../lib/app-errors.ts";
import type { NotificationPoller } from "./notification-poller.ts";
import { isFolderUnread } from "./inbox-access.ts";
import { raiseWhatsNewFolder } from "#contract/whats-new.ts";
import { createNotificationsCenter, type NotificationsCenterState } from "./notifications-center.ts";
import { QUIET_WRITE_FIELD } from "../offline/shown-page.ts";

/** The folders the event stream reports, re-sent on `window` for desktop notifications (app/notifications/). */
export const INBOX_FOLDERS_EVENT = "keel:inbox-folders";
/** Set on <html> while a live event stream is lost and reconnecting. */
export const STREAM_INTERRUPTED_ATTRIBUTE = "data-stream-interrupted";
const CENTRE_DATA_URL = "/notifications?folder=direct";

export interface InboxValue {
  /** Whether the indicator is on; the server's answer until scripts know better. */
  unread: boolean;
  /** A mark-seen event: the indicator clears. */
  markSeen(): void;
  centreOpen: boolean;
  centreState: NotificationsCenterState;
  centreThreads: InboxThread[] | null;
  /** The newest feature version, shown in the centre. */
  centreWhatsNew: WhatsNewVersion | null;
  openCentre(): void;
  closeCentre(): void;
}

const InboxContext = createContext<InboxValue>({
  unread: false,
  markSeen() {},
  centreOpen: false,
  centreState: "ready",
  centreThreads: null,
  centreWhatsNew: null,
  openCentre() {},
  closeCentre() {},
});

export function useInbox(): InboxValue {
  return useContext(InboxContext);
}

export function InboxProvider({
  folders,
  whatsNewVersion,
  enabled,
  live,
  children,
}: {
  folders: readonly InboxFolder[];
  /** The newest feature version: fetched and pushed folders get the whatsnew rule the server applied. */
  whatsNewVersion: string | null;
  /** Signed in and allowed to see notifications; guests are excluded. */
  enabled: boolean;
  /**
   * Whether the live updates may start: what they change must not reach a part of the page that has not
   * hydrated yet, or React replaces its server HTML (app/shell/deferred-parts.tsx).
   */
  live: boolean;
  children: React.ReactNode;
}) {
  const [unread, setUnread] = useState(() => enabled && folders.some(isFolderUnread));
  const [centreOpen, setCentreOpen] = useState(false);
  const [centreState, setCentreState] = useState<NotificationsCenterState>("ready");
  const pollerRef = useRef<NotificationPoller | null>(null);
  const seenEarlyRef = useRef(false);
  const centreData = useFetcher<{ threads: InboxThread[]; whatsNew: WhatsNewVersion | null }>({
    key: "notifications-centre",
  });
  const seen = useFetcher({ key: "notifications-seen" });
  const csrf = useCsrfToken();
  const load = centreData.load;

  const centre = useMemo(
    () =>
      createNotificationsCenter({
        init: () => load(CENTRE_DATA_URL),
        render: () => undefined,
      }),
    [load],
  );
  useEffect(() => centre.onStateChange(setCentreState), [centre]);
  useEffect(() => () => centre.destroy(), [centre]);

  // The server's folders are the latest word whenever the page's data is loaded again.
  const foldersRef = useRef(folders);
  useEffect(() => {
    foldersRef.current = folders;
    pollerRef.current?.applyFolders(folders);
  }, [folders]);

  useEffect(() => {
    if (!enabled || !live) return;
    // The stream, the poller and the folders' schemas load after hydration (inbox-live.ts); until then the
    // indicator is the server's.
    let running: { stop(): void } | undefined;
    let stopped = false;
    void loadChunk(() => import("./inbox-live.ts"), "inbox-live").then(({ startLiveInbox }) => {
      if (stopped) return;
      const started = startLiveInbox({
        folders: foldersRef.current,
        raise: (raw) => (whatsNewVersion ? raiseWhatsNewFolder(raw, [{ id: whatsNewVersion }]) : raw),
        onPushed: (raised) => window.dispatchEvent(new CustomEvent(INBOX_FOLDERS_EVENT, { detail: raised })),
        onUnreadChange: (next) => {
          setUnread(next);
          if (next) centre.onUnreadTurnedOn();
        },
        // Read by the reconnecting banner (app/offline/connection-status.tsx), which loads after hydration.
        onInterrupted: (interrupted) =>
          document.documentElement.toggleAttribute(STREAM_INTERRUPTED_ATTRIBUTE, interrupted),
      });
      running = started;
      pollerRef.current = started.poller;
      // Seen before the poller was there: what the page showed was seen.
      if (seenEarlyRef.current) started.poller.markSeen();
      if (started.poller.unread()) centre.onUnreadTurnedOn();
    });
    return () => {
      stopped = true;
      running?.stop();
      pollerRef.current = null;
    };
    // The folders of later renders are applied by the effect above.
  }, [enabled, live, centre, whatsNewVersion]);

  const markSeen = useCallback(() => {
    if (pollerRef.current) pollerRef.current.markSeen();
    else seenEarlyRef.current = true;
    setUnread(false);
  }, []);

  const openCentre = useCallback(() => {
    setCentreOpen(true);
    // Already rendered once: show what is new since.
    if (centre.state() === "rendered") void load(CENTRE_DATA_URL);
    void centre.open().then((rendered) => {
      if (!rendered) return;
      // Opening the centre is seeing every folder, up to the newest notification this tab knows of: a
      // notification arriving meanwhile stays unread.
      const upTo = pollerRef.current?.latestNotified();
      // A write the person did not ask for: offline, it fails without a word (app/offline/shown-page.ts).
      const fields: Record<string, string> = { intent: "seen", csrf, [QUIET_WRITE_FIELD]: "1" };
      if (upTo) fields.lastSeen = String(upTo);
      void seen.submit(fields, { method: "post", action: "/notifications" });
      track("notifications", "centre-open", {
        unread: pollerRef.current?.unread() ?? false,
        threads: bucketCount(centreData.data?.threads.length ?? 0),
      });
      markSeen();
    });
  }, [centre, csrf, load, markSeen, seen, centreData.data]);

  const closeCentre = useCallback(() => setCentreOpen(false), []);

  const value = useMemo<InboxValue>(
    () => ({
      unread: enabled && unread,
      markSeen,
      centreOpen,
      centreState,
      centreThreads: centreData.data?.threads ?? null,
      centreWhatsNew: centreData.data?.whatsNew ?? null,
      openCentre,
      closeCentre,
    }),
    [enabled, unread, markSeen, centreOpen, centreState, centreData.data, openCentre, closeCentre],
  );
  return <InboxContext.Provider value={value}>{children}</InboxContext.Provider>;
}
