import type { MockBackendOptions } from "../mock-backend/app.ts";
import type { Env } from "./env.ts";

export type MockLimitVariable =
  | "ANALYTICS_RATE_BURST"
  | "ANALYTICS_RATE_PER_MINUTE"
  | "ANALYTICS_MAX_STORED_EVENTS"
  | "ANALYTICS_MAX_STORED_MB"
  | "ANALYTICS_RETENTION_DAYS"
  | "INBOX_STREAMS_PER_USER"
  | "INBOX_EVENT_POLL_MS"
  | "HUB_ACCESS_TOKEN_SECONDS";

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
