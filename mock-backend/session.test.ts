import type * as nodeCrypto from "node:crypto";
import { scryptSync } from "node:crypto";
import { expect, test, vi } from "vitest";
import { sha256 } from "./auth.ts";
import { LoginResultSchema } from "#contract/api.ts";
import type { SignInThrottleOptions } from "./sign-in-throttle.ts";
import { SESSION_COOKIE, SESSION_TTL_MS } from "#contract/constants.ts";
import { demoToken } from "../prisma/factories.ts";
import {
  bearer,
  expectError,
  expectOk,
  sameOrigin,
  useBackend,
  withBackend,
  withFields,
  writableState,
  type MockClient,
} from "../tests/helpers/backend.ts";
import { mockClient as createMockClient, type MockResponse } from "../tests/helpers/mock-client.ts";

vi.mock("node:crypto", async (importOriginal) => {
  const crypto = await importOriginal<typeof nodeCrypto>();
  return { ...crypto, scryptSync: vi.fn(crypto.scryptSync) };
});

const backend = useBackend();
const LOGIN = "/api/auth/login";
const LOGOUT = "/api/auth/logout";
const WHO = withFields("/api/users/me", "login,guest");
const DEMO_LOGINS = ["admin", "alice", "rachel", "tom"] as const;

const signIn = (client: MockClient, body: unknown, headers: Record<string, string> = {}) =>
  client.request("POST", LOGIN, { body, headers: { ...sameOrigin(), ...headers } });

async function whoIs(headers: Record<string, string>, client = backend.client) {
  return expectOk(await client.request("GET", WHO, { headers }));
}

function sessionCookie(response: MockResponse): string {
  const cookies = response.headers.getSetCookie();
  expect(cookies).toHaveLength(1);
  const [cookie] = cookies;
  expect(cookie).toMatch(new RegExp(`^${SESSION_COOKIE}=`));
  return cookie ?? "";
}

/** The cookie's value with one character of the given part changed. */
function tamper(cookie: string, part: "secret" | "signature"): string {
  const [name, value = ""] = cookie.split("=");
  const dot = value.lastIndexOf(".");
  const index = part === "secret" ? 0 : value.length - 1;
  const flipped = value[index] === "A" ? "B" : "A";
  expect(dot).toBeGreaterThan(0);
  return `${name}=${value.slice(0, index)}${flipped}${value.slice(index + 1)}`;
}

test("POST /api/auth/login answers the user and sets an HttpOnly, SameSite=Lax, Path=/ session cookie", async () => {
  const response = await signIn(backend.client, { login: "admin", password: "demo" });
  expect(LoginResultSchema.strict().parse(expectOk(response))).toEqual({
    id: "1-1",
    login: "admin",
    name: "Ada Admin",
  });
  const cookie = sessionCookie(response);
  const attributes = cookie.split(";").map((a) => a.trim());
  expect(attributes).toEqual(expect.arrayContaining(["HttpOnly", "SameSite=Lax", "Path=/"]));
  expect(attributes).not.toContain("Secure");
  const expires = Date.parse(
    attributes.find((a) => a.startsWith("Expires="))?.slice("Expires=".length) ?? "",
  );
  expect(Math.abs(expires - (Date.now() + SESSION_TTL_MS))).toBeLessThan(60_000);
  expect(await whoIs({ cookie: cookie.split(";")[0] ?? "" })).toEqual({ login: "admin", guest: false });
});

test("POST /api/auth/login marks the cookie Secure behind an HTTPS proxy", async () => {
  const response = await signIn(
    backend.client,
    { login: "alice", password: "demo" },
    { "x-forwarded-proto": "https" },
  );
  expect(response.status).toBe(200);
  expect(
    sessionCookie(response)
      .split(";")
      .map((a) => a.trim()),
  ).toContain("Secure");
});

test("POST /api/auth/login trims the login", async () => {
  const response = await signIn(backend.client, { login: "  tom ", password: "demo" });
  expect(expectOk(response)).toMatchObject({ login: "tom" });
});

test("POST /api/auth/login with a wrong password answers 401 and sets no cookie", async () => {
  const response = await signIn(backend.client, { login: "rachel", password: "wrong" });
  const body = expectError(response, 401, "invalid_credentials");
  expect(body.error_description).toBe("Incorrect login or password");
  expect(response.headers.getSetCookie()).toEqual([]);
});

