// npm run bench's Lighthouse part: the performance audit (Lighthouse's mobile defaults: a phone's screen,
// simulated slow 4G and a 4× slower CPU) of Keel's pages as a guest and signed in as admin, and of the true
// baseline (tests/bench/true-bare-app), each the median of several runs, in Debian's Chromium (never a
// downloaded browser). Keel runs the demo (the mock backend in its process). Part of npm run bench, or
// alone: node tests/bench/lighthouse.ts [--build <dir>] [--true-bare-build <dir>] [--runs <n>] [--json <file>]
// [--page <path>]… [--user guest|admin] [--reports <dir>] (a temporary database; builds both apps when their
// directories do not exist; --page and --user audit only those, for working on one page; --reports keeps
// every run's whole report).
import { spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import lighthouse, { type Flags } from "lighthouse";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../helpers/chromium.ts";
import {
  browserCookies,
  buildInto,
  freePort,
  setUpDatabase,
  signIn,
  spawnServer,
  startTrueBare,
  waitUntilReady,
  type RunningServer,
} from "./bench-server.ts";
import {
  findingsOf,
  median,
  medianRecord,
  recordOf,
  worstOf,
  type Finding,
  type LighthouseRecord,
  type LighthouseResultLike,
  type Worst,
} from "./lighthouse-record.ts";
import { TRUE_BARE_PATH } from "./true-bare-app/path.ts";

export const LIGHTHOUSE_PAGES = [
  "/issues",
  "/issue/DEMO-2",
  "/articles/DEMO-A-1",
  "/dashboard",
  "/notifications",
] as const;
export const LIGHTHOUSE_RUNS = 3;
export const LIGHTHOUSE_VERSION = "12.2.3";
const USERS = ["guest", "admin"] as const;
/** The name of the baseline's row among the pages. */
export const TRUE_BARE_ROW = "true baseline";

export interface AuditedPage {
  url: string;
  /** Where the audit ended: a guest sent to the login page shows here. */
  final_url: string;
  median: LighthouseRecord;
  runs: LighthouseRecord[];
  /** Lighthouse's measure of the machine's speed during the runs (lower is slower), median. */
  benchmark_index: number | null;
  /** From the first run: render-blocking resources, main-thread work by kind and by script. */
  findings: Finding[];
}

export interface LighthouseResults {
  lighthouse: string;
  chromium: string;
  runs_per_page: number;
  /** `guest /issues`, `admin /issues`, …: each page's median and runs. */
  pages: Record<string, AuditedPage>;
  baseline: AuditedPage;
  /** Over Keel's pages: the lowest score, the highest TBT, CLS and LCP, and which page each is. */
  worst: Worst;
}

interface Chromium {
  port: number;
  version: string;
  /** Replaces the browser's cookies with these (none for a guest), through the DevTools protocol. */
  setCookies(url: string, cookieHeader: string): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The browser's own DevTools connection, one command at a time. A Cookie header in Lighthouse's extraHeaders
 * did not keep the session (signed-in pages ended on the login page): the browser's cookie jar carries it.
 */
async function browserSession(webSocketUrl: string) {
  const socket = new WebSocket(webSocketUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener("open", resolve, { once: true });
    socket.addEventListener("error", () => reject(new Error("no DevTools connection")), { once: true });
  });
  let id = 0;
  const waiting = new Map<number, { resolve(): void; reject(error: Error): void }>();
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; error?: { message: string } };
    const caller = message.id === undefined ? undefined : waiting.get(message.id);
    if (!caller) return;
    waiting.delete(message.id!);
    if (message.error) caller.reject(new Error(message.error.message));
    else caller.resolve();
  });
  return {
    send(method: string, params: object = {}) {
      id += 1;
      socket.send(JSON.stringify({ id, method, params }));
      return new Promise<void>((resolve, reject) => waiting.set(id, { resolve, reject }));
    },
    close: () => socket.close(),
  };
}

