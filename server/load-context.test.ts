// The request context reaches the bundle's loaders under the build's own key: the server and the build each
// have a copy of app/lib/keel-context.ts, and no process-wide registry joins them.
import { afterAll, beforeAll, expect, test } from "vitest";
import { CSRF_COOKIE } from "#app/lib/constants.ts";
import { mintCsrf } from "#app/lib/csrf.server.ts";
import { keelContext as sourceKey } from "#app/lib/keel-context.ts";
import { freshDatabase, type TestDatabase } from "#tests/helpers/database.ts";
import {
  cookiePair,
  findCookie,
  hasBuild,
  loadBuild,
  NO_BUILD_MESSAGE,
  startKeel,
  type KeelServer,
} from "#tests/helpers/keel-server.ts";
import { TEST_SECRET } from "#tests/helpers/mock-client.ts";
import { buildContextKey } from "./app.ts";

let database: TestDatabase;
let keel: KeelServer;

beforeAll(async () => {
  if (!hasBuild) throw new Error(`server/load-context.test.ts: ${NO_BUILD_MESSAGE}`);
  database = freshDatabase();
  keel = await startKeel(database.db);
});
afterAll(async () => {
  await keel?.close();
  await database?.close();
});

test("the server sets the context under the build's key, a different object from the source's", async () => {
  const build = await loadBuild();
  const key = await buildContextKey(build);
  expect(key).not.toBe(sourceKey);
  expect(await buildContextKey(async () => build)).toBe(key);
  expect(Object.getOwnPropertySymbols(globalThis).map(String)).not.toContain("Symbol(keel.requestContext)");
});

test("a page's loaders read the context the server set: the page carries the token minted for it", async () => {
  const page = await keel.send("/login");
  expect(page.status).toBe(200);
  const cookie = cookiePair(findCookie(page, CSRF_COOKIE) ?? "");
  const minted = mintCsrf({ cookieHeader: cookie, secure: false, secret: TEST_SECRET, sessionId: "guest" });
  expect(page.text).toContain(minted.token);
});

test("a build whose entry does not export the key is refused by name", async () => {
  const build = await loadBuild();
  const without = { ...build, entry: { module: { ...build.entry.module, keelContext: undefined } } };
  await expect(buildContextKey(without)).rejects.toThrow(/keelContext/);
});
