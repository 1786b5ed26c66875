// The mock's default limits, apart so server/env.ts reads them without loading the mock.
import type { AnalyticsLimits } from "./analytics-limits.ts";
import type { InboxStreamLimits } from "./inbox-events.ts";
import type { SignInThrottleOptions } from "./sign-in-throttle.ts";

export const DEFAULT_ANALYTICS_LIMITS: AnalyticsLimits = {
  burst: 300,
  perMinute: 120,
  maxSources: 10_000,
  maxStoredEvents: 1_000_000,
  maxStoredBytes: 256 * 1024 * 1024,
  retentionDays: 90,
};

export const DEFAULT_INBOX_EVENT_POLL_MS = 1000;
export const DEFAULT_INBOX_STREAM_LIMITS: InboxStreamLimits = {
  maxStreamsPerUser: 10,
  eventPollMs: DEFAULT_INBOX_EVENT_POLL_MS,
};

export const SIGN_IN_THROTTLE_DEFAULTS: Readonly<SignInThrottleOptions> = {
  accountBaseDelayMs: 1000,
  accountMaxDelayMs: 15 * 60_000,
  ipFailures: 100,
  ipWindowMs: 15 * 60_000,
  accountMemoryMs: 24 * 60 * 60_000,
  placeMemoryMs: 90 * 24 * 60 * 60_000,
  maxRows: 50_000,
  now: Date.now,
};

/** Push services browsers subscribe through (Chrome, Firefox, Edge, Safari): the backend posts only there. */
export const DEFAULT_PUSH_SERVICE_ORIGINS: readonly string[] = [
  "https://fcm.googleapis.com",
  "https://updates.push.services.mozilla.com",
  "https://*.notify.windows.com",
  "https://web.push.apple.com",
];
export const DEFAULT_PUSH_SUBSCRIPTIONS_PER_USER = 10;
export const DEFAULT_PUSH_TIMEOUT_MS = 10_000;
/** Whom push services contact about this server's pushes; set VAPID_SUBJECT in a real deployment. */
export const DEFAULT_VAPID_SUBJECT = "mailto:keel@localhost";
