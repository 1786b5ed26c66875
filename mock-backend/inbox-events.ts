// Inbox changes pushed to open tabs over Server-Sent Events. One hub per process: every write to a user's
// inbox publishes; each backend reads that user's folders once and sends them on all of the user's streams.
import { EventEmitter } from "node:events";
import type { Response } from "express";

const hub = new EventEmitter();
hub.setMaxListeners(0);
const streams = new Set<Response>();

export function publishInboxChange(userId: string): void {
  hub.emit("change", userId);
}

export function onInboxChange(listener: (userId: string) => void): () => void {
  hub.on("change", listener);
  return () => hub.off("change", listener);
}

export function trackStream(res: Response): () => void {
  streams.add(res);
  return () => streams.delete(res);
}

/** Ends every open stream, so a shutting-down server is not held open by them. */
export function closeInboxStreams(): void {
  for (const res of streams) res.end();
  streams.clear();
}

export interface InboxStreamLimits {
  /** Open streams per user; opening one more closes the user's oldest. */
  maxStreamsPerUser: number;
}

/** One open stream as the registry sees it. */
export interface InboxSubscriber {
  send(text: string): void;
  /** Called when a newer stream of the same user takes this one's place. */
  supersede(): void;
}

export interface InboxStreamRegistry {
  /** Adds a user's stream, closing their oldest beyond the cap; returns the removal. */
  add(userId: string, subscriber: InboxSubscriber): () => void;
  count(userId: string): number;
}

interface UserStreams {
  subscribers: Set<InboxSubscriber>;
  reading: boolean;
  again: boolean;
}

/**
 * The open streams of one backend, by user. A change is read once per user and the same message goes to
 * every stream of that user; changes that arrive during a read are covered by one more read after it.
 * The newest stream is kept and the oldest closed, because the tab a person just opened is the one they
 * look at; the closed one is told why (event `superseded`) and falls back to polling.
 */
export function createInboxStreamRegistry(options: {
  maxStreamsPerUser: number;
  read: (userId: string) => Promise<unknown>;
}): InboxStreamRegistry {
  const users = new Map<string, UserStreams>();
  let stopListening: (() => void) | undefined;

  async function fanOut(userId: string, entry: UserStreams): Promise<void> {
    entry.reading = true;
    do {
      entry.again = false;
      try {
        const message = sseMessage("folders", await options.read(userId));
        for (const subscriber of entry.subscribers) subscriber.send(message);
      } catch {
        // A failed read is skipped; the next change or the client's polling catches up.
      }
    } while (entry.again && entry.subscribers.size > 0);
    entry.reading = false;
  }

  function onChange(userId: string): void {
    const entry = users.get(userId);
    if (!entry) return;
    if (entry.reading) entry.again = true;
    else void fanOut(userId, entry);
  }

  return {
    add(userId, subscriber) {
      let entry = users.get(userId);
      if (!entry) {
        entry = { subscribers: new Set(), reading: false, again: false };
        users.set(userId, entry);
      }
      // A Set iterates in insertion order, so the first subscriber is the oldest.
      while (entry.subscribers.size >= Math.max(1, options.maxStreamsPerUser)) {
        const oldest = entry.subscribers.values().next().value!;
        entry.subscribers.delete(oldest);
        oldest.supersede();
      }
      entry.subscribers.add(subscriber);
      stopListening ??= onInboxChange(onChange);
      const own = entry;
      return () => {
        own.subscribers.delete(subscriber);
        if (own.subscribers.size === 0 && users.get(userId) === own) users.delete(userId);
        if (users.size === 0) {
          stopListening?.();
          stopListening = undefined;
        }
      };
    },
    count: (userId) => users.get(userId)?.subscribers.size ?? 0,
  };
}

/** How often the server pings: a third of the timeout it reports, so two pings may be lost. */
export function pingIntervalFor(pingTimeoutMs: number): number {
  return Math.max(1_000, Math.floor(pingTimeoutMs / 3));
}

/** One SSE message; data lines are JSON, so they never contain a raw newline. */
export function sseMessage(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}
