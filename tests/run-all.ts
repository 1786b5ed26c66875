// npm test: everything CI runs, continuing past failures so one run shows them all. The checks that each
// use one core (typecheck, lint, format, build) run side by side, as many at once as the machine has
// cores, and so do the soak and the cluster; the suites that use every core (unit, e2e) run alone. Ends
// with a table of each stage's time and one plain line "N passed, N failed" (CI reads it), and exits
// non-zero when anything failed.
// `node tests/run-all.ts unit e2e` runs only the named stages.
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { missingProgram } from "./cluster/processes.ts";
import { missingBrowser } from "./helpers/chromium.ts";

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
  /** Tests that passed only on their retry (counted in `passed`). */
  flaky?: string[];
  /** The failed tests, by name and with the start of their reason where the runner gives one. */
  failures?: string[];
}

/** The checks of a report written by our own runners (soak, cluster) that failed, with their detail's start. */
function failedChecks(checks: readonly { name: string; ok: boolean | null; detail?: string }[]): string[] {
  return checks
    .filter((check) => check.ok === false)
    .map((check) => {
      const detail = (check.detail ?? "").trim().replace(/\s+/g, " ");
      return detail
        ? `${check.name}: ${detail.length > 400 ? `${detail.slice(0, 400)}…` : detail}`
        : check.name;
    });
}

/** Our runners' own reports (soak, cluster): counts, and the names of the failed checks. */
function checksReport(file: string): Counts | null {
  const report = readJson<Counts & { checks?: { name: string; ok: boolean | null; detail?: string }[] }>(
    file,
  );
  return report && { ...report, failures: failedChecks(report.checks ?? []) };
}

interface Stage {
  name: string;
  /** Run in order; a failed command ends the stage. */
  commands: string[][];
  /** Reads the runner's own count; stages without one count as a single check. */
  count?: () => Counts | null;
}

interface Outcome {
  stage: Stage;
  ok: boolean;
  /** Commands that succeeded: a stage without a runner's count counts each as one check. */
  commandsOk: number;
  seconds: number;
  counted: Counts | null;
}

interface PhaseOutcome {
  outcomes: Outcome[];
  seconds: number;
  /** CPU time of the phase's processes (user and system), where the platform tells it. */
  cpuSeconds: number | null;
  /** The share of the whole machine's CPU time that was busy during the phase, where the platform tells it. */
  machineBusy: number | null;
}

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as T;
  } catch {
    return null;
  }
}

const bin = (name: string) => `node_modules/.bin/${name}`;

const typecheck: Stage = {
  name: "typecheck",
  commands: [[bin("react-router"), "typegen"], [bin("tsc")]],
};
const lint: Stage = { name: "lint", commands: [[bin("eslint"), ".", "--max-warnings", "0"]] };
const format: Stage = {
  name: "format",
  commands: [[bin("prettier"), "--check", "--log-level", "warn", "."]],
};
// Fails on any warning in the build's output (tests/clean-build/clean-build.ts).
const build: Stage = { name: "build", commands: [[process.execPath, "tests/clean-build/clean-build.ts"]] };
const unit: Stage = {
  name: "unit",
  commands: [
    [bin("vitest"), "run", "--reporter=default", "--reporter=json", "--outputFile=reports/vitest.json"],
  ],
  count: () => {
    const v = readJson<{
      numPassedTests: number;
      numFailedTests: number;
      numPendingTests: number;
      numTodoTests: number;
      testResults?: { name: string; assertionResults?: { fullName: string; status: string }[] }[];
    }>("reports/vitest.json");
    return (
      v && {
        passed: v.numPassedTests,
        failed: v.numFailedTests,
        skipped: v.numPendingTests + v.numTodoTests,
        failures: (v.testResults ?? []).flatMap((file) =>
          (file.assertionResults ?? [])
            .filter((test) => test.status === "failed")
            .map((test) => `${path.relative(process.cwd(), file.name)} › ${test.fullName}`),
        ),
      }
    );
  },
};
// Mixed requests against the production build just made (tests/soak/soak.ts): each of its checks (no 5xx,
// expected answers, memory, database) counts as one test.
const soak: Stage = {
  name: "soak",
  commands: [[process.execPath, "tests/soak/soak.ts"]],
  count: () => checksReport("reports/soak.json"),
};
// PostgreSQL, 2 backend servers, 3 Keel servers and HAProxy on loopback (tests/cluster/cluster.ts): each
// scenario counts as one test; a missing program fails with the package to install.
const cluster: Stage = {
  name: "cluster",
  commands: [[process.execPath, "tests/cluster/cluster.ts"]],
  count: () => checksReport("reports/cluster.json"),
};
interface PlaywrightSuite {
  title: string;
  file?: string;
  suites?: PlaywrightSuite[];
  specs?: { title: string; file: string; tests: { status: string; projectName: string }[] }[];
}

