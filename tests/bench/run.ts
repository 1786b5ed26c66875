// npm run bench: builds the app, starts the production server on a temporary database and measures it.
// Every timing is a ratio against a baseline of the same run, or an absolute number with its baseline beside
// it: machines are noisy. Prints a table and writes bench/results.json; a missed target is reported, and the
// exit code stays 0. Options: --reuse-build <dir> (skip the build), --seconds <n> (per load measurement).
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { BARE_PATH } from "./bare-app/path.ts";
import {
  buildInto,
  freePort,
  setUpDatabase,
  signIn,
  spawnServer,
  startBackend,
  waitUntilReady,
  type ServerOptions,
} from "./bench-server.ts";
import { benchCluster, type ClusterResults } from "./cluster.ts";
import { measureColdStarts, type ColdStarts } from "./cold-start.ts";
import { initialJs, type InitialJs } from "./initial-js.ts";
import { load, type LoadResult } from "./load.ts";
import {
  benchStreams,
  createCrowd,
  STREAM_USERS,
  TABS,
  type StreamMode,
  type StreamResults,
} from "./streams.ts";

const TARGETS = {
  ssr_shell_vs_bare_ratio: { min: 0.6 },
  ssr_shell_p99_ms: { max: 50 },
  initial_js_gzip_kb: { max: 140 },
  markdown_vs_marked_ratio: { min: 0.33 },
  markdown_10x_time_ratio: { max: 11 },
  api_config_p99_ms: { max: 5 },
  cold_start_ms: { max: 1000 },
  cold_start_http_ms: { max: 1000 },
  stream_rss_growth_mb: { max: 150 },
  stream_notification_max_ms: { max: 1000 },
  stream_http_rss_growth_mb: { max: 150 },
  stream_http_notification_max_ms: { max: 1000 },
  cluster_notification_p99_ms: { max: 250 },
} as const;
type Key = keyof typeof TARGETS;

const CONNECTIONS = 16;
const ROUNDS = 2;
const WARM_UP_SECONDS = 2;
const COLD_STARTS = 5;
const SHELL_PATH = "/issues";
const BROWSER_HEADERS = {
  accept: "text/html,application/xhtml+xml",
  "accept-encoding": "gzip, deflate, br",
  "accept-language": "en",
  "user-agent":
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36",
};

const { values: args } = parseArgs({
  options: { "reuse-build": { type: "string" }, seconds: { type: "string", default: "5" } },
});
const seconds = Number(args.seconds);
const started = performance.now();
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
const step = (message: string) => console.log(`[${elapsed().padStart(7)}] ${message}`);

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
// Other work on the machine shows here first: the absolute timings suffer, the ratios much less.
const loadAverageAtStart = round(os.loadavg()[0] ?? 0, 1);

// 1. The builds and a temporary database, side by side; free ports.
// Inside the project, where the server build finds node_modules; apart from build/, which others may use.
// The baseline is a separate one-page app (tests/bench/bare-app) served by the same server code.
const buildDir = path.resolve(args["reuse-build"] ?? "bench/build");
const bareBuildDir = path.resolve(path.dirname(buildDir), "bare-build");
const scratch = mkdtempSync(path.join(os.tmpdir(), "keel-bench-"));
const databaseUrl = `file:${path.join(scratch, "keel.db")}`;
process.on("exit", () => rmSync(scratch, { recursive: true, force: true }));
if (args["reuse-build"]) {
  step(`reusing the builds in ${buildDir} and ${bareBuildDir}; migrating and seeding a temporary database`);
  await setUpDatabase(databaseUrl);
} else {
  step(`building into ${buildDir} and ${bareBuildDir}; migrating and seeding a temporary database`);
  rmSync(buildDir, { recursive: true, force: true });
  rmSync(bareBuildDir, { recursive: true, force: true });
  await Promise.all([
    buildInto(buildDir).then(() => buildInto(bareBuildDir, "tests/bench/bare-app")),
    setUpDatabase(databaseUrl),
  ]);
}
// A compile cache of this run's own: the first start compiles everything, as after a deployment.
const serverOptions: ServerOptions = {
  buildDir,
  databaseUrl,
  port: await freePort(),
  env: { NODE_COMPILE_CACHE: path.join(scratch, "compile-cache") },
};

