import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { expect, test, vi } from "vitest";
import { InboxFoldersSchema, InboxThreadSchema } from "#contract/api.ts";
import { createMockBackendApp } from "./app.ts";
import {
  closeInboxStreams,
  createInboxStreamRegistry,
  pingIntervalFor,
  sseMessage,
  type InboxStreamLimits,
} from "./inbox-events.ts";
import { bearer, expectError, withBackend, writableState } from "#tests/helpers/backend.ts";
import { TEST_SECRET } from "#tests/helpers/mock-client.ts";
import { createPrisma, type Db } from "./db.ts";
import { readCache } from "./read-cache.ts";

const NOTIFY = "/api/inbox/threads";
const news = (login: string, subject = "You were mentioned in DEMO-1") => ({
  recipient: { login },
  subject,
  text: "@alice please have a look",
  issue: { idReadable: "DEMO-1" },
});

test("an administrator's notification lands in the recipient's direct folder and raises lastNotified", async () => {
  await withBackend(async ({ db, client }) => {
    const before = Date.now();
    const response = await client.request("POST", NOTIFY, { body: news("alice"), headers: bearer("admin") });
    expect(response.status, response.text).toBe(201);
    const thread = InboxThreadSchema.parse(response.json);
    expect(thread).toMatchObject({
      folder: { id: "direct" },
      unread: true,
      subject: "You were mentioned in DEMO-1",
    });
    expect(thread.messages[0]?.author).toEqual({ login: "admin", name: "Ada Admin" });
    const folder = await db.inboxFolder.findFirstOrThrow({
      where: { user: { login: "alice" }, folderId: "direct" },
    });
    expect(Number(folder.lastNotified)).toBeGreaterThanOrEqual(before);
  });
});

test("only administrators may send notifications, and nothing is written otherwise", async () => {
  await withBackend(async ({ db, client }) => {
    const state = await writableState(db);
    expectError(await client.request("POST", NOTIFY, { body: news("admin"), headers: bearer("alice") }), 403);
    expect(await writableState(db)).toEqual(state);
  });
});

test.each([
  ["an unknown recipient", news("nobody")],
  ["an empty subject", news("alice", "  ")],
  ["an unknown field", { ...news("alice"), priority: "high" }],
  ["the what's-new folder", { ...news("alice"), folder: { id: "whatsnew" } }],
])("%s is refused with 400 and nothing is written", async (_name, body) => {
  await withBackend(async ({ db, client }) => {
    const state = await writableState(db);
    expectError(await client.request("POST", NOTIFY, { body, headers: bearer("admin") }), 400);
    expect(await writableState(db)).toEqual(state);
  });
});

/** Reads SSE messages from a live stream until `until` says stop. */
async function readEvents(
  response: Response,
  until: (events: { event: string; data: unknown }[]) => boolean,
): Promise<{ event: string; data: unknown }[]> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const events: { event: string; data: unknown }[] = [];
  let buffer = "";
  while (!until(events)) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let end: number;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (event && data) events.push({ event, data: JSON.parse(data) });
    }
  }
  await reader.cancel();
  return events;
}

/** Raw SSE messages with their ids, from a live stream. */
function followRaw(response: Response) {
  const messages: { id?: number; event: string; data: unknown }[] = [];
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  let ended = false;
  const done = (async () => {
    for (;;) {
      const { value, done: finished } = await reader.read().catch(() => ({ value: "", done: true }));
      if (finished) break;
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const id = /^id: (\d+)$/m.exec(block)?.[1];
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event && data)
          messages.push({ ...(id ? { id: Number(id) } : {}), event, data: JSON.parse(data) });
      }
    }
    ended = true;
  })();
  return {
    messages,
    done,
    ended: () => ended,
    stop: () => reader.cancel().catch(() => undefined),
    lastId: () => messages.findLast((m) => m.id !== undefined)?.id,
    threads: () =>
      messages
        .filter((m) => m.event === "notification")
        .map((m) => (m.data as { thread: { id: string } }).thread.id),
  };
}

