// What the service worker does with a push and a click on its notification, tested without a browser.
import {
  NOTIFICATION_KINDS,
  PUSH_BODY_MAX_LENGTH,
  PUSH_TITLE_MAX_LENGTH,
  type PushMessage,
} from "#contract/notification-kinds.ts";

export const NOTIFICATION_ICON = "/icons/keel-192.png";
const TAG = /^[\w:-]{1,100}$/;

/** The same-origin address a path names, or null for anything that would leave Keel. */
export function sameOriginUrl(value: unknown, origin: string): string | null {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//")) return null;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return null;
  }
  return url.origin === origin ? url.href : null;
}

/** A push's data as the worker shows it; null for a push that is not Keel's notification. */
export function parsePushMessage(text: string | null, origin: string): PushMessage | null {
  let data: unknown;
  try {
    data = text === null ? null : JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof data !== "object" || data === null) return null;
  const message = data as Record<string, unknown>;
  const url = sameOriginUrl(message.url, origin);
  const kind = NOTIFICATION_KINDS.find((k) => k === message.kind);
  if (typeof message.title !== "string" || !message.title.trim() || !url || !kind) return null;
  return {
    title: message.title.slice(0, PUSH_TITLE_MAX_LENGTH),
    body: typeof message.body === "string" ? message.body.slice(0, PUSH_BODY_MAX_LENGTH) : "",
    url,
    tag: typeof message.tag === "string" && TAG.test(message.tag) ? message.tag : kind,
    kind,
  };
}

/** The page a notification's click opens: the address it carries when on Keel's origin, else the inbox. */
export function clickTarget(data: unknown, origin: string): string {
  const url = typeof data === "object" && data !== null ? (data as { url?: unknown }).url : undefined;
  try {
    if (typeof url === "string" && new URL(url).origin === origin) return new URL(url).href;
  } catch {
    // Not an address: the inbox instead.
  }
  return new URL("/notifications", origin).href;
}