// 2. Cold start, before any load: spawn to the first 200 on /readyz, Keel's build and the bare app's on the
// same server code, with the mock in the process and in front of the mock backend on its own.
const coldStarts = await measureColdStarts(
  {
    keel: { options: serverOptions, page: SHELL_PATH },
    bare: { options: { ...serverOptions, buildDir: bareBuildDir }, page: BARE_PATH },
  },
  COLD_STARTS,
);
const coldBackend = await startBackend({ buildDir, databaseUrl });
let coldStartsHttp: Record<"keel" | "bare", ColdStarts>;
try {
  const env = { ...serverOptions.env, ...coldBackend.keelEnv };
  coldStartsHttp = await measureColdStarts(
    {
      keel: { options: { ...serverOptions, env }, page: SHELL_PATH },
      bare: { options: { ...serverOptions, buildDir: bareBuildDir, env }, page: BARE_PATH },
    },
    COLD_STARTS,
  );
} finally {
  await coldBackend.backend.stop();
}
step(
  `cold starts to /readyz: Keel ${coldStarts.keel.ready_ms.join(", ")} ms, bare ${coldStarts.bare.ready_ms.join(", ")}; ` +
    `BACKEND_URL: Keel ${coldStartsHttp.keel.ready_ms.join(", ")}, bare ${coldStartsHttp.bare.ready_ms.join(", ")}`,
);

// 3. The measured servers: Keel's build, and the bare app's build on the same server code.
const server = spawnServer(serverOptions);
const bareServer = spawnServer({ ...serverOptions, buildDir: bareBuildDir, port: await freePort() });
let pages: Awaited<ReturnType<typeof measureServer>>;
try {
  await Promise.all([waitUntilReady(server), waitUntilReady(bareServer)]);
  pages = await measureServer(server.base, bareServer.base);
} finally {
  await Promise.all([server.stop(), bareServer.stop()]);
}

// 4. Markdown, with the server stopped: its own ratios, from tests/bench/markdown.ts. Its failure leaves the
// other results standing.
step("markdown renderer against marked");
const markdown: MarkdownResults & { via: string; error?: string } = await benchMarkdownResults().catch(
  (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    step(`the markdown benchmark failed: ${message.slice(0, 2000)}`);
    return {
      markdown_vs_marked_ratio: null,
      markdown_10x_time_ratio: null,
      via: "tests/bench/markdown.ts",
      error: message.slice(0, 2000),
    };
  },
);
const markdownNote = markdown.error ? "failed: details.markdown.error" : `via ${markdown.via}`;

// 5. Event streams: many people with two tabs each on one Keel process, in both modes. A failure leaves the
// other results standing.
step(`event streams: writing ${STREAM_USERS} people into the database`);
const streams: Partial<Record<StreamMode, StreamResults | { error: string }>> = {};
const failed = (error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  step(`the event stream benchmark failed: ${message.slice(0, 2000)}`);
  return { error: message.slice(0, 2000) };
};
try {
  const logins = await createCrowd(databaseUrl);
  for (const mode of ["in-process", "http"] as const) {
    streams[mode] = await benchStreams({ mode, buildDir, databaseUrl, logins, step }).catch(failed);
  }
} catch (error) {
  streams["in-process"] ??= failed(error);
}
const streamsOf = (mode: StreamMode) => {
  const result = streams[mode];
  return result && !("error" in result) ? result : null;
};
const inProcessStreams = streamsOf("in-process");
const httpStreams = streamsOf("http");

// 6. Several servers: PostgreSQL, 2 backend servers, 3 Keel servers and HAProxy (tests/bench/cluster.ts).
step("the cluster: the balancer's cost, CPU per request, notification delay across servers");
const cluster: ClusterResults | { error: string } = await benchCluster({ buildDir, seconds }).catch(
  (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    step(`the cluster benchmark failed: ${message.slice(0, 2000)}`);
    return { error: message.slice(0, 2000) };
  },
);
const clustered = "error" in cluster ? null : cluster;

