import { expect, test } from "vitest";
import { WIDGET_APP_HEADER } from "#contract/constants.ts";
import { insertApp } from "#tests/helpers/apps.ts";
import { bearer, expectError, expectOk, withBackend, type Backend } from "#tests/helpers/backend.ts";
import {
  AppStorageKeysSchema,
  AppStorageValueSchema,
  RequestDecisionsSchema,
  WIDGET_STORAGE_QUOTA_BYTES,
} from "#contract/api.ts";

const APP = "storage-app";
const storage = (key?: string) =>
  `/api/apps/${APP}/storage${key === undefined ? "" : `/${encodeURIComponent(key)}`}`;

async function setup(backend: Backend) {
  return insertApp(backend.db, { name: APP });
}

const put = (backend: Backend, login: string, key: string, value: unknown) =>
  backend.client.request("PUT", storage(key), { body: { value }, headers: bearer(login) });
const get = (backend: Backend, login: string, key?: string) =>
  backend.client.request("GET", storage(key), { headers: bearer(login) });

test("storage keeps strings per key: set, read, list, remove and clear", async () => {
  await withBackend(async (backend) => {
    await setup(backend);
    expect(expectOk(await get(backend, "alice", "theme"))).toEqual({ value: null });
    expect(expectOk(await put(backend, "alice", "theme", "dark"))).toEqual({ value: "dark" });
    expect(expectOk(await put(backend, "alice", "layout/wide", '{"a":1}'))).toEqual({ value: '{"a":1}' });
    expect(expectOk(await put(backend, "alice", "theme", "light"))).toEqual({ value: "light" });
    expect(AppStorageValueSchema.parse(expectOk(await get(backend, "alice", "theme")))).toEqual({
      value: "light",
    });
    expect(AppStorageKeysSchema.parse(expectOk(await get(backend, "alice")))).toEqual({
      keys: ["layout/wide", "theme"],
    });
    const removed = await backend.client.request("DELETE", storage("theme"), { headers: bearer("alice") });
    expect(expectOk(removed)).toEqual({ value: null });
    expect(expectOk(await get(backend, "alice"))).toEqual({ keys: ["layout/wide"] });
    const cleared = await backend.client.request("DELETE", storage(), { headers: bearer("alice") });
    expect(expectOk(cleared)).toEqual({ keys: [] });
    expect(expectOk(await get(backend, "alice"))).toEqual({ keys: [] });
  });
});

test("each user has their own storage", async () => {
  await withBackend(async (backend) => {
    const { id } = await setup(backend);
    expectOk(await put(backend, "alice", "theme", "dark"));
    expect(expectOk(await get(backend, "admin", "theme"))).toEqual({ value: null });
    expect(expectOk(await get(backend, "admin"))).toEqual({ keys: [] });
    expectOk(await backend.client.request("DELETE", storage(), { headers: bearer("admin") }));
    expect(expectOk(await get(backend, "alice", "theme"))).toEqual({ value: "dark" });
    const rows = await backend.db.appStorage.findMany({ where: { appId: id } });
    expect(rows.map((row) => row.scope)).toEqual(["widget-user:1-2"]);
  });
});

test("only strings are stored", async () => {
  await withBackend(async (backend) => {
    await setup(backend);
    expectError(await put(backend, "alice", "n", 42), 400, "bad_request");
    expectError(await put(backend, "alice", "n", null), 400);
    const extra = await backend.client.request("PUT", storage("n"), {
      body: { value: "1", more: true },
      headers: bearer("alice"),
    });
    expectError(extra, 400);
  });
});

test("keys starting with __meta: are reserved", async () => {
  await withBackend(async (backend) => {
    await setup(backend);
    expectError(await put(backend, "alice", "__meta:owner", "me"), 403, "InvalidAccessError");
    expectError(await get(backend, "alice", "__meta:owner"), 403, "InvalidAccessError");
    expect(await backend.db.appStorage.count()).toBe(0);
  });
});

test("keys and values together may not exceed 1 MB; replacing a value counts the new one only", async () => {
  await withBackend(async (backend) => {
    await setup(backend);
    const chunk = "x".repeat(400_000);
    expectOk(await put(backend, "alice", "a", chunk));
    expectOk(await put(backend, "alice", "b", chunk));
    const over = expectError(await put(backend, "alice", "c", chunk), 413, "QuotaExceededError");
    expect(over.error_description).toContain(String(WIDGET_STORAGE_QUOTA_BYTES));
    expect(expectOk(await get(backend, "alice"))).toEqual({ keys: ["a", "b"] });
    // a + b + "c" + 248_573 bytes is exactly the quota.
    const fits = WIDGET_STORAGE_QUOTA_BYTES - 2 * (1 + chunk.length) - 1;
    expectOk(await put(backend, "alice", "c", "y".repeat(fits)));
    expectError(await put(backend, "alice", "d", ""), 413, "QuotaExceededError");
    expectOk(await put(backend, "alice", "a", "z".repeat(400_000)));
    expectOk(await put(backend, "admin", "a", chunk));
  });
});

