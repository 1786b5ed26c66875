import type { MockBackendOptions } from "#mock-backend/app.ts";
import type { Env } from "./env.ts";

export type MockLimitVariable =
  | "ANALYTICS_RATE_BURST"
  | "ANALYTICS_RATE_PER_MINUTE"
  | "ANALYTICS_MAX_STORED_EVENTS"
  | "ANALYTICS_MAX_STORED_MB"
  | "ANALYTICS_RETENTION_DAYS"
  | "INBOX_STREAMS_PER_USER"
  | "INBOX_EVENT_POLL_MS"
  | "HUB_ACCESS_TOKEN_SECONDS"
  | PushVariable;

export type PushVariable =
  | "VAPID_PUBLIC_KEY"
  | "VAPID_PRIVATE_KEY"
  | "VAPID_SUBJECT"
  | "PUSH_SERVICE_ORIGINS"
  | "PUSH_SUBSCRIPTIONS_PER_USER"
  | "PUSH_TIMEOUT_MS";

const definedOnly = <T extends object>(value: T): Partial<T> =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;

/** The mock backend's limits from the environment; unset ones keep the mock's defaults. */
export function mockLimits(
  env: Partial<Pick<Env, MockLimitVariable>>,
): Pick<MockBackendOptions, "analytics" | "inboxStreams" | "identity"> {
  const mb = env.ANALYTICS_MAX_STORED_MB;
  return {
    analytics: definedOnly({
      burst: env.ANALYTICS_RATE_BURST,
      perMinute: env.ANALYTICS_RATE_PER_MINUTE,
      maxStoredEvents: env.ANALYTICS_MAX_STORED_EVENTS,
      maxStoredBytes: mb === undefined ? undefined : mb * 1024 * 1024,
      retentionDays: env.ANALYTICS_RETENTION_DAYS,
    }),
    inboxStreams: definedOnly({
      maxStreamsPerUser: env.INBOX_STREAMS_PER_USER,
      eventPollMs: env.INBOX_EVENT_POLL_MS,
    }),
    identity: definedOnly({ accessTokenSeconds: env.HUB_ACCESS_TOKEN_SECONDS }),
  };
}

/** The mock backend's Web Push settings from the environment; unset ones keep the mock's defaults. */
export function mockPushOptions(env: Partial<Pick<Env, PushVariable>>): Pick<MockBackendOptions, "push"> {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = env;
  return {
    push: definedOnly({
      vapid: publicKey && privateKey ? { publicKey, privateKey } : undefined,
      subject: env.VAPID_SUBJECT,
      serviceOrigins: env.PUSH_SERVICE_ORIGINS,
      maxSubscriptionsPerUser: env.PUSH_SUBSCRIPTIONS_PER_USER,
      timeoutMs: env.PUSH_TIMEOUT_MS,
    }),
  };
}