const results = {
  ssr_shell_vs_bare_ratio: pages.ratio,
  ssr_shell_p99_ms: pages.shell.p99_ms,
  ssr_shell_rps: pages.shell.rps,
  ssr_bare_rps: pages.bare.rps,
  ssr_bare_p99_ms: pages.bare.p99_ms,
  initial_js_gzip_kb: pages.shellJs.gzip_kb,
  initial_js_gzip_kb_bare: pages.bareJs.gzip_kb,
  markdown_vs_marked_ratio: markdown.markdown_vs_marked_ratio,
  markdown_10x_time_ratio: markdown.markdown_10x_time_ratio,
  api_config_p99_ms: pages.api.p99_ms,
  api_config_rps: pages.api.rps,
  cold_start_ms: median(coldStarts.keel.ready_ms),
  cold_start_http_ms: median(coldStartsHttp.keel.ready_ms),
  cold_start_bare_ms: median(coldStarts.bare.ready_ms),
  cold_start_bare_http_ms: median(coldStartsHttp.bare.ready_ms),
  stream_rss_growth_mb: inProcessStreams?.rss_growth_mb ?? null,
  stream_notification_max_ms: inProcessStreams?.notification_max_ms ?? null,
  stream_notification_p99_ms: inProcessStreams?.notification_p99_ms ?? null,
  stream_http_rss_growth_mb: httpStreams?.rss_growth_mb ?? null,
  stream_http_notification_max_ms: httpStreams?.notification_max_ms ?? null,
  stream_http_notification_p99_ms: httpStreams?.notification_p99_ms ?? null,
  cluster_notification_p99_ms: clustered?.cluster_notification_p99_ms ?? null,
};
const targets = Object.fromEntries(
  (Object.keys(TARGETS) as Key[]).map((key) => [key, { ...TARGETS[key], pass: passes(key, results[key]) }]),
) as Record<Key, { min?: number; max?: number; pass: boolean | null }>;
const report = {
  ...results,
  targets,
  machine: {
    cpus: os.availableParallelism(),
    node: process.version,
    load_average_1m_at_start: loadAverageAtStart,
  },
  date: new Date().toISOString(),
  duration_s: round((performance.now() - started) / 1000, 1),
  details: {
    connections: CONNECTIONS,
    seconds_per_measurement: seconds,
    rounds: pages.rounds,
    best_of: "rounds: the highest req/s and the lowest p99 of each page",
    cold_starts_ms: { in_process: coldStarts, http: coldStartsHttp },
    streams,
    initial_js_files: { [SHELL_PATH]: pages.shellJs.files, [BARE_PATH]: pages.bareJs.files },
    markdown,
    cluster,
  },
};
mkdirSync("bench", { recursive: true });
writeFileSync("bench/results.json", `${JSON.stringify(report, null, 2)}\n`);

printTable(results, targets, {
  ssr_shell_vs_bare_ratio: `${SHELL_PATH} ${pages.shell.rps} req/s, bare ${pages.bare.rps} req/s`,
  ssr_shell_p99_ms: `bare page p99 ${pages.bare.p99_ms} ms; ${CONNECTIONS} connections`,
  initial_js_gzip_kb: `bare page ${pages.bareJs.gzip_kb} KiB; ${pages.shellJs.files.length} files`,
  markdown_vs_marked_ratio: markdownNote,
  markdown_10x_time_ratio:
    markdown.error || markdown.markdown_10x_time_ratio !== null ? markdownNote : "not reported",
  api_config_p99_ms: `${pages.api.rps} req/s; ${CONNECTIONS} connections`,
  cold_start_ms: coldStartNote(coldStarts, true),
  cold_start_http_ms: coldStartNote(coldStartsHttp, false),
  stream_rss_growth_mb: streamMemoryNote("in-process"),
  stream_notification_max_ms: streamArrivalNote("in-process"),
  stream_http_rss_growth_mb: streamMemoryNote("http"),
  stream_http_notification_max_ms: streamArrivalNote("http"),
  cluster_notification_p99_ms: clustered
    ? `p50 ${clustered.cluster_notification_p50_ms} ms of ${clustered.notifications}; ` +
      `${SHELL_PATH} through HAProxy ${clustered.cluster_balancer_rps} req/s, one server directly ` +
      `${clustered.cluster_direct_rps} (×${clustered.cluster_balancer_vs_direct_ratio}); CPU ms per page ` +
      `${Object.entries(clustered.cluster_keel_cpu_ms_per_request)
        .map(([name, ms]) => `${name} ${ms}`)
        .join(", ")}, backends ${clustered.cluster_backend_cpu_ms_per_page}`
    : "failed: details.cluster.error",
});
step(
  `wrote bench/results.json (${os.availableParallelism()} cpus, node ${process.version}, ` +
    `load average ${loadAverageAtStart} at the start)`,
);

