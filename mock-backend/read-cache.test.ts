import { utimesSync } from "node:fs";
import { afterEach, beforeEach, expect, test } from "vitest";
import { createPrisma, type Db } from "./db.ts";
import { createReadCache, isCachedAnswer, RACY_WRITE_MS, readCache } from "./read-cache.ts";
import { freshDatabase, type TestDatabase } from "#tests/helpers/database.ts";
import { demoToken } from "#prisma/factories.ts";

let database: TestDatabase;
let other: Db;
beforeEach(() => {
  database = freshDatabase();
  // Another connection to the same file: another server, the apps CLI or a test.
  other = createPrisma(database.url);
});
afterEach(async () => {
  await other.$disconnect();
  readCache(other).close();
  await database.close();
});

const documentOf = (db: Db) =>
  db.configuration.findUniqueOrThrow({ where: { id: 1 } }).then((r) => r.document);

test("an answer is loaded once and shared until the database changes", async () => {
  const cache = readCache(database.db);
  let loads = 0;
  const load = () => {
    loads++;
    return documentOf(database.db);
  };
  const first = await cache.read("configuration", load);
  expect(await cache.read("configuration", load)).toBe(first);
  expect(loads).toBe(1);

  // A write through the same client moves the version.
  await database.db.configuration.update({ where: { id: 1 }, data: { document: first } });
  await cache.read("configuration", load);
  expect(loads).toBe(2);
});

test("writes by another connection to the file are seen at once", async () => {
  const cache = readCache(database.db);
  const load = () =>
    database.db.user.findUniqueOrThrow({ where: { login: "alice" }, select: { name: true } });
  expect((await cache.read("alice", load)).name).not.toBe("Alice Renamed");
  await other.user.update({ where: { login: "alice" }, data: { name: "Alice Renamed" } });
  expect((await cache.read("alice", load)).name).toBe("Alice Renamed");
});

/** Dates the file's last write a minute back, as if nothing had written it since. */
const quiet = (url: string) => {
  const past = new Date(Date.now() - 60_000);
  utimesSync(url.slice("file:".length), past, past);
};
const nameOf = (cache: ReturnType<typeof readCache>, db: Db, login: string) =>
  cache
    .read(`name:${login}`, () => db.user.findUniqueOrThrow({ where: { login }, select: { name: true } }))
    .then((user) => user.name);

test("a quiet file keeps its version without asking SQLite, until anyone writes it", async () => {
  const cache = readCache(database.db);
  quiet(database.url);
  const original = await nameOf(cache, database.db, "alice");
  const asked = cache.versionQueries;
  expect(await nameOf(cache, database.db, "alice")).toBe(original);
  expect(await nameOf(cache, database.db, "alice")).toBe(original);
  expect(cache.versionQueries).toBe(asked);

  await other.user.update({ where: { login: "alice" }, data: { name: "Alice Elsewhere" } });
  expect(await nameOf(cache, database.db, "alice")).toBe("Alice Elsewhere");
  expect(cache.versionQueries).toBe(asked + 1);
  // Written just now: asked every time until the file has been quiet for longer than a clock tick.
  await nameOf(cache, database.db, "alice");
  expect(cache.versionQueries).toBe(asked + 2);

  // Its own client's writes too.
  quiet(database.url);
  await nameOf(cache, database.db, "alice");
  await database.db.user.update({ where: { login: "alice" }, data: { name: "Alice Here" } });
  expect(await nameOf(cache, database.db, "alice")).toBe("Alice Here");
});

test(`writes one right after another are each seen, whatever the file system clock's tick (${RACY_WRITE_MS} ms)`, async () => {
  const cache = readCache(database.db);
  // Same-length names: the file's size does not tell the writes apart, only its times could.
  for (let i = 10; i < 40; i++) {
    await other.user.update({ where: { login: "alice" }, data: { name: `Alice ${i}a` } });
    expect(await nameOf(cache, database.db, "alice")).toBe(`Alice ${i}a`);
    await other.user.update({ where: { login: "alice" }, data: { name: `Alice ${i}b` } });
    expect(await nameOf(cache, database.db, "alice")).toBe(`Alice ${i}b`);
  }
});

