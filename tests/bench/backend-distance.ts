// How long a page takes when the backend is some way off, as a real one is: Keel with BACKEND_URL pointing
// at a proxy that holds every answer of the mock backend for --delay ms (the network's round trip and the
// backend's own time), one request at a time, so the figure is the page's own critical path and not
// queueing. With several builds their blocks of requests alternate on the same backend.
// Not part of npm run bench:
//   node tests/bench/backend-distance.ts [--build <dir>]… [--delay <ms>] [--requests <n>] [--page <path>] [--user <login>|guest]
import http from "node:http";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import {
  freePort,
  setUpDatabase,
  signIn,
  spawnServer,
  startBackend,
  waitUntilReady,
} from "./bench-server.ts";
import { percentile } from "./cluster.ts";

const { values } = parseArgs({
  options: {
    build: { type: "string", multiple: true },
    delay: { type: "string", default: "20" },
    requests: { type: "string", default: "150" },
    page: { type: "string", default: "/issues" },
    user: { type: "string", default: "admin" },
  },
});
const builds = (values.build ?? ["build"]).map((dir) => path.resolve(dir));
const delayMs = Number(values.delay);
const requests = Number(values.requests);
const BLOCK = 25;
const WARM_UP = 20;

/** A proxy to `target` that holds each request `delayMs` before passing it on. */
async function delayingProxy(target: URL, delay: number): Promise<{ url: string; close(): void }> {
  const agent = new http.Agent({ keepAlive: true });
  const proxy = http.createServer((incoming, answer) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () =>
      setTimeout(() => {
        const outgoing = http.request(
          {
            host: target.hostname,
            port: target.port,
            path: incoming.url,
            method: incoming.method,
            headers: incoming.headers,
            agent,
          },
          (backendAnswer) => {
            answer.writeHead(backendAnswer.statusCode ?? 502, backendAnswer.headers);
            backendAnswer.pipe(answer);
          },
        );
        outgoing.on("error", () => answer.destroy());
        outgoing.end(Buffer.concat(chunks));
      }, delay),
    );
  });
  const port = await freePort();
  proxy.listen(port, "127.0.0.1");
  await once(proxy, "listening");
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => {
      proxy.close();
      agent.destroy();
    },
  };
}

const scratch = mkdtempSync(path.join(os.tmpdir(), "keel-backend-distance-"));
const databaseUrl = `file:${path.join(scratch, "keel.db")}`;
await setUpDatabase(databaseUrl);
const { backend, keelEnv } = await startBackend({ buildDir: builds[0]!, databaseUrl });
const proxy = await delayingProxy(new URL(backend.base), delayMs);
const keels: { buildDir: string; base: string; cookie: string; stop(): Promise<void>; times: number[] }[] =
  [];
try {
  for (const buildDir of builds) {
    const server = spawnServer({
      buildDir,
      databaseUrl,
      port: await freePort(),
      env: { ...keelEnv, BACKEND_URL: proxy.url },
    });
    keels.push({ buildDir, base: server.base, cookie: "", stop: () => server.stop(), times: [] });
    await waitUntilReady(server, 60_000);
    if (values.user !== "guest") keels.at(-1)!.cookie = await signIn(server.base, values.user);
  }
  const load = async (keel: (typeof keels)[number]) => {
    const started = performance.now();
    const answer = await fetch(keel.base + values.page, { headers: { cookie: keel.cookie } });
    await answer.text();
    if (answer.status !== 200) throw new Error(`${values.page} answered ${answer.status} (${keel.buildDir})`);
    return performance.now() - started;
  };
  for (const keel of keels) for (let i = 0; i < WARM_UP; i++) await load(keel);
  for (let done = 0; done < requests; done += BLOCK)
    for (const keel of keels)
      for (let i = 0; i < Math.min(BLOCK, requests - done); i++) keel.times.push(await load(keel));
  console.log(
    `${values.page} as ${values.user}, every backend answer held ${delayMs} ms, one request at a time:`,
  );
  for (const keel of keels)
    console.log(
      `  ${path.relative(process.cwd(), keel.buildDir) || "."}: ${keel.times.length} requests, ` +
        `p50 ${percentile(keel.times, 50).toFixed(1)} ms, p90 ${percentile(keel.times, 90).toFixed(1)} ms`,
    );
  if (keels.length > 1)
    console.log(
      `  p50 ratio, each build against the first: ${keels
        .slice(1)
        .map((keel) => (percentile(keel.times, 50) / percentile(keels[0]!.times, 50)).toFixed(2))
        .join(", ")}`,
    );
} finally {
  for (const keel of keels) await keel.stop();
  await backend.stop();
  proxy.close();
  rmSync(scratch, { recursive: true, force: true });
}
