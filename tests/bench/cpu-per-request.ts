// The server's CPU time per request for some paths:
// node tests/bench/cpu-per-request.ts [--http] [--build <dir>] [path…].
// Starts the production server on bench/build (or the build given) (with --http in front of the mock backend on its own, as
// BACKEND_URL), signs admin in, warms each path up, then sends rounds of a fixed number of requests a few at a time
// and reads the process's user and system time from /proc before and after. On a shared machine this
// holds steadier than requests per second, which measure the queue for the cores as much as the server.
// Not part of npm test or npm run bench.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { runBounded } from "../soak/http.ts";
import {
  cpuMs,
  freePort,
  setUpDatabase,
  signIn,
  spawnServer,
  startBackend,
  waitUntilReady,
  type RunningServer,
} from "./bench-server.ts";

const args = process.argv.slice(2);
const http = args.includes("--http");
const buildAt = args.indexOf("--build");
const buildDir = path.resolve(buildAt >= 0 ? (args.splice(buildAt, 2)[1] ?? "") : "bench/build");
const paths = args.filter((arg) => !arg.startsWith("--"));
if (paths.length === 0) paths.push("/issues", "/api/config");
const REQUESTS = Number(process.env.REQUESTS ?? 100);
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const CONCURRENCY = 4;

const scratch = mkdtempSync(path.join(os.tmpdir(), "keel-cpu-"));
process.on("exit", () => rmSync(scratch, { recursive: true, force: true }));
const databaseUrl = `file:${path.join(scratch, "keel.db")}`;
await setUpDatabase(databaseUrl);

let backend: RunningServer | undefined;
let env: Record<string, string> = {};
if (http) ({ backend, keelEnv: env } = await startBackend({ buildDir, databaseUrl }));
const server = spawnServer({ buildDir, databaseUrl, port: await freePort(), env });
try {
  await waitUntilReady(server, 120_000);
  const cookie = await signIn(server.base, "admin");
  const headers = { cookie, "accept-encoding": "gzip, deflate, br", "user-agent": "Mozilla/5.0 Chrome/140" };
  const fetchAll = async (url: string, count: number) => {
    let bytes = 0;
    await runBounded(count, CONCURRENCY, async () => {
      const response = await fetch(url, { headers });
      if (!response.ok) throw new Error(`${url}: ${response.status}`);
      bytes = (await response.arrayBuffer()).byteLength;
    });
    return bytes;
  };
  for (const target of paths) {
    const url = `${server.base}${target}`;
    await fetchAll(url, 50);
    const pids = [server.child.pid!, ...(backend ? [backend.child.pid!] : [])];
    // Rounds, and the least of them: other work on the cores only ever adds to a round's time.
    const rounds: { keel: number; backend: number; rps: number }[] = [];
    let bytes = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const before = pids.map(cpuMs);
      const started = performance.now();
      bytes = await fetchAll(url, REQUESTS);
      const wallMs = performance.now() - started;
      const used = pids.map((pid, index) => (cpuMs(pid) - before[index]!) / REQUESTS);
      rounds.push({ keel: used[0]!, backend: used[1] ?? 0, rps: (REQUESTS / wallMs) * 1000 });
    }
    const least = (key: "keel" | "backend") => Math.min(...rounds.map((round) => round[key])).toFixed(2);
    const all = rounds.map((round) => round.keel.toFixed(1)).join(" ");
    console.log(
      `${target}${http ? " (BACKEND_URL)" : ""}: Keel ${least("keel")} ms CPU a request (rounds: ${all})` +
        (backend ? `, backend ${least("backend")} ms` : "") +
        `; ${bytes} bytes; ${Math.max(...rounds.map((round) => round.rps)).toFixed(0)} req/s at ${CONCURRENCY}` +
        ` (load average ${os.loadavg()[0]!.toFixed(1)})`,
    );
  }
} finally {
  await server.stop();
  await backend?.stop();
}