/** The tests of a Playwright report with the given status ("flaky", "unexpected"), as "file › title (project)". */
function testsWithStatus(suites: readonly PlaywrightSuite[], status: string): string[] {
  return suites.flatMap((suite) => [
    ...testsWithStatus(suite.suites ?? [], status),
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests
        .filter((test) => test.status === status)
        .map((test) => `${spec.file} › ${spec.title} (${test.projectName})`),
    ),
  ]);
}

// A test that passes only on its retry is named before the summary and counted as passed: it is a bug to
// fix, not a reason to throw the run away (docs/decisions/0020-flaky-tests-named-not-fatal.md).
const e2e: Stage = {
  name: "e2e",
  commands: [[bin("playwright"), "test"]],
  count: () => {
    const e = readJson<{
      stats: { expected: number; unexpected: number; flaky: number; skipped: number };
      suites: PlaywrightSuite[];
    }>("reports/e2e.json");
    return (
      e && {
        passed: e.stats.expected + e.stats.flaky,
        failed: e.stats.unexpected,
        skipped: e.stats.skipped,
        flaky: testsWithStatus(e.suites, "flaky"),
        failures: testsWithStatus(e.suites, "unexpected"),
      }
    );
  },
};

/**
 * Phases run in order; a phase's stages run side by side. The build comes first among its phase's. The
 * soak keeps one server busy and the cluster mostly waits on its processes' start-up and failover, so the
 * two share the machine; unit and e2e each use every core and run alone.
 */
const PHASES: Stage[][] = [[build, typecheck, lint, format], [unit], [soak, cluster], [e2e]];

/**
 * CPU seconds used by this process's finished children (Linux: /proc/self/stat's cutime and cstime, in the
 * kernel's 100 ticks a second); null elsewhere. Side by side stages share the difference.
 */
function childCpuSeconds(): number | null {
  try {
    const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1]?.split(" ") ?? [];
    const ticks = Number(fields[13]) + Number(fields[14]);
    return Number.isFinite(ticks) ? ticks / 100 : null;
  } catch {
    return null;
  }
}

/**
 * The whole machine's busy and total CPU ticks (Linux: the first line of /proc/stat); null elsewhere.
 * Children's CPU time misses what their own children left behind for others to reap (Chromium's renderers),
 * so a stage's CPU time can be half of what it used: the busy share says whether the cores were idle.
 */
function machineTicks(): { busy: number; total: number } | null {
  try {
    const values = (readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "").trim().split(/\s+/).slice(1, 9);
    const ticks = values.map(Number);
    if (ticks.length < 8 || ticks.some((tick) => !Number.isFinite(tick))) return null;
    const total = ticks.reduce((sum, tick) => sum + tick, 0);
    // user nice system idle iowait irq softirq steal: idle and iowait are the idle ones.
    return { busy: total - ticks[3]! - ticks[4]!, total };
  } catch {
    return null;
  }
}

/** Runs one command; its output goes to the terminal, or into `buffer` when stages run side by side. */
function run(command: string[], buffer: string[] | null): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(command[0] ?? "", command.slice(1), {
      stdio: buffer ? ["ignore", "pipe", "pipe"] : "inherit",
    });
    const keep = (chunk: Buffer) => buffer?.push(chunk.toString("utf8"));
    child.stdout?.on("data", keep);
    child.stderr?.on("data", keep);
    child.once("error", (error) => {
      buffer?.push(`${String(error)}\n`);
      resolve(false);
    });
    child.once("close", (code) => resolve(code === 0));
  });
}

async function runStage(stage: Stage, alone: boolean): Promise<Outcome> {
  const started = Date.now();
  const buffer: string[] | null = alone ? null : [];
  if (alone) console.log(`\n== ${stage.name}`);
  let ok = true;
  let commandsOk = 0;
  for (const command of stage.commands) {
    if (alone) console.log(`$ ${command.join(" ")}`);
    else buffer?.push(`$ ${command.join(" ")}\n`);
    ok = await run(command, buffer);
    if (!ok) break;
    commandsOk += 1;
  }
  const seconds = (Date.now() - started) / 1000;
  if (buffer) console.log(`\n== ${stage.name}\n${buffer.join("").trimEnd()}`);
  console.log(`== ${stage.name}: ${ok ? "ok" : "FAILED"} in ${seconds.toFixed(1)} s`);
  return { stage, ok, commandsOk, seconds, counted: stage.count?.() ?? null };
}

