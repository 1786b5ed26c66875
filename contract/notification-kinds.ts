// The kinds of notification a person chooses to receive outside the page (desktop notifications and Web
// Push), and what a push carries: plain data, shared by the backend that sends and the browser that shows.

export const NOTIFICATION_KINDS = ["mention", "reaction", "subscription", "whatsnew"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export type NotificationKinds = Record<NotificationKind, boolean>;

export const DEFAULT_NOTIFICATION_KINDS: NotificationKinds = {
  mention: true,
  reaction: true,
  subscription: true,
  whatsnew: true,
};

/** The kind of an inbox thread: its type; a thread of the subscription folder is a subscription. */
export function notificationKindOf(thread: {
  type: "mention" | "reaction" | "subscription";
  folder: { id: string };
}): NotificationKind {
  return thread.folder.id === "subscription" ? "subscription" : thread.type;
}

/** The longest text of a push's title and body: a push service carries at most 4 KB, encrypted. */
export const PUSH_TITLE_MAX_LENGTH = 200;
export const PUSH_BODY_MAX_LENGTH = 600;
/** Subscription bounds: a push service's endpoint URL, and the P-256 key (65 bytes) and auth secret. */
export const PUSH_ENDPOINT_MAX_LENGTH = 1024;
export const PUSH_P256DH_LENGTH = 87;
export const PUSH_AUTH_LENGTH = 22;

/** What a push carries to the service worker; `url` is a path on Keel's origin. */
export interface PushMessage {
  title: string;
  body: string;
  url: string;
  /** One notification per thread: a newer one replaces it. */
  tag: string;
  kind: NotificationKind;
}

/** The page a thread opens: its issue, else its folder of the notifications page. */
export function threadUrl(thread: { issue: { idReadable: string } | null; folder: { id: string } }): string {
  return thread.issue
    ? `/issue/${encodeURIComponent(thread.issue.idReadable)}`
    : `/notifications?folder=${encodeURIComponent(thread.folder.id)}`;
}

export function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}

export interface NotifiedThread {
  id: string;
  type: "mention" | "reaction" | "subscription";
  folder: { id: string };
  subject: string;
  issue: { idReadable: string } | null;
  messages: readonly { author: { name: string } | null; text: string }[];
}

/**
 * A thread's notification: its subject, the newest message with its author, and the page it opens.
 * Messages quote comments, which are Markdown; `plain` gives the text a notification shows without marks.
 */
export function notificationOf(thread: NotifiedThread, plain: (markdown: string) => string): PushMessage {
  const message = thread.messages.at(-1);
  const author = message?.author?.name;
  const said = message ? plain(message.text) : "";
  const text = message ? (author ? `${author}: ${said}` : said) : "";
  return {
    title: clip(thread.subject, PUSH_TITLE_MAX_LENGTH),
    body: clip(text, PUSH_BODY_MAX_LENGTH),
    url: threadUrl(thread),
    tag: `thread-${thread.id}`,
    kind: notificationKindOf(thread),
  };
}
