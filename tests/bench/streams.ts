// npm run bench's event streams: one Keel process holds the idle inbox streams of many signed-in people, two
// tabs each, opened as browsers open them (/api/inbox/events with the session's cookie), and a notification
// to each person must arrive on every one of their streams. Measures the Keel process's resident memory
// before and after the streams open, and each notification from just before its write until it arrives on
// each stream. Two modes: the demo's mock backend inside Keel's process, and Keel relaying to the mock
// backend on its own over HTTP (BACKEND_URL, the production path). Part of npm run bench, or alone:
// node tests/bench/streams.ts [--build <dir>] [--mode in-process|http] (a temporary database, both modes).
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { createPrisma } from "#mock-backend/db.ts";
import { followInbox, notify, sleep, waitFor } from "../cluster/client.ts";
import { insertUserLike } from "../helpers/users.ts";
import { runBounded } from "../soak/http.ts";
import {
  freePort,
  residentMb,
  setUpDatabase,
  signIn,
  spawnServer,
  startBackend,
  waitUntilReady,
  type RunningServer,
} from "./bench-server.ts";
import { percentile } from "./cluster.ts";

export const STREAM_USERS = 500;
export const TABS = 2;
const SIGN_IN_CONCURRENCY = 4;
const OPEN_CONCURRENCY = 16;
/** Longer than the idle timeout of Keel's proxy for other requests: a stream cut while idle shows. */
const IDLE_MS = 35_000;
const ARRIVAL_TIMEOUT_MS = 15_000;
/** File descriptors the processes need beyond the streams' sockets (the database, logs, other clients). */
const SPARE_FILES = 200;

export type StreamMode = "in-process" | "http";

export interface StreamResults {
  mode: StreamMode;
  users: number;
  streams: number;
  /** Keel's resident set with every person signed in, before the streams open, and after they idled. */
  rss_before_mb: number;
  rss_after_mb: number;
  rss_growth_mb: number;
  /** The backend's own process in the HTTP mode, for the record. */
  backend_rss_growth_mb: number | null;
  idle_s: number;
  /** Streams that ended and reconnected before the notifications: none is expected. */
  reconnects: number;
  notifications: number;
  arrivals: number;
  notification_p50_ms: number;
  notification_p99_ms: number;
  notification_max_ms: number;
  sign_in_s: number;
}

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

/** The crowd's logins, written into the database as the e2e fixtures write each test's users. */
export async function createCrowd(databaseUrl: string): Promise<string[]> {
  const db = createPrisma(databaseUrl);
  try {
    const logins: string[] = [];
    for (let i = 0; i < STREAM_USERS; i += 1) {
      const login = `crowd-${i}`;
      await insertUserLike(db, "alice", { number: `9${String(i).padStart(4, "0")}`, login });
      logins.push(login);
    }
    return logins;
  } finally {
    await db.$disconnect();
  }
}

/** A process's soft limit of open files (Node raises its own to the hard limit at start). */
function openFileLimit(pid: number | "self"): number {
  const line = /^Max open files\s+(\S+)/m.exec(readFileSync(`/proc/${pid}/limits`, "utf8"))?.[1];
  return line === undefined || line === "unlimited" ? Infinity : Number(line);
}

function checkFiles(name: string, pid: number | "self", needed: number): void {
  const limit = openFileLimit(pid);
  if (limit < needed) {
    throw new Error(
      `${name} may open ${limit} files and needs ${needed}: raise ulimit -n (and its hard limit)`,
    );
  }
}

