// Slows password guessing without locking the owner out: an account's wait doubles with each failure
// (addresses it signed in from before skip it), and each address has a failure budget per window. The
// state is in the database so every server sees the same counts; unknown logins are counted alike.
import { createHash } from "node:crypto";
import { isIPv4, isIPv6 } from "node:net";
import type { SignInThrottle as Row } from "#prisma/generated/client.ts";
import type { Db } from "./db.ts";
import { SIGN_IN_THROTTLE_DEFAULTS } from "./defaults.ts";

export interface SignInThrottleOptions {
  /** The wait after an account's first failure; each further failure doubles it. */
  accountBaseDelayMs: number;
  accountMaxDelayMs: number;
  /** Failures one address (an IPv6 /64) may make per window, across accounts. */
  ipFailures: number;
  ipWindowMs: number;
  accountMemoryMs: number;
  /** How long the address of a successful sign-in lets its account skip the wait. */
  placeMemoryMs: number;
  /** Failure counters kept besides the blocking ones; as many remembered places. */
  maxRows: number;
  now: () => number;
}

export interface SignInVerdict {
  allowed: boolean;
  retryAfterMs: number;
}

export interface SignInThrottle {
  /** An allowed attempt counts as a failure at once, so concurrent guesses cannot all pass. */
  beginSignIn(login: string, ip: string): Promise<SignInVerdict>;
  recordSuccess(login: string, ip: string): Promise<void>;
}

type Kind = "account" | "ip" | "place";
type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];
type State = Pick<Row, "failures" | "windowStart" | "blockedUntil" | "expiresAt">;

const COUNTERS: Kind[] = ["account", "ip"];
const PLACES: Kind[] = ["place"];
/** An attempt that loses a race for its account row is tried again this many times, then refused. */
const WRITE_TRIES = 3;
/** Eviction makes this much room at once, so the ordering query does not run on every new row. */
const EVICTION_SLACK = 0.1;

/** IPv4 as is (also IPv4-mapped), IPv6 by its /64: whoever holds one address of a /64 holds them all. */
export function placeOf(ip: string): string {
  const address = ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");
  if (isIPv4(address)) return address;
  const bare = address.split("%")[0] ?? "";
  if (!isIPv6(bare)) return "unknown";
  const [head = "", tail] = bare.split("::");
  const groupsOf = (part: string) => (part ? part.split(":") : []);
  const left = groupsOf(head);
  const right = groupsOf(tail ?? "");
  const rightWidth = right.reduce((width, group) => width + (group.includes(".") ? 2 : 1), 0);
  const zeros = Array.from({ length: tail === undefined ? 0 : 8 - left.length - rightWidth }, () => "0");
  const prefix = [...left, ...zeros, ...right].slice(0, 4).map((group) => parseInt(group, 16).toString(16));
  return `${prefix.join(":")}::/64`;
}

const keyOf = (kind: Kind, ...parts: string[]) =>
  createHash("sha256")
    .update([kind, ...parts].join("\u0000"))
    .digest("base64url");

function keysOf(login: string, ip: string): Record<Kind, string> {
  const account = login.trim().toLowerCase();
  const place = placeOf(ip);
  return {
    account: keyOf("account", account),
    ip: keyOf("ip", place),
    place: keyOf("place", account, place),
  };
}

const isUniqueViolation = (error: unknown) =>
  typeof error === "object" && error !== null && "code" in error && error.code === "P2002";

