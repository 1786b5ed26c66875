// Loaded after hydration (root.tsx), never with the first scripts: the reconnecting banner, the service
// worker's registration and what the page tells the worker (docs/decisions/0017-service-worker.md).
import { useEffect, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useRevalidator, useRouteLoaderData } from "react-router";
import type { CurrentUser } from "#contract/api.ts";
import { DESKTOP_SWITCH_EVENT, desktopNotificationsOn } from "../notifications/desktop-switch.ts";
import { STREAM_INTERRUPTED_ATTRIBUTE } from "../shell/inbox-context.tsx";
import { SERVICE_WORKER_PATH, type PageMessage } from "./sw-policy.ts";
import { currentTrouble, noTroubleOnServer, subscribeToTrouble } from "./unreachable.ts";

function subscribeToNetwork(onChange: () => void): () => void {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}

const isOnline = () => navigator.onLine;
const onlineOnServer = () => true;

/** The inbox's event stream marks <html> while it reconnects (app/shell/inbox-context.tsx). */
function subscribeToStream(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributeFilter: [STREAM_INTERRUPTED_ATTRIBUTE] });
  return () => observer.disconnect();
}

const isStreamInterrupted = () => document.documentElement.hasAttribute(STREAM_INTERRUPTED_ATTRIBUTE);
const interruptedOnServer = () => false;

async function tellServiceWorker(message: PageMessage): Promise<void> {
  const registration = await navigator.serviceWorker.ready;
  (navigator.serviceWorker.controller ?? registration.active)?.postMessage(message);
}

/** Offline, a client-side navigation would fail: a document navigation lets the service worker answer. */
function navigateDocumentsWhileOffline(event: MouseEvent): void {
  if (navigator.onLine || !navigator.serviceWorker.controller) return;
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
    return;
  const link = (event.target as Element | null)?.closest?.("a[href]");
  if (!(link instanceof HTMLAnchorElement) || link.target || link.hasAttribute("download")) return;
  if (link.origin !== window.location.origin) return;
  event.preventDefault();
  window.location.assign(link.href);
}

/** Desktop notifications, where this person turned them on (app/notifications/desktop-notifications.ts). */
function useDesktopNotifications(): void {
  const { t } = useTranslation("pages");
  const root = useRouteLoaderData<{ user?: CurrentUser }>("root");
  const kinds = root?.user && !root.user.guest ? root.user.profiles.keel?.notifications : undefined;
  const whatsNewTitle = t("notificationSettings.whatsNewNotification");
  const key = kinds ? JSON.stringify(kinds) : "";
  // Turned on or off on the settings page: started or stopped without a reload.
  const [switched, setSwitched] = useState(0);
  useEffect(() => {
    const onSwitch = () => setSwitched((n) => n + 1);
    window.addEventListener(DESKTOP_SWITCH_EVENT, onSwitch);
    return () => window.removeEventListener(DESKTOP_SWITCH_EVENT, onSwitch);
  }, []);
  useEffect(() => {
    if (!kinds || !desktopNotificationsOn()) return;
    let stop: (() => void) | undefined;
    let stopped = false;
    void import("../notifications/desktop-notifications.ts").then((module) => {
      if (stopped) return;
      stop = module.startDesktopNotifications(kinds, () => ({
        title: whatsNewTitle,
        body: "",
        url: "/notifications?folder=whatsnew",
        tag: "whatsnew",
        kind: "whatsnew",
      }));
    });
    return () => {
      stopped = true;
      stop?.();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the kinds' content, not their object, counts
  }, [key, whatsNewTitle, switched]);
}

export default function ConnectionStatus({
  cachePartition,
  language,
}: {
  /** The signed-in user's part of the worker's cache; null for a guest. */
  cachePartition: string | null;
  language: string;
}) {
  const { t } = useTranslation("shell");
  const online = useSyncExternalStore(subscribeToNetwork, isOnline, onlineOnServer);
  const streamInterrupted = useSyncExternalStore(subscribeToStream, isStreamInterrupted, interruptedOnServer);
  const trouble = useSyncExternalStore(subscribeToTrouble, currentTrouble, noTroubleOnServer);
  const { pathname, search } = useLocation();
  const { revalidate } = useRevalidator();
  const supported = typeof navigator !== "undefined" && "serviceWorker" in navigator;

  useEffect(() => {
    if (!supported) return;
    navigator.serviceWorker.register(SERVICE_WORKER_PATH, { scope: "/" }).catch(() => undefined);
    window.addEventListener("click", navigateDocumentsWhileOffline, true);
    return () => window.removeEventListener("click", navigateDocumentsWhileOffline, true);
  }, [supported]);

  // Every page shown tells the worker whose it is, its language, and that it was visited.
  useEffect(() => {
    if (!supported || !online) return;
    const url = new URL(`${pathname}${search}`, window.location.origin).href;
    void tellServiceWorker({ type: "page", partition: cachePartition, language, url });
  }, [supported, online, cachePartition, language, pathname, search]);

  // A page kept when the server could not be reached reads its data again once the connection is back.
  const connected = online && !streamInterrupted;
  useEffect(() => {
    if (connected && currentTrouble().stale) void revalidate();
  }, [connected, revalidate]);

  useDesktopNotifications();

  const message = !online
    ? t("connection.offline")
    : streamInterrupted
      ? t("connection.reconnecting")
      : trouble.stale
        ? t("connection.stale")
        : "";
  return (
    <>
      <div role="status" className="connection-banner" data-state={online ? "online" : "offline"}>
        {message}
      </div>
      <div role="alert" className="connection-banner" data-testid="not-saved">
        {trouble.notSaved ? t("connection.notSaved") : ""}
      </div>
    </>
  );
}