test("POST /api/auth/login with an unknown login answers the same 401", async () => {
  const response = await signIn(backend.client, { login: "mallory", password: "demo" });
  expect(expectError(response, 401, "invalid_credentials").error_description).toBe(
    "Incorrect login or password",
  );
  expect(response.headers.getSetCookie()).toEqual([]);
});

test.each(["demo", "guest"])(
  "POST /api/auth/login refuses the guest account with password %s",
  async (password) => {
    await withBackend(async ({ client }) => {
      const response = await signIn(client, { login: "guest", password });
      expectError(response, 401, "invalid_credentials");
      expect(response.headers.getSetCookie()).toEqual([]);
    });
  },
);

test.each([
  ["an empty login", { body: { login: "", password: "demo" } }],
  ["a login of spaces", { body: { login: "   ", password: "demo" } }],
  ["a missing password", { body: { login: "admin" } }],
  ["an empty password", { body: { login: "admin", password: "" } }],
  ["a numeric password", { body: { login: "admin", password: 1234 } }],
  ["an extra key", { body: { login: "admin", password: "demo", remember: true } }],
  ["a body that is not JSON", { rawBody: '{"login":"admin",' }],
  [
    "a form-encoded body",
    { rawBody: "login=admin&password=demo", headers: { "content-type": "text/plain" } },
  ],
])("POST /api/auth/login refuses %s with 400 and writes nothing", async (_, options) => {
  const before = await writableState(backend.db);
  const headers = { ...sameOrigin(), ...("headers" in options ? options.headers : {}) };
  const response = await backend.client.request("POST", LOGIN, { ...options, headers });
  expectError(response, 400, "bad_request");
  expect(response.headers.getSetCookie()).toEqual([]);
  expect(await writableState(backend.db)).toEqual(before);
});

test("POST /api/auth/login without an Origin is refused with 403", async () => {
  const response = await backend.client.request("POST", LOGIN, {
    body: { login: "admin", password: "demo" },
  });
  expectError(response, 403, "forbidden");
  expect(response.headers.getSetCookie()).toEqual([]);
});

const from = (ip: string) => ({ "x-forwarded-for": ip });

/** A private backend whose sign-in throttle reads the test's clock. */
async function withThrottleClock(
  run: (client: MockClient, clock: { now: number }) => Promise<void>,
  options: Partial<SignInThrottleOptions> = {},
) {
  await withBackend(async ({ db }) => {
    const clock = { now: Date.UTC(2026, 10, 25, 10) };
    await run(createMockClient(db, { signInThrottle: { now: () => clock.now, ...options } }), clock);
  });
}

test("POST /api/auth/login spends the password hash for an unknown login as for a wrong password", async () => {
  const hashes = vi.mocked(scryptSync);
  await withThrottleClock(async (client) => {
    for (const login of ["rachel", "mallory", "guest"]) {
      hashes.mockClear();
      expectError(await signIn(client, { login, password: "wrong" }), 401, "invalid_credentials");
      expect(hashes, login).toHaveBeenCalledTimes(1);
    }
  });
});

test("POST /api/auth/login makes the account wait after a failure, even with the right password from elsewhere", async () => {
  await withThrottleClock(async (client, clock) => {
    expectError(await signIn(client, { login: "admin", password: "guess-1" }, from("203.0.113.9")), 401);
    const blocked = await signIn(client, { login: "admin", password: "demo" }, from("192.0.2.1"));
    expectError(blocked, 429, "too_many_attempts");
    expect(blocked.headers.get("retry-after")).toBe("1");
    expect(blocked.headers.getSetCookie()).toEqual([]);
    expect((await signIn(client, { login: "alice", password: "demo" }, from("192.0.2.1"))).status).toBe(200);

    clock.now += 1000;
    expectError(await signIn(client, { login: "admin", password: "guess-2" }, from("203.0.113.9")), 401);
    const longer = await signIn(client, { login: "admin", password: "demo" }, from("192.0.2.1"));
    expect(longer.headers.get("retry-after")).toBe("2");
    clock.now += 2000;
    expect((await signIn(client, { login: "admin", password: "demo" }, from("192.0.2.1"))).status).toBe(200);
  });
});

test("POST /api/auth/login counts failures per login regardless of case", async () => {
  await withThrottleClock(async (client) => {
    expectError(await signIn(client, { login: "Alice", password: "x" }, from("203.0.113.9")), 401);
    expectError(await signIn(client, { login: "ALICE", password: "demo" }, from("192.0.2.1")), 429);
  });
});

