import { expect, test } from "vitest";
import { InboxFoldersSchema, InboxThreadsSchema } from "#contract/api.ts";
import { SEED_EPOCH } from "#prisma/factories.ts";
import {
  bearer,
  expectError,
  expectOk,
  sameOrigin,
  selectorFor,
  useBackend,
  withBackend,
  withFields,
  writableState,
  type Backend,
} from "#tests/helpers/backend.ts";

const backend = useBackend();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const FOLDERS = "/api/inbox/folders";
const THREADS = "/api/inbox/threads";
const isUnread = (f: { lastNotified: number | null; lastSeen: number | null }) =>
  (f.lastNotified || -1) > (f.lastSeen || -1);

async function folders(login: string, client = backend.client) {
  const response = await client.request("GET", `${FOLDERS}?ignoreLicenseErrors=true`, {
    headers: bearer(login),
  });
  return InboxFoldersSchema.parse(expectOk(response));
}

async function threadIds(login: string, query = "", client = backend.client) {
  const response = await client.request("GET", `${THREADS}${query}`, { headers: bearer(login) });
  expect(response.status, response.text).toBe(200);
  return InboxThreadsSchema.parse(response.json).map((t) => t.id);
}

const messagesOf = (db: Backend["db"], userId: string) =>
  db.inboxMessage.findMany({ where: { thread: { userId } }, orderBy: { id: "asc" } });

test("GET /api/inbox/folders shows alice's direct and subscription folders as unread", async () => {
  const list = await folders("alice");
  expect(list).toEqual([
    { id: "direct", lastNotified: SEED_EPOCH - HOUR, lastSeen: SEED_EPOCH - DAY },
    { id: "subscription", lastNotified: SEED_EPOCH - 2 * HOUR, lastSeen: SEED_EPOCH - DAY },
    { id: "whatsnew", lastNotified: null, lastSeen: null },
  ]);
  expect(list.map(isUnread)).toEqual([true, true, false]);
});

test("GET /api/inbox/folders shows admin's folders as read", async () => {
  expect((await folders("admin")).some(isUnread)).toBe(false);
});

test("GET /api/inbox/folders gives rachel, who has no inbox, an empty list", async () => {
  expect(await folders("rachel")).toEqual([]);
});

test("GET /api/inbox/folders returns only the selected fields", async () => {
  const response = await backend.client.request("GET", withFields(FOLDERS, "id"), {
    headers: bearer("alice"),
  });
  expect(expectOk(response)).toEqual([{ id: "direct" }, { id: "subscription" }, { id: "whatsnew" }]);
});

test("GET /api/inbox/folders refuses an unknown query parameter", async () => {
  expectError(await backend.client.request("GET", `${FOLDERS}?all=1`, { headers: bearer("alice") }), 400);
});

test("POST /api/inbox/folders/{id} saves lastSeen, which clears the unread folder", async () => {
  await withBackend(async ({ db, client }) => {
    const response = await client.request("POST", `${FOLDERS}/direct`, {
      body: { id: "direct", lastSeen: SEED_EPOCH },
      headers: bearer("alice"),
    });
    expect(expectOk(response)).toEqual({
      id: "direct",
      lastNotified: SEED_EPOCH - HOUR,
      lastSeen: SEED_EPOCH,
    });
    const row = await db.inboxFolder.findUniqueOrThrow({
      where: { userId_folderId: { userId: "1-2", folderId: "direct" } },
    });
    expect(row.lastSeen).toBe(BigInt(SEED_EPOCH));
    expect((await folders("alice", client)).map(isUnread)).toEqual([false, true, false]);
  });
});

test("POST /api/inbox/folders/{id} accepts a body without id and creates a missing folder", async () => {
  await withBackend(async ({ db, client }) => {
    const response = await client.request("POST", `${FOLDERS}/whatsnew`, {
      body: { lastSeen: 5 },
      headers: bearer("rachel"),
    });
    expect(expectOk(response)).toEqual({ id: "whatsnew", lastNotified: null, lastSeen: 5 });
    expect(await db.inboxFolder.findMany({ where: { userId: "1-3" } })).toEqual([
      { userId: "1-3", folderId: "whatsnew", lastNotified: null, lastSeen: 5n },
    ]);
  });
});