function coldStartNote(starts: Record<"keel" | "bare", ColdStarts>, uncachedFirst: boolean): string {
  return (
    `median of ${starts.keel.ready_ms.join(", ")}${uncachedFirst ? " (the first without a compile cache)" : ""}; ` +
    `bare app ${median(starts.bare.ready_ms)} ms; ` +
    `first page ${median(starts.keel.page_ms)} ms, bare ${median(starts.bare.page_ms)}`
  );
}

function streamMemoryNote(mode: StreamMode): string {
  const result = streams[mode];
  if (!result) return "not run";
  if ("error" in result) return `failed: details.streams["${mode}"].error`;
  return (
    `${result.streams} streams (${result.users} people × ${TABS}), ${result.rss_before_mb} → ` +
    `${result.rss_after_mb} MB after ${result.idle_s} s idle; ${result.reconnects} reconnects` +
    (result.backend_rss_growth_mb === null ? "" : `; backend +${result.backend_rss_growth_mb} MB`)
  );
}

function streamArrivalNote(mode: StreamMode): string {
  const result = streams[mode];
  if (!result || "error" in result) return streamMemoryNote(mode);
  return (
    `p50 ${result.notification_p50_ms} ms, p99 ${result.notification_p99_ms} of ${result.arrivals} arrivals ` +
    `(${result.notifications} notifications)`
  );
}

async function measureServer(base: string, bareBase: string) {
  step("signing in as admin");
  const cookie = await signIn(base, "admin");
  const pageHeaders = { ...BROWSER_HEADERS, cookie };
  const apiHeaders = { accept: "application/json", "accept-encoding": "gzip, deflate, br", cookie };
  const shellUrl = `${base}${SHELL_PATH}`;
  const bareUrl = `${bareBase}${BARE_PATH}`;
  const apiUrl = `${base}/api/config`;

  // Each page must be what it claims to be before it is measured.
  const shellHtml = await expectPage(shellUrl, pageHeaders, 'data-testid="current-user"');
  const bareHtml = await expectPage(bareUrl, pageHeaders, "Bare React Router page");
  if (bareHtml.includes('data-testid="current-user"')) throw new Error("the bare page renders the shell");
  await expectPage(apiUrl, apiHeaders, '"version"');

  const shellJs: InitialJs = initialJs(shellHtml, shellUrl, path.join(buildDir, "client"));
  const bareJs: InitialJs = initialJs(bareHtml, bareUrl, path.join(bareBuildDir, "client"));
  step(`initial JavaScript: ${SHELL_PATH} ${shellJs.gzip_kb} KiB, bare ${bareJs.gzip_kb} KiB (gzip -9)`);

  step(`warming up (${WARM_UP_SECONDS} s each)`);
  for (const [url, headers] of [
    [shellUrl, pageHeaders],
    [bareUrl, pageHeaders],
    [apiUrl, apiHeaders],
  ] as const) {
    await load(url, { connections: CONNECTIONS, seconds: WARM_UP_SECONDS, headers });
  }

  // Alternating, so that a slow spell of the machine falls on both pages.
  const rounds: { shell: LoadResult; bare: LoadResult; ratio: number }[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const measure = (url: string) => load(url, { connections: CONNECTIONS, seconds, headers: pageHeaders });
    let shell: LoadResult;
    let bare: LoadResult;
    if (r % 2 === 0) {
      shell = await measure(shellUrl);
      bare = await measure(bareUrl);
    } else {
      bare = await measure(bareUrl);
      shell = await measure(shellUrl);
    }
    for (const [name, result] of [
      [SHELL_PATH, shell],
      [BARE_PATH, bare],
    ] as const) {
      checkLoad(name, result);
    }
    rounds.push({ shell, bare, ratio: round(shell.rps / bare.rps, 3) });
    step(
      `round ${r + 1}: ${SHELL_PATH} ${shell.rps} req/s p99 ${shell.p99_ms} ms; bare ${bare.rps} req/s p99 ${bare.p99_ms} ms`,
    );
  }
  const best = (pick: (r: (typeof rounds)[number]) => LoadResult) => ({
    rps: Math.max(...rounds.map((r) => pick(r).rps)),
    p99_ms: Math.min(...rounds.map((r) => pick(r).p99_ms)),
  });
  const shell = best((r) => r.shell);
  const bare = best((r) => r.bare);

  const api = await load(apiUrl, { connections: CONNECTIONS, seconds, headers: apiHeaders });
  checkLoad("/api/config", api);
  step(`/api/config ${api.rps} req/s p99 ${api.p99_ms} ms`);

  return { shell, bare, ratio: round(shell.rps / bare.rps, 3), rounds, api, shellJs, bareJs };
}

