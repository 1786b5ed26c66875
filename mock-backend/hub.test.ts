import { expect, test } from "vitest";
import {
  HubMeSchema,
  HubPublicSettingsSchema,
  HubUserGroupsPageSchema,
  HubUsersPageSchema,
  MAX_HUB_GROUPS_PAGE,
  MAX_HUB_USERS_PAGE,
} from "#contract/api.ts";
import { DEMO_AGREEMENT, DEMO_GROUPS } from "#prisma/factories.ts";
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
const HUB = "/hub/api/rest";
const SETTINGS = `${HUB}/settings/public`;
const AGREEMENT_FIELDS = "endUserAgreement(enabled,majorVersion,minorVersion,requiredForREST,text)";
const ME = `${HUB}/users/me`;
const ME_FIELDS = "id,login,guest,endUserAgreementConsent(accepted,majorVersion,minorVersion)";
const CONSENT = `${HUB}/users/endUserAgreementConsent?failOnPermissionReduce=true`;
const V4 = { "hub-api-version": "4" };
const ACCEPT = { accepted: true, majorVersion: 1, minorVersion: 0 };
const DECLINE = { accepted: false, majorVersion: 1, minorVersion: 0 };

async function hubMe(headers: Record<string, string>, client = backend.client) {
  const response = await client.request("GET", withFields(ME, ME_FIELDS), { headers: { ...V4, ...headers } });
  return HubMeSchema.omit({ name: true }).strict().parse(expectOk(response));
}

const consentOf = (db: Backend["db"], userId: string) =>
  db.agreementConsent.findUnique({ where: { userId } });

test("GET settings/public answers the whole user agreement for the app's selector", async () => {
  const response = await backend.client.request("GET", withFields(SETTINGS, AGREEMENT_FIELDS), {
    headers: V4,
  });
  expect(expectOk(response)).toEqual({ endUserAgreement: DEMO_AGREEMENT });
  expect(response.headers.get("hub-api-version")).toBe("4");
});

test("GET settings/public satisfies the contract for the app's generated selector", async () => {
  const selector = selectorFor(HubPublicSettingsSchema);
  const response = await backend.client.request("GET", withFields(SETTINGS, selector), { headers: V4 });
  expect(HubPublicSettingsSchema.parse(expectOk(response))).toEqual({ endUserAgreement: DEMO_AGREEMENT });
});

test("GET settings/public without fields answers only whether the agreement is enabled", async () => {
  const response = await backend.client.request("GET", SETTINGS, { headers: V4 });
  expect(expectOk(response)).toEqual({ endUserAgreement: { enabled: true } });
});

test("GET settings/public refuses an unknown query parameter", async () => {
  expectError(
    await backend.client.request("GET", `${SETTINGS}?locale=en`, { headers: V4 }),
    400,
    "bad_request",
  );
});

test("GET settings/public refuses a malformed selector", async () => {
  const response = await backend.client.request("GET", withFields(SETTINGS, "endUserAgreement("), {
    headers: V4,
  });
  expectError(response, 400, "bad_request");
});

test("GET users/me shows that alice has not consented to the agreement", async () => {
  expect(await hubMe(bearer("alice"))).toEqual({
    id: "1-2",
    login: "alice",
    guest: false,
    endUserAgreementConsent: null,
  });
});

test("GET users/me shows admin's acceptance of agreement 1.0", async () => {
  expect((await hubMe(bearer("admin"))).endUserAgreementConsent).toEqual(ACCEPT);
});

test("GET users/me answers the guest", async () => {
  expect(await hubMe({})).toEqual({ id: "1-0", login: "guest", guest: true, endUserAgreementConsent: null });
});

test("GET users/me satisfies the contract for the app's generated selector", async () => {
  const response = await backend.client.request("GET", withFields(ME, selectorFor(HubMeSchema)), {
    headers: { ...V4, ...bearer("rachel") },
  });
  expect(HubMeSchema.parse(expectOk(response))).toEqual({
    id: "1-3",
    login: "rachel",
    name: "Rachel Reporter",
    guest: false,
    endUserAgreementConsent: ACCEPT,
  });
});

