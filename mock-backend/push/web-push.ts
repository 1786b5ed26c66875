// Web Push from the backend (docs/decisions/0018-web-push.md): VAPID keys, subscriptions, and the one place
// a push is encrypted and posted. A subscription the push service no longer knows is removed.
import { randomUUID } from "node:crypto";
import { createRequire } from "node:module";
import type webpushModule from "web-push";
import type { PushSubscriptionInput } from "#contract/api.ts";
import type { PushMessage } from "#contract/notification-kinds.ts";
import type { Db } from "../db.ts";

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export interface PushOptions {
  /** Configured keys; without them one pair is generated once and kept in the database. */
  vapid?: VapidKeys;
  /** Who runs this backend, for push services: a mailto: or https: URL. */
  subject: string;
  /** Origins endpoints may have; `https://*.example.com` allows that domain's subdomains. */
  serviceOrigins: readonly string[];
  maxSubscriptionsPerUser: number;
  timeoutMs: number;
}

export interface PushResult {
  sent: number;
  removed: number;
  failed: number;
}

export interface PushSender {
  publicKey(): Promise<string>;
  endpointAllowed(endpoint: string): boolean;
  /** Keeps a browser's subscription for the user; the oldest beyond the cap go. */
  subscribe(userId: string, subscription: PushSubscriptionInput): Promise<number>;
  unsubscribe(userId: string, endpoint: string): Promise<number>;
  count(userId: string): Promise<number>;
  notify(userId: string, message: PushMessage): Promise<PushResult>;
}

/** How long a push service keeps an undelivered push: a notification a day old is no news. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;
const KEY_PAIR_ID = 1;

export function endpointAllowed(endpoint: string, origins: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  return origins.some((entry) => {
    if (!entry.includes("://*.")) return url.origin === entry;
    // `https://*.example.com` as the origin of a subdomain: protocol and port equal, the host below it.
    const pattern = new URL(entry.replace("://*.", "://subdomain."));
    const domain = pattern.hostname.slice("subdomain".length);
    return url.protocol === pattern.protocol && url.port === pattern.port && url.hostname.endsWith(domain);
  });
}

/** web-push and its crypto libraries, loaded when a key pair is made or a push is sent, not at start-up. */
const require = createRequire(import.meta.url);
const webpush = () => require("web-push") as typeof webpushModule;

/** The one stored key pair's row, newly generated: written by the demo's seed, or at first use. */
export const newVapidKeyPair = () => ({ id: KEY_PAIR_ID, ...webpush().generateVAPIDKeys() });

async function storedKeys(db: Db): Promise<VapidKeys> {
  const select = { publicKey: true, privateKey: true };
  const existing = await db.vapidKeyPair.findUnique({ where: { id: KEY_PAIR_ID }, select });
  if (existing) return existing;
  try {
    return await db.vapidKeyPair.create({ data: newVapidKeyPair(), select });
  } catch (error) {
    // Another server of the cluster stored its pair first: that one is everyone's.
    const winner = await db.vapidKeyPair.findUnique({ where: { id: KEY_PAIR_ID }, select });
    if (winner) return winner;
    throw error;
  }
}

export function createPushSender(db: Db, options: PushOptions): PushSender {
  let keys: Promise<VapidKeys> | undefined;
  const vapidKeys = () => {
    keys ??= options.vapid ? Promise.resolve(options.vapid) : storedKeys(db);
    keys.catch(() => (keys = undefined));
    return keys;
  };
  const count = (userId: string) => db.pushSubscription.count({ where: { userId } });

  async function deliver(
    subscription: { id: string; endpoint: string; p256dh: string; auth: string },
    payload: string,
    vapid: VapidKeys,
  ): Promise<"sent" | "removed" | "failed"> {
    // Checked again at sending: the allowed origins may have changed since the subscription was kept.
    if (!endpointAllowed(subscription.endpoint, options.serviceOrigins)) return "failed";
    const request = webpush().generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      payload,
      {
        vapidDetails: { subject: options.subject, ...vapid },
        TTL: PUSH_TTL_SECONDS,
        contentEncoding: "aes128gcm",
      },
    );
    const { "Content-Length": _length, ...headers } = request.headers as Record<string, string>;
    const response = await fetch(request.endpoint, {
      method: request.method,
      headers,
      body: request.body ? new Uint8Array(request.body) : undefined,
      redirect: "error",
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    await response.body?.cancel();
    if (response.status === 404 || response.status === 410) {
      await db.pushSubscription.deleteMany({ where: { id: subscription.id } });
      return "removed";
    }
    return response.ok ? "sent" : "failed";
  }

  return {
    publicKey: async () => (await vapidKeys()).publicKey,
    endpointAllowed: (endpoint) => endpointAllowed(endpoint, options.serviceOrigins),
    async subscribe(userId, { endpoint, keys: { p256dh, auth } }) {
      // An endpoint names one browser: subscribed again, it is the newest user's (a shared computer).
      await db.pushSubscription.upsert({
        where: { endpoint },
        create: { id: randomUUID(), userId, endpoint, p256dh, auth },
        update: { userId, p256dh, auth, createdAt: new Date() },
      });
      const kept = await db.pushSubscription.findMany({
        where: { userId },
        orderBy: [{ createdAt: "desc" }, { id: "asc" }],
        select: { id: true },
      });
      const doomed = kept.slice(options.maxSubscriptionsPerUser).map((row) => row.id);
      if (doomed.length > 0) await db.pushSubscription.deleteMany({ where: { id: { in: doomed } } });
      return Math.min(kept.length, options.maxSubscriptionsPerUser);
    },
    async unsubscribe(userId, endpoint) {
      await db.pushSubscription.deleteMany({ where: { userId, endpoint } });
      return count(userId);
    },
    count,
    async notify(userId, message) {
      const subscriptions = await db.pushSubscription.findMany({ where: { userId } });
      const result: PushResult = { sent: 0, removed: 0, failed: 0 };
      if (subscriptions.length === 0) return result;
      const vapid = await vapidKeys();
      const payload = JSON.stringify(message);
      const outcomes = await Promise.allSettled(subscriptions.map((s) => deliver(s, payload, vapid)));
      for (const outcome of outcomes) result[outcome.status === "fulfilled" ? outcome.value : "failed"]++;
      return result;
    },
  };
}