/** Runs `stages` side by side, at most `limit` at once, in the given order. */
async function runPhase(stages: Stage[], limit: number): Promise<PhaseOutcome> {
  const started = Date.now();
  const cpuBefore = childCpuSeconds();
  const ticksBefore = machineTicks();
  const outcomes: Outcome[] = [];
  const queue = [...stages];
  const alone = stages.length === 1;
  const worker = async () => {
    for (let stage = queue.shift(); stage; stage = queue.shift()) outcomes.push(await runStage(stage, alone));
  };
  await Promise.all(Array.from({ length: Math.min(limit, stages.length) }, worker));
  const cpuAfter = childCpuSeconds();
  const ticksAfter = machineTicks();
  return {
    outcomes,
    seconds: (Date.now() - started) / 1000,
    cpuSeconds: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore,
    machineBusy:
      ticksBefore && ticksAfter && ticksAfter.total > ticksBefore.total
        ? (ticksAfter.busy - ticksBefore.busy) / (ticksAfter.total - ticksBefore.total)
        : null,
  };
}

const only = process.argv.slice(2);
const runs = (stage: Stage) => only.length === 0 || only.includes(stage.name);
// A program the run needs and this machine lacks fails it at once, in one line naming the package.
const missing = [runs(e2e) ? missingBrowser() : null, runs(cluster) ? missingProgram() : null].filter(
  (line) => line !== null,
);
if (missing.length > 0) {
  for (const line of missing) console.log(line);
  console.log(`0 passed, ${missing.length} failed, 0 skipped`);
  process.exit(1);
}
mkdirSync("reports", { recursive: true });
for (const report of ["vitest.json", "e2e.json", "soak.json", "cluster.json"])
  rmSync(`reports/${report}`, { force: true });
const cores = os.availableParallelism();
const runStarted = Date.now();
const phases: PhaseOutcome[] = [];
for (const phase of PHASES) {
  const stages = phase.filter(runs);
  if (stages.length > 0) phases.push(await runPhase(stages, cores));
}
const outcomes = phases.flatMap((phase) => phase.outcomes);

let passed = 0;
let failed = 0;
let skipped = 0;
for (const { ok, commandsOk, counted } of outcomes) {
  if (counted) {
    passed += counted.passed;
    failed += counted.failed;
    skipped += counted.skipped;
    // A runner that crashed without failing a test still fails the run.
    if (!ok && counted.failed === 0) failed += 1;
  } else {
    passed += commandsOk;
    if (!ok) failed += 1;
  }
}

const seconds = (value: number) => `${value.toFixed(1)} s`.padStart(8);
const cpu = ({ cpuSeconds, machineBusy }: PhaseOutcome) =>
  (cpuSeconds === null ? "" : `  CPU ${cpuSeconds.toFixed(0)} s`) +
  (machineBusy === null ? "" : `, machine ${Math.round(machineBusy * 100)} % busy`);
console.log(`\nStages (${cores} cores; a phase's stages run side by side):`);
for (const phase of phases) {
  for (const { stage, ok, seconds: taken, counted } of phase.outcomes) {
    const result = counted ? `${counted.passed} passed, ${counted.failed} failed` : ok ? "ok" : "FAILED";
    const own = phase.outcomes.length === 1 ? cpu(phase) : "";
    console.log(`  ${stage.name.padEnd(10)}${seconds(taken)}  ${result}${own}`);
  }
  if (phase.outcomes.length > 1)
    console.log(`  ${"(together)".padEnd(10)}${seconds(phase.seconds)}${cpu(phase)}`);
}
console.log(`  ${"total".padEnd(10)}${seconds((Date.now() - runStarted) / 1000)}`);
const flaky = outcomes.flatMap((o) => o.counted?.flaky ?? []);
if (flaky.length > 0) {
  console.log(`\n${flaky.length} flaky (failed, then passed on the retry; fix them):`);
  for (const name of flaky) console.log(`  ${name}`);
}
// The failed tests by name, last before the summary: CI keeps only the end of a long log, and the stages'
// own output (the soak's and the cluster's come before the browser tests') may be far above.
const failedTests = outcomes.flatMap((o) =>
  (o.counted?.failures ?? []).map((name) => `${o.stage.name}: ${name}`),
);
if (failedTests.length > 0) {
  console.log(`\n${failedTests.length} failed:`);
  for (const name of failedTests.slice(0, 30)) console.log(`  ${name}`);
  if (failedTests.length > 30) console.log(`  … and ${failedTests.length - 30} more`);
}
const failures = outcomes.filter((o) => !o.ok).map((o) => o.stage.name);
if (failures.length > 0) console.log(`\nFailed stages: ${failures.join(", ")}`);
const summary = `${passed} passed, ${failed} failed, ${skipped} skipped`;
writeFileSync("reports/summary.txt", `${summary}\n`);
console.log(summary);
process.exit(failures.length > 0 ? 1 : 0);
