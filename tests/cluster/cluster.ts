// npm test's cluster step (tests/run-all.ts): a real PostgreSQL server, 2 backend servers, 3 Keel servers
// and HAProxy with deploy/haproxy.cfg, all on loopback, and the scenarios docs/deploy.md lists. Each
// scenario counts as one test in reports/cluster.json. A missing program fails the step with one line
// naming the package. KEEL_CLUSTER_TEST_PORTS (`from-to`) picks the ports; KEEL_BUILD_DIR the build.
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { isDeepStrictEqual } from "node:util";
import pg from "pg";
import { demoToken } from "#prisma/factories.ts";
import { POSTGRES_MIGRATIONS, POSTGRES_SCHEMA_FILE } from "#prisma/postgresql-schema.ts";
import { postgresCatalog, schemaSql } from "../helpers/schema-catalog.ts";
import { createClient, runBounded, type SoakClient } from "../soak/http.ts";
import { followInbox, notify, signIn, sleep, waitFor } from "./client.ts";
import {
  startBackend,
  startBalancer,
  startKeel as startKeelServer,
  topologyPorts,
  waitUntilServing,
} from "./topology.ts";
import {
  missingProgram,
  recentOutput,
  startPostgres,
  startProcess,
  stopAll,
  type Started,
} from "./processes.ts";

const BUILD_DIR = path.resolve(process.env.KEEL_BUILD_DIR ?? "build");
/** The whole test's limit; a machine busy with other work may need KEEL_CLUSTER_TEST_DEADLINE_MS. */
const DEADLINE_MS = Number(process.env.KEEL_CLUSTER_TEST_DEADLINE_MS ?? 115_000);
/** Longer than HAProxy needs to see two failed /readyz checks (deploy/haproxy.cfg: every 500 ms). */
const DRAIN_MS = 2500;
const CONCURRENCY = 8;

interface Check {
  name: string;
  ok: boolean;
  detail: string;
}
const checks: Check[] = [];
function check(name: string, ok: boolean, detail = ""): void {
  checks.push({ name, ok, detail });
  console.log(`${ok ? "ok    " : "FAILED"} ${name}${detail ? ` (${detail})` : ""}`);
}

function finish(code: number): never {
  mkdirSync("reports", { recursive: true });
  const passed = checks.filter((c) => c.ok).length;
  const failed = checks.length - passed + (code !== 0 && checks.every((c) => c.ok) ? 1 : 0);
  writeFileSync("reports/cluster.json", JSON.stringify({ passed, failed, skipped: 0, checks }, null, 2));
  process.exit(code);
}

/** `count` requests through the balancer, `CONCURRENCY` at a time; `during(done)` runs after each. */
async function load(
  client: SoakClient,
  cookie: string,
  count: number,
  during: (done: number) => void,
): Promise<{ failures: string[]; instances: Map<string, number> }> {
  const failures: string[] = [];
  const instances = new Map<string, number>();
  let done = 0;
  await runBounded(count, CONCURRENCY, async (index) => {
    // Every fifth request renders a page; the rest go through Keel's proxy to the backend pool.
    const target = index % 5 === 0 ? "/issues" : "/api/users/me?fields=login";
    try {
      const answer = await client.send({ path: target, headers: { cookie } });
      const instance = String(answer.headers["x-keel-instance"] ?? "?");
      instances.set(instance, (instances.get(instance) ?? 0) + 1);
      if (answer.status !== 200) failures.push(`${target}: ${answer.status} from ${instance}`);
    } catch (error) {
      failures.push(`${target}: ${(error as Error).message}`);
    }
    done += 1;
    during(done);
  });
  return { failures, instances };
}

