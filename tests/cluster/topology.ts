// The reference deployment on loopback, as the cluster test and the cluster benchmark start it: a PostgreSQL
// server, 2 backend servers, 3 Keel servers and HAProxy with deploy/haproxy.cfg in front of both pools.
import { spawn } from "node:child_process";
import { DEMO_CLIENT } from "#mock-backend/identity/demo-client.ts";
import { get, waitFor } from "./client.ts";
import { freePorts, startProcess, track, type Started } from "./processes.ts";

const SESSION_SECRET = "cluster-shared-session-secret-0123456789abcdef";

export interface Topology {
  postgres: number;
  /** The balancer's front for browsers (the Keel pool) and for Keel (the backend pool). */
  keelLb: number;
  backendLb: number;
  backends: [number, number];
  keels: [number, number, number];
}

export async function topologyPorts(): Promise<Topology> {
  const [postgres, keelLb, backendLb, b1, b2, k1, k2, k3] = await freePorts(8);
  return {
    postgres: postgres!,
    keelLb: keelLb!,
    backendLb: backendLb!,
    backends: [b1!, b2!],
    keels: [k1!, k2!, k3!],
  };
}

/** Backend server `n` (1 or 2) on `databaseUrl`; `env` adds to or overrides its settings. */
export function startBackend(
  topology: Topology,
  n: number,
  databaseUrl: string,
  env: NodeJS.ProcessEnv = {},
): Started {
  return startProcess(`backend-${n}`, process.execPath, ["mock-backend/standalone.ts"], {
    DATABASE_URL: databaseUrl,
    SESSION_SECRET,
    HOST: "127.0.0.1",
    MOCK_BACKEND_PORT: String(topology.backends[n - 1]),
    KEEL_INSTANCE_ID: `backend-${n}`,
    LOG_LEVEL: "warn",
    ...env,
  });
}

/** Keel server `n` (1 to 3), serving `buildDir`, with the backend pool behind the balancer. */
export function startKeel(
  topology: Topology,
  n: number,
  buildDir: string,
  env: NodeJS.ProcessEnv = {},
): Started {
  return startProcess(`keel-${n}`, process.execPath, ["server/index.js"], {
    NODE_ENV: "production",
    PORT: String(topology.keels[n - 1]),
    HOST: "127.0.0.1",
    BACKEND_URL: `http://127.0.0.1:${topology.backendLb}`,
    KEEL_CLUSTER: "1",
    SESSION_SECRET,
    TRUST_PROXY: "loopback",
    KEEL_PUBLIC_URL: `http://127.0.0.1:${topology.keelLb}`,
    OAUTH_CLIENT_ID: DEMO_CLIENT.id,
    OAUTH_CLIENT_SECRET: DEMO_CLIENT.secret,
    KEEL_INSTANCE_ID: `keel-${n}`,
    KEEL_BUILD_DIR: buildDir,
    LOG_LEVEL: "warn",
    ...env,
  });
}

/** HAProxy with the committed configuration, its addresses from the environment it reads. */
export function startBalancer(topology: Topology): void {
  const [k1, k2, k3] = topology.keels;
  const [b1, b2] = topology.backends;
  track(
    "haproxy",
    spawn("haproxy", ["-f", "deploy/haproxy.cfg", "-db"], {
      env: {
        ...process.env,
        KEEL_LB_BIND: `127.0.0.1:${topology.keelLb}`,
        BACKEND_LB_BIND: `127.0.0.1:${topology.backendLb}`,
        KEEL_SERVER_1: `127.0.0.1:${k1}`,
        KEEL_SERVER_2: `127.0.0.1:${k2}`,
        KEEL_SERVER_3: `127.0.0.1:${k3}`,
        BACKEND_SERVER_1: `127.0.0.1:${b1}`,
        BACKEND_SERVER_2: `127.0.0.1:${b2}`,
      },
      stdio: ["ignore", "pipe", "pipe"],
    }),
  );
}

/** Until every server answers /readyz and the balancer, which waits for two passed checks, uses all three. */
export async function waitUntilServing(topology: Topology): Promise<void> {
  const ready = (port: number) => get(port, "/readyz").then((r) => r.status === 200);
  await waitFor(
    "the backend servers",
    async () => (await Promise.all(topology.backends.map(ready))).every(Boolean),
    60_000,
  );
  await waitFor(
    "the Keel servers",
    async () => (await Promise.all(topology.keels.map(ready))).every(Boolean),
    60_000,
  );
  await waitFor(
    "the balancer to use all three Keel servers",
    async () => {
      const seen = new Set<string>();
      for (let i = 0; i < 6; i += 1)
        seen.add(String((await get(topology.keelLb, "/readyz")).headers["x-keel-instance"]));
      return seen.size === 3;
    },
    20_000,
  );
}
