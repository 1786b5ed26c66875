// How the mock backend knows its caller: a bearer token, else the guest; no cookie (docs/identity.md).
import { expect, test } from "vitest";
import { SESSION_COOKIE } from "#contract/constants.ts";
import { demoToken } from "#prisma/factories.ts";
import {
  bearer,
  expectError,
  expectOk,
  sameOrigin,
  useBackend,
  withBackend,
  withFields,
  writableState,
} from "#tests/helpers/backend.ts";

const backend = useBackend();
const WHO = withFields("/api/users/me", "login,guest");
const DEMO_LOGINS = ["admin", "alice", "rachel", "tom"] as const;

async function whoIs(headers: Record<string, string>, client = backend.client) {
  return expectOk(await client.request("GET", WHO, { headers }));
}

test.each(["/api/auth/login", "/api/auth/logout"])(
  "POST %s is an unknown route: a 404 as for any other, with no cookie and nothing written",
  async (path) => {
    const before = await writableState(backend.db);
    const response = await backend.client.request("POST", path, {
      body: { login: "admin", password: "demo" },
      headers: sameOrigin(),
    });
    expectError(response, 404, "not_found");
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(await writableState(backend.db)).toEqual(before);
  },
);

test("a cookie is no credential: a session cookie of any shape yields the guest", async () => {
  await withBackend(async ({ db, client }) => {
    const cookie = `${SESSION_COOKIE}=${"a".repeat(43)}.${"b".repeat(43)}`;
    expect(await whoIs({ cookie }, client)).toEqual({ login: "guest", guest: true });
    expect(await db.session.count()).toBe(0);
  });
});

test.each(DEMO_LOGINS)("a permanent token authenticates %s", async (login) => {
  expect(await whoIs(bearer(login))).toEqual({ login, guest: false });
});

test("an unknown permanent token is refused with 401", async () => {
  const forged = demoToken("alice").replace(/.$/, (c) => (c === "A" ? "B" : "A"));
  const response = await backend.client.request("GET", WHO, {
    headers: { authorization: `Bearer ${forged}` },
  });
  expect(expectError(response, 401, "unauthorized").error_description).toBe(
    "The permanent token is not valid",
  );
});

test("a revoked permanent token is refused with 401", async () => {
  await withBackend(async ({ db, client }) => {
    await db.permanentToken.delete({ where: { id: "tok-alice" } });
    expectError(await client.request("GET", WHO, { headers: bearer("alice") }), 401, "unauthorized");
  });
});

test.each([
  ["a Basic header", "Basic YWRtaW46ZGVtbw=="],
  ["Bearer without a token", "Bearer"],
  ["a token with a space in it", `Bearer ${demoToken("admin")} extra`],
  ["a token without the Bearer scheme", demoToken("admin")],
  ["a token over 400 characters", `Bearer perm:${"a".repeat(401)}`],
])(
  "a malformed Authorization header (%s) is refused with 401, not treated as the guest",
  async (_, authorization) => {
    const response = await backend.client.request("GET", WHO, { headers: { authorization } });
    expectError(response, 401, "unauthorized");
  },
);

test("a bearer token without the perm: prefix is an access token of the identity service: unknown ones get 401 invalid_token", async () => {
  const response = await backend.client.request("GET", WHO, {
    headers: { authorization: "Bearer YWRtaW4=.S2VlbCBkZW1v.secret" },
  });
  expectError(response, 401, "invalid_token");
});

const TIPS = "/api/users/me/profiles/tips";
const tipsWith = async (headers: Record<string, string>) =>
  backend.client.request("POST", TIPS, { body: { pricingAdminPopupShown: false }, headers });

test("a write without a token and with a same-origin Origin passes the origin check and meets the guest's 401", async () => {
  expectError(await tipsWith(sameOrigin()), 401, "unauthorized");
});

test.each([
  ["no Origin", {}],
  ["an Origin of another site", { origin: "https://evil.test" }],
  ["an Origin of another port", { origin: "http://keel.test:8080" }],
  ["the Origin null", { origin: "null" }],
  ["an unparsable Origin", { origin: "keel.test" }],
  ["Sec-Fetch-Site cross-site", { "sec-fetch-site": "cross-site" }],
  ["Sec-Fetch-Site same-site", { "sec-fetch-site": "same-site" }],
])("a write without a token with %s is refused with 403 and writes nothing", async (_, headers) => {
  const before = await writableState(backend.db);
  const response = await backend.client.request("POST", TIPS, {
    body: { pricingAdminPopupShown: true },
    headers,
  });
  const body = expectError(response, 403, "forbidden");
  expect(body.error_description).toContain("Cross-site request refused");
  expect(await writableState(backend.db)).toEqual(before);
});

test("a write without a token with Sec-Fetch-Site same-origin and no Origin passes the origin check", async () => {
  expectError(await tipsWith({ "sec-fetch-site": "same-origin" }), 401, "unauthorized");
});

test("a write through the app server matches its Origin against X-Forwarded-Host", async () => {
  const proxied = { host: "127.0.0.1:3000", "x-forwarded-host": "keel.test", origin: "http://keel.test" };
  expectError(await tipsWith(proxied), 401, "unauthorized");
  expectError(await tipsWith({ ...proxied, origin: "http://127.0.0.1:3000" }), 403, "forbidden");
});

test("a bearer-authenticated write needs no Origin", async () => {
  expect((await tipsWith(bearer("alice"))).status).toBe(200);
});

test("a bearer-authenticated read needs no Origin", async () => {
  expect(await whoIs(bearer("rachel"))).toEqual({ login: "rachel", guest: false });
});

test("the bearer scheme name is case-insensitive", async () => {
  const token = bearer("alice").authorization?.replace(/^Bearer/, "bearer") ?? "";
  expect(await whoIs({ authorization: token })).toEqual({ login: "alice", guest: false });
});