test("POST /api/auth/login lets the owner in from an address of an earlier sign-in during an attack", async () => {
  await withThrottleClock(async (client, clock) => {
    expect((await signIn(client, { login: "alice", password: "demo" }, from("198.51.100.7"))).status).toBe(
      200,
    );
    for (let i = 0; i < 5; i += 1) {
      clock.now += 60_000;
      expectError(await signIn(client, { login: "alice", password: `guess-${i}` }, from("203.0.113.9")), 401);
    }
    expectError(await signIn(client, { login: "alice", password: "demo" }, from("192.0.2.1")), 429);
    expectError(await signIn(client, { login: "alice", password: "typo" }, from("198.51.100.7")), 401);
    expect((await signIn(client, { login: "alice", password: "demo" }, from("198.51.100.7"))).status).toBe(
      200,
    );
    expectError(await signIn(client, { login: "alice", password: "guess" }, from("203.0.113.9")), 429);
  });
});

test("POST /api/auth/login refuses an address beyond its failure budget, whatever the login", async () => {
  await withThrottleClock(
    async (client, clock) => {
      for (const login of ["admin", "rachel", "mallory"]) {
        expectError(await signIn(client, { login, password: "Summer2026" }, from("203.0.113.9")), 401);
      }
      const spent = await signIn(client, { login: "alice", password: "demo" }, from("203.0.113.9"));
      expectError(spent, 429, "too_many_attempts");
      expect(spent.headers.get("retry-after")).toBe("600");
      expect((await signIn(client, { login: "alice", password: "demo" }, from("192.0.2.1"))).status).toBe(
        200,
      );
      clock.now += 600_000;
      expect((await signIn(client, { login: "tom", password: "demo" }, from("203.0.113.9"))).status).toBe(
        200,
      );
    },
    { ipFailures: 3, ipWindowMs: 600_000 },
  );
});

test("POST /api/auth/login starts an account's count over after a successful sign-in", async () => {
  await withThrottleClock(async (client, clock) => {
    for (let i = 0; i < 3; i += 1) {
      clock.now += 60_000;
      expectError(await signIn(client, { login: "tom", password: "x" }, from("203.0.113.9")), 401);
    }
    clock.now += 60_000;
    expect((await signIn(client, { login: "tom", password: "demo" }, from("192.0.2.1"))).status).toBe(200);
    expectError(await signIn(client, { login: "tom", password: "x" }, from("203.0.113.9")), 401);
    const next = await signIn(client, { login: "tom", password: "x" }, from("203.0.113.9"));
    expect(next.headers.get("retry-after")).toBe("1");
  });
});

test("POST /api/auth/logout deletes the session, clears the cookie, and the old cookie yields the guest", async () => {
  await withBackend(async ({ db, client }) => {
    const cookie = await client.signIn("alice");
    const other = await client.signIn("alice");
    expect(await db.session.count({ where: { userId: "1-2" } })).toBe(2);

    const response = await client.request("POST", LOGOUT, { headers: sameOrigin(cookie) });
    expect(expectOk(response)).toEqual({ loggedOut: true });
    const cleared = sessionCookie(response)
      .split(";")
      .map((a) => a.trim());
    expect(cleared).toEqual(
      expect.arrayContaining([
        `${SESSION_COOKIE}=`,
        "Path=/",
        "HttpOnly",
        "SameSite=Lax",
        "Expires=Thu, 01 Jan 1970 00:00:00 GMT",
      ]),
    );

    expect(await db.session.count({ where: { userId: "1-2" } })).toBe(1);
    expect(await whoIs({ cookie }, client)).toEqual({ login: "guest", guest: true });
    expect(await whoIs({ cookie: other }, client)).toEqual({ login: "alice", guest: false });
  });
});

test("POST /api/auth/logout as the guest answers loggedOut and deletes no session", async () => {
  await withBackend(async ({ db, client }) => {
    await client.signIn("admin");
    const response = await client.request("POST", LOGOUT, { headers: sameOrigin() });
    expect(expectOk(response)).toEqual({ loggedOut: true });
    expect(await db.session.count()).toBe(1);
  });
});

test("POST /api/auth/logout with a session cookie but no Origin is refused and keeps the session", async () => {
  await withBackend(async ({ db, client }) => {
    const cookie = await client.signIn("alice");
    expectError(await client.request("POST", LOGOUT, { headers: { cookie } }), 403, "forbidden");
    expect(await db.session.count()).toBe(1);
    expect(await whoIs({ cookie }, client)).toMatchObject({ login: "alice" });
  });
});