/** A measurement with failed requests, or none finished, measures something else than the page. */
function checkLoad(name: string, result: LoadResult): void {
  if (result.failures > 0) throw new Error(`${name}: ${result.failures} failed requests under load`);
  if (result.requests === 0) throw new Error(`${name}: no request finished in ${seconds} s`);
}

async function expectPage(url: string, headers: Record<string, string>, marker: string): Promise<string> {
  const response = await fetch(url, { headers, redirect: "manual" });
  const body = await response.text();
  if (response.status !== 200 || !body.includes(marker)) {
    throw new Error(`${url} answered ${response.status} without ${marker}`);
  }
  return body;
}

interface MarkdownResults {
  markdown_vs_marked_ratio: number | null;
  markdown_10x_time_ratio: number | null;
}

/** tests/bench/markdown.ts's benchMarkdown(), or, while it exports none, its output as a child process. */
async function benchMarkdownResults(): Promise<MarkdownResults & { via: string }> {
  const file = fileURLToPath(new URL("./markdown.ts", import.meta.url));
  if (readFileSync(file, "utf8").includes("benchMarkdown")) {
    const module: { benchMarkdown?: () => Promise<Partial<MarkdownResults>> } = await import("./markdown.ts");
    if (typeof module.benchMarkdown === "function") {
      const results = await module.benchMarkdown();
      return {
        ...results,
        markdown_vs_marked_ratio: results.markdown_vs_marked_ratio ?? null,
        markdown_10x_time_ratio: results.markdown_10x_time_ratio ?? null,
        via: "benchMarkdown()",
      };
    }
  }
  const child = spawnSync(process.execPath, [file], { encoding: "utf8", timeout: 90_000 });
  if (child.status !== 0) throw new Error(`tests/bench/markdown.ts failed:\n${child.stdout}${child.stderr}`);
  return { ...parseMarkdownOutput(child.stdout), via: "node tests/bench/markdown.ts" };
}

/** The keys when the script prints them; else the seeded texts' renders/s, Keel's over raw marked's. */
function parseMarkdownOutput(output: string): MarkdownResults {
  const number = (key: string) => {
    const match = new RegExp(`${key}\\W+([\\d.]+)`).exec(output);
    return match ? Number(match[1]) : null;
  };
  let ratio = number("markdown_vs_marked_ratio");
  if (ratio === null) {
    const firstSet = output.trim().split(/\n\s*\n/)[0] ?? "";
    const raw = /raw marked.*?([\d.]+) renders\/s/.exec(firstSet)?.[1];
    const keel = /new text each time\s+([\d.]+) renders\/s/.exec(firstSet)?.[1];
    if (raw && keel) ratio = round(Number(keel) / Number(raw), 3);
  }
  return { markdown_vs_marked_ratio: ratio, markdown_10x_time_ratio: number("markdown_10x_time_ratio") };
}

function passes(key: Key, value: number | null): boolean | null {
  if (value === null) return null;
  const target: { min?: number; max?: number } = TARGETS[key];
  return target.min !== undefined ? value >= target.min : value <= (target.max ?? Infinity);
}

function printTable(
  results: Record<Key, number | null>,
  targets: Record<Key, { min?: number; max?: number; pass: boolean | null }>,
  notes: Record<Key, string>,
): void {
  const rows = (Object.keys(TARGETS) as Key[]).map((key) => {
    const { min, max, pass } = targets[key];
    const value = results[key];
    const limit = (min ?? max)!;
    const verdict =
      pass === null
        ? "n/a"
        : pass
          ? "pass"
          : `MISS by ${round(Math.abs((value ?? 0) - limit), 2)} (${round((Math.abs((value ?? 0) - limit) / limit) * 100, 0)}%)`;
    return [
      key,
      value === null ? "-" : String(value),
      min !== undefined ? `>= ${min}` : `<= ${max}`,
      verdict,
      notes[key],
    ];
  });
  const header = ["metric", "value", "target", "result", "baseline / notes"];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i]!)).join("  ");
  console.log(`\n${line(header)}\n${widths.map((w) => "-".repeat(w)).join("  ")}`);
  for (const row of rows) console.log(line(row));
  console.log("");
}