test("GET users/me without fields answers id, login and guest", async () => {
  const response = await backend.client.request("GET", ME, { headers: { ...V4, ...bearer("tom") } });
  expect(expectOk(response)).toEqual({ id: "1-4", login: "tom", guest: false });
});

test("GET users/me accepts Hub-API-Version 4 and echoes it", async () => {
  const response = await backend.client.request("GET", ME, { headers: { "hub-api-version": "4" } });
  expect(response.status).toBe(200);
  expect(response.headers.get("hub-api-version")).toBe("4");
});

test("GET users/me without a Hub-API-Version is answered in version 4", async () => {
  const response = await backend.client.request("GET", ME);
  expect(response.status).toBe(200);
  expect(response.headers.get("hub-api-version")).toBe("4");
});

test.each(["3", "5", "4.1", "latest"])(
  "a hub call with Hub-API-Version %s is refused with 400",
  async (version) => {
    const response = await backend.client.request("GET", ME, { headers: { "hub-api-version": version } });
    const body = expectError(response, 400, "bad_request");
    expect(body.error_description).toContain(`Unsupported Hub-API-Version ${version}`);
    expect(response.headers.get("hub-api-version")).toBe("4");
  },
);

test("POST users/endUserAgreementConsent with an old Hub-API-Version writes nothing", async () => {
  await withBackend(async ({ db, client }) => {
    const headers = { ...bearer("alice"), "hub-api-version": "3" };
    const before = await writableState(db);
    expectError(await client.request("POST", CONSENT, { body: ACCEPT, headers }), 400, "bad_request");
    expect(await writableState(db)).toEqual(before);
  });
});

test("POST users/endUserAgreementConsent stores alice's acceptance", async () => {
  await withBackend(async ({ db, client }) => {
    const response = await client.request("POST", CONSENT, {
      body: ACCEPT,
      headers: { ...V4, ...bearer("alice") },
    });
    expect(expectOk(response)).toEqual(ACCEPT);
    expect(response.headers.get("hub-api-version")).toBe("4");
    expect(await consentOf(db, "1-2")).toMatchObject(ACCEPT);
    expect((await hubMe(bearer("alice"), client)).endUserAgreementConsent).toEqual(ACCEPT);
  });
});

test.each([
  ["a newer major version", { accepted: true, majorVersion: 2, minorVersion: 0 }],
  ["another minor version", { accepted: true, majorVersion: 1, minorVersion: 1 }],
])("POST users/endUserAgreementConsent refuses %s with 400 and writes nothing", async (_, body) => {
  await withBackend(async ({ db, client }) => {
    const before = await writableState(db);
    const response = await client.request("POST", CONSENT, { body, headers: { ...V4, ...bearer("alice") } });
    const error = expectError(response, 400, "bad_request");
    expect(error.error_description).toContain("the current agreement is 1.0");
    expect(await writableState(db)).toEqual(before);
  });
});

test.each([
  ["a missing accepted", { majorVersion: 1, minorVersion: 0 }],
  ["a string version", { accepted: true, majorVersion: "1", minorVersion: 0 }],
  ["an extra key", { ...ACCEPT, userId: "1-1" }],
])("POST users/endUserAgreementConsent refuses %s with 400 and writes nothing", async (_, body) => {
  await withBackend(async ({ db, client }) => {
    const before = await writableState(db);
    const response = await client.request("POST", CONSENT, { body, headers: { ...V4, ...bearer("alice") } });
    expectError(response, 400, "bad_request");
    expect(await writableState(db)).toEqual(before);
  });
});

