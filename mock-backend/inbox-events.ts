// Inbox changes pushed to open tabs over Server-Sent Events, across every backend server: an InboxEvent
// row per write (its id is the event id), signalled in-process on SQLite and by NOTIFY on PostgreSQL, with
// a short poll as the safety net. A reconnecting stream names its Last-Event-ID and gets what it missed.
import { EventEmitter } from "node:events";
import { createRequire } from "node:module";
import type { Response } from "express";
import type pg from "pg";
import { dbProvider, dbUrl, type Db } from "./db.ts";

/** The PostgreSQL channel of inbox events; a payload is `<event id>:<user id>`. */
export const INBOX_CHANNEL = "keel_inbox";
/** Serialises the recording of events on PostgreSQL, so ids commit in order (see recordInboxEvent). */
const EVENT_ORDER_LOCK = 4_824_130_118;
/** Events are kept this long for reconnecting streams; the folders sent after a replay cover older ones. */
export const INBOX_EVENT_RETENTION_MS = 24 * 60 * 60 * 1000;
const PRUNE_INTERVAL_MS = 10 * 60 * 1000;
const EVENT_BATCH = 100;
/** Reconnection time a stream closed by a server that stops is told to wait, before jitter. */
export const DRAIN_RETRY_MS = 500;
const LISTENER_RETRY_MS = 1000;
/** Delay before a user's failed read is tried again: no later change may be needed to deliver it. */
export const FAN_OUT_RETRY_MS = 1000;

const local = new EventEmitter();
local.setMaxListeners(0);
const streams = new Set<Response>();
const lastPrune = new WeakMap<Db, number>();

export interface InboxEvent {
  id: number;
  threadId: string | null;
}

/**
 * On PostgreSQL the insert holds an advisory lock so events commit in id order (a reader that has seen id n
 * never finds a smaller one later), and the NOTIFY shares the transaction, so it arrives with the row.
 */
export async function publishInboxChange(
  db: Db,
  userId: string,
  threadId: string | null = null,
): Promise<number> {
  const createdAt = BigInt(Date.now());
  let id: number;
  if (dbProvider(db) === "postgresql") {
    id = await db.$transaction(async (tx) => {
      await tx.$executeRawUnsafe(`SELECT pg_advisory_xact_lock(${EVENT_ORDER_LOCK})`);
      const row = await tx.inboxEvent.create({ data: { userId, threadId, createdAt } });
      await tx.$executeRaw`SELECT pg_notify(${INBOX_CHANNEL}, ${`${row.id}:${userId}`})`;
      return row.id;
    });
  } else {
    id = (await db.inboxEvent.create({ data: { userId, threadId, createdAt } })).id;
    local.emit("change", db, userId);
  }
  const now = Date.now();
  if ((lastPrune.get(db) ?? 0) + PRUNE_INTERVAL_MS <= now) {
    lastPrune.set(db, now);
    void db.inboxEvent
      .deleteMany({ where: { createdAt: { lt: BigInt(now - INBOX_EVENT_RETENTION_MS) } } })
      .catch(() => undefined);
  }
  return id;
}

export async function latestInboxEvent(db: Db, userId: string): Promise<number> {
  const row = await db.inboxEvent.findFirst({
    where: { userId },
    orderBy: { id: "desc" },
    select: { id: true },
  });
  return row?.id ?? 0;
}

export function inboxEventsAfter(db: Db, userId: string, after: number): Promise<InboxEvent[]> {
  return db.inboxEvent.findMany({
    where: { userId, id: { gt: after } },
    orderBy: { id: "asc" },
    take: EVENT_BATCH,
    select: { id: true, threadId: true },
  });
}

