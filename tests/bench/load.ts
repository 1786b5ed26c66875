// One autocannon run against the benchmark's server.
import autocannon from "autocannon";

export interface LoadResult {
  requests: number;
  rps: number;
  p50_ms: number;
  p99_ms: number;
  /** Answers other than 2xx, plus connection errors and timeouts: a measurement with any is not trusted. */
  failures: number;
}

export async function load(
  url: string,
  options: { connections: number; seconds: number; headers: Record<string, string> },
): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.seconds,
    headers: options.headers,
  });
  return {
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}
