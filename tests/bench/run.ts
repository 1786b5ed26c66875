// npm run bench: builds the app, starts the production server on a temporary database and measures it.
// Every timing is a ratio against a baseline of the same run, or an absolute number with its baseline beside
// it: machines are noisy. Prints a table and writes bench/results.json; a missed target is reported, and the
// exit code stays 0. Options: --reuse-build <dir> (skip the build), --seconds <n> (per load measurement),
// --only <stage,...> (some of tests/bench/stages.ts's stages; the others report null).
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
  startTrueBare,
  waitUntilReady,
  type ServerOptions,
} from "./bench-server.ts";
import { benchCluster, type ClusterResults } from "./cluster.ts";
import { measureColdStarts, type ColdStarts } from "./cold-start.ts";
import { fixedRate, halfRate, sparedConnections, type FixedRateResult } from "./fixed-rate.ts";
import { initialJs, type InitialJs } from "./initial-js.ts";
import { benchLighthouse, lighthouseLines, type LighthouseResults } from "./lighthouse.ts";
import { load, type LoadResult } from "./load.ts";
import { parseStages } from "./stages.ts";
import {
  benchStreams,
  createCrowd,
  STREAM_USERS,
  TABS,
  type StreamMode,
  type StreamResults,
} from "./streams.ts";
import { TRUE_BARE_PATH } from "./true-bare-app/path.ts";

const TARGETS = {
  ssr_shell_vs_bare_ratio: { min: 0.6 },
  ssr_shell_vs_true_bare_ratio: { min: 0.2 },
  ssr_shell_p99_ms: { max: 50 },
  ssr_shell_fixed_rate_p99_ms: { max: 50 },
  ssr_shell_http_fixed_rate_p99_ms: { max: 50 },
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
  lighthouse_score_min: { min: 95 },
  lighthouse_tbt_max_ms: { max: 200 },
  lighthouse_cls_max: { max: 0.02 },
  lighthouse_lcp_max_ms: { max: 1500 },
} as const;
type Key = keyof typeof TARGETS;

const CONNECTIONS = 16;
const ROUNDS = 2;
const WARM_UP_SECONDS = 2;
const COLD_STARTS = 5;
const STARTS_WITHIN_MS = 60_000;
const SHELL_PATH = "/issues";
/** An issue with Markdown, 2 s after the first page: what the first reader of one after a start waits for. */
const FIRST_MARKDOWN_PAGE = { page: "/issue/DEMO-2", afterMs: 2_000 };
const BROWSER_HEADERS = {
  accept: "text/html,application/xhtml+xml",
  "accept-encoding": "gzip, deflate, br",
  "accept-language": "en",
  "user-agent":
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36",
};

const { values: args } = parseArgs({
  options: {
    "reuse-build": { type: "string" },
    seconds: { type: "string", default: "5" },
    only: { type: "string" },
  },
});
const seconds = Number(args.seconds);
const stages = parseStages(args.only);
const started = performance.now();
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
const step = (message: string) => console.log(`[${elapsed().padStart(7)}] ${message}`);

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
// Other work on the machine shows here first: the absolute timings suffer, the ratios much less.
const loadAverageAtStart = round(os.loadavg()[0] ?? 0, 1);

