import { afterEach, expect, test } from "vitest";
import { createPrisma } from "./db.ts";
import { readCache } from "./read-cache.ts";
import { createSignInThrottle, placeOf, type SignInThrottleOptions } from "./sign-in-throttle.ts";
import { freshDatabase, type TestDatabase } from "#tests/helpers/database.ts";

const SECOND = 1000;
const OWNER_HOME = "198.51.100.7";
const ATTACKER = "203.0.113.9";
const opened: TestDatabase[] = [];

afterEach(async () => {
  await Promise.all(opened.splice(0).map((database) => database.close()));
});

/** A throttle on a private database with a clock the test moves. */
function setUp(options: Partial<SignInThrottleOptions> = {}) {
  const database = freshDatabase();
  opened.push(database);
  const clock = { now: Date.UTC(2026, 10, 25, 10) };
  const throttle = createSignInThrottle(database.db, {
    accountBaseDelayMs: SECOND,
    accountMaxDelayMs: 60 * SECOND,
    ipFailures: 1_000_000,
    now: () => clock.now,
    ...options,
  });
  return { ...database, clock, throttle };
}

/** The n-th address of a made-up botnet, one per attempt. */
const botAddress = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

test("an account waits after a failure, twice as long after each further one, up to the maximum", async () => {
  const { clock, throttle } = setUp({ accountMaxDelayMs: 4 * SECOND });
  const waits: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    expect(await throttle.beginSignIn("victim", ATTACKER)).toEqual({ allowed: true, retryAfterMs: 0 });
    const refused = await throttle.beginSignIn("victim", botAddress(i));
    expect(refused.allowed).toBe(false);
    waits.push(refused.retryAfterMs);
    clock.now += refused.retryAfterMs;
  }
  expect(waits).toEqual([1, 2, 4, 4, 4].map((s) => s * SECOND));
});

test("logins are counted without regard to case or surrounding spaces", async () => {
  const { throttle } = setUp();
  expect((await throttle.beginSignIn("Alice", ATTACKER)).allowed).toBe(true);
  expect((await throttle.beginSignIn(" ALICE ", botAddress(1))).allowed).toBe(false);
});

test("concurrent guesses at one account are not all let through before the first one fails", async () => {
  const { throttle } = setUp();
  const verdicts = await Promise.all(
    Array.from({ length: 8 }, (_, i) => throttle.beginSignIn("victim", botAddress(i))),
  );
  expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(1);
});

test("ten times more failures with made-up logins than the table holds do not free the victim's back-off", async () => {
  const { clock, throttle } = setUp({ maxRows: 20, accountMaxDelayMs: 600 * SECOND });
  for (let i = 0; i < 6; i += 1) {
    clock.now += 60 * SECOND;
    expect((await throttle.beginSignIn("victim", ATTACKER)).allowed).toBe(true);
  }
  expect(await throttle.beginSignIn("victim", ATTACKER)).toEqual({
    allowed: false,
    retryAfterMs: 32 * SECOND,
  });

  // Made-up logins from a botnet, one every 250 ms: the victim's wait of 32 s runs out on the way.
  for (let i = 0; i < 201; i += 1) {
    expect((await throttle.beginSignIn(`made-up-${i}`, botAddress(i))).allowed).toBe(true);
    clock.now += 250;
    if (i === 59) {
      expect(await throttle.beginSignIn("victim", ATTACKER)).toEqual({
        allowed: false,
        retryAfterMs: 32 * SECOND - 60 * 250,
      });
    }
  }
  // Past the wait, its failures still count: the next one doubles it.
  expect((await throttle.beginSignIn("victim", ATTACKER)).allowed).toBe(true);
  expect(await throttle.beginSignIn("victim", ATTACKER)).toEqual({
    allowed: false,
    retryAfterMs: 64 * SECOND,
  });
}, 60_000);

test("the owner signs in from a place of an earlier sign-in while the account is under attack", async () => {
  const { clock, throttle } = setUp();
  expect((await throttle.beginSignIn("alice", OWNER_HOME)).allowed).toBe(true);
  await throttle.recordSuccess("alice", OWNER_HOME);
  for (let i = 0; i < 5; i += 1) {
    clock.now += 60 * SECOND;
    expect((await throttle.beginSignIn("alice", ATTACKER)).allowed).toBe(true);
  }
  expect((await throttle.beginSignIn("alice", ATTACKER)).allowed).toBe(false);
  expect((await throttle.beginSignIn("alice", "192.0.2.1")).allowed).toBe(false);

  // A typo at home, then the right password.
  expect((await throttle.beginSignIn("alice", OWNER_HOME)).allowed).toBe(true);
  expect((await throttle.beginSignIn("alice", OWNER_HOME)).allowed).toBe(true);
  await throttle.recordSuccess("alice", OWNER_HOME);
  // The owner's success does not reset the attacker's back-off.
  expect((await throttle.beginSignIn("alice", ATTACKER)).allowed).toBe(false);
});