/** Starts Chromium with its DevTools port open, for Lighthouse to connect to. */
async function launchChromium(): Promise<Chromium> {
  const port = await freePort();
  const profile = mkdtempSync(path.join(os.tmpdir(), "keel-lighthouse-"));
  const child = spawn(
    CHROMIUM_PATH,
    [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, "about:blank"],
    { stdio: "ignore" },
  );
  const exited = once(child, "exit");
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      await exited;
    }
    rmSync(profile, { recursive: true, force: true });
  };
  const deadline = performance.now() + 30_000;
  while (performance.now() < deadline) {
    if (child.exitCode !== null) break;
    const about = await fetch(`http://127.0.0.1:${port}/json/version`).then(
      async (response) => (await response.json()) as { Browser: string; webSocketDebuggerUrl: string },
      () => null,
    );
    if (about) {
      const session = await browserSession(about.webSocketDebuggerUrl);
      return {
        port,
        version: about.Browser,
        async setCookies(url, cookieHeader) {
          await session.send("Storage.clearCookies");
          const cookies = browserCookies(cookieHeader, url);
          if (cookies.length) await session.send("Storage.setCookies", { cookies });
        },
        async stop() {
          session.close();
          await stop();
        },
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`${CHROMIUM_PATH} did not open its DevTools port`);
}

export async function benchLighthouse(options: {
  buildDir: string;
  trueBareBuildDir: string;
  databaseUrl: string;
  runs?: number;
  /** Only these pages and users (default: all of LIGHTHOUSE_PAGES, as guest and as admin). */
  pages?: readonly string[];
  users?: readonly (typeof USERS)[number][];
  step?: (message: string) => void;
  /** A directory for every run's whole report (`<row>-<run>.json`), to read what the summary leaves out. */
  reportsDir?: string;
}): Promise<LighthouseResults> {
  const runs = options.runs ?? LIGHTHOUSE_RUNS;
  const step = options.step ?? ((message: string) => console.log(message));
  const servers: RunningServer[] = [];
  let chromium: Chromium | undefined;
  try {
    const keel = spawnServer({
      buildDir: options.buildDir,
      databaseUrl: options.databaseUrl,
      port: await freePort(),
    });
    servers.push(keel);
    // A busy machine starts a server slowly; the audits wait for it.
    await waitUntilReady(keel, 60_000);
    servers.push(await startTrueBare(options.trueBareBuildDir, 60_000));
    const trueBare = servers[1]!;
    const cookie = await signIn(keel.base, "admin");
    chromium = await launchChromium();

    const targets = [
      ...(options.users ?? USERS).flatMap((user) =>
        (options.pages ?? LIGHTHOUSE_PAGES).map((page) => ({
          row: `${user} ${page}`,
          url: `${keel.base}${page}`,
          user,
          cookie: user === "admin" ? cookie : "",
        })),
      ),
      { row: TRUE_BARE_ROW, url: `${trueBare.base}${TRUE_BARE_PATH}`, user: "guest", cookie: "" },
    ];
    const results = new Map<string, LighthouseResultLike[]>(targets.map((target) => [target.row, []]));
    // Run by run over all pages, so that a slow spell of the machine falls on every page alike.
    for (let run = 0; run < runs; run += 1) {
      for (const target of targets) {
        const flags: Flags = {
          port: chromium.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance"],
        };
        await chromium.setCookies(target.url, target.cookie);
        const answer = await lighthouse(target.url, flags);
        if (!answer) throw new Error(`Lighthouse returned nothing for ${target.row}`);
        const lhr = answer.lhr as unknown as LighthouseResultLike & {
          environment?: { benchmarkIndex?: number };
        };
        if (target.user === "admin" && new URL(lhr.finalDisplayedUrl ?? target.url).pathname === "/login") {
          throw new Error(`${target.row} ended on the login page: the session did not reach the browser`);
        }
        const record = recordOf(lhr);
        results.get(target.row)!.push(lhr);
        if (options.reportsDir) {
          const name = `${target.row.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "")}-${run + 1}.json`;
          writeFileSync(path.join(options.reportsDir, name), JSON.stringify(lhr));
        }
        step(
          `lighthouse ${run + 1}/${runs} ${target.row}: score ${record.score}, FCP ${record.fcp_ms} ms, ` +
            `LCP ${record.lcp_ms} ms, TBT ${record.tbt_ms} ms, CLS ${record.cls}`,
        );
      }
    }

    const audited = (target: (typeof targets)[number]): AuditedPage => {
      const lhrs = results.get(target.row)! as Array<
        LighthouseResultLike & { environment?: { benchmarkIndex?: number } }
      >;
      const records = lhrs.map(recordOf);
      const indexes = lhrs.flatMap((lhr) => lhr.environment?.benchmarkIndex ?? []);
      return {
        url: target.url,
        final_url: lhrs[0]!.finalDisplayedUrl ?? target.url,
        median: medianRecord(records),
        runs: records,
        benchmark_index: indexes.length ? Math.round(median(indexes)) : null,
        findings: findingsOf(lhrs[0]!),
      };
    };
    const pages = Object.fromEntries(
      targets.filter((t) => t.row !== TRUE_BARE_ROW).map((target) => [target.row, audited(target)]),
    );
    return {
      lighthouse: LIGHTHOUSE_VERSION,
      chromium: chromium.version,
      runs_per_page: runs,
      pages,
      baseline: audited(targets.at(-1)!),
      worst: worstOf(Object.fromEntries(Object.entries(pages).map(([row, page]) => [row, page.median]))),
    };
  } finally {
    await chromium?.stop();
    await Promise.all(servers.map((server) => server.stop()));
  }
}

/** One line per page: the medians, for the printed summary. */
export function lighthouseLines(results: LighthouseResults): string[] {
  const rows = [...Object.entries(results.pages), [TRUE_BARE_ROW, results.baseline] as const];
  const width = Math.max(...rows.map(([row]) => row.length));
  return rows.map(([row, page]) => {
    const { score, fcp_ms, lcp_ms, tbt_ms, cls } = page.median;
    const redirected = page.final_url !== page.url ? ` (ended on ${new URL(page.final_url).pathname})` : "";
    return (
      `${row.padEnd(width)}  score ${String(score).padStart(3)}  FCP ${String(fcp_ms).padStart(5)} ms  ` +
      `LCP ${String(lcp_ms).padStart(5)} ms  TBT ${String(tbt_ms).padStart(5)} ms  CLS ${cls}${redirected}`
    );
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      build: { type: "string", default: "bench/build" },
      "true-bare-build": { type: "string", default: "bench/true-bare-build" },
      runs: { type: "string", default: String(LIGHTHOUSE_RUNS) },
      json: { type: "string" },
      reports: { type: "string" },
      page: { type: "string", multiple: true },
      user: { type: "string", multiple: true },
    },
  });
  const users = values.user?.map((user) => {
    if (!(USERS as readonly string[]).includes(user)) throw new Error(`--user: one of ${USERS.join(", ")}`);
    return user as (typeof USERS)[number];
  });
  const buildDir = path.resolve(values.build);
  const trueBareBuildDir = path.resolve(values["true-bare-build"]);
  const scratch = mkdtempSync(path.join(os.tmpdir(), "keel-lighthouse-db-"));
  try {
    const databaseUrl = `file:${path.join(scratch, "keel.db")}`;
    await Promise.all([
      setUpDatabase(databaseUrl),
      existsSync(buildDir) ? undefined : buildInto(buildDir),
      existsSync(trueBareBuildDir) ? undefined : buildInto(trueBareBuildDir, "tests/bench/true-bare-app"),
    ]);
    const results = await benchLighthouse({
      buildDir,
      trueBareBuildDir,
      databaseUrl,
      runs: Number(values.runs),
      pages: values.page,
      users,
      reportsDir: values.reports && path.resolve(values.reports),
    });
    if (values.json) writeFileSync(values.json, `${JSON.stringify(results, null, 2)}\n`);
    console.log(`\n${lighthouseLines(results).join("\n")}\n`);
    console.log(JSON.stringify(results.worst, null, 2));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