test.each(["secret", "signature"] as const)(
  "a session cookie with a changed %s yields the guest",
  async (part) => {
    const cookie = await backend.cookie("alice");
    expect(await whoIs({ cookie })).toMatchObject({ login: "alice" });
    expect(await whoIs({ cookie: tamper(cookie, part) })).toEqual({ login: "guest", guest: true });
  },
);

test("a session cookie without its signature yields the guest", async () => {
  const cookie = await backend.cookie("alice");
  expect(await whoIs({ cookie: cookie.slice(0, cookie.lastIndexOf(".")) })).toEqual({
    login: "guest",
    guest: true,
  });
});

test("an expired session yields the guest", async () => {
  await withBackend(async ({ db, client }) => {
    const cookie = await client.signIn("alice");
    await db.session.updateMany({ data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await whoIs({ cookie }, client)).toEqual({ login: "guest", guest: true });
  });
});

test("a Session row stores a hash of the cookie's secret, never the cookie value", async () => {
  await withBackend(async ({ db, client }) => {
    const cookie = await client.signIn("rachel");
    const value = cookie.slice(`${SESSION_COOKIE}=`.length);
    const secret = value.slice(0, value.lastIndexOf("."));
    const [row, ...rest] = await db.session.findMany();
    expect(rest).toEqual([]);
    expect(row).toMatchObject({ userId: "1-3", idHash: sha256(secret) });
    expect(JSON.stringify(row)).not.toContain(secret);
  });
});

test.each(DEMO_LOGINS)("a permanent token authenticates %s", async (login) => {
  expect(await whoIs(bearer(login))).toEqual({ login, guest: false });
});

test("a bearer token takes precedence over a session cookie", async () => {
  const cookie = await backend.cookie("alice");
  expect(await whoIs({ cookie, ...bearer("admin") })).toEqual({ login: "admin", guest: false });
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

test("a cookie-authenticated write with a same-origin Origin is allowed", async () => {
  expect((await tipsWith(sameOrigin(await backend.cookie("alice")))).status).toBe(200);
});

test.each([
  ["no Origin", {}],
  ["an Origin of another site", { origin: "https://evil.test" }],
  ["an Origin of another port", { origin: "http://keel.test:8080" }],
  ["the Origin null", { origin: "null" }],
  ["an unparsable Origin", { origin: "keel.test" }],
  ["Sec-Fetch-Site cross-site", { "sec-fetch-site": "cross-site" }],
  ["Sec-Fetch-Site same-site", { "sec-fetch-site": "same-site" }],
])("a cookie-authenticated write with %s is refused with 403 and writes nothing", async (_, headers) => {
  const cookie = await backend.cookie("alice");
  const before = await writableState(backend.db);
  const response = await backend.client.request("POST", TIPS, {
    body: { pricingAdminPopupShown: true },
    headers: { cookie, ...headers },
  });
  const body = expectError(response, 403, "forbidden");
  expect(body.error_description).toContain("Cross-site request refused");
  expect(await writableState(backend.db)).toEqual(before);
});

test("a cookie-authenticated write with Sec-Fetch-Site same-origin and no Origin is allowed", async () => {
  const response = await tipsWith({ cookie: await backend.cookie("alice"), "sec-fetch-site": "same-origin" });
  expect(response.status).toBe(200);
});

test("a write through the app server matches its Origin against X-Forwarded-Host", async () => {
  const cookie = await backend.cookie("alice");
  const proxied = {
    cookie,
    host: "127.0.0.1:3000",
    "x-forwarded-host": "keel.test",
    origin: "http://keel.test",
  };
  expect((await tipsWith(proxied)).status).toBe(200);
  expectError(await tipsWith({ ...proxied, origin: "http://127.0.0.1:3000" }), 403, "forbidden");
});

test("a bearer-authenticated write needs no Origin", async () => {
  expect((await tipsWith(bearer("alice"))).status).toBe(200);
});

test("a cookie-authenticated read needs no Origin", async () => {
  expect(await whoIs({ cookie: await backend.cookie("alice") })).toMatchObject({ login: "alice" });
});

test("the bearer scheme name is case-insensitive", async () => {
  const token = bearer("alice").authorization?.replace(/^Bearer/, "bearer") ?? "";
  expect(await whoIs({ authorization: token })).toEqual({ login: "alice", guest: false });
});
