// The usage-analytics event pipeline (docs/analytics.md). It never blocks the interface, and a failing
// backend is not retried into a storm: a failed batch is dropped, and after repeated failures or a refusal
// sending stops for the page.
import { ANALYTICS_MAX_BATCH_BYTES, ANALYTICS_MAX_EVENT_BYTES } from "#contract/constants.ts";
import { globalTimers, type Timers } from "../lib/timers.ts";
import { SURVEY_GROUP, schemaOf, type EventFieldsOf, type EventGroup, type EventName } from "./catalogue.ts";
import { looksPrivate } from "./privacy.ts";

export type FieldValue = string | number | boolean | null;

export interface AnalyticsEvent {
  group: string;
  event: string;
  timestamp: number;
  eventFields: { name: string; value: FieldValue }[];
  clientData: Record<string, FieldValue>;
}

export type Channel = "analytics" | "pmfsurvey";
export type SendOutcome = boolean | "refused";
/** Answers by which the backend says to stop sending: too many events, storage full. */
export const REFUSING_STATUSES: readonly number[] = [429, 507];
export const CHANNEL_PATHS: Record<Channel, string> = {
  analytics: "/api/analytics",
  pmfsurvey: "/api/pmfsurvey",
};

/** The tracker interface events are also passed to (category, action, params). */
export type TrackerSink = (category: string, action: string, params: Record<string, FieldValue>) => void;

export interface TrackerOptions {
  /** The configuration's statisticsEnabled: off means nothing is collected at all. */
  enabled: boolean;
  /**
   * Sends a batch; resolves true when the backend took it, false when it failed, and "refused" when the
   * backend asks for no more (rate limit or storage full): the tracker then stops for this page.
   */
  send: (channel: Channel, events: AnalyticsEvent[]) => Promise<SendOutcome>;
  /** navigator.sendBeacon, for the flush on page hide; false when the browser refused it. */
  beacon?: (channel: Channel, events: AnalyticsEvent[]) => boolean;
  clientData: () => Record<string, FieldValue>;
  sink?: TrackerSink;
  timers?: Timers;
  now?: () => number;
  maxBatchEvents?: number;
  flushAfterMs?: number;
  /** Consecutive failed sends after which the tracker stops sending for this page. */
  maxFailures?: number;
}

export interface Tracker {
  track<G extends EventGroup, E extends EventName<G>>(
    group: G,
    event: E,
    fields: EventFieldsOf<G, E>,
  ): boolean;
  flush(mode?: "fetch" | "beacon"): void;
  pending(): number;
  stopped(): boolean;
}

export const DEFAULT_MAX_BATCH_EVENTS = 20;
export const DEFAULT_FLUSH_AFTER_MS = 10_000;
export const DEFAULT_MAX_FAILURES = 3;

const byteLength = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

export function splitBatches(events: readonly AnalyticsEvent[], maxBytes = ANALYTICS_MAX_BATCH_BYTES) {
  const batches: AnalyticsEvent[][] = [];
  let current: AnalyticsEvent[] = [];
  let size = 2;
  for (const event of events) {
    const bytes = byteLength(event) + 1;
    if (current.length > 0 && size + bytes > maxBytes) {
      batches.push(current);
      current = [];
      size = 2;
    }
    current.push(event);
    size += bytes;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

export function createTracker(options: TrackerOptions): Tracker {
  const timers = options.timers ?? globalTimers;
  const now = options.now ?? Date.now;
  const maxEvents = options.maxBatchEvents ?? DEFAULT_MAX_BATCH_EVENTS;
  const flushAfter = options.flushAfterMs ?? DEFAULT_FLUSH_AFTER_MS;
  const maxFailures = options.maxFailures ?? DEFAULT_MAX_FAILURES;
  const queues: Record<Channel, AnalyticsEvent[]> = { analytics: [], pmfsurvey: [] };
  let timer: unknown;
  let failures = 0;
  let halted = false;

  function schedule(): void {
    if (timer !== undefined) return;
    timer = timers.setTimeout(() => {
      timer = undefined;
      flush("fetch");
    }, flushAfter);
  }

  function sendBatch(channel: Channel, batch: AnalyticsEvent[]): void {
    let pending: Promise<SendOutcome>;
    try {
      pending = options.send(channel, batch);
    } catch {
      pending = Promise.resolve(false);
    }
    pending.then(
      (ok) => record(ok),
      () => record(false),
    );
  }

  function record(ok: SendOutcome): void {
    if (ok === "refused") {
      halted = true;
      return;
    }
    if (ok) {
      failures = 0;
      return;
    }
    // The batch is gone; after a few failures in a row the backend is left alone for this page.
    if (++failures >= maxFailures) halted = true;
  }

  function flush(mode: "fetch" | "beacon" = "fetch"): void {
    if (timer !== undefined) timers.clearTimeout(timer);
    timer = undefined;
    for (const channel of ["analytics", "pmfsurvey"] as const) {
      const events = queues[channel].splice(0);
      if (events.length === 0 || halted) continue;
      for (const batch of splitBatches(events)) {
        if (mode === "beacon" && options.beacon?.(channel, batch)) continue;
        sendBatch(channel, batch);
      }
    }
  }

  return {
    track(group, event, fields) {
      if (!options.enabled || halted) return false;
      const schema = schemaOf(group, event);
      if (!schema) return false;
      const parsed = schema.safeParse(fields);
      if (!parsed.success) return false;
      const values = Object.entries(parsed.data as Record<string, FieldValue>);
      // Defence in depth: the catalogue has no free text, and nothing personal slips through either.
      if (values.some(([, value]) => typeof value === "string" && looksPrivate(value))) return false;
      const record: AnalyticsEvent = {
        group,
        event,
        timestamp: now(),
        eventFields: values.map(([name, value]) => ({ name, value })),
        clientData: options.clientData(),
      };
      if (byteLength(record) > ANALYTICS_MAX_EVENT_BYTES) return false;
      options.sink?.(group, event, Object.fromEntries(values));
      const channel: Channel = group === SURVEY_GROUP ? "pmfsurvey" : "analytics";
      queues[channel].push(record);
      if (queues.analytics.length + queues.pmfsurvey.length >= maxEvents) flush("fetch");
      else schedule();
      return true;
    },
    flush,
    pending: () => queues.analytics.length + queues.pmfsurvey.length,
    stopped: () => halted,
  };
}