test("storage needs a signed-in user and an installed app", async () => {
  await withBackend(async (backend) => {
    await setup(backend);
    expectError(await backend.client.request("GET", storage()), 401, "unauthorized");
    const missing = await backend.client.request("GET", "/api/apps/nope/storage/x", {
      headers: bearer("alice"),
    });
    expect(expectError(missing, 404).error_description).toBe("App nope not found");
  });
});

const decisions = (method?: string) =>
  `/api/apps/${APP}/requestDecisions${method === undefined ? "" : `/${method}`}`;

test("a widget reaches only its own app's storage and decisions, whatever the request says of its site", async () => {
  await withBackend(async (backend) => {
    await setup(backend);
    await insertApp(backend.db, { name: "other-app" });
    const as = (app: string | null, site = "same-origin") => ({
      ...bearer("alice"),
      origin: "http://keel.test",
      "sec-fetch-site": site,
      ...(app === null ? {} : { [WIDGET_APP_HEADER]: app }),
    });
    const own = as(APP);
    expectOk(await backend.client.request("PUT", storage("secret"), { body: { value: "s3" }, headers: own }));
    expect(expectOk(await backend.client.request("GET", storage("secret"), { headers: own }))).toEqual({
      value: "s3",
    });
    expectOk(await backend.client.request("GET", decisions(), { headers: own }));
    for (const headers of [as("other-app"), as("other-app", "cross-site"), as("other-app", "same-site")]) {
      const what = JSON.stringify(headers);
      for (const path of [storage("secret"), storage(), decisions()]) {
        expect((await backend.client.request("GET", path, { headers })).status, `${what} ${path}`).toBe(403);
      }
      const writes = [
        await backend.client.request("PUT", storage("secret"), { body: { value: "x" }, headers }),
        await backend.client.request("DELETE", storage(), { headers }),
        await backend.client.request("PUT", decisions("DELETE"), { body: { decision: "always" }, headers }),
      ];
      expect(
        writes.map((r) => r.status),
        what,
      ).toEqual([403, 403, 403]);
    }
    expect(expectOk(await backend.client.request("GET", storage("secret"), { headers: own }))).toEqual({
      value: "s3",
    });
    expect(await backend.db.appRequestDecision.count()).toBe(0);
    // Without a token (a cross-site link or a sandboxed frame, which Keel lends no token) it is nobody's.
    const guest = { origin: "http://keel.test", [WIDGET_APP_HEADER]: APP };
    expectError(await backend.client.request("GET", storage("secret"), { headers: guest }), 401);
  });
});

test("remembered decisions are kept per user, app and method", async () => {
  await withBackend(async (backend) => {
    await setup(backend);
    const read = async (login: string) =>
      RequestDecisionsSchema.parse(
        expectOk(await backend.client.request("GET", decisions(), { headers: bearer(login) })),
      );
    expect(await read("alice")).toEqual({ always: [] });
    const remember = (login: string, method: string, body: unknown = { decision: "always" }) =>
      backend.client.request("PUT", decisions(method), { body, headers: bearer(login) });
    expect(expectOk(await remember("alice", "DELETE"))).toEqual({ always: ["DELETE"] });
    expect(expectOk(await remember("alice", "post"))).toEqual({ always: ["POST", "DELETE"] });
    expect(expectOk(await remember("alice", "POST"))).toEqual({ always: ["POST", "DELETE"] });
    expect(await read("admin")).toEqual({ always: [] });
    const forget = await backend.client.request("DELETE", decisions("DELETE"), { headers: bearer("alice") });
    expect(expectOk(forget)).toEqual({ always: ["POST"] });
    expect(await read("alice")).toEqual({ always: ["POST"] });
  });
});

test("only mutating methods and the always answer can be remembered", async () => {
  await withBackend(async (backend) => {
    await setup(backend);
    const remember = (method: string, body: unknown) =>
      backend.client.request("PUT", decisions(method), { body, headers: bearer("alice") });
    expectError(await remember("GET", { decision: "always" }), 400);
    expectError(await remember("POST", { decision: "once" }), 400);
    expectError(await remember("POST", { decision: "deny" }), 400);
    expectError(await backend.client.request("GET", decisions()), 401);
    expect(await backend.db.appRequestDecision.count()).toBe(0);
  });
});