test.each([
  ["an unknown folder id", "inbox", { lastSeen: SEED_EPOCH }],
  ["a body id that differs from the path", "direct", { id: "subscription", lastSeen: SEED_EPOCH }],
  ["a negative lastSeen", "direct", { id: "direct", lastSeen: -1 }],
  ["a fractional lastSeen", "direct", { lastSeen: 1.5 }],
  ["a string lastSeen", "direct", { lastSeen: String(SEED_EPOCH) }],
  ["a missing lastSeen", "direct", { id: "direct" }],
  ["an extra key", "direct", { lastSeen: SEED_EPOCH, lastNotified: SEED_EPOCH }],
])("POST /api/inbox/folders/{id} refuses %s with 400 and writes nothing", async (_, folder, body) => {
  await withBackend(async ({ db, client }) => {
    const before = await writableState(db);
    const response = await client.request("POST", `${FOLDERS}/${folder}`, { body, headers: bearer("alice") });
    expectError(response, 400, "bad_request");
    expect(await writableState(db)).toEqual(before);
  });
});

test("POST /api/inbox/folders/{id} refuses a malformed selector before it writes", async () => {
  await withBackend(async ({ db, client }) => {
    const before = await writableState(db);
    const response = await client.request("POST", withFields(`${FOLDERS}/direct`, "id,,lastSeen"), {
      body: { lastSeen: SEED_EPOCH },
      headers: bearer("alice"),
    });
    expectError(response, 400, "bad_request");
    expect(await writableState(db)).toEqual(before);
  });
});

test("POST /api/inbox/lastSeen marks the direct and subscription folders seen, not whatsnew", async () => {
  await withBackend(async ({ client }) => {
    const response = await client.request("POST", "/api/inbox/lastSeen", {
      body: { lastSeen: SEED_EPOCH },
      headers: bearer("alice"),
    });
    expect(expectOk(response)).toEqual({ lastSeen: SEED_EPOCH });
    expect((await folders("alice", client)).map((f) => [f.id, f.lastSeen])).toEqual([
      ["direct", SEED_EPOCH],
      ["subscription", SEED_EPOCH],
      ["whatsnew", null],
    ]);
  });
});

test.each([
  ["a negative lastSeen", { lastSeen: -5 }],
  ["a missing lastSeen", {}],
  ["an extra key", { lastSeen: 1, folder: "direct" }],
])("POST /api/inbox/lastSeen refuses %s with 400 and writes nothing", async (_, body) => {
  await withBackend(async ({ db, client }) => {
    const before = await writableState(db);
    const response = await client.request("POST", "/api/inbox/lastSeen", { body, headers: bearer("alice") });
    expectError(response, 400, "bad_request");
    expect(await writableState(db)).toEqual(before);
  });
});

test("GET /api/inbox/threads lists alice's threads newest first, unread, with author names", async () => {
  const response = await backend.client.request("GET", withFields(THREADS, selectorFor(InboxThreadsSchema)), {
    headers: bearer("alice"),
  });
  const threads = InboxThreadsSchema.parse(expectOk(response));
  expect(threads.map((t) => [t.id, t.folder.id, t.type, t.updated, t.unread])).toEqual([
    ["th-alice-3", "direct", "reaction", SEED_EPOCH - HOUR, true],
    ["th-alice-2", "subscription", "subscription", SEED_EPOCH - 2 * HOUR, true],
    ["th-alice-1", "direct", "mention", SEED_EPOCH - 3 * HOUR, true],
  ]);
  expect(threads[2]).toMatchObject({
    issue: { idReadable: "DEMO-1" },
    muted: false,
    messages: [
      {
        id: "th-alice-1-m1",
        author: { login: "admin", name: "Ada Admin" },
        text: "@alice, the 2.4 release waits on this fix: can it be merged by Wednesday?",
        timestamp: SEED_EPOCH - 3 * HOUR,
        read: false,
      },
    ],
  });
});