async function listening(db: Db, options: Partial<InboxStreamLimits> = {}) {
  const app = createMockBackendApp({ db, secret: TEST_SECRET, inboxStreams: options });
  const server = app.listen(0, "127.0.0.1");
  await once(server, "listening");
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

test("the inbox stream sends the ping timeout, the folders, and the folders again after a notification", async () => {
  await withBackend(async ({ db }) => {
    const { server, url } = await listening(db);
    try {
      const stream = await fetch(`${url}/api/inbox/events`, { headers: bearer("alice") });
      expect(stream.status).toBe(200);
      expect(stream.headers.get("content-type")).toMatch(/^text\/event-stream/);
      const live = follow(stream);
      // The stream subscribes right after it sends the first folders: from then on, news for alice reaches it.
      await waitFor(() => live.count("folders") === 1);
      expect((await notify(url, "alice")).status).toBe(201);
      await waitFor(() => live.count("folders") === 2);
      const { events } = live;
      expect(events[0]).toEqual({ event: "ready", data: { pingTimeoutMs: 300_000 } });
      const [first, second] = events
        .filter((e) => e.event === "folders")
        .map((e) => InboxFoldersSchema.parse(e.data));
      const direct = (folders: typeof first) => folders!.find((f) => f.id === "direct")!;
      expect(direct(second).lastNotified!).toBeGreaterThan(direct(first).lastNotified!);
    } finally {
      closeInboxStreams();
      server.close();
    }
  });
});

test("another user's change is not sent on alice's stream", async () => {
  await withBackend(async ({ db }) => {
    const { server, url } = await listening(db);
    try {
      const live = follow(await fetch(`${url}/api/inbox/events`, { headers: bearer("alice") }));
      await waitFor(() => live.count("folders") === 1);
      expect((await notify(url, "tom")).status).toBe(201);
      // Events keep their order: had tom's change reached alice's stream, it would come before hers.
      expect((await notify(url, "alice")).status).toBe(201);
      await waitFor(() => live.count("folders") >= 2);
      expect(live.count("folders")).toBe(2);
    } finally {
      closeInboxStreams();
      server.close();
    }
  });
});

/** A live stream's reader: events so far, and a wait for more. */
function follow(response: Response) {
  const events: { event: string; data: unknown }[] = [];
  let ended = false;
  const done = readEvents(response, (seen) => {
    events.splice(0, events.length, ...seen);
    return false;
  }).then(() => {
    ended = true;
  });
  return {
    events,
    ended: () => ended,
    done,
    count: (name: string) => events.filter((e) => e.event === name).length,
  };
}

async function waitFor(condition: () => boolean): Promise<void> {
  await vi.waitFor(() => expect(condition()).toBe(true), { timeout: 5_000, interval: 10 });
}

const notify = (url: string, login: string) =>
  fetch(`${url}${NOTIFY}`, {
    method: "POST",
    headers: { ...bearer("admin"), "content-type": "application/json" },
    body: JSON.stringify(news(login)),
  });

test("a user's streams beyond the cap close the oldest, which is told why; the newest stay live", async () => {
  await withBackend(async ({ db }) => {
    const { server, url } = await listening(db, { maxStreamsPerUser: 3 });
    try {
      const streams = [];
      for (let i = 0; i < 5; i += 1) {
        const stream = follow(await fetch(`${url}/api/inbox/events`, { headers: bearer("alice") }));
        await waitFor(() => stream.count("folders") === 1);
        streams.push(stream);
      }
      const [first, second, ...live] = streams;
      await waitFor(() => first!.ended() && second!.ended());
      for (const old of [first!, second!]) {
        expect(old.events.at(-1)).toEqual({ event: "superseded", data: { reason: "too_many_streams" } });
      }
      expect(live.some((s) => s.ended())).toBe(false);

      expect((await notify(url, "alice")).status).toBe(201);
      await waitFor(() => live.every((s) => s.count("folders") === 2));
      expect(first!.count("folders") + second!.count("folders")).toBe(2);
    } finally {
      closeInboxStreams();
      server.close();
    }
  });
});

test("one inbox change is read once for all of a user's streams, and every stream gets it", async () => {
  await withBackend(async ({ db }) => {
    const { server, url } = await listening(db);
    try {
      const streams = await Promise.all(
        Array.from({ length: 8 }, async () =>
          follow(await fetch(`${url}/api/inbox/events`, { headers: bearer("alice") })),
        ),
      );
      await waitFor(() => streams.every((s) => s.count("folders") === 1));
      const reads = vi.spyOn(db.inboxFolder, "findMany");
      expect((await notify(url, "alice")).status).toBe(201);
      await waitFor(() => streams.every((s) => s.count("folders") === 2));
      expect(reads).toHaveBeenCalledTimes(1);
      const [first, ...others] = streams.map((s) => s.events.at(-1));
      for (const other of others) expect(other).toEqual(first);
    } finally {
      closeInboxStreams();
      server.close();
    }
  });
});

test("guests cannot open an inbox stream", async () => {
  await withBackend(async ({ db }) => {
    const { server, url } = await listening(db);
    try {
      expect((await fetch(`${url}/api/inbox/events`)).status).toBe(401);
    } finally {
      server.close();
    }
  });
});

test("pings come at a third of the reported timeout, never more often than every second", () => {
  expect(pingIntervalFor(300_000)).toBe(100_000);
  expect(pingIntervalFor(30_000)).toBe(10_000);
  expect(pingIntervalFor(1_500)).toBe(1_000);
});

test("an SSE message is one event line and one JSON data line", () => {
  expect(sseMessage("folders", [{ id: "direct", text: "a\nb" }])).toBe(
    'event: folders\ndata: [{"id":"direct","text":"a\\nb"}]\n\n',
  );
});

test("a reconnecting stream sends Last-Event-ID and gets every notification it missed, in order, then the folders", async () => {
  await withBackend(async ({ db }) => {
    const { server, url } = await listening(db);
    try {
      const first = followRaw(await fetch(`${url}/api/inbox/events`, { headers: bearer("alice") }));
      await waitFor(() => first.messages.some((m) => m.event === "folders"));
      const one = InboxThreadSchema.parse(await (await notify(url, "alice")).json());
      await waitFor(() => first.threads().includes(one.id));
      const resumeAt = first.lastId()!;
      await first.stop();

      const missed = [];
      for (let i = 0; i < 3; i += 1)
        missed.push(InboxThreadSchema.parse(await (await notify(url, "alice")).json()).id);
      await notify(url, "tom");

      const again = followRaw(
        await fetch(`${url}/api/inbox/events`, {
          headers: { ...bearer("alice"), "last-event-id": String(resumeAt) },
        }),
      );
      await waitFor(() => again.threads().length === 3 && again.messages.at(-1)?.event === "folders");
      expect(again.threads()).toEqual(missed);
      const ids = again.messages.flatMap((m) => (m.event === "notification" ? [m.id!] : []));
      expect(ids.every((id, i) => id > resumeAt && (i === 0 || id > ids[i - 1]!))).toBe(true);
      expect(again.messages.at(-1)!.id).toBe(ids.at(-1));

      // Without Last-Event-ID a stream starts at the newest event and replays nothing.
      const fresh = followRaw(await fetch(`${url}/api/inbox/events`, { headers: bearer("alice") }));
      await waitFor(() => fresh.messages.some((m) => m.event === "folders"));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(fresh.threads()).toEqual([]);
      expect(fresh.lastId()).toBe(ids.at(-1));
      await Promise.all([again.stop(), fresh.stop()]);
    } finally {
      closeInboxStreams();
      server.close();
    }
  });
});

test("a notification written through one server reaches a stream held by another on the same database", async () => {
  await withBackend(async ({ db }) => {
    // A second process's client: its own connection, its own streams, no shared memory with the first.
    const [main] = await db.$queryRawUnsafe<{ file: string }[]>("PRAGMA database_list");
    const other = createPrisma(`file:${main!.file}`);
    const writer = await listening(db);
    const holder = await listening(other, { eventPollMs: 50 });
    try {
      const stream = followRaw(await fetch(`${holder.url}/api/inbox/events`, { headers: bearer("alice") }));
      await waitFor(() => stream.messages.some((m) => m.event === "folders"));
      const sent = InboxThreadSchema.parse(await (await notify(writer.url, "alice")).json());
      await waitFor(() => stream.threads().includes(sent.id));
      await stream.stop();
    } finally {
      closeInboxStreams();
      writer.server.close();
      holder.server.close();
      await other.$disconnect();
      readCache(other).close();
    }
  });
});

test("a server that stops closes its streams with a short retry hint", async () => {
  await withBackend(async ({ db }) => {
    const { server, url } = await listening(db);
    try {
      const response = await fetch(`${url}/api/inbox/events`, { headers: bearer("alice") });
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
      let text = "";
      while (!text.includes("event: folders")) text += (await reader.read()).value ?? "";
      closeInboxStreams();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        text += value;
      }
      const hints = [...text.matchAll(/^retry: (\d+)$/gm)].map((m) => Number(m[1]));
      expect(hints[0]).toBe(30_000);
      expect(hints.at(-1)).toBeLessThanOrEqual(1_000);
    } finally {
      server.close();
    }
  });
});

test("a read that fails is tried again, so the event arrives without another change", async () => {
  let changed: ((userId: string) => void) | undefined;
  let failures = 1;
  const registry = createInboxStreamRegistry({
    maxStreamsPerUser: 5,
    retryMs: 10,
    read: () => Promise.resolve([]),
    events: (_userId, after) => {
      if (failures > 0) {
        failures -= 1;
        return Promise.reject(new Error("connection lost"));
      }
      return Promise.resolve(after < 7 ? [{ id: 7, threadId: "thread-7" }] : []);
    },
    watch: (onChange) => {
      changed = onChange;
      return () => undefined;
    },
  });
  const sent: string[] = [];
  const remove = registry.add("alice", { cursor: 6, send: (text) => sent.push(text), supersede: () => {} });
  // The registration's own read is the one that fails; nothing else signals a change.
  expect(changed).toBeDefined();
  await vi.waitFor(() =>
    expect(sent.join("")).toContain(sseMessage("notification", { thread: { id: "thread-7" } }, 7)),
  );
  remove();
});
