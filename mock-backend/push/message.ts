import type { InboxThread } from "#contract/api.ts";
import {
  clip,
  notificationKindOf,
  PUSH_BODY_MAX_LENGTH,
  PUSH_TITLE_MAX_LENGTH,
  threadUrl,
  type PushMessage,
} from "#contract/notification-kinds.ts";

/** A thread's push: its subject, the newest message with its author, and the page it opens. */
export function pushMessageOf(thread: InboxThread): PushMessage {
  const message = thread.messages.at(-1);
  const author = message?.author?.name;
  const text = message ? (author ? `${author}: ${message.text}` : message.text) : "";
  return {
    title: clip(thread.subject, PUSH_TITLE_MAX_LENGTH),
    body: clip(text, PUSH_BODY_MAX_LENGTH),
    url: threadUrl(thread),
    tag: `thread-${thread.id}`,
    kind: notificationKindOf(thread),
  };
}