test("GET /api/inbox/threads without fields answers the default thread fields", async () => {
  const response = await backend.client.request("GET", `${THREADS}?$top=1`, { headers: bearer("admin") });
  const [thread] = InboxThreadsSchema.parse(expectOk(response));
  expect(thread).toMatchObject({ id: "th-admin-3", unread: false });
});

test("GET /api/inbox/threads returns only the selected fields", async () => {
  const response = await backend.client.request("GET", withFields(`${THREADS}?$top=1`, "id,messages(read)"), {
    headers: bearer("alice"),
  });
  expect(expectOk(response)).toEqual([{ id: "th-alice-3", messages: [{ read: false }] }]);
});

test("GET /api/inbox/threads shows each user only their own threads", async () => {
  expect(await threadIds("admin")).toEqual(["th-admin-3", "th-admin-2", "th-admin-1"]);
  expect(await threadIds("rachel")).toEqual([]);
});

test("GET /api/inbox/threads pages with $top and $skip", async () => {
  expect(await threadIds("alice", "?$top=1")).toEqual(["th-alice-3"]);
  expect(await threadIds("alice", "?$top=2&$skip=1")).toEqual(["th-alice-2", "th-alice-1"]);
  expect(await threadIds("alice", "?$top=100&$skip=3")).toEqual([]);
});

test.each(["$top=0", "$top=101", "$top=two", "$top=1.5", "$skip=-1"])(
  "GET /api/inbox/threads refuses %s with 400",
  async (query) => {
    const response = await backend.client.request("GET", `${THREADS}?${query}`, { headers: bearer("alice") });
    expectError(response, 400, "bad_request");
  },
);

test("GET /api/inbox/threads filters by folder", async () => {
  expect(await threadIds("alice", "?folder=direct")).toEqual(["th-alice-3", "th-alice-1"]);
  expect(await threadIds("alice", "?folder=subscription")).toEqual(["th-alice-2"]);
});

test("GET /api/inbox/threads refuses a folder that holds no threads", async () => {
  expectError(
    await backend.client.request("GET", `${THREADS}?folder=whatsnew`, { headers: bearer("alice") }),
    400,
  );
});

test("GET /api/inbox/threads with unreadOnly leaves out read threads", async () => {
  expect(await threadIds("alice", "?unreadOnly=true")).toHaveLength(3);
  expect(await threadIds("admin", "?unreadOnly=true")).toEqual([]);
  expect(await threadIds("admin", "?unreadOnly=false")).toHaveLength(3);
});

test("GET /api/inbox/threads refuses an unreadOnly that is not true or false", async () => {
  expectError(
    await backend.client.request("GET", `${THREADS}?unreadOnly=1`, { headers: bearer("alice") }),
    400,
  );
});

test("GET /api/inbox/threads with end lists only threads updated strictly before it", async () => {
  expect(await threadIds("alice", `?end=${SEED_EPOCH - HOUR}`)).toEqual(["th-alice-2", "th-alice-1"]);
  expect(await threadIds("alice", `?end=${SEED_EPOCH - HOUR + 1}`)).toHaveLength(3);
  expect(await threadIds("alice", `?end=${SEED_EPOCH - 3 * HOUR}`)).toEqual([]);
});

test("GET /api/inbox/threads refuses a negative end", async () => {
  expectError(await backend.client.request("GET", `${THREADS}?end=-1`, { headers: bearer("alice") }), 400);
});

test("GET /api/inbox/threads with reverse=false lists oldest first", async () => {
  expect(await threadIds("alice", "?reverse=false")).toEqual(["th-alice-1", "th-alice-2", "th-alice-3"]);
  expect(await threadIds("alice", "?reverse=true")).toEqual(["th-alice-3", "th-alice-2", "th-alice-1"]);
});

test("GET /api/inbox/threads combines folder, end and $top", async () => {
  expect(await threadIds("alice", `?folder=direct&end=${SEED_EPOCH}&$top=1&reverse=false`)).toEqual([
    "th-alice-1",
  ]);
});