test("POST users/endUserAgreementConsent refuses a bad failOnPermissionReduce value", async () => {
  await withBackend(async ({ db, client }) => {
    const before = await writableState(db);
    const response = await client.request(
      "POST",
      `${HUB}/users/endUserAgreementConsent?failOnPermissionReduce=1`,
      {
        body: ACCEPT,
        headers: { ...V4, ...bearer("alice") },
      },
    );
    expectError(response, 400, "bad_request");
    expect(await writableState(db)).toEqual(before);
  });
});

test("POST users/endUserAgreementConsent refuses a malformed selector before it writes", async () => {
  await withBackend(async ({ db, client }) => {
    const before = await writableState(db);
    const response = await client.request("POST", withFields(CONSENT, "accepted,,majorVersion"), {
      body: ACCEPT,
      headers: { ...V4, ...bearer("alice") },
    });
    expectError(response, 400, "bad_request");
    expect(await writableState(db)).toEqual(before);
  });
});

test("POST users/endUserAgreementConsent answers 409 to a decline that would reduce permissions", async () => {
  await withBackend(async ({ db, client }) => {
    await db.userAgreement.update({ where: { id: 1 }, data: { requiredForREST: true } });
    const before = await writableState(db);
    for (const login of ["alice", "admin"]) {
      const response = await client.request("POST", CONSENT, {
        body: DECLINE,
        headers: { ...V4, ...bearer(login) },
      });
      expectError(response, 409, "permission_reduce");
    }
    expect(await writableState(db)).toEqual(before);
    expect(await consentOf(db, "1-1")).toMatchObject(ACCEPT);
  });
});

test("POST users/endUserAgreementConsent stores a decline when the agreement is not required for REST", async () => {
  await withBackend(async ({ db, client }) => {
    const response = await client.request("POST", CONSENT, {
      body: DECLINE,
      headers: { ...V4, ...bearer("admin") },
    });
    expect(expectOk(response)).toEqual(DECLINE);
    expect(await consentOf(db, "1-1")).toMatchObject(DECLINE);
  });
});

test("POST users/endUserAgreementConsent stores a required decline when not asked to fail", async () => {
  await withBackend(async ({ db, client }) => {
    await db.userAgreement.update({ where: { id: 1 }, data: { requiredForREST: true } });
    const response = await client.request("POST", `${HUB}/users/endUserAgreementConsent`, {
      body: DECLINE,
      headers: { ...V4, ...bearer("admin") },
    });
    expect(expectOk(response)).toEqual(DECLINE);
    expect(await consentOf(db, "1-1")).toMatchObject(DECLINE);
  });
});

test("POST users/endUserAgreementConsent accepts a decline of a required but disabled agreement", async () => {
  await withBackend(async ({ db, client }) => {
    await db.userAgreement.update({ where: { id: 1 }, data: { requiredForREST: true, enabled: false } });
    const response = await client.request("POST", CONSENT, {
      body: DECLINE,
      headers: { ...V4, ...bearer("admin") },
    });
    expect(expectOk(response)).toEqual(DECLINE);
  });
});

test("POST users/endUserAgreementConsent refuses the guest with 401 and writes nothing", async () => {
  await withBackend(async ({ db, client }) => {
    const before = await writableState(db);
    const response = await client.request("POST", CONSENT, {
      body: ACCEPT,
      headers: { ...V4, ...sameOrigin() },
    });
    expectError(response, 401, "unauthorized");
    expect(await writableState(db)).toEqual(before);
  });
});

test("POST users/endUserAgreementConsent without a token or an Origin is refused with 403", async () => {
  await withBackend(async ({ db, client }) => {
    const headers = { ...V4 };
    const before = await writableState(db);
    expectError(await client.request("POST", CONSENT, { body: ACCEPT, headers }), 403, "forbidden");
    expect(await writableState(db)).toEqual(before);
  });
});

const USERS = `${HUB}/users`;
const listUsers = (login: string, query = "") =>
  backend.client.request("GET", `${USERS}${query}`, { headers: { ...V4, ...bearer(login) } });