/** Calls `onChange(userId)` for every inbox event of any process; a user may be named twice for one. */
export function watchInboxEvents(db: Db, pollMs: number, onChange: (userId: string) => void): () => void {
  let stopped = false;
  const onLocal = (source: Db, userId: string) => {
    if (source === db) onChange(userId);
  };
  local.on("change", onLocal);

  let cursor: number | undefined;
  let polling = false;
  const poll = async () => {
    if (polling || stopped) return;
    polling = true;
    try {
      if (cursor === undefined) {
        cursor = (await db.inboxEvent.aggregate({ _max: { id: true } }))._max.id ?? 0;
      } else {
        const rows = await db.inboxEvent.findMany({
          where: { id: { gt: cursor } },
          orderBy: { id: "asc" },
          take: 1000,
          select: { id: true, userId: true },
        });
        if (rows.length > 0) cursor = rows.at(-1)!.id;
        for (const userId of new Set(rows.map((row) => row.userId))) onChange(userId);
      }
    } catch {
      // The database is unreachable for now: the next tick tries again.
    } finally {
      polling = false;
    }
  };
  void poll();
  const timer = setInterval(() => void poll(), pollMs);
  timer.unref();

  let listener: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const url = dbUrl(db);
  const listen = () => {
    if (stopped || !url) return;
    // Required on first use: a process on SQLite never loads the driver.
    const { Client } = createRequire(import.meta.url)("pg") as typeof pg;
    const client = new Client({ connectionString: url });
    listener = client;
    let failed = false;
    const fail = () => {
      if (failed) return;
      failed = true;
      void client.end().catch(() => undefined);
      if (listener === client) listener = undefined;
      if (!stopped) retry = setTimeout(listen, LISTENER_RETRY_MS).unref();
    };
    client.on("error", fail);
    client.on("end", fail);
    client.on("notification", (message) => {
      const payload = message.payload ?? "";
      const colon = payload.indexOf(":");
      if (colon > 0) onChange(payload.slice(colon + 1));
    });
    client
      .connect()
      .then(() => client.query(`LISTEN ${INBOX_CHANNEL}`))
      // Events recorded while the listener was down reach streams through the poll.
      .then(() => void poll(), fail);
  };
  if (dbProvider(db) === "postgresql") listen();

  return () => {
    stopped = true;
    local.off("change", onLocal);
    clearInterval(timer);
    clearTimeout(retry);
    void listener?.end().catch(() => undefined);
    listener = undefined;
  };
}

export function trackStream(res: Response): () => void {
  streams.add(res);
  return () => streams.delete(res);
}

/** Ends every open stream so shutdown is not held open; each comes back after a jittered retry. */
export function closeInboxStreams(): void {
  for (const res of streams) {
    if (!res.writableEnded) {
      res.write(`retry: ${DRAIN_RETRY_MS + Math.floor(Math.random() * DRAIN_RETRY_MS)}\n\n`);
      res.end();
    }
  }
  streams.clear();
}

export interface InboxStreamLimits {
  /** Open streams per user; opening one more closes the user's oldest. */
  maxStreamsPerUser: number;
  eventPollMs: number;
}

export interface InboxSubscriber {
  send(text: string): void;
  supersede(): void;
  cursor: number;
}

export interface InboxStreamRegistry {
  add(userId: string, subscriber: InboxSubscriber): () => void;
  count(userId: string): number;
}

interface UserStreams {
  subscribers: Set<InboxSubscriber>;
  reading: boolean;
  again: boolean;
}

/**
 * The open streams of one backend, by user: a change is read once per user and fanned out. Past the cap
 * the oldest stream is closed (`superseded`), since the tab just opened is the one a person looks at.
 */
export function createInboxStreamRegistry(options: {
  maxStreamsPerUser: number;
  read: (userId: string) => Promise<unknown>;
  events: (userId: string, after: number) => Promise<InboxEvent[]>;
  watch: (onChange: (userId: string) => void) => () => void;
  retryMs?: number;
}): InboxStreamRegistry {
  const users = new Map<string, UserStreams>();
  let stopWatching: (() => void) | undefined;

  async function fanOut(userId: string, entry: UserStreams): Promise<void> {
    entry.reading = true;
    let failed = false;
    do {
      entry.again = false;
      failed = false;
      try {
        const from = Math.min(...[...entry.subscribers].map((s) => s.cursor));
        const events = await options.events(userId, from);
        const last = events.at(-1)?.id;
        if (last === undefined) continue;
        if (events.length === EVENT_BATCH) entry.again = true;
        const folders = sseMessage("folders", await options.read(userId), last);
        for (const subscriber of entry.subscribers) {
          if (subscriber.cursor >= last) continue;
          const missed = events
            .filter((e) => e.id > subscriber.cursor && e.threadId !== null)
            .map((e) => sseMessage("notification", { thread: { id: e.threadId } }, e.id));
          subscriber.cursor = last;
          subscriber.send(missed.join("") + folders);
        }
      } catch {
        // The cursors stay where they were and the read is tried again shortly: the poll only signals
        // new events, so waiting for the next change could hold this one back indefinitely.
        failed = true;
      }
    } while (entry.again && entry.subscribers.size > 0);
    entry.reading = false;
    if (failed && entry.subscribers.size > 0) {
      setTimeout(() => onChange(userId), options.retryMs ?? FAN_OUT_RETRY_MS).unref();
    }
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
      stopWatching ??= options.watch(onChange);
      onChange(userId);
      const own = entry;
      return () => {
        own.subscribers.delete(subscriber);
        if (own.subscribers.size === 0 && users.get(userId) === own) users.delete(userId);
        if (users.size === 0) {
          stopWatching?.();
          stopWatching = undefined;
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

/** One SSE message, with the event id when it has one; data lines are JSON, never a raw newline. */
export function sseMessage(event: string, data: unknown, id?: number): string {
  return `${id === undefined ? "" : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

export function parseLastEventId(header: string | undefined): number | undefined {
  if (header === undefined || !/^\d{1,15}$/.test(header)) return undefined;
  return Number(header);
}