test("POST /api/inbox/threads/{id} mutes and unmutes the caller's thread", async () => {
  await withBackend(async ({ db, client }) => {
    const headers = bearer("alice");
    const muted = await client.request("POST", `${THREADS}/th-alice-1`, { body: { muted: true }, headers });
    expect(expectOk(muted)).toEqual({ id: "th-alice-1", muted: true });
    expect((await db.inboxThread.findUniqueOrThrow({ where: { id: "th-alice-1" } })).muted).toBe(true);
    const listed = await client.request("GET", withFields(THREADS, "id,muted"), { headers: bearer("alice") });
    expect(expectOk(listed)).toContainEqual({ id: "th-alice-1", muted: true });

    const unmuted = await client.request("POST", `${THREADS}/th-alice-1`, {
      body: { muted: false },
      headers,
    });
    expect(expectOk(unmuted)).toEqual({ id: "th-alice-1", muted: false });
    expect((await db.inboxThread.findUniqueOrThrow({ where: { id: "th-alice-1" } })).muted).toBe(false);
  });
});

test("POST /api/inbox/threads/{id} on another user's thread answers 404 and leaves it unchanged", async () => {
  await withBackend(async ({ db, client }) => {
    const before = await writableState(db);
    const response = await client.request("POST", `${THREADS}/th-admin-1`, {
      body: { muted: true },
      headers: bearer("alice"),
    });
    expectError(response, 404, "not_found");
    expect(await writableState(db)).toEqual(before);
  });
});

test("POST /api/inbox/threads/{id} on an unknown thread answers 404", async () => {
  const response = await backend.client.request("POST", `${THREADS}/th-nobody-1`, {
    body: { muted: true },
    headers: bearer("alice"),
  });
  expectError(response, 404, "not_found");
});

test.each([
  ["a non-boolean muted", { muted: "true" }],
  ["an empty object", {}],
  ["an extra key", { muted: true, read: true }],
])("POST /api/inbox/threads/{id} refuses %s with 400 and writes nothing", async (_, body) => {
  await withBackend(async ({ db, client }) => {
    const before = await writableState(db);
    const response = await client.request("POST", `${THREADS}/th-alice-1`, {
      body,
      headers: bearer("alice"),
    });
    expectError(response, 400, "bad_request");
    expect(await writableState(db)).toEqual(before);
  });
});

test("POST /api/inbox/markThread marks one thread read and leaves the others", async () => {
  await withBackend(async ({ db, client }) => {
    const response = await client.request("POST", "/api/inbox/markThread", {
      body: { thread: { id: "th-alice-2", $type: "InboxThread" }, read: true },
      headers: bearer("alice"),
    });
    expect(expectOk(response)).toEqual({ read: true });
    expect((await messagesOf(db, "1-2")).map((m) => [m.threadId, m.read])).toEqual([
      ["th-alice-1", false],
      ["th-alice-2", true],
      ["th-alice-3", false],
    ]);
    expect(await threadIds("alice", "?unreadOnly=true", client)).toEqual(["th-alice-3", "th-alice-1"]);
  });
});

test("POST /api/inbox/markThread can mark a read thread unread again", async () => {
  await withBackend(async ({ db, client }) => {
    const response = await client.request("POST", "/api/inbox/markThread", {
      body: { thread: { id: "th-admin-1" }, read: false },
      headers: bearer("admin"),
    });
    expect(expectOk(response)).toEqual({ read: false });
    expect((await messagesOf(db, "1-1")).filter((m) => !m.read).map((m) => m.threadId)).toEqual([
      "th-admin-1",
    ]);
  });
});

test("POST /api/inbox/markThread on another user's thread answers 404 and writes nothing", async () => {
  await withBackend(async ({ db, client }) => {
    const before = await writableState(db);
    const response = await client.request("POST", "/api/inbox/markThread", {
      body: { thread: { id: "th-admin-1" }, read: false },
      headers: bearer("alice"),
    });
    expectError(response, 404, "not_found");
    expect(await writableState(db)).toEqual(before);
  });
});