test("GET /users lists every account in login order, paged, for administrators", async () => {
  const page = HubUsersPageSchema.parse(
    expectOk(await listUsers("admin", `?fields=${encodeURIComponent(selectorFor(HubUsersPageSchema))}`)),
  );
  expect(page.total).toBe(5);
  expect(page.users.map((u) => u.login)).toEqual(["admin", "alice", "guest", "rachel", "tom"]);
  expect(page.users.find((u) => u.login === "guest")).toMatchObject({ guest: true, banned: false });
  const second = expectOk(await listUsers("admin", "?fields=total,users(login)&$top=2&$skip=2"));
  expect(second).toEqual({ total: 5, users: [{ login: "guest" }, { login: "rachel" }] });
});

test("GET /users refuses those who may not read other users, and bad paging", async () => {
  expectError(await listUsers("alice"), 403, "forbidden");
  expectError(await listUsers("rachel"), 403, "forbidden");
  for (const bad of ["$top=0", `$top=${MAX_HUB_USERS_PAGE + 1}`, "$skip=-1", "query=a", "fields=users("]) {
    expectError(await listUsers("admin", `?${bad}`), 400, "bad_request");
  }
});

const GROUPS = `${HUB}/usergroups`;
const listGroups = (login: string, query = "") =>
  backend.client.request("GET", `${GROUPS}${query}`, { headers: { ...V4, ...bearer(login) } });

test("GET /usergroups lists every group with its member count in name order, for administrators", async () => {
  const page = HubUserGroupsPageSchema.parse(
    expectOk(
      await listGroups("admin", `?fields=${encodeURIComponent(selectorFor(HubUserGroupsPageSchema))}`),
    ),
  );
  expect(page).toEqual({
    skip: 0,
    top: 100,
    total: DEMO_GROUPS.length,
    usergroups: [...DEMO_GROUPS]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map(({ members, ...group }) => ({ ...group, userCount: members.length })),
  });
  expect(page.usergroups.map((g) => g.name)).toEqual([
    "Administrators",
    "Customers",
    "Developers",
    "Support agents",
  ]);
});

test("GET /usergroups pages with $top and $skip and keeps the total of all groups", async () => {
  const second = expectOk(
    await listGroups("admin", "?fields=total,usergroups(name,userCount)&$top=2&$skip=1"),
  );
  expect(second).toEqual({
    total: 4,
    usergroups: [
      { name: "Customers", userCount: 1 },
      { name: "Developers", userCount: 3 },
    ],
  });
  expect(expectOk(await listGroups("admin", "?fields=total,usergroups(name)&$skip=4"))).toEqual({
    total: 4,
    usergroups: [],
  });
});

test("GET /usergroups answers id and name by default, and a group's members when asked", async () => {
  const plain = expectOk(await listGroups("admin", "?$top=1")) as { usergroups: unknown[] };
  expect(plain).toEqual({ total: 4, usergroups: [{ id: "25-1", name: "Administrators" }] });
  const developers = expectOk(
    await listGroups("admin", "?fields=usergroups(name,users(login,name))&$top=1&$skip=2"),
  );
  expect(developers).toEqual({
    usergroups: [
      {
        name: "Developers",
        users: [
          { login: "admin", name: "Ada Admin" },
          { login: "alice", name: "Alice Member" },
          { login: "tom", name: "Tom Twofactor" },
        ],
      },
    ],
  });
});

test("GET /usergroups refuses those who may not read groups, the guest, and bad paging", async () => {
  expectError(await listGroups("alice"), 403, "forbidden");
  expectError(await listGroups("rachel"), 403, "forbidden");
  expectError(await backend.client.request("GET", GROUPS, { headers: V4 }), 401, "unauthorized");
  for (const bad of [
    "$top=0",
    `$top=${MAX_HUB_GROUPS_PAGE + 1}`,
    "$skip=-1",
    "query=a",
    "fields=usergroups(",
  ]) {
    expectError(await listGroups("admin", `?${bad}`), 400, "bad_request");
  }
});