export async function benchStreams(options: {
  mode: StreamMode;
  buildDir: string;
  databaseUrl: string;
  logins: string[];
  step: (message: string) => void;
}): Promise<StreamResults> {
  const { mode, buildDir, databaseUrl, logins, step } = options;
  const streams = logins.length * TABS;
  const servers: RunningServer[] = [];
  const followers: ReturnType<typeof followInbox>[] = [];
  /** Each person's tabs, by the index of their login. */
  const tabsOf: ReturnType<typeof followInbox>[][] = [];
  try {
    let backend: RunningServer | undefined;
    const env: Record<string, string> = {};
    if (mode === "http") {
      const started = await startBackend({ buildDir, databaseUrl });
      backend = started.backend;
      servers.push(backend);
      Object.assign(env, started.keelEnv);
    }
    const keel = spawnServer({ buildDir, databaseUrl, port: await freePort(), env });
    servers.push(keel);
    await waitUntilReady(keel);
    const keelPort = Number(new URL(keel.base).port);
    const keelPid = keel.child.pid!;
    // The benchmark holds one socket per stream; Keel one more per stream it relays to the backend.
    checkFiles("the benchmark", "self", streams + SPARE_FILES);
    checkFiles("Keel", keelPid, (mode === "http" ? 2 * streams : streams) + SPARE_FILES);
    if (backend) checkFiles("the backend", backend.child.pid!, streams + SPARE_FILES);

    // On the login form with their permanent tokens, as the benchmark signs admin in: the identity
    // service's password check is slow by design, and would make this stage mostly sign-ins.
    step(`streams (${mode}): signing ${logins.length} people in`);
    const signInStarted = performance.now();
    const cookies: string[] = [];
    await runBounded(logins.length, SIGN_IN_CONCURRENCY, async (i) => {
      cookies[i] = await signIn(keel.base, logins[i]!);
    });
    const signInSeconds = round((performance.now() - signInStarted) / 1000);

    // One person's tabs first, so that the code streams run is loaded before the memory is read.
    const open = async (i: number) => {
      const tabs = Array.from({ length: TABS }, () => followInbox(keelPort, { cookie: cookies[i]! }));
      followers.push(...tabs);
      tabsOf[i] = tabs;
      await waitFor(
        `${logins[i]}'s streams`,
        () => tabs.every((tab) => tab.state.lastId !== undefined),
        30_000,
      );
      return tabs;
    };
    for (const tab of await open(0)) tab.close();
    followers.length = 0;
    // And the Markdown renderer's jsdom (90 MB), which the server's warm-up loads at its first quiet moment
    // (server/warm-up.ts): a page with Markdown, as a guest, loads it now if the warm-up has not yet.
    const page = await fetch(`${keel.base}/issue/DEMO-2`);
    await page.arrayBuffer();
    if (page.status !== 200) throw new Error(`/issue/DEMO-2 answered ${page.status}`);
    await sleep(2_000);
    const rssBefore = residentMb(keelPid);
    const backendBefore = backend ? residentMb(backend.child.pid!) : null;

    step(`streams (${mode}): opening ${streams} streams, then idle for ${IDLE_MS / 1000} s`);
    await runBounded(logins.length, OPEN_CONCURRENCY, async (i) => void (await open(i)));
    await sleep(IDLE_MS);
    const rssAfter = residentMb(keelPid);
    const backendAfter = backend ? residentMb(backend.child.pid!) : null;
    const reconnects = followers.reduce((sum, f) => sum + f.state.connects - 1, 0);

    // One write at a time, each timed on its own: writes queued behind each other would measure the
    // backend's write throughput, not the streams.
    step(`streams (${mode}): a notification to each person, one after another`);
    // A notification is written where it is in production: the backend, inside Keel in the demo.
    const writePort = backend ? Number(new URL(backend.base).port) : keelPort;
    const sent: { thread: string; at: number }[] = [];
    for (let i = 0; i < logins.length; i += 1) {
      const at = Date.now();
      sent[i] = { thread: await notify(writePort, logins[i]!, `stream bench ${i}`), at };
    }
    const everyArrival = () =>
      sent.every((s, i) => tabsOf[i]!.every((tab) => tab.state.arrivals.has(s.thread)));
    await waitFor("every notification on every stream", everyArrival, ARRIVAL_TIMEOUT_MS).catch(
      () => undefined,
    );
    const delays: number[] = [];
    let missing = 0;
    sent.forEach((s, i) => {
      for (const tab of tabsOf[i]!) {
        const arrival = tab.state.arrivals.get(s.thread);
        if (arrival === undefined) missing += 1;
        else delays.push(arrival - s.at);
      }
    });
    if (missing > 0) {
      throw new Error(
        `${missing} of ${streams} notifications had not arrived after ${ARRIVAL_TIMEOUT_MS} ms ` +
          `(${reconnects} reconnects while idle)`,
      );
    }
    return {
      mode,
      users: logins.length,
      streams,
      rss_before_mb: round(rssBefore),
      rss_after_mb: round(rssAfter),
      rss_growth_mb: round(rssAfter - rssBefore),
      backend_rss_growth_mb:
        backendBefore === null || backendAfter === null ? null : round(backendAfter - backendBefore),
      idle_s: IDLE_MS / 1000,
      reconnects,
      notifications: sent.length,
      arrivals: delays.length,
      notification_p50_ms: percentile(delays, 50),
      notification_p99_ms: percentile(delays, 99),
      notification_max_ms: Math.max(...delays),
      sign_in_s: signInSeconds,
    };
  } finally {
    for (const follower of followers) follower.close();
    await Promise.all(servers.reverse().map((server) => server.stop()));
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: { build: { type: "string", default: "bench/build" }, mode: { type: "string" } },
  });
  const scratch = mkdtempSync(path.join(os.tmpdir(), "keel-streams-"));
  try {
    const databaseUrl = `file:${path.join(scratch, "keel.db")}`;
    await setUpDatabase(databaseUrl);
    const logins = await createCrowd(databaseUrl);
    const modes: StreamMode[] = values.mode ? [values.mode as StreamMode] : ["in-process", "http"];
    for (const mode of modes) {
      const step = (message: string) => console.log(message);
      const results = await benchStreams({
        mode,
        buildDir: path.resolve(values.build),
        databaseUrl,
        logins,
        step,
      });
      console.log(JSON.stringify(results, null, 2));
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
