// The soak, a stage of npm test after the build: the production server on a fresh demo database
// answers 10 000 mixed requests (tests/soak/mix.ts) at a concurrency of 8, and must end with no 5xx answer,
// every answer as its kind expects, a heap and a resident set that stay flat once the caches have filled
// (measured after full collections), and the database as it was apart from the intended writes, which are
// put back. Writes reports/soak.json for tests/run-all.ts. SOAK_REQUESTS changes the count; KEEL_BUILD_DIR
// picks the build, as for the server.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { SESSION_COOKIE } from "#contract/constants.ts";
import {
  cookieHeader,
  cookiesOf,
  createClient,
  csrfField,
  runBounded,
  type SoakAnswer,
  type SoakClient,
  type SoakRequest,
} from "./http.ts";
import {
  REQUEST_KINDS,
  schedule,
  STORAGE_APP,
  STORAGE_CALLER,
  STORAGE_KEY,
  type MixContext,
  type Visitor,
} from "./mix.ts";
import { connectInspector, inspectorUrl, type Inspector, type MemoryReading } from "./inspector.ts";
import { compareSnapshots, snapshotDatabase, type AppendedRows, type VolatileColumns } from "./snapshot.ts";

const TOTAL = Number(process.env.SOAK_REQUESTS ?? 10_000);
const CONCURRENCY = 8;
/**
 * The first 5 000 requests fill the server's caches: in every run of 2026-11 its heap after a full collection
 * still grew until then. A leak shows as growth after them, against their largest reading, measured after full
 * collections (tests/soak/inspector.ts); a shorter soak does not measure memory.
 */
const SETTLED = 5_000;
/** What the heap and the resident set may grow by over the second half, each after a full collection. */
const MAX_HEAP_GROWTH = 1.1;
const MAX_RSS_GROWTH = 1.2;
/** Requests between two readings of the resident set. */
const STEP = Math.max(1, Math.min(1_000, Math.floor(TOTAL / 10)));
/** The ports other tools of the project listen on (dev server, e2e, bench): never these. */
const RESERVED_PORTS = new Set([3000, 3100, 3300]);
const BUILD_DIR = path.resolve(process.env.KEEL_BUILD_DIR ?? "build");
const SESSION_SECRET = "soak-session-secret-0123456789abcdef-keel";
/** Rewritten with the same layout on each dashboard PUT: its timestamp moves, nothing else. */
const VOLATILE: VolatileColumns = { Dashboard: ["updatedAt"] };
/** The last-seen marks append a change event for their own user, the admin, for other servers to read. */
const adminEvents = (admin: string): AppendedRows => ({ InboxEvent: (row) => row.userId === admin });

interface Check {
  name: string;
  ok: boolean | null;
  detail: string;
}
const checks: Check[] = [];
function check(name: string, ok: boolean | null, detail: string): void {
  checks.push({ name, ok, detail });
  const mark = ok === null ? "SKIP" : ok ? "ok  " : "FAIL";
  console.log(`soak: ${mark} ${name}: ${detail}`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => (RESERVED_PORTS.has(port) ? freePort().then(resolve, reject) : resolve(port)));
    });
  });
}