export function createSignInThrottle(db: Db, overrides: Partial<SignInThrottleOptions> = {}): SignInThrottle {
  const options: SignInThrottleOptions = { ...SIGN_IN_THROTTLE_DEFAULTS };
  for (const [name, value] of Object.entries(overrides)) {
    if (value !== undefined) Object.assign(options, { [name]: value });
  }

  const accountDelay = (failures: number) =>
    Math.min(options.accountBaseDelayMs * 2 ** (failures - 1), options.accountMaxDelayMs);

  async function create(tx: Tx, key: string, kind: Kind, state: Partial<State> & Pick<State, "expiresAt">) {
    try {
      await tx.signInThrottle.create({ data: { key, kind, ...state } });
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  /** Its first statement writes, so the transaction holds SQLite's write lock from there on. */
  async function chargeIp(tx: Tx, key: string, now: bigint): Promise<"charged" | "created" | "spent"> {
    const table = tx.signInThrottle;
    const inWindow = { key, expiresAt: { gt: now } };
    const { count } = await table.updateMany({
      where: { ...inWindow, failures: { lt: options.ipFailures } },
      data: { failures: { increment: 1 } },
    });
    if (count === 1) return "charged";
    if ((await table.count({ where: inWindow })) === 1) return "spent";
    const window = { failures: 1, windowStart: now, expiresAt: now + BigInt(options.ipWindowMs) };
    if ((await table.updateMany({ where: { key }, data: window })).count === 1) return "charged";
    return (await create(tx, key, "ip", window)) ? "created" : "spent";
  }

  async function chargeAccount(tx: Tx, key: string, stored: Row | undefined, now: bigint) {
    const live = stored && stored.expiresAt > now ? stored : undefined;
    const failures = (live?.failures ?? 0) + 1;
    const blockedUntil = now + BigInt(accountDelay(failures));
    const memoryEnd = now + BigInt(options.accountMemoryMs);
    const next = { failures, blockedUntil, expiresAt: memoryEnd > blockedUntil ? memoryEnd : blockedUntil };
    if (!stored) return create(tx, key, "account", next);
    const { failures: was, blockedUntil: wasBlockedUntil, expiresAt } = stored;
    const where = { key, failures: was, blockedUntil: wasBlockedUntil, expiresAt };
    return (await tx.signInThrottle.updateMany({ where, data: next })).count === 1;
  }

  async function prune(tx: Tx, now: bigint) {
    const table = tx.signInThrottle;
    const blocking = [{ blockedUntil: { gt: now } }, { kind: "ip", failures: { gte: options.ipFailures } }];
    await table.deleteMany({ where: { expiresAt: { lte: now }, blockedUntil: { lte: now } } });
    for (const kinds of [COUNTERS, PLACES]) {
      const count = await table.count({ where: { kind: { in: kinds } } });
      if (count <= options.maxRows) continue;
      const victims = await table.findMany({
        where: { kind: { in: kinds }, NOT: { OR: blocking } },
        orderBy: [{ failures: "asc" }, { expiresAt: "asc" }],
        take: count - Math.floor(options.maxRows * (1 - EVICTION_SLACK)),
        select: { key: true },
      });
      await table.deleteMany({ where: { key: { in: victims.map((victim) => victim.key) } } });
    }
  }

  async function tryBegin(keys: Record<Kind, string>): Promise<SignInVerdict | null> {
    const now = BigInt(options.now());
    const rows = await db.signInThrottle.findMany({
      where: { key: { in: [keys.account, keys.ip, keys.place] } },
    });
    const stored = (kind: Kind) => rows.find((row) => row.key === keys[kind]);
    const live = (kind: Kind) => {
      const row = stored(kind);
      return row && row.expiresAt > now ? row : undefined;
    };
    const refuse = (until: bigint): SignInVerdict => ({ allowed: false, retryAfterMs: Number(until - now) });

    const account = live("account");
    const remembered = live("place") !== undefined;
    if (!remembered && account && account.blockedUntil > now) return refuse(account.blockedUntil);
    const ip = live("ip");
    if (ip && ip.failures >= options.ipFailures) return refuse(ip.expiresAt);

    return db.$transaction(async (tx) => {
      const ipCharge = await chargeIp(tx, keys.ip, now);
      // Another attempt spent the budget meanwhile: the next read answers how long it lasts.
      if (ipCharge === "spent") return null;
      let created = ipCharge === "created";
      if (!remembered) {
        if (!(await chargeAccount(tx, keys.account, stored("account"), now))) {
          await tx.signInThrottle.updateMany({
            where: { key: keys.ip },
            data: { failures: { decrement: 1 } },
          });
          return null;
        }
        created ||= !stored("account");
      }
      if (created) await prune(tx, now);
      return { allowed: true, retryAfterMs: 0 };
    });
  }

  return {
    async beginSignIn(login, ip) {
      const keys = keysOf(login, ip);
      for (let attempt = 0; attempt < WRITE_TRIES; attempt += 1) {
        const verdict = await tryBegin(keys);
        if (verdict) return verdict;
      }
      return { allowed: false, retryAfterMs: options.accountBaseDelayMs };
    },

    async recordSuccess(login, ip) {
      const keys = keysOf(login, ip);
      const now = BigInt(options.now());
      const place = await db.signInThrottle.findUnique({ where: { key: keys.place } });
      const remember = { windowStart: now, expiresAt: now + BigInt(options.placeMemoryMs) };
      await db.$transaction(async (tx) => {
        const table = tx.signInThrottle;
        await table.updateMany({
          where: { key: keys.ip, failures: { gt: 0 } },
          data: { failures: { decrement: 1 } },
        });
        // An attempt from elsewhere was allowed, so no back-off was running: its count starts over.
        if (!place || place.expiresAt <= now) await table.deleteMany({ where: { key: keys.account } });
        await table.upsert({
          where: { key: keys.place },
          create: { key: keys.place, kind: "place", ...remember },
          update: remember,
        });
        if (!place) await prune(tx, now);
      });
    },
  };
}

export type SignInThrottleVariable =
  | "SIGN_IN_ACCOUNT_BASE_DELAY_MS"
  | "SIGN_IN_ACCOUNT_MAX_DELAY_MS"
  | "SIGN_IN_IP_FAILURES"
  | "SIGN_IN_IP_WINDOW_MS";

/** The throttle's settings from the environment (server/env.ts); unset ones keep their defaults. */
export function signInThrottleSettings(
  env: Partial<Record<SignInThrottleVariable, number>>,
): Partial<SignInThrottleOptions> {
  return {
    accountBaseDelayMs: env.SIGN_IN_ACCOUNT_BASE_DELAY_MS,
    accountMaxDelayMs: env.SIGN_IN_ACCOUNT_MAX_DELAY_MS,
    ipFailures: env.SIGN_IN_IP_FAILURES,
    ipWindowMs: env.SIGN_IN_IP_WINDOW_MS,
  };
}