test.each([
  ["a missing thread", { read: true }],
  ["a thread without id", { thread: {}, read: true }],
  ["a non-boolean read", { thread: { id: "th-alice-1" }, read: 1 }],
  ["an extra key", { thread: { id: "th-alice-1" }, read: true, all: true }],
])("POST /api/inbox/markThread refuses %s with 400 and writes nothing", async (_, body) => {
  await withBackend(async ({ db, client }) => {
    const before = await writableState(db);
    const response = await client.request("POST", "/api/inbox/markThread", {
      body,
      headers: bearer("alice"),
    });
    expectError(response, 400, "bad_request");
    expect(await writableState(db)).toEqual(before);
  });
});

test.each([
  ["POST /api/inbox/threads/{id}", `${THREADS}/th-alice-1`, { muted: true }],
  ["POST /api/inbox/markThread", "/api/inbox/markThread", { thread: { id: "th-alice-1" }, read: true }],
])("%s refuses a malformed selector before it writes", async (_, path, body) => {
  await withBackend(async ({ db, client }) => {
    const before = await writableState(db);
    const response = await client.request("POST", withFields(path, "id("), {
      body,
      headers: bearer("alice"),
    });
    expectError(response, 400, "bad_request");
    expect(await writableState(db)).toEqual(before);
  });
});

test("POST /api/inbox/markAll marks every message of the caller read and no one else's", async () => {
  await withBackend(async ({ db, client }) => {
    await db.inboxMessage.update({ where: { id: "th-admin-1-m1" }, data: { read: false } });
    const response = await client.request("POST", "/api/inbox/markAll", {
      body: { read: true },
      headers: bearer("alice"),
    });
    expect(expectOk(response)).toEqual({ read: true, updated: 3 });
    expect((await messagesOf(db, "1-2")).every((m) => m.read)).toBe(true);
    expect((await db.inboxMessage.findUniqueOrThrow({ where: { id: "th-admin-1-m1" } })).read).toBe(false);
  });
});

test("POST /api/inbox/markAll with a folder marks only that folder's messages", async () => {
  await withBackend(async ({ db, client }) => {
    const response = await client.request("POST", "/api/inbox/markAll", {
      body: { read: true, folder: { id: "direct" } },
      headers: bearer("alice"),
    });
    expect(expectOk(response)).toEqual({ read: true, updated: 2 });
    expect((await messagesOf(db, "1-2")).map((m) => [m.threadId, m.read])).toEqual([
      ["th-alice-1", true],
      ["th-alice-2", false],
      ["th-alice-3", true],
    ]);
  });
});

test.each([
  ["a folder that holds no threads", { read: true, folder: { id: "whatsnew" } }],
  ["a missing read", { folder: { id: "direct" } }],
  ["a string read", { read: "true" }],
  ["an extra key", { read: true, unreadOnly: true }],
])("POST /api/inbox/markAll refuses %s with 400 and writes nothing", async (_, body) => {
  await withBackend(async ({ db, client }) => {
    const before = await writableState(db);
    const response = await client.request("POST", "/api/inbox/markAll", { body, headers: bearer("alice") });
    expectError(response, 400, "bad_request");
    expect(await writableState(db)).toEqual(before);
  });
});

test.each([
  ["GET", FOLDERS, undefined],
  ["POST", `${FOLDERS}/direct`, { lastSeen: 1 }],
  ["POST", "/api/inbox/lastSeen", { lastSeen: 1 }],
  ["GET", THREADS, undefined],
  ["POST", `${THREADS}/th-alice-1`, { muted: true }],
  ["POST", "/api/inbox/markThread", { thread: { id: "th-alice-1" }, read: true }],
  ["POST", "/api/inbox/markAll", { read: true }],
] as const)("%s %s refuses the guest with 401 and writes nothing", async (method, path, body) => {
  const before = await writableState(backend.db);
  const response = await backend.client.request(method, path, { body, headers: sameOrigin() });
  expectError(response, 401, "unauthorized");
  expect(await writableState(backend.db)).toEqual(before);
});
