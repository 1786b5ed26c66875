// npm test: everything CI runs, in order, continuing past failures so one run
// shows them all. Ends with one plain line "N passed, N failed" (CI reads it)
// and exits non-zero when anything failed.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";

interface Step {
  name: string;
  command: string[];
  /** Reads the runner's own count; steps without one count as a single check. */
  count?: () => { passed: number; failed: number; skipped: number } | null;
}

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as T;
  } catch {
    return null;
  }
}

const bin = (name: string) => `node_modules/.bin/${name}`;
const only = process.argv.slice(2);
mkdirSync("reports", { recursive: true });
rmSync("reports/vitest.json", { force: true });
rmSync("reports/e2e.json", { force: true });
rmSync("reports/soak.json", { force: true });

const steps: Step[] = [
  { name: "typecheck", command: [bin("react-router"), "typegen"] },
  { name: "typecheck", command: [bin("tsc")] },
  { name: "lint", command: [bin("eslint"), ".", "--max-warnings", "0"] },
  { name: "lint", command: [bin("prettier"), "--check", "--log-level", "warn", "."] },
  // Fails on any warning in the build's output (tests/build/clean-build.ts).
  { name: "build", command: [process.execPath, "tests/build/clean-build.ts"] },
  {
    name: "unit",
    command: [
      bin("vitest"),
      "run",
      "--reporter=default",
      "--reporter=json",
      "--outputFile=reports/vitest.json",
    ],
    count: () => {
      const v = readJson<{
        numPassedTests: number;
        numFailedTests: number;
        numPendingTests: number;
        numTodoTests: number;
      }>("reports/vitest.json");
      return (
        v && {
          passed: v.numPassedTests,
          failed: v.numFailedTests,
          skipped: v.numPendingTests + v.numTodoTests,
        }
      );
    },
  },
  {
    // 10 000 mixed requests against the production build just made (tests/soak/soak.ts): each of its
    // checks (no 5xx, expected answers, memory, database) counts as one test.
    name: "soak",
    command: [process.execPath, "tests/soak/soak.ts"],
    count: () => readJson<{ passed: number; failed: number; skipped: number }>("reports/soak.json"),
  },
  {
    name: "e2e",
    command: [bin("playwright"), "test"],
    count: () => {
      const e = readJson<{ stats: { expected: number; unexpected: number; flaky: number; skipped: number } }>(
        "reports/e2e.json",
      );
      return (
        e && {
          passed: e.stats.expected,
          failed: e.stats.unexpected + e.stats.flaky,
          skipped: e.stats.skipped,
        }
      );
    },
  },
];

let passed = 0;
let failed = 0;
let skipped = 0;
const failures: string[] = [];
for (const step of steps) {
  if (only.length > 0 && !only.includes(step.name)) continue;
  const started = Date.now();
  console.log(`\n== ${step.name}: ${step.command.join(" ")}`);
  const result = spawnSync(step.command[0] ?? "", step.command.slice(1), { stdio: "inherit" });
  const ok = result.status === 0;
  const counted = step.count?.();
  if (counted) {
    passed += counted.passed;
    failed += counted.failed;
    skipped += counted.skipped;
    // A runner that crashed without failing a test still fails the run.
    if (!ok && counted.failed === 0) failed += 1;
  } else if (ok) {
    passed += 1;
  } else {
    failed += 1;
  }
  if (!ok) failures.push(step.name);
  console.log(`== ${step.name}: ${ok ? "ok" : "FAILED"} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (failures.length > 0) console.log(`\nFailed steps: ${[...new Set(failures)].join(", ")}`);
const summary = `${passed} passed, ${failed} failed, ${skipped} skipped`;
writeFileSync("reports/summary.txt", `${summary}\n`);
console.log(summary);
process.exit(failures.length > 0 ? 1 : 0);