async function main(): Promise<void> {
  const missing = missingProgram();
  if (missing) {
    console.log(missing);
    finish(1);
  }
  if (!existsSync(path.join(BUILD_DIR, "server", "index.js"))) {
    console.log(`cluster: no build in ${BUILD_DIR}: run npm run build first`);
    finish(1);
  }
  const began = Date.now();
  const topology = await topologyPorts();
  const { keelLb, backendLb, backends: backendPorts } = topology;

  // PostgreSQL, then two migrators at the same moment.
  const server = startPostgres(topology.postgres);
  const admin = new pg.Client({ connectionString: `${server}/postgres` });
  await admin.connect();
  await admin.query("CREATE DATABASE keel");
  await admin.query("CREATE DATABASE keel_expected");
  await admin.end();
  const databaseUrl = `${server}/keel`;
  // The balancer and the Keel servers start while the database is migrated: they need only the backend.
  const backendEnv = { SHUTDOWN_DRAIN_MS: String(DRAIN_MS), INBOX_EVENT_POLL_MS: "500" };
  const startKeel = (n: number) =>
    startKeelServer(topology, n, BUILD_DIR, { SHUTDOWN_DRAIN_MS: String(DRAIN_MS) });
  startBalancer(topology);
  const keels: Started[] = [startKeel(1), startKeel(2), startKeel(3)];
  const migrators = [1, 2].map((n) =>
    startProcess(`migrator-${n}`, process.execPath, ["prisma/setup.ts"], { DATABASE_URL: databaseUrl }),
  );
  const codes = await Promise.all(migrators.map((m) => m.exited));
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const folders = readdirSync(POSTGRES_MIGRATIONS, { withFileTypes: true }).filter((e) => e.isDirectory());
  const applied = await db.query(
    `SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
  );
  const outputs = migrators.map((m) => m.output.join("\n"));
  check(
    "two migrators started at once both exit cleanly and apply the schema once",
    codes.every((code) => code === 0) &&
      applied.rowCount === folders.length &&
      outputs.filter((o) => /db:setup: seeded/.test(o)).length === 1 &&
      outputs.filter((o) => /already seeded/.test(o)).length === 1,
    `exit codes ${codes.join(", ")}; ${applied.rowCount} of ${folders.length} migrations recorded`,
  );

  const expected = new pg.Client({ connectionString: `${server}/keel_expected` });
  await expected.connect();
  await expected.query(schemaSql(POSTGRES_SCHEMA_FILE));
  const migrated = JSON.stringify(await postgresCatalog(db), null, 1).split("\n");
  const described = JSON.stringify(await postgresCatalog(expected), null, 1).split("\n");
  await expected.end();
  const differences = migrated.filter((line, i) => line !== described[i]).slice(0, 3);
  check(
    "the PostgreSQL migrations build exactly the tables the PostgreSQL schema describes",
    isDeepStrictEqual(migrated, described),
    differences.join(" | "),
  );

  const backends = [1, 2].map((n) => startBackend(topology, n, databaseUrl, backendEnv));
  await waitUntilServing(topology);
  console.log(`cluster: up in ${((Date.now() - began) / 1000).toFixed(1)} s`);

  // Sessions live in the cookie: consecutive requests land on different servers, signed in on each.
  const origin = `http://127.0.0.1:${keelLb}`;
  const client = createClient(keelLb!, CONCURRENCY);
  const cookie = await signIn(client, origin, "alice");
  const answers = [];
  for (let i = 0; i < 6; i += 1) {
    answers.push(await client.send({ path: "/api/users/me?fields=login", headers: { cookie } }));
  }
  const served = new Set(answers.map((a) => String(a.headers["x-keel-instance"])));
  check(
    "signed in through the balancer, consecutive requests are served by different Keel servers with the session intact",
    served.size >= 2 && answers.every((a) => a.status === 200 && JSON.parse(a.body).login === "alice"),
    `served by ${[...served].sort().join(", ")}`,
  );

  // A notification written through one backend server reaches a stream held by the other.
  const aliceBearer = { authorization: `Bearer ${demoToken("alice")}` };
  const held = followInbox(backendPorts[0]!, aliceBearer);
  await waitFor(
    "the stream on backend-1",
    () => held.state.backends.length > 0 && held.state.lastId !== undefined,
    10_000,
  );
  const sentAt = Date.now();
  const thread = await notify(backendPorts[1]!, "alice", "written on backend-2");
  await waitFor(
    "the notification on backend-1's stream",
    () => held.state.threads.includes(thread),
    5_000,
  ).catch(() => undefined);
  const latency = Date.now() - sentAt;
  held.close();
  check(
    "a notification written through one backend server arrives on a stream held by another within 1 s",
    held.state.threads.includes(thread) && latency < 1000 && held.state.backends[0] === "backend-1",
    `${latency} ms`,
  );

  // SIGTERM under load: the server stops being ready, is drained, closes its streams, exits.
  const streams = [1, 2, 3].map(() => followInbox(keelLb!, { cookie }));
  await waitFor(
    "three streams through the balancer",
    () => streams.every((s) => s.state.lastId !== undefined),
    10_000,
  );
  const streamServers = streams.map((s) => s.state.instances[0]);
  const sent: string[] = [];
  const writes: Promise<void>[] = [];
  let stopped: Promise<number | null> | undefined;
  const termLoad = await load(client, cookie, 300, (done) => {
    if (done % 60 === 0) {
      writes.push(
        notify(backendLb!, "alice", `during the SIGTERM load ${done}`).then(
          (id) => void sent.push(id),
          () => undefined,
        ),
      );
    }
    if (done === 60) {
      keels[1]!.child.kill("SIGTERM");
      stopped = keels[1]!.exited;
    }
  });
  await Promise.all(writes);
  const exitCode = await Promise.race([stopped, sleep(15_000).then(() => "still running")]);
  await waitFor(
    "every notification on every stream",
    () => streams.every((s) => sent.every((id) => s.state.threads.includes(id))),
    10_000,
  ).catch(() => undefined);
  const complete = streams.every((s) => sent.every((id) => s.state.threads.includes(id)));
  const reconnected = streams.filter((s) => s.state.connects > 1).length;
  check(
    "a Keel server stopped with SIGTERM under load fails no request and exits cleanly",
    termLoad.failures.length === 0 && exitCode === 0,
    `${termLoad.failures.length} of 300 failed${termLoad.failures[0] ? ` (${termLoad.failures[0]})` : ""}; exit ${String(exitCode)}`,
  );
  check(
    "its event streams reconnect with Last-Event-ID and miss no notification",
    complete && sent.length === 5 && (!streamServers.includes("keel-2") || reconnected > 0),
    `streams on ${streamServers.join(", ")}; ${reconnected} reconnected; ${sent.length} notifications; ` +
      `missed ${streams.map((s) => sent.filter((id) => !s.state.threads.includes(id)).length).join(", ")}` +
      ` (stream servers ${streams.map((s) => s.state.instances.join(">")).join(", ")})`,
  );

  // SIGKILL under load: only the requests in flight on the killed server may fail.
  const killLoad = await load(client, cookie, 200, (done) => {
    if (done === 50) keels[0]!.child.kill("SIGKILL");
  });
  check(
    "a Keel server killed with SIGKILL under load fails at most the requests in flight on it",
    killLoad.failures.length <= CONCURRENCY,
    `${killLoad.failures.length} of 200 failed`,
  );
  for (const stream of streams) stream.close();

  // Restarted, they take traffic again.
  await keels[0]!.exited;
  keels[0] = startKeel(1);
  keels[1] = startKeel(2);
  let seen = new Set<string>();
  await waitFor(
    "the restarted servers to take traffic",
    async () => {
      seen = new Set();
      for (let i = 0; i < 6; i += 1) {
        seen.add(
          String(
            (await client.send({ path: "/api/users/me?fields=login", headers: { cookie } })).headers[
              "x-keel-instance"
            ],
          ),
        );
      }
      return seen.has("keel-1") && seen.has("keel-2");
    },
    40_000,
  ).catch(() => undefined);
  check(
    "restarted Keel servers take traffic again",
    seen.has("keel-1") && seen.has("keel-2"),
    [...seen].sort().join(", "),
  );

  client.close();
  await db.end();
  void backends;
  console.log(`cluster: done in ${((Date.now() - began) / 1000).toFixed(1)} s`);
}

const deadline = setTimeout(() => {
  check("the cluster test finishes within its time limit", false, `${DEADLINE_MS / 1000} s`);
  void stopAll().then(() => finish(1));
}, DEADLINE_MS);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => void stopAll().then(() => finish(1)));
}

try {
  await main();
} catch (error) {
  check("the cluster runs", false, (error as Error).message);
  console.log(recentOutput());
}
clearTimeout(deadline);
await stopAll();
const failed = checks.some((c) => !c.ok);
console.log(
  `cluster: ${checks.filter((c) => c.ok).length} passed, ${checks.filter((c) => !c.ok).length} failed`,
);
finish(failed ? 1 : 0);
