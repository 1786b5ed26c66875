// Keel's service worker (docs/decisions/0017-service-worker.md), built on its own into /sw.js; its rules
// live in sw-policy.ts.
import {
  cacheFor,
  CACHE_PARTITION_HEADER,
  cachesToDelete,
  handlesRequest,
  isOfflinePage,
  needsRefresh,
  OFFLINE_CACHE,
  OFFLINE_PATH,
  offlinePageUrl,
  overflow,
  PAGE_CACHE_PREFIX,
  pageCacheName,
  parsePageMessage,
  partitionOf,
  type PageMessage,
} from "./sw-policy.ts";
import { clickTarget, NOTIFICATION_ICON, parsePushMessage } from "./push-policy.ts";

// The DOM's types describe the page, not a worker: the parts of the worker's scope used here.
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}
interface ExtendableMessageEvent extends ExtendableEvent {
  readonly data: unknown;
  readonly origin: string;
}
interface PushEvent extends ExtendableEvent {
  readonly data: { text(): string } | null;
}
interface NotificationEvent extends ExtendableEvent {
  readonly notification: Notification;
}
interface WindowClient {
  readonly url: string;
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
}
interface WorkerScope {
  readonly location: Location;
  skipWaiting(): Promise<void>;
  readonly registration: ServiceWorkerRegistration;
  readonly clients: {
    claim(): Promise<void>;
    matchAll(options: { type: "window"; includeUncontrolled: boolean }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
  };
  addEventListener(type: "install" | "activate", listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: "fetch", listener: (event: FetchEvent) => void): void;
  addEventListener(type: "message", listener: (event: ExtendableMessageEvent) => void): void;
  addEventListener(type: "push", listener: (event: PushEvent) => void): void;
  addEventListener(type: "notificationclick", listener: (event: NotificationEvent) => void): void;
}

const worker = self as unknown as WorkerScope;
const origin = worker.location.origin;

async function keepOnly(partition: string | null): Promise<void> {
  const doomed = cachesToDelete(await caches.keys(), partition);
  await Promise.all(doomed.map((name) => caches.delete(name)));
}

async function currentPageCache(): Promise<Cache | null> {
  const name = (await caches.keys()).find((key) => key.startsWith(PAGE_CACHE_PREFIX));
  return name ? caches.open(name) : null;
}

async function store(cacheName: string, url: string, response: Response): Promise<void> {
  const cache = await caches.open(cacheName);
  // Re-stored pages move to the end: the oldest are dropped first.
  await cache.delete(url, { ignoreVary: true });
  await cache.put(url, response);
  const doomed = overflow(await cache.keys());
  await Promise.all(doomed.map((request) => cache.delete(request)));
}

/** Keeps a navigation's answer when the rules allow it, after dropping any other user's pages. */
async function remember(request: Request, response: Response): Promise<void> {
  const partition = partitionOf(response.headers.get(CACHE_PARTITION_HEADER));
  if (partition === undefined) return;
  await keepOnly(partition);
  const cacheName = cacheFor(
    request,
    { status: response.status, contentType: response.headers.get("Content-Type"), partition },
    origin,
  );
  if (cacheName) await store(cacheName, request.url, response);
}

const FALLBACK_OFFLINE_PAGE = `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Offline · Keel</title><main><h1>You are offline</h1><p>This page is not available offline. Keel opens it when the connection is back.</p></main></html>`;

async function offlineAnswer(request: Request): Promise<Response> {
  const pages = await currentPageCache();
  const cached = await pages?.match(request.url, { ignoreVary: true });
  if (cached) return cached;
  const offline = await caches.open(OFFLINE_CACHE);
  const page = (await offline.match(OFFLINE_PATH)) ?? (await offline.match(offlinePageUrl("en")));
  if (page) return page;
  return new Response(FALLBACK_OFFLINE_PAGE, {
    status: 503,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
}

async function navigate(event: FetchEvent): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(event.request);
  } catch {
    return offlineAnswer(event.request);
  }
  event.waitUntil(remember(event.request, response.clone()));
  return response;
}

async function prepareOfflinePage(language: string): Promise<void> {
  const cache = await caches.open(OFFLINE_CACHE);
  const url = offlinePageUrl(language);
  let page = await cache.match(url);
  if (!page) {
    const response = await fetch(url, { credentials: "omit" });
    if (!response.ok) return;
    await cache.put(url, response.clone());
    page = response;
  }
  await cache.put(OFFLINE_PATH, page);
}

/** A page reached without a document load (a client-side navigation): fetched once more, to keep. */
async function keepVisited(partition: string, url: string): Promise<void> {
  if (!isOfflinePage(new URL(url, origin), origin)) return;
  const cache = await caches.open(pageCacheName(partition));
  const cached = await cache.match(url, { ignoreVary: true });
  if (cached && !needsRefresh(cached.headers.get("Date"), Date.now())) return;
  const request = new Request(url, { credentials: "same-origin", headers: { accept: "text/html" } });
  const response = await fetch(request);
  const answered = partitionOf(response.headers.get(CACHE_PARTITION_HEADER));
  // Another user signed in meanwhile: their answer belongs in no cache of this user's.
  if (answered !== partition) return remember(request, response);
  const cacheName = cacheFor(
    { method: "GET", mode: "navigate", url },
    { status: response.status, contentType: response.headers.get("Content-Type"), partition: answered },
    origin,
  );
  if (cacheName) await store(cacheName, url, response);
}

async function handleMessage(message: PageMessage): Promise<void> {
  if (message.type === "sign-out") return keepOnly(null);
  await keepOnly(message.partition);
  await prepareOfflinePage(message.language).catch(() => undefined);
  if (message.partition) await keepVisited(message.partition, message.url).catch(() => undefined);
}

worker.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(OFFLINE_CACHE)
      .then((cache) => cache.add(offlinePageUrl("en")))
      .catch(() => undefined)
      .then(() => worker.skipWaiting()),
  );
});

worker.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith("keel-offline-") && name !== OFFLINE_CACHE)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => worker.clients.claim()),
  );
});

worker.addEventListener("fetch", (event) => {
  if (!handlesRequest(event.request, origin)) return;
  event.respondWith(navigate(event));
});

worker.addEventListener("message", (event) => {
  if (event.origin !== origin) return;
  const message = parsePageMessage(event.data);
  if (message) event.waitUntil(handleMessage(message));
});

// Web Push (docs/decisions/0018-web-push.md): the backend's notification, one per thread (its tag).
worker.addEventListener("push", (event) => {
  const message = parsePushMessage(event.data?.text() ?? null, origin);
  if (!message) return;
  event.waitUntil(
    worker.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      icon: NOTIFICATION_ICON,
      data: { url: message.url },
    }),
  );
});

/** Shows `url` in a Keel window: one already there, else any Keel window, else a new one. */
async function openThread(url: string): Promise<void> {
  const windows = await worker.clients.matchAll({ type: "window", includeUncontrolled: true });
  const same = windows.find((client) => client.url === url);
  // Focusing needs the click's user activation; a window that cannot be focused is still shown the thread.
  if (same) {
    await same.focus().catch(() => undefined);
    return;
  }
  const any = windows.find((client) => new URL(client.url).origin === origin);
  if (any) {
    const navigated = await any.navigate(url).catch(() => null);
    if (navigated) {
      await navigated.focus().catch(() => undefined);
      return;
    }
  }
  await worker.clients.openWindow(url);
}

worker.addEventListener("notificationclick", (event) => {
  event.notification.close();
  event.waitUntil(openThread(clickTarget(event.notification.data, origin)));
});