/** The server's resident set in kB, from /proc; null where there is none (not Linux). */
function residentKb(pid: number): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/** The CPU time the server has used, in seconds (user and system, at Linux's 100 ticks a second). */
function cpuSeconds(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

const mb = (kb: number) => `${(kb / 1024).toFixed(1)} MB`;

interface Server {
  child: ChildProcess;
  /** The last lines it printed, for a failure's explanation. */
  output: string[];
  exited: Promise<number | null>;
}

function startServer(port: number, databaseUrl: string): Server {
  // The inspector listens on a free loopback port of its own choosing, for the memory readings.
  const child = spawn(process.execPath, ["--inspect=127.0.0.1:0", "server/index.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl,
      SESSION_SECRET,
      LOG_LEVEL: "warn",
      KEEL_BUILD_DIR: BUILD_DIR,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(...chunk.toString("utf8").split("\n").filter(Boolean));
    if (output.length > 200) output.splice(0, output.length - 200);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, output, exited };
}

async function stopServer(server: Server): Promise<void> {
  if (server.child.exitCode !== null) return;
  server.child.kill("SIGTERM");
  const timer = setTimeout(() => server.child.kill("SIGKILL"), 12_000);
  await server.exited;
  clearTimeout(timer);
}

async function waitUntilReady(client: SoakClient, server: Server): Promise<void> {
  const deadline = Date.now() + 60_000;
  let exited = false;
  void server.exited.then(() => (exited = true));
  while (Date.now() < deadline && !exited) {
    const answer = await client.send({ path: "/readyz" }).catch(() => null);
    if (answer?.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not become ready:\n${server.output.slice(-30).join("\n")}`);
}

function expectStatus(answer: SoakAnswer, wanted: number, what: string): SoakAnswer {
  if (answer.status !== wanted) {
    throw new Error(`${what}: expected ${wanted}, got ${answer.status}: ${answer.body.slice(0, 300)}`);
  }
  return answer;
}

/**
 * A visitor's CSRF cookie and token; for a login, signed in through the identity service as a browser
 * is, with the token of a page it then opened (tokens are bound to the session).
 */
async function visitor(client: SoakClient, origin: string, login?: string): Promise<Visitor> {
  const form = expectStatus(await client.send({ path: "/login" }), 200, "GET /login");
  const cookies = cookiesOf(form);
  let csrf = csrfField(form.body);
  if (!csrf) throw new Error("no csrf field on /login");
  if (login) {
    const start = expectStatus(await client.send({ path: "/auth/login" }), 302, "GET /auth/login");
    Object.assign(cookies, cookiesOf(start));
    const authorize = new URL(String(start.headers.location), "http://keel.invalid");
    const signIn = await client.send({
      method: "POST",
      path: `${authorize.pathname}${authorize.search}`,
      headers: {
        cookie: cookieHeader(cookies),
        origin,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ login, password: "demo" }).toString(),
    });
    expectStatus(signIn, 303, `signing ${login} in`);
    const callback = new URL(String(signIn.headers.location));
    const back = await client.send({
      path: `${callback.pathname}${callback.search}`,
      headers: { cookie: cookieHeader(cookies) },
    });
    expectStatus(back, 302, `the callback of ${login}'s sign-in`);
    Object.assign(cookies, cookiesOf(back));
    if (!cookies[SESSION_COOKIE]) throw new Error(`signing ${login} in set no ${SESSION_COOKIE} cookie`);
    const page = expectStatus(
      await client.send({ path: "/issues", headers: { cookie: cookieHeader(cookies) } }),
      200,
      `GET /issues as ${login}`,
    );
    csrf = csrfField(page.body);
    if (!csrf) throw new Error(`no csrf field on /issues for ${login}`);
  }
  return { cookie: cookieHeader(cookies), csrf };
}

interface InboxFolderState {
  id: string;
  lastSeen: number | null;
}

/** What the intended writes change, read before the soak so that it can be put back. */
async function readIntendedState(client: SoakClient, admin: Visitor) {
  const json = async <T>(requestPath: string) =>
    JSON.parse(
      expectStatus(
        await client.send({ path: requestPath, headers: { cookie: admin.cookie, ...STORAGE_CALLER } }),
        200,
        `GET ${requestPath}`,
      ).body,
    ) as T;
  const me = await json<{ id: string; profiles: { appearance: { uiTheme: string } } }>(
    "/api/users/me?fields=id,profiles(appearance(uiTheme))",
  );
  const dashboard = await json<unknown>("/api/users/me/dashboard");
  const folders = await json<InboxFolderState[]>("/api/inbox/folders?fields=id,lastSeen");
  const storage = await json<{ value: string | null }>(`/api/apps/${STORAGE_APP}/storage/${STORAGE_KEY}`);
  if (storage.value !== null) throw new Error(`admin's ${STORAGE_APP} storage already holds ${STORAGE_KEY}`);
  return { id: me.id, theme: me.profiles.appearance.uiTheme, dashboard: JSON.stringify(dashboard), folders };
}

type IntendedState = Awaited<ReturnType<typeof readIntendedState>>;

/** The intended writes undone: the theme, the storage key, the folders' last-seen times. */
async function restoreIntendedState(client: SoakClient, context: MixContext, state: IntendedState) {
  const write = async (request: SoakRequest) =>
    expectStatus(await client.send(request), 200, `${request.method} ${request.path}`);
  const own = (method: string, requestPath: string, body?: string): SoakRequest => ({
    method,
    path: requestPath,
    headers: {
      cookie: context.admin.cookie,
      origin: context.origin,
      ...STORAGE_CALLER,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body,
  });
  await write(own("POST", "/api/users/me/profiles/appearance", JSON.stringify({ uiTheme: state.theme })));
  await write(own("DELETE", `/api/apps/${STORAGE_APP}/storage/${STORAGE_KEY}`));
  await write(own("PUT", "/api/users/me/dashboard", state.dashboard));
  for (const folder of state.folders) {
    if (folder.lastSeen === null) continue;
    const body = JSON.stringify({ id: folder.id, lastSeen: folder.lastSeen });
    await write(own("POST", `/api/inbox/folders/${folder.id}`, body));
  }
}

interface Tally {
  statuses: Map<string, Map<number | string, number>>;
  /** Milliseconds per request kind: the sum and the slowest. */
  times: Map<string, { sum: number; max: number }>;
  /** Requests per group: pages, reads, writes, bad input. */
  groups: Map<string, number>;
  unexpected: Map<string, string>;
  serverErrors: number;
  transportErrors: number;
}

async function sendMix(
  client: SoakClient,
  context: MixContext,
  kinds: ReturnType<typeof schedule>,
  offset: number,
  tally: Tally,
): Promise<void> {
  await runBounded(kinds.length, CONCURRENCY, async (index) => {
    const kind = kinds[index]!;
    const request = kind.build(context, offset + index);
    tally.groups.set(kind.group, (tally.groups.get(kind.group) ?? 0) + 1);
    const byStatus = tally.statuses.get(kind.label) ?? new Map<number | string, number>();
    tally.statuses.set(kind.label, byStatus);
    let status: number | string;
    const sentAt = performance.now();
    try {
      const answer = await client.send(request);
      status = answer.status;
      if (status >= 500) tally.serverErrors++;
      if (!kind.expect.includes(status) && !tally.unexpected.has(kind.label)) {
        tally.unexpected.set(
          kind.label,
          `${request.method ?? "GET"} ${request.path.slice(0, 120)} answered ${status}, expected ${kind.expect.join(" or ")}: ${answer.body.replace(/\s+/g, " ").slice(0, 200)}`,
        );
      }
    } catch (error) {
      status = `error: ${error instanceof Error ? error.message : String(error)}`;
      tally.transportErrors++;
      if (!tally.unexpected.has(kind.label)) tally.unexpected.set(kind.label, `no answer: ${status}`);
    }
    byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
    const took = performance.now() - sentAt;
    const time = tally.times.get(kind.label) ?? { sum: 0, max: 0 };
    tally.times.set(kind.label, { sum: time.sum + took, max: Math.max(time.max, took) });
  });
}

function printSummary(tally: Tally): void {
  const rows = [...tally.statuses.entries()].sort(([a], [b]) => a.localeCompare(b));
  const width = Math.max(...rows.map(([label]) => label.length));
  console.log("\nsoak: answers by request kind");
  for (const [label, byStatus] of rows) {
    const statuses = [...byStatus.entries()].map(([status, count]) => `${status}×${count}`).join("  ");
    const count = [...byStatus.values()].reduce((a, b) => a + b, 0);
    const time = tally.times.get(label) ?? { sum: 0, max: 0 };
    const timing = `${(time.sum / count).toFixed(0).padStart(5)} ms mean ${time.max.toFixed(0).padStart(5)} max`;
    console.log(`  ${label.padEnd(width)}  ${timing}  ${statuses}`);
  }
  const totals = new Map<string, number>();
  for (const byStatus of tally.statuses.values()) {
    for (const [status, count] of byStatus) {
      const family = typeof status === "number" ? `${Math.floor(status / 100)}xx` : "no answer";
      totals.set(family, (totals.get(family) ?? 0) + count);
    }
  }
  const list = (counts: Map<string, number>) =>
    [...counts.entries()].map(([name, count]) => `${name} ${count}`).join(", ");
  console.log(`  by group: ${list(tally.groups)}`);
  console.log(`  by status class: ${list(totals)}\n`);
}

async function main(): Promise<void> {
  const started = Date.now();
  if (!existsSync(path.join(BUILD_DIR, "server/index.js"))) {
    check("production build", false, `no build in ${BUILD_DIR}: run npm run build first`);
    return;
  }
  const tmp = mkdtempSync(path.join(os.tmpdir(), "keel-soak-"));
  const databaseFile = path.join(tmp, "keel.db");
  const databaseUrl = `file:${databaseFile}`;
  let server: Server | null = null;
  let client: SoakClient | null = null;
  let inspector: Inspector | null = null;
  try {
    const setup = spawnSync(process.execPath, ["prisma/setup.ts"], {
      env: { ...process.env, DATABASE_URL: databaseUrl },
      encoding: "utf8",
    });
    if (setup.status !== 0) throw new Error(`node prisma/setup.ts failed:\n${setup.stdout}\n${setup.stderr}`);

    const port = await freePort();
    server = startServer(port, databaseUrl);
    client = createClient(port, CONCURRENCY);
    await waitUntilReady(client, server);
    const pid = server.child.pid!;
    console.log(`soak: server on 127.0.0.1:${port} (pid ${pid}), database ${databaseFile}`);
    const debuggerUrl = inspectorUrl(server.output);
    if (!debuggerUrl)
      throw new Error(`the server printed no inspector address:\n${server.output.join("\n")}`);
    inspector = await connectInspector(debuggerUrl);

    const admin = await visitor(client, `http://127.0.0.1:${port}`, "admin");
    const guest = await visitor(client, `http://127.0.0.1:${port}`);
    const state = await readIntendedState(client, admin);
    const context: MixContext = {
      admin,
      guest,
      origin: `http://127.0.0.1:${port}`,
      theme: state.theme,
      dashboard: state.dashboard,
    };
    // The first dashboard PUT creates admin's row; from then on a PUT only moves its timestamp.
    expectStatus(
      await client.send({
        method: "PUT",
        path: "/api/users/me/dashboard",
        headers: { cookie: admin.cookie, origin: context.origin, "content-type": "application/json" },
        body: state.dashboard,
      }),
      200,
      "PUT /api/users/me/dashboard",
    );
    const before = snapshotDatabase(databaseFile, VOLATILE);

    const kinds = schedule(TOTAL);
    const tally: Tally = {
      statuses: new Map(),
      times: new Map(),
      groups: new Map(),
      unexpected: new Map(),
      serverErrors: 0,
      transportErrors: 0,
    };
    let stopped = false;
    void server.exited.then(() => (stopped = true));
    const sendStarted = Date.now();
    const cpuBefore = cpuSeconds(pid);
    /** After each step: the resident set as it stood, then the heap and resident set after full collections. */
    const readings: { after: number; residentKb: number | null; collected: MemoryReading }[] = [];
    for (let offset = 0; offset < TOTAL && !stopped; offset += STEP) {
      await sendMix(client, context, kinds.slice(offset, offset + STEP), offset, tally);
      const residentAsItStood = residentKb(pid);
      if (stopped) break;
      readings.push({
        after: Math.min(offset + STEP, TOTAL),
        residentKb: residentAsItStood,
        collected: await inspector.memoryAfterFullGc(),
      });
    }
    const seconds = (Date.now() - sendStarted) / 1000;
    const cpuAfter = cpuSeconds(pid);
    const sent = [...tally.statuses.values()].reduce(
      (sum, byStatus) => sum + [...byStatus.values()].reduce((a, b) => a + b, 0),
      0,
    );
    console.log(
      `soak: ${sent} requests (${REQUEST_KINDS.length} kinds) in ${seconds.toFixed(1)} s, ` +
        `${(sent / seconds).toFixed(0)} per second, concurrency ${CONCURRENCY}` +
        (cpuBefore !== null && cpuAfter !== null
          ? `; the server used ${(cpuAfter - cpuBefore).toFixed(1)} s of CPU (${(((cpuAfter - cpuBefore) * 1000) / sent).toFixed(1)} ms a request)`
          : ""),
    );
    printSummary(tally);

    check(
      "the server stays up",
      !stopped,
      stopped
        ? `it exited during the soak:\n${server.output.slice(-30).join("\n")}`
        : "it answered throughout",
    );
    check("no 5xx answers", tally.serverErrors === 0, `${tally.serverErrors} of ${sent}`);
    check(
      "every answer as its kind expects",
      tally.unexpected.size === 0 && tally.transportErrors === 0,
      tally.unexpected.size === 0
        ? `${REQUEST_KINDS.length} kinds`
        : [...tally.unexpected.entries()].map(([label, what]) => `\n  ${label}: ${what}`).join(""),
    );
    const settling = readings.filter((reading) => reading.after <= SETTLED);
    const last = readings.at(-1);
    if (settling.length === 0 || !last || last.after <= SETTLED) {
      check("memory stays stable", null, `not more than ${SETTLED} requests: not measured`);
    } else {
      const most = (key: "heapUsed" | "rss") =>
        Math.max(...settling.map((reading) => reading.collected[key]));
      const heapRatio = last.collected.heapUsed / most("heapUsed");
      const rssRatio = last.collected.rss / most("rss");
      const series = (pick: (reading: (typeof readings)[number]) => number | null) =>
        readings.map((reading) => {
          const value = pick(reading);
          return value === null ? "–" : mb(value);
        });
      check(
        "memory stays stable",
        heapRatio <= MAX_HEAP_GROWTH && rssRatio <= MAX_RSS_GROWTH,
        `after full collections, the heap used at most ${mb(most("heapUsed") / 1024)} in the first ${SETTLED} ` +
          `requests and ${mb(last.collected.heapUsed / 1024)} after ${last.after} ` +
          `(×${heapRatio.toFixed(2)}, at most ×${MAX_HEAP_GROWTH}); the resident set ${mb(most("rss") / 1024)} ` +
          `and ${mb(last.collected.rss / 1024)} (×${rssRatio.toFixed(2)}, at most ×${MAX_RSS_GROWTH}). ` +
          `Every ${STEP}: heap after collection ${series((r) => r.collected.heapUsed / 1024).join(", ")}; ` +
          `resident after collection ${series((r) => r.collected.rss / 1024).join(", ")}; ` +
          `resident before it ${series((r) => r.residentKb).join(", ")}`,
      );
    }

    await restoreIntendedState(client, context, state);
    const problems = compareSnapshots(
      before,
      snapshotDatabase(databaseFile, VOLATILE),
      adminEvents(state.id),
    );
    check(
      "the database is unchanged apart from the intended writes",
      problems.length === 0,
      problems.length === 0
        ? `${before.size} tables equal after putting back the theme, the storage key and the last-seen times ` +
            `(Dashboard.updatedAt left out; InboxEvent gained only admin's events)`
        : `\n${problems.join("\n")}`,
    );
  } catch (error) {
    check("the soak runs", false, error instanceof Error ? error.message : String(error));
  } finally {
    inspector?.close();
    client?.close();
    if (server) await stopServer(server);
    rmSync(tmp, { recursive: true, force: true });
    console.log(`soak: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}

await main();
const passed = checks.filter((c) => c.ok === true).length;
const failed = checks.filter((c) => c.ok === false).length;
const skipped = checks.filter((c) => c.ok === null).length;
mkdirSync("reports", { recursive: true });
writeFileSync("reports/soak.json", `${JSON.stringify({ passed, failed, skipped, checks }, null, 2)}\n`);
console.log(`soak: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exitCode = failed > 0 ? 1 : 0;
