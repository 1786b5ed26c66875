import { expect, test } from "vitest";
import { PermissionCacheSchema, type PermissionEntry } from "#contract/api.ts";
import { PERMISSION } from "#contract/constants.ts";
import {
  bearer,
  expectError,
  expectOk,
  selectorFor,
  useBackend,
  withBackend,
  withFields,
} from "#tests/helpers/backend.ts";

const backend = useBackend();
const CACHE = "/api/permissions/cache";
const DEMO = { id: "0-1", projectType: { id: "DEFAULT" } } as const;
const SUP = { id: "0-2", projectType: { id: "HELPDESK" } } as const;

async function cacheOf(login: string | null): Promise<PermissionEntry[]> {
  const headers = await backend.readAs(login);
  const response = await backend.client.request(
    "GET",
    withFields(CACHE, selectorFor(PermissionCacheSchema)),
    {
      headers,
    },
  );
  return PermissionCacheSchema.parse(expectOk(response));
}

const entry = (key: string, global: boolean, projects: PermissionEntry["projects"]) => ({
  global,
  permission: { key },
  projects,
});

test("GET /api/permissions/cache gives admin every permission globally", async () => {
  const cache = await cacheOf("admin");
  expect(cache.map((e) => e.permission.key).sort()).toEqual(Object.values(PERMISSION).sort());
  expect(cache.every((e) => e.global && e.projects.length === 0)).toBe(true);
});

test("GET /api/permissions/cache scopes alice's nine permissions to the DEMO project", async () => {
  const cache = await cacheOf("alice");
  expect(cache.map((e) => e.permission.key).sort()).toEqual(
    [
      PERMISSION.CREATE_ARTICLE,
      PERMISSION.CREATE_ISSUE,
      PERMISSION.CREATE_WORK_ITEM,
      PERMISSION.READ_ARTICLE,
      PERMISSION.READ_COMMENT,
      PERMISSION.READ_ISSUE,
      PERMISSION.READ_REPORT,
      PERMISSION.READ_WORK_ITEM,
      PERMISSION.PROJECT_READ,
    ].sort(),
  );
  for (const e of cache) expect(e).toEqual(entry(e.permission.key, false, [DEMO]));
});

test("GET /api/permissions/cache gives rachel helpdesk tickets and global articles", async () => {
  expect(await cacheOf("rachel")).toEqual([
    entry(PERMISSION.CREATE_ISSUE, false, [SUP]),
    entry(PERMISSION.READ_ARTICLE, true, []),
    entry(PERMISSION.READ_COMMENT, false, [SUP]),
    entry(PERMISSION.READ_ISSUE, false, [SUP]),
  ]);
});

test("GET /api/permissions/cache gives the guest read access to the public project DEMO only", async () => {
  expect(await cacheOf(null)).toEqual([
    entry(PERMISSION.READ_ARTICLE, false, [DEMO]),
    entry(PERMISSION.READ_COMMENT, false, [DEMO]),
    entry(PERMISSION.READ_ISSUE, false, [DEMO]),
  ]);
});

test("GET /api/permissions/cache answers a bearer token's user", async () => {
  const response = await backend.client.request("GET", CACHE, { headers: bearer("tom") });
  expect(expectOk(response)).toEqual([
    entry(PERMISSION.READ_ARTICLE, false, [DEMO]),
    entry(PERMISSION.READ_COMMENT, false, [DEMO]),
    entry(PERMISSION.READ_ISSUE, false, [DEMO]),
  ]);
});

test("GET /api/permissions/cache returns only the selected fields", async () => {
  const response = await backend.client.request("GET", withFields(CACHE, "permission(key)"), {
    headers: bearer("rachel"),
  });
  expect(expectOk(response)).toEqual([
    { permission: { key: PERMISSION.CREATE_ISSUE } },
    { permission: { key: PERMISSION.READ_ARTICLE } },
    { permission: { key: PERMISSION.READ_COMMENT } },
    { permission: { key: PERMISSION.READ_ISSUE } },
  ]);
});

test("GET /api/permissions/cache marks a key global when a global grant joins project grants", async () => {
  await withBackend(async ({ db, client }) => {
    await db.permissionGrant.createMany({
      data: [
        { userId: "1-2", permissionKey: PERMISSION.READ_REPORT, projectId: null },
        { userId: "1-2", permissionKey: PERMISSION.READ_REPORT, projectId: "0-1" },
        { userId: "1-2", permissionKey: PERMISSION.READ_ISSUE, projectId: "0-2" },
      ],
    });
    const response = await client.request("GET", CACHE, { headers: bearer("alice") });
    const cache = PermissionCacheSchema.parse(expectOk(response));
    const byKey = new Map(cache.map((e) => [e.permission.key, e]));
    expect(byKey.get(PERMISSION.READ_REPORT)).toEqual(entry(PERMISSION.READ_REPORT, true, [DEMO]));
    expect(byKey.get(PERMISSION.READ_ISSUE)).toEqual(entry(PERMISSION.READ_ISSUE, false, [DEMO, SUP]));
  });
});

test("GET /api/permissions/cache refuses a malformed selector", async () => {
  const response = await backend.client.request("GET", withFields(CACHE, "projects(id,"), {
    headers: bearer("alice"),
  });
  expectError(response, 400, "bad_request");
});

test("GET /api/permissions/cache refuses an unknown query parameter", async () => {
  const response = await backend.client.request("GET", `${CACHE}?project=0-1`, { headers: bearer("alice") });
  expectError(response, 400, "bad_request");
});