test("a success from a new place starts the account's count over", async () => {
  const { clock, throttle } = setUp();
  for (let i = 0; i < 3; i += 1) {
    clock.now += 60 * SECOND;
    expect((await throttle.beginSignIn("tom", ATTACKER)).allowed).toBe(true);
  }
  clock.now += 60 * SECOND;
  expect((await throttle.beginSignIn("tom", "192.0.2.1")).allowed).toBe(true);
  await throttle.recordSuccess("tom", "192.0.2.1");
  expect((await throttle.beginSignIn("tom", ATTACKER)).allowed).toBe(true);
  expect(await throttle.beginSignIn("tom", ATTACKER)).toEqual({ allowed: false, retryAfterMs: SECOND });
});

test("an address is refused beyond its failure budget, across accounts and remembered places", async () => {
  const { clock, throttle } = setUp({ ipFailures: 3, ipWindowMs: 600 * SECOND });
  expect((await throttle.beginSignIn("alice", OWNER_HOME)).allowed).toBe(true);
  await throttle.recordSuccess("alice", OWNER_HOME);
  for (const login of ["admin", "rachel", "tom"]) {
    expect((await throttle.beginSignIn(login, OWNER_HOME)).allowed).toBe(true);
  }
  expect(await throttle.beginSignIn("alice", OWNER_HOME)).toEqual({
    allowed: false,
    retryAfterMs: 600 * SECOND,
  });
  expect((await throttle.beginSignIn("alice", "192.0.2.1")).allowed).toBe(true);
  clock.now += 600 * SECOND;
  expect((await throttle.beginSignIn("alice", OWNER_HOME)).allowed).toBe(true);
});

test("the addresses of one IPv6 /64 share one budget", async () => {
  const { throttle } = setUp({ ipFailures: 2 });
  expect((await throttle.beginSignIn("a", "2001:db8:1:2::1")).allowed).toBe(true);
  expect((await throttle.beginSignIn("b", "2001:db8:1:2:ffff::9")).allowed).toBe(true);
  expect((await throttle.beginSignIn("c", "2001:db8:1:2:abcd:1:2:3")).allowed).toBe(false);
  expect((await throttle.beginSignIn("c", "2001:db8:1:3::1")).allowed).toBe(true);
});

test.each([
  ["198.51.100.7", "198.51.100.7"],
  ["::ffff:198.51.100.7", "198.51.100.7"],
  ["2001:db8::1", "2001:db8:0:0::/64"],
  ["2001:0DB8:0001:0002:0003:0004:0005:0006", "2001:db8:1:2::/64"],
  ["fe80::1%eth0", "fe80:0:0:0::/64"],
  ["::1", "0:0:0:0::/64"],
  ["64:ff9b::192.0.2.1", "64:ff9b:0:0::/64"],
  ["", "unknown"],
  ["not an address", "unknown"],
])("placeOf(%j) is %j", (ip, place) => {
  expect(placeOf(ip)).toBe(place);
});

test("the state is seen by a second process on the same database file", async () => {
  const { url, throttle } = setUp();
  const other = createPrisma(url);
  try {
    const elsewhere = createSignInThrottle(other, { now: () => Date.UTC(2026, 10, 25, 10) });
    expect((await throttle.beginSignIn("victim", ATTACKER)).allowed).toBe(true);
    expect(await elsewhere.beginSignIn("victim", botAddress(1))).toEqual({
      allowed: false,
      retryAfterMs: SECOND,
    });
  } finally {
    await other.$disconnect();
    readCache(other).close();
  }
});

test("the table stays bounded, and expired rows are pruned", { timeout: 60_000 }, async () => {
  const { db, clock, throttle } = setUp({ maxRows: 20 });
  for (let i = 0; i < 60; i += 1) {
    await throttle.beginSignIn(`made-up-${i}`, botAddress(i));
    await throttle.recordSuccess(`owner-${i % 30}`, botAddress(i));
    clock.now += 2 * SECOND;
  }
  expect(await db.signInThrottle.count({ where: { kind: { in: ["account", "ip"] } } })).toBeLessThanOrEqual(
    100,
  );
  expect(await db.signInThrottle.count({ where: { kind: "place" } })).toBeLessThanOrEqual(20);

  clock.now += 366 * 24 * 3600 * SECOND;
  await throttle.beginSignIn("late", ATTACKER);
  expect(await db.signInThrottle.count()).toBe(2);
});
