// The identity service's sign-in form, the only place the mock takes a password: what it answers, and the
// database throttle of docs/security.md ("Sign-in throttling") as a browser meets it.
import type * as nodeCrypto from "node:crypto";
import { scryptSync } from "node:crypto";
import { expect, test, vi } from "vitest";
import { HUB_SESSION_COOKIE } from "#contract/constants.ts";
import { withBackend } from "#tests/helpers/backend.ts";
import { mockClient, SAME_ORIGIN, type MockResponse } from "#tests/helpers/mock-client.ts";
import type { SignInThrottleOptions } from "../sign-in-throttle.ts";
import { DEMO_CLIENT } from "./demo-client.ts";
import { BACKEND_SERVICE_ID } from "./routes.ts";

vi.mock("node:crypto", async (importOriginal) => {
  const crypto = await importOriginal<typeof nodeCrypto>();
  return { ...crypto, scryptSync: vi.fn(crypto.scryptSync) };
});

const AUTHORIZE = `/hub/api/rest/oauth2/auth?${new URLSearchParams({
  response_type: "code",
  client_id: DEMO_CLIENT.id,
  redirect_uri: "http://localhost:3000/auth/callback",
  scope: BACKEND_SERVICE_ID,
  state: "st4te",
})}`;

type Client = ReturnType<typeof mockClient>;
type Post = (login: string, password: string, ip?: string) => Promise<MockResponse>;

/** A private backend whose sign-in throttle reads the test's clock, and its form post from an address. */
async function withForm(
  run: (post: Post, clock: { now: number }) => Promise<void>,
  options: Partial<SignInThrottleOptions> = {},
) {
  await withBackend(async ({ db }) => {
    const clock = { now: Date.UTC(2026, 10, 25, 10) };
    const client: Client = mockClient(db, { signInThrottle: { now: () => clock.now, ...options } });
    const post: Post = (login, password, ip = "192.0.2.1") =>
      client.request("POST", AUTHORIZE, {
        rawBody: new URLSearchParams({ login, password }).toString(),
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: SAME_ORIGIN.origin,
          "x-forwarded-for": ip,
        },
      });
    await run(post, clock);
  });
}

/** Signed in: back to the client with a code, and the service's own session started. */
function expectSignedIn(response: MockResponse) {
  expect(response.status, response.text.slice(0, 200)).toBe(303);
  expect(new URL(response.headers.get("location") ?? "").searchParams.get("code")).toBeTruthy();
  expect(response.headers.getSetCookie().join()).toContain(`${HUB_SESSION_COOKIE}=`);
}

/** Refused: the form again with the message, no session, no code. */
function expectRefused(response: MockResponse, status: number, message: string | RegExp) {
  expect(response.status).toBe(status);
  expect(response.headers.get("location")).toBeNull();
  expect(response.headers.getSetCookie()).toEqual([]);
  expect(response.text).toMatch(message);
}

const INVALID = "Incorrect login or password";
const THROTTLED = /Too many failed attempts/;

test("the form trims the login", async () => {
  await withForm(async (post) => expectSignedIn(await post("  alice ", "demo")));
});

test("an unknown login, a wrong password and the guest account get the same 401", async () => {
  await withForm(async (post, clock) => {
    expectRefused(await post("rachel", "wrong", "192.0.2.1"), 401, INVALID);
    expectRefused(await post("mallory", "demo", "192.0.2.2"), 401, INVALID);
    expectRefused(await post("guest", "demo", "192.0.2.3"), 401, INVALID);
    clock.now += 60_000;
    expectRefused(await post("guest", "guest", "192.0.2.4"), 401, INVALID);
  });
});

test("the form spends the password hash for an unknown login and the guest as for a wrong password", async () => {
  const hashes = vi.mocked(scryptSync);
  await withForm(async (post) => {
    for (const login of ["rachel", "mallory", "guest"]) {
      hashes.mockClear();
      expectRefused(await post(login, "wrong", `198.51.100.${login.length}`), 401, INVALID);
      expect(hashes, login).toHaveBeenCalledTimes(1);
    }
  });
});

test("after a failure the account waits, even with the right password from elsewhere, twice as long next time", async () => {
  await withForm(async (post, clock) => {
    expectRefused(await post("admin", "guess-1", "203.0.113.9"), 401, INVALID);
    const blocked = await post("admin", "demo", "192.0.2.1");
    expectRefused(blocked, 429, THROTTLED);
    expect(blocked.headers.get("retry-after")).toBe("1");
    expectSignedIn(await post("alice", "demo", "192.0.2.1"));

    clock.now += 1000;
    expectRefused(await post("admin", "guess-2", "203.0.113.9"), 401, INVALID);
    const longer = await post("admin", "demo", "192.0.2.1");
    expect(longer.headers.get("retry-after")).toBe("2");
    clock.now += 2000;
    expectSignedIn(await post("admin", "demo", "192.0.2.1"));
  });
});

test("failures are counted per login regardless of case", async () => {
  await withForm(async (post) => {
    expectRefused(await post("Alice", "x", "203.0.113.9"), 401, INVALID);
    expectRefused(await post("ALICE", "demo", "192.0.2.1"), 429, THROTTLED);
  });
});

test("the owner signs in from the address of an earlier sign-in while the account is under attack", async () => {
  await withForm(async (post, clock) => {
    expectSignedIn(await post("alice", "demo", "198.51.100.7"));
    for (let i = 0; i < 5; i += 1) {
      clock.now += 60_000;
      expectRefused(await post("alice", `guess-${i}`, "203.0.113.9"), 401, INVALID);
    }
    expectRefused(await post("alice", "demo", "192.0.2.1"), 429, THROTTLED);
    expectRefused(await post("alice", "typo", "198.51.100.7"), 401, INVALID);
    expectSignedIn(await post("alice", "demo", "198.51.100.7"));
    expectRefused(await post("alice", "guess", "203.0.113.9"), 429, THROTTLED);
  });
});

test("an address beyond its failure budget is refused, whatever the login", async () => {
  await withForm(
    async (post, clock) => {
      for (const login of ["admin", "rachel", "mallory"]) {
        expectRefused(await post(login, "Summer2026", "203.0.113.9"), 401, INVALID);
      }
      const spent = await post("alice", "demo", "203.0.113.9");
      expectRefused(spent, 429, THROTTLED);
      expect(spent.headers.get("retry-after")).toBe("600");
      expectSignedIn(await post("alice", "demo", "192.0.2.1"));
      clock.now += 600_000;
      expectSignedIn(await post("admin", "demo", "203.0.113.9"));
    },
    { ipFailures: 3, ipWindowMs: 600_000 },
  );
});

test("a successful sign-in starts the account's count over", async () => {
  await withForm(async (post, clock) => {
    for (let i = 0; i < 3; i += 1) {
      clock.now += 60_000;
      expectRefused(await post("rachel", "x", "203.0.113.9"), 401, INVALID);
    }
    clock.now += 60_000;
    expectSignedIn(await post("rachel", "demo", "192.0.2.1"));
    expectRefused(await post("rachel", "x", "203.0.113.9"), 401, INVALID);
    const next = await post("rachel", "x", "203.0.113.9");
    expect(next.headers.get("retry-after")).toBe("1");
  });
});
