// Latency at a fixed request rate: an open-loop generator that sends each request at its scheduled time
// whatever the answers of the others, on a pool of keep-alive connections with some to spare, and times each
// from its scheduled time to the end of its answer (a request waiting for a free connection counts).
// autocannon's overallRate is not that: each connection sends its share of a second back to back at the
// start of every second, a burst of all connections at once, and its coordinated-omission correction
// assumes one connection's interval.
import http from "node:http";
import { percentile } from "./cluster.ts";

export interface FixedRateResult {
  rate: number;
  connections: number;
  seconds: number;
  requests: number;
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
  /** Answers other than 2xx and errors: a measurement with any is not trusted. */
  failures: number;
  /** How late the generator itself sent, p99: large values mean the client, not the server, lagged. */
  send_lag_p99_ms: number;
}

/** Half the measured maximum, whole requests per second, at least one. */
export function halfRate(maxRps: number): number {
  if (!Number.isFinite(maxRps) || maxRps <= 0) throw new Error(`no maximum throughput to halve: ${maxRps}`);
  return Math.max(1, Math.round(maxRps / 2));
}

/**
 * Connections for a rate: the requests in flight if each took `slowMs` (Little's law), twice over, and at
 * least `minimum`, so that a slow answer never holds back the next scheduled request.
 */
export function sparedConnections(rate: number, slowMs: number, minimum = 16): number {
  return Math.max(minimum, Math.ceil(((rate * slowMs) / 1000) * 2));
}

/** The send times of `rate` requests a second for `seconds`, in ms from the start, evenly spaced. */
export function schedule(rate: number, seconds: number): number[] {
  const count = Math.round(rate * seconds);
  return Array.from({ length: count }, (_, i) => (i * 1000) / rate);
}

export async function fixedRate(
  url: string,
  options: { rate: number; seconds: number; connections: number; headers: Record<string, string> },
): Promise<FixedRateResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const target = new URL(url);
  const times = schedule(options.rate, options.seconds);
  const latencies: number[] = [];
  const lags: number[] = [];
  let failures = 0;
  const request = (scheduledAt: number) =>
    new Promise<void>((resolve) => {
      lags.push(performance.now() - scheduledAt);
      const outgoing = http.get(target, { agent, headers: options.headers }, (response) => {
        response.on("data", () => {});
        response.on("end", () => {
          const status = response.statusCode ?? 0;
          if (status < 200 || status >= 300) failures += 1;
          latencies.push(performance.now() - scheduledAt);
          resolve();
        });
      });
      outgoing.on("error", () => {
        failures += 1;
        resolve();
      });
    });
  const pending: Promise<void>[] = [];
  const start = performance.now() + 10;
  let next = 0;
  try {
    while (next < times.length) {
      const now = performance.now();
      while (next < times.length && start + times[next]! <= now)
        pending.push(request(start + times[next++]!));
      if (next < times.length) {
        await new Promise((resolve) =>
          setTimeout(resolve, Math.max(0, start + times[next]! - performance.now())),
        );
      }
    }
    await Promise.all(pending);
  } finally {
    agent.destroy();
  }
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    rate: options.rate,
    connections: options.connections,
    seconds: options.seconds,
    requests: latencies.length,
    p50_ms: round(percentile(latencies, 50)),
    p99_ms: round(percentile(latencies, 99)),
    max_ms: round(Math.max(...latencies)),
    failures,
    send_lag_p99_ms: round(percentile(lags, 99)),
  };
}
