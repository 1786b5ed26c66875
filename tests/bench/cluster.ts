// npm run bench's cluster part, also run alone: node tests/bench/cluster.ts [--build <dir>] [--seconds <n>]
// [--json <file>]. Starts what the cluster test starts (a real PostgreSQL, 2 backend servers, 3 Keel servers
// and HAProxy with deploy/haproxy.cfg, on loopback) and measures:
// - the shell page's requests/s through the balancer against one Keel server directly, with the same
//   client and concurrency: the balancer's cost (two cores cannot show scaling);
// - CPU per request of each Keel server, and of the backend servers per shell page, from /proc;
// - the time from a notification's write on one backend server to its arrival on a stream held by the other.
import { writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { demoToken } from "#prisma/factories.ts";
import { followInbox, notify, signIn, sleep, waitFor } from "../cluster/client.ts";
import { missingProgram, recentOutput, startPostgres, startProcess, stopAll } from "../cluster/processes.ts";
import {
  startBackend,
  startBalancer,
  startKeel,
  topologyPorts,
  waitUntilServing,
} from "../cluster/topology.ts";
import { createClient, type SoakClient } from "../soak/http.ts";
import { cpuMs } from "./bench-server.ts";

const CONNECTIONS = 16;
const NOTIFICATIONS = 100;
const NOTIFICATION_SPACING_MS = 40;
const SHELL_PATH = "/issues";

export interface ClusterResults {
  cluster_balancer_vs_direct_ratio: number;
  cluster_balancer_rps: number;
  cluster_direct_rps: number;
  cluster_balancer_p99_ms: number;
  cluster_direct_p99_ms: number;
  /** CPU milliseconds per shell page each Keel server spent, over the pages it served through the balancer. */
  cluster_keel_cpu_ms_per_request: Record<string, number>;
  /** CPU milliseconds both backend servers spent per shell page served through the balancer. */
  cluster_backend_cpu_ms_per_page: number;
  cluster_notification_p50_ms: number;
  cluster_notification_p99_ms: number;
  notifications: number;
}

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;
export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

/** Closed-loop load: CONNECTIONS requests in flight for `seconds`; each answer's server and time. */
async function measure(client: SoakClient, cookie: string, seconds: number) {
  const latencies: number[] = [];
  const byInstance = new Map<string, number>();
  let failures = 0;
  const until = performance.now() + seconds * 1000;
  const worker = async () => {
    while (performance.now() < until) {
      const sent = performance.now();
      const answer = await client.send({
        path: SHELL_PATH,
        headers: { cookie, accept: "text/html", "accept-encoding": "gzip" },
      });
      latencies.push(performance.now() - sent);
      if (answer.status !== 200) failures += 1;
      const instance = String(answer.headers["x-keel-instance"] ?? "?");
      byInstance.set(instance, (byInstance.get(instance) ?? 0) + 1);
    }
  };
  const began = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  const elapsed = (performance.now() - began) / 1000;
  if (failures > 0) throw new Error(`${failures} of ${latencies.length} shell pages failed under load`);
  return {
    requests: latencies.length,
    rps: round(latencies.length / elapsed, 1),
    p99_ms: round(percentile(latencies, 99), 1),
    byInstance,
  };
}

export async function benchCluster(options: { buildDir: string; seconds: number }): Promise<ClusterResults> {
  const missing = missingProgram();
  if (missing) throw new Error(missing);
  const topology = await topologyPorts();
  const server = startPostgres(topology.postgres);
  const databaseUrl = `${server}/postgres`;
  const migrated = startProcess("migrator", process.execPath, ["prisma/setup.ts"], {
    DATABASE_URL: databaseUrl,
  });
  if ((await migrated.exited) !== 0) throw new Error(`migrating failed:\n${migrated.output.join("\n")}`);
  const backends = [1, 2].map((n) => startBackend(topology, n, databaseUrl));
  const keels = [1, 2, 3].map((n) => startKeel(topology, n, options.buildDir));
  startBalancer(topology);
  await waitUntilServing(topology);
  const { keelLb, backends: backendPorts } = topology;

  const balanced = createClient(keelLb, CONNECTIONS);
  const direct = createClient(topology.keels[0], CONNECTIONS);
  try {
    const cookie = await signIn(balanced, `http://127.0.0.1:${keelLb}`, "admin");
    // Warm every server's caches, then alternate so that a slow spell of the machine falls on both.
    await measure(balanced, cookie, 2);
    await measure(direct, cookie, 1);
    const keelCpuBefore = keels.map((k) => cpuMs(k.child.pid!));
    const backendCpuBefore = backends.reduce((sum, b) => sum + cpuMs(b.child.pid!), 0);
    const through = await measure(balanced, cookie, options.seconds);
    const keelCpu = keels.map((k, i) => cpuMs(k.child.pid!) - keelCpuBefore[i]!);
    const backendCpu = backends.reduce((sum, b) => sum + cpuMs(b.child.pid!), 0) - backendCpuBefore;
    const alone = await measure(direct, cookie, options.seconds);

    const perServer = Object.fromEntries(
      keels.map((_, i) => {
        const name = `keel-${i + 1}`;
        const served = through.byInstance.get(name) ?? 0;
        return [name, served === 0 ? 0 : round(keelCpu[i]! / served, 1)];
      }),
    );

    // Notifications: a stream held on backend-1, each write through backend-2, spaced apart.
    const held = followInbox(backendPorts[0]!, { authorization: `Bearer ${demoToken("alice")}` });
    await waitFor("the stream on backend-1", () => held.state.lastId !== undefined, 10_000);
    const sentAt = new Map<string, number>();
    for (let i = 0; i < NOTIFICATIONS; i += 1) {
      const before = Date.now();
      const id = await notify(backendPorts[1]!, "alice", `cluster bench ${i}`);
      sentAt.set(id, before);
      await sleep(NOTIFICATION_SPACING_MS);
    }
    await waitFor(
      "every notification on the stream",
      () => held.state.arrivals.size >= NOTIFICATIONS,
      10_000,
    );
    held.close();
    const delays = [...sentAt].map(([id, at]) => (held.state.arrivals.get(id) ?? Infinity) - at);

    return {
      cluster_balancer_vs_direct_ratio: round(through.rps / alone.rps, 3),
      cluster_balancer_rps: through.rps,
      cluster_direct_rps: alone.rps,
      cluster_balancer_p99_ms: through.p99_ms,
      cluster_direct_p99_ms: alone.p99_ms,
      cluster_keel_cpu_ms_per_request: perServer,
      cluster_backend_cpu_ms_per_page: round(backendCpu / through.requests, 1),
      cluster_notification_p50_ms: percentile(delays, 50),
      cluster_notification_p99_ms: percentile(delays, 99),
      notifications: NOTIFICATIONS,
    };
  } catch (error) {
    console.log(recentOutput());
    throw error;
  } finally {
    balanced.close();
    direct.close();
    await stopAll();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      build: { type: "string", default: "build" },
      seconds: { type: "string", default: "5" },
      json: { type: "string" },
    },
  });
  try {
    const results = await benchCluster({
      buildDir: path.resolve(values.build),
      seconds: Number(values.seconds),
    });
    const text = JSON.stringify({ ...results, cpus: os.availableParallelism() }, null, 2);
    if (values.json) writeFileSync(values.json, `${text}\n`);
    console.log(text);
  } catch (error) {
    console.error(`cluster bench: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