test("in WAL mode, where commits leave the database file alone, SQLite is asked every time", async () => {
  const cache = readCache(database.db);
  quiet(database.url);
  await nameOf(cache, database.db, "alice");
  await other.$queryRawUnsafe("PRAGMA journal_mode = WAL");
  quiet(database.url);
  await nameOf(cache, database.db, "alice");
  await other.user.update({ where: { login: "alice" }, data: { name: "Alice Logged Ahead" } });
  expect(await nameOf(cache, database.db, "alice")).toBe("Alice Logged Ahead");
});

test("keys are separate, answers are frozen, and a failed load is not kept", async () => {
  const cache = readCache(database.db);
  const a = await cache.read("a", async () => ({ list: [{ id: 1 }] }));
  const b = await cache.read("b", async () => ({ list: [{ id: 2 }] }));
  expect(a.list[0]?.id).toBe(1);
  expect(b.list[0]?.id).toBe(2);
  expect(Object.isFrozen(a.list[0])).toBe(true);
  expect(isCachedAnswer(a)).toBe(true);
  expect(isCachedAnswer({ list: [] })).toBe(false);
  expect(() => {
    (a.list as { id: number }[]).push({ id: 3 });
  }).toThrow(TypeError);

  let attempts = 0;
  const flaky = async () => {
    attempts++;
    if (attempts === 1) throw new Error("busy");
    return "ok";
  };
  await expect(cache.read("flaky", flaky)).rejects.toThrow("busy");
  expect(await cache.read("flaky", flaky)).toBe("ok");
  expect(attempts).toBe(2);
});

test("a database that is not a SQLite file, or not yet created, is read every time", async () => {
  for (const cache of [createReadCache(null), createReadCache("/nonexistent/keel-missing.db")]) {
    let loads = 0;
    await cache.read("k", async () => ++loads);
    await cache.read("k", async () => ++loads);
    expect(loads).toBe(2);
    cache.close();
  }
});

test("the mock's answers see a rename and a revoked token made by another server at once", async () => {
  const { createMockBackendApp } = await import("./app.ts");
  const { createInProcessTransport } = await import("#server/transport.ts");
  const transport = createInProcessTransport(
    createMockBackendApp({ db: database.db, secret: "s".repeat(32) }),
  );
  const headers = { host: "localhost", authorization: `Bearer ${demoToken("admin")}` };
  const me = () => transport({ method: "GET", path: "/api/users/me?fields=login", headers });
  const login = async () => (JSON.parse((await me()).body) as { login: string }).login;
  expect(await login()).toBe("admin");
  expect(await login()).toBe("admin");
  // The answer's JSON is kept per selector with the cached answer, and goes with it.
  const name = () =>
    transport({ method: "GET", path: "/api/users/me?fields=name", headers }).then((r) => r.body);
  expect(await name()).toBe(await name());
  await other.user.update({ where: { login: "admin" }, data: { name: "Renamed Admin" } });
  expect(JSON.parse(await name())).toEqual({ name: "Renamed Admin" });
  await other.permanentToken.deleteMany({ where: { user: { login: "admin" } } });
  expect((await me()).status).toBe(401);
});

test("a PostgreSQL database has no read cache: every read loads, so no answer outlives another server's write", async () => {
  // No query runs: the client connects lazily, and the cache is decided when it is made.
  const db = createPrisma("postgresql://keel@127.0.0.1:1/keel");
  let loads = 0;
  const load = async () => ({ n: ++loads });
  expect(await readCache(db).read("k", load)).toEqual({ n: 1 });
  expect(await readCache(db).read("k", load)).toEqual({ n: 2 });
  await db.$disconnect();
});