// 1. The builds and a temporary database, side by side; free ports.
// Inside the project, where the server build finds node_modules; apart from build/, which others may use.
// The baselines are separate one-page apps: tests/bench/bare-app served by the same server code, and
// tests/bench/true-bare-app with a server of its own.
const buildDir = path.resolve(args["reuse-build"] ?? "bench/build");
const bareBuildDir = path.resolve(path.dirname(buildDir), "bare-build");
const trueBareBuildDir = path.resolve(path.dirname(buildDir), "true-bare-build");
const scratch = mkdtempSync(path.join(os.tmpdir(), "keel-bench-"));
const databaseUrl = `file:${path.join(scratch, "keel.db")}`;
process.on("exit", () => rmSync(scratch, { recursive: true, force: true }));
if (args["reuse-build"]) {
  step(
    `reusing the builds in ${buildDir}, ${bareBuildDir} and ${trueBareBuildDir}; ` +
      "migrating and seeding a temporary database",
  );
  await setUpDatabase(databaseUrl);
} else {
  step(
    `building into ${buildDir}, ${bareBuildDir} and ${trueBareBuildDir}; migrating and seeding a temporary database`,
  );
  for (const dir of [buildDir, bareBuildDir, trueBareBuildDir]) rmSync(dir, { recursive: true, force: true });
  await Promise.all([
    buildInto(buildDir)
      .then(() => buildInto(bareBuildDir, "tests/bench/bare-app"))
      .then(() => buildInto(trueBareBuildDir, "tests/bench/true-bare-app")),
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
let coldStarts: Record<"keel" | "bare", ColdStarts> | null = null;
let coldStartsHttp: Record<"keel" | "bare", ColdStarts> | null = null;
if (stages.has("cold-start")) {
  coldStarts = await measureColdStarts(
    {
      keel: { options: serverOptions, page: SHELL_PATH, later: FIRST_MARKDOWN_PAGE },
      bare: { options: { ...serverOptions, buildDir: bareBuildDir }, page: BARE_PATH },
    },
    COLD_STARTS,
  );
  const coldBackend = await startBackend({ buildDir, databaseUrl });
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
      `BACKEND_URL: Keel ${coldStartsHttp.keel.ready_ms.join(", ")}, bare ${coldStartsHttp.bare.ready_ms.join(", ")}; ` +
      `${FIRST_MARKDOWN_PAGE.page} ${FIRST_MARKDOWN_PAGE.afterMs / 1000} s after the first page: ` +
      `${coldStarts.keel.later_ms.join(", ")} ms`,
  );
}

// 3. The measured servers: Keel's build, the bare app's build on the same server code, and the true
// baseline on its own server.
let pages: Awaited<ReturnType<typeof measureServer>> | null = null;
if (stages.has("pages")) {
  const server = spawnServer(serverOptions);
  const bareServer = spawnServer({ ...serverOptions, buildDir: bareBuildDir, port: await freePort() });
  // Three servers start at once: on a busy machine that takes longer than one.
  const trueBareStarting = startTrueBare(trueBareBuildDir, STARTS_WITHIN_MS);
  try {
    const [trueBareServer] = await Promise.all([
      trueBareStarting,
      waitUntilReady(server, STARTS_WITHIN_MS),
      waitUntilReady(bareServer, STARTS_WITHIN_MS),
    ]);
    pages = await measureServer(server.base, bareServer.base, trueBareServer.base);
  } finally {
    // Stopped even when another server failed to start first.
    const trueBareStop = trueBareStarting.then(
      (trueBareServer) => trueBareServer.stop(),
      () => undefined,
    );
    await Promise.all([server.stop(), bareServer.stop(), trueBareStop]);
  }
}

// 4. Latency at a fixed rate, half of /issues' own maximum throughput, in both modes (tests/bench/fixed-rate.ts).
const latency: Partial<Record<StreamMode, FixedRateLatency>> = {};
if (stages.has("latency")) {
  for (const mode of ["in-process", "http"] as const) latency[mode] = await measureFixedRate(mode);
}

// 5. Markdown, with the server stopped: its own ratios, from tests/bench/markdown.ts. Its failure leaves the
// other results standing.
let markdown: MarkdownResults & { via: string; error?: string } = {
  markdown_vs_marked_ratio: null,
  markdown_10x_time_ratio: null,
  via: "not run",
};
if (stages.has("markdown")) {
  step("markdown renderer against marked");
  markdown = await benchMarkdownResults().catch((error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    step(`the markdown benchmark failed: ${message.slice(0, 2000)}`);
    return {
      markdown_vs_marked_ratio: null,
      markdown_10x_time_ratio: null,
      via: "tests/bench/markdown.ts",
      error: message.slice(0, 2000),
    };
  });
}
const markdownNote = !stages.has("markdown")
  ? "not run"
  : markdown.error
    ? "failed: details.markdown.error"
    : `via ${markdown.via}`;

// 6. Event streams: many people with two tabs each on one Keel process, in both modes. A failure leaves the
// other results standing.
const streams: Partial<Record<StreamMode, StreamResults | { error: string }>> = {};
if (stages.has("streams")) {
  step(`event streams: writing ${STREAM_USERS} people into the database`);
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
}
const streamsOf = (mode: StreamMode) => {
  const result = streams[mode];
  return result && !("error" in result) ? result : null;
};
const inProcessStreams = streamsOf("in-process");
const httpStreams = streamsOf("http");

// 7. Several servers: PostgreSQL, 2 backend servers, 3 Keel servers and HAProxy (tests/bench/cluster.ts).
let cluster: ClusterResults | { error: string } | null = null;
if (stages.has("cluster")) {
  step("the cluster: the balancer's cost, CPU per request, notification delay across servers");
  cluster = await benchCluster({ buildDir, seconds }).catch((error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    step(`the cluster benchmark failed: ${message.slice(0, 2000)}`);
    return { error: message.slice(0, 2000) };
  });
}
const clustered = cluster && !("error" in cluster) ? cluster : null;

// 8. Lighthouse, last and slowest: Keel's pages as a guest and as admin, and the true baseline
// (tests/bench/lighthouse.ts). Its failure leaves the other results standing.
let audits: LighthouseResults | { error: string } | null = null;
if (stages.has("lighthouse")) {
  step("lighthouse: Keel's pages as a guest and as admin, and the true baseline");
  audits = await benchLighthouse({ buildDir, trueBareBuildDir, databaseUrl, step }).catch(
    (error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      step(`the Lighthouse benchmark failed: ${message.slice(0, 2000)}`);
      return { error: message.slice(0, 2000) };
    },
  );
}
const audited = audits && !("error" in audits) ? audits : null;

const medianOrNull = (values: number[] | undefined) => (values?.length ? median(values) : null);
const results = {
  ssr_shell_vs_bare_ratio: pages?.ratio ?? null,
  ssr_shell_vs_true_bare_ratio: pages?.trueRatio ?? null,
  ssr_shell_p99_ms: pages?.shell.p99_ms ?? null,
  ssr_shell_rps: pages?.shell.rps ?? null,
  ssr_bare_rps: pages?.bare.rps ?? null,
  ssr_bare_p99_ms: pages?.bare.p99_ms ?? null,
  ssr_true_bare_rps: pages?.trueBare.rps ?? null,
  ssr_true_bare_p99_ms: pages?.trueBare.p99_ms ?? null,
  ssr_shell_fixed_rate_p99_ms: latency["in-process"]?.fixed.p99_ms ?? null,
  ssr_shell_fixed_rate_rps: latency["in-process"]?.fixed.rate ?? null,
  ssr_shell_http_fixed_rate_p99_ms: latency.http?.fixed.p99_ms ?? null,
  ssr_shell_http_fixed_rate_rps: latency.http?.fixed.rate ?? null,
  initial_js_gzip_kb: pages?.shellJs.gzip_kb ?? null,
  initial_js_gzip_kb_bare: pages?.bareJs.gzip_kb ?? null,
  markdown_vs_marked_ratio: markdown.markdown_vs_marked_ratio,
  markdown_10x_time_ratio: markdown.markdown_10x_time_ratio,
  api_config_p99_ms: pages?.api.p99_ms ?? null,
  api_config_rps: pages?.api.rps ?? null,
  api_config_true_bare_p99_ms: pages?.trueBareApi.p99_ms ?? null,
  api_config_true_bare_rps: pages?.trueBareApi.rps ?? null,
  cold_start_ms: medianOrNull(coldStarts?.keel.ready_ms),
  cold_start_http_ms: medianOrNull(coldStartsHttp?.keel.ready_ms),
  cold_start_bare_ms: medianOrNull(coldStarts?.bare.ready_ms),
  cold_start_bare_http_ms: medianOrNull(coldStartsHttp?.bare.ready_ms),
  first_markdown_page_ms: medianOrNull(coldStarts?.keel.later_ms),
  stream_rss_growth_mb: inProcessStreams?.rss_growth_mb ?? null,
  stream_notification_max_ms: inProcessStreams?.notification_max_ms ?? null,
  stream_notification_p99_ms: inProcessStreams?.notification_p99_ms ?? null,
  stream_http_rss_growth_mb: httpStreams?.rss_growth_mb ?? null,
  stream_http_notification_max_ms: httpStreams?.notification_max_ms ?? null,
  stream_http_notification_p99_ms: httpStreams?.notification_p99_ms ?? null,
  cluster_notification_p99_ms: clustered?.cluster_notification_p99_ms ?? null,
  lighthouse_score_min: audited?.worst.score.value ?? null,
  lighthouse_tbt_max_ms: audited?.worst.tbt_ms.value ?? null,
  lighthouse_cls_max: audited?.worst.cls.value ?? null,
  lighthouse_lcp_max_ms: audited?.worst.lcp_ms.value ?? null,
  lighthouse_true_bare_score: audited?.baseline.median.score ?? null,
  lighthouse_true_bare_lcp_ms: audited?.baseline.median.lcp_ms ?? null,
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
    stages: [...stages],
    rounds: pages?.rounds ?? null,
    best_of: "rounds: the highest req/s and the lowest p99 of each page",
    fixed_rate_latency: latency,
    cold_starts_ms: { in_process: coldStarts, http: coldStartsHttp },
    streams,
    initial_js_files: pages && { [SHELL_PATH]: pages.shellJs.files, [BARE_PATH]: pages.bareJs.files },
    markdown,
    cluster,
    lighthouse: audits,
  },
};
mkdirSync("bench", { recursive: true });
writeFileSync("bench/results.json", `${JSON.stringify(report, null, 2)}\n`);

const worst = audited?.worst;
const worstNote = (key: keyof NonNullable<typeof worst>, unit: string) => {
  if (!stages.has("lighthouse")) return "not run";
  if (!audited || !worst) return "failed: details.lighthouse.error";
  const baseline = key === "score" ? audited.baseline.median.score : audited.baseline.median[key];
  return (
    `${worst[key].page}; true baseline ${baseline}${unit}; median of ${audited.runs_per_page} runs, ` +
    `Lighthouse ${audited.lighthouse} mobile`
  );
};
if (audited) console.log(`\nLighthouse, medians:\n${lighthouseLines(audited).join("\n")}`);
printTable(results, targets, {
  ssr_shell_vs_bare_ratio: pages
    ? `${SHELL_PATH} ${pages.shell.rps} req/s, bare ${pages.bare.rps} req/s`
    : "not run",
  ssr_shell_vs_true_bare_ratio: pages
    ? `${SHELL_PATH} ${pages.shell.rps} req/s, true baseline ${pages.trueBare.rps} req/s (p99 ` +
      `${pages.trueBare.p99_ms} ms), its own Express server; Keel's server with an empty page ` +
      `${round(pages.bare.rps / pages.trueBare.rps, 3)} of it, the ceiling of any page it serves`
    : "not run",
  ssr_shell_p99_ms: pages ? `bare page p99 ${pages.bare.p99_ms} ms; ${CONNECTIONS} connections` : "not run",
  ssr_shell_fixed_rate_p99_ms: fixedRateNote("in-process"),
  ssr_shell_http_fixed_rate_p99_ms: fixedRateNote("http"),
  initial_js_gzip_kb: pages
    ? `bare page ${pages.bareJs.gzip_kb} KiB; ${pages.shellJs.files.length} files`
    : "not run",
  markdown_vs_marked_ratio: markdownNote,
  markdown_10x_time_ratio:
    markdown.error || markdown.markdown_10x_time_ratio !== null ? markdownNote : "not reported",
  api_config_p99_ms: pages
    ? `${pages.api.rps} req/s; ${CONNECTIONS} connections; the true baseline's Express JSON ` +
      `${pages.trueBareApi.rps} req/s, p99 ${pages.trueBareApi.p99_ms} ms`
    : "not run",
  cold_start_ms: coldStarts ? coldStartNote(coldStarts, true) : "not run",
  cold_start_http_ms: coldStartsHttp ? coldStartNote(coldStartsHttp, false) : "not run",
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
    : cluster
      ? "failed: details.cluster.error"
      : "not run",
  lighthouse_score_min: worstNote("score", ""),
  lighthouse_tbt_max_ms: worstNote("tbt_ms", " ms"),
  lighthouse_cls_max: worstNote("cls", ""),
  lighthouse_lcp_max_ms: worstNote("lcp_ms", " ms"),
});
step(
  `wrote bench/results.json (${os.availableParallelism()} cpus, node ${process.version}, ` +
    `load average ${loadAverageAtStart} at the start)`,
);

function fixedRateNote(mode: StreamMode): string {
  const result = latency[mode];
  if (!result) return "not run";
  const { fixed, max } = result;
  return (
    `p50 ${fixed.p50_ms} ms at ${fixed.rate} req/s for ${fixed.seconds} s on up to ${fixed.connections} ` +
    `connections, half of ${max.rps} req/s (p99 ${max.p99_ms} ms at ${CONNECTIONS} connections)`
  );
}

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

async function measureServer(base: string, bareBase: string, trueBareBase: string) {
  step("signing in as admin");
  const cookie = await signIn(base, "admin");
  const pageHeaders = { ...BROWSER_HEADERS, cookie };
  const apiHeaders = { accept: "application/json", "accept-encoding": "gzip, deflate, br", cookie };
  const shellUrl = `${base}${SHELL_PATH}`;
  const bareUrl = `${bareBase}${BARE_PATH}`;
  const trueBareUrl = `${trueBareBase}${TRUE_BARE_PATH}`;
  const apiUrl = `${base}/api/config`;
  const trueBareApiUrl = `${trueBareBase}/api/config`;

  // Each page must be what it claims to be before it is measured.
  const shellHtml = await expectPage(shellUrl, pageHeaders, 'data-testid="current-user"');
  const bareHtml = await expectPage(bareUrl, pageHeaders, "Bare React Router page");
  if (bareHtml.includes('data-testid="current-user"')) throw new Error("the bare page renders the shell");
  await expectPage(trueBareUrl, pageHeaders, "True baseline");
  await expectPage(apiUrl, apiHeaders, '"version"');

  const shellJs: InitialJs = initialJs(shellHtml, shellUrl, path.join(buildDir, "client"));
  const bareJs: InitialJs = initialJs(bareHtml, bareUrl, path.join(bareBuildDir, "client"));
  step(`initial JavaScript: ${SHELL_PATH} ${shellJs.gzip_kb} KiB, bare ${bareJs.gzip_kb} KiB (gzip -9)`);

  step(`warming up (${WARM_UP_SECONDS} s each)`);
  for (const [url, headers] of [
    [shellUrl, pageHeaders],
    [bareUrl, pageHeaders],
    [trueBareUrl, pageHeaders],
    [apiUrl, apiHeaders],
    [trueBareApiUrl, apiHeaders],
  ] as const) {
    await load(url, { connections: CONNECTIONS, seconds: WARM_UP_SECONDS, headers });
  }

  // In turn, the order reversed each round, so that a slow spell of the machine falls on every page.
  const rounds: {
    shell: LoadResult;
    bare: LoadResult;
    trueBare: LoadResult;
    ratio: number;
    trueRatio: number;
  }[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const order = [
      ["shell", shellUrl, SHELL_PATH],
      ["bare", bareUrl, BARE_PATH],
      ["trueBare", trueBareUrl, `true baseline ${TRUE_BARE_PATH}`],
    ] as const;
    const measured: Partial<Record<(typeof order)[number][0], LoadResult>> = {};
    for (const [key, url, name] of r % 2 === 0 ? order : [...order].reverse()) {
      const result = await load(url, { connections: CONNECTIONS, seconds, headers: pageHeaders });
      checkLoad(name, result);
      measured[key] = result;
    }
    const { shell, bare, trueBare } = measured as Record<(typeof order)[number][0], LoadResult>;
    rounds.push({
      shell,
      bare,
      trueBare,
      ratio: round(shell.rps / bare.rps, 3),
      trueRatio: round(shell.rps / trueBare.rps, 3),
    });
    step(
      `round ${r + 1}: ${SHELL_PATH} ${shell.rps} req/s p99 ${shell.p99_ms} ms; bare ${bare.rps} req/s p99 ` +
        `${bare.p99_ms} ms; true baseline ${trueBare.rps} req/s p99 ${trueBare.p99_ms} ms`,
    );
  }
  const best = (pick: (r: (typeof rounds)[number]) => LoadResult) => ({
    rps: Math.max(...rounds.map((r) => pick(r).rps)),
    p99_ms: Math.min(...rounds.map((r) => pick(r).p99_ms)),
  });
  const shell = best((r) => r.shell);
  const bare = best((r) => r.bare);
  const trueBare = best((r) => r.trueBare);

  const api = await load(apiUrl, { connections: CONNECTIONS, seconds, headers: apiHeaders });
  checkLoad("/api/config", api);
  const trueBareApi = await load(trueBareApiUrl, { connections: CONNECTIONS, seconds, headers: apiHeaders });
  checkLoad("the true baseline's /api/config", trueBareApi);
  step(
    `/api/config ${api.rps} req/s p99 ${api.p99_ms} ms; the true baseline's Express JSON ${trueBareApi.rps} ` +
      `req/s p99 ${trueBareApi.p99_ms} ms`,
  );

  return {
    shell,
    bare,
    trueBare,
    ratio: round(shell.rps / bare.rps, 3),
    trueRatio: round(shell.rps / trueBare.rps, 3),
    rounds,
    api,
    trueBareApi,
    shellJs,
    bareJs,
  };
}

interface FixedRateLatency {
  /** The closed loop at saturation the rate is half of. */
  max: LoadResult;
  fixed: FixedRateResult;
}

/**
 * /issues at half its own maximum throughput, signed in as admin: Keel with the mock in its process, or in
 * front of the mock backend on its own (BACKEND_URL). Its maximum is measured first, on the same server.
 */
async function measureFixedRate(mode: StreamMode): Promise<FixedRateLatency> {
  const backend = mode === "http" ? await startBackend({ buildDir, databaseUrl }) : null;
  const server = spawnServer({
    ...serverOptions,
    port: await freePort(),
    env: { ...serverOptions.env, ...backend?.keelEnv },
  });
  try {
    await waitUntilReady(server, STARTS_WITHIN_MS);
    const headers = { ...BROWSER_HEADERS, cookie: await signIn(server.base, "admin") };
    const url = `${server.base}${SHELL_PATH}`;
    await expectPage(url, headers, 'data-testid="current-user"');
    await load(url, { connections: CONNECTIONS, seconds: WARM_UP_SECONDS, headers });
    const max = await load(url, { connections: CONNECTIONS, seconds, headers });
    checkLoad(`${SHELL_PATH} (${mode})`, max);
    const rate = halfRate(max.rps);
    const fixed = await fixedRate(url, {
      rate,
      seconds,
      connections: sparedConnections(rate, max.p99_ms),
      headers,
    });
    if (fixed.failures > 0)
      throw new Error(`${SHELL_PATH} (${mode}): ${fixed.failures} failed requests at ${rate}/s`);
    step(
      `${SHELL_PATH} at a fixed ${rate} req/s (${mode}): p50 ${fixed.p50_ms} ms, p99 ${fixed.p99_ms} ms; ` +
        `maximum ${max.rps} req/s`,
    );
    return { max, fixed };
  } finally {
    await server.stop();
    await backend?.backend.stop();
  }
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
