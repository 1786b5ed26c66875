// What Lighthouse's total blocking time is made of, for Keel's pages and for the true baseline: each page
// loaded with Lighthouse's phone emulation and no throttling in Chromium's headless shell, traced, and the
// main thread's tasks after the first contentful paint summed the way Lighthouse's simulation does (each
// task's time multiplied by its 4× CPU slowdown, the part over 50 ms counted), by what the task spent most
// of its time on. The median load of several is reported; with several builds, their loads alternate.
// Not part of npm run bench:
//   node tests/bench/tasks-after-paint.ts [--build <dir>]… [--true-bare-build <dir>] [--runs <n>] [--page <path>]…
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium, type Browser } from "@playwright/test";
import { CHROMIUM_ARGS, HEADLESS_SHELL_PATH } from "../helpers/chromium.ts";
import { serveBuilds, startTrueBare, type RunningServer } from "./bench-server.ts";
import { median } from "./lighthouse-record.ts";
import { CPU_SLOWDOWN, tasksAfterPaint, type TasksAfterPaint, type TraceEvent } from "./trace-tasks.ts";
import { TRUE_BARE_PATH } from "./true-bare-app/path.ts";

/** Lighthouse's mobile settings: a Moto G Power's screen, a CPU four times slower than the host. */
const PHONE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
};
const WATCH_MS = 6_000;

async function traceLoad(browser: Browser, url: string, file: string): Promise<TasksAfterPaint> {
  const context = await browser.newContext(PHONE);
  try {
    const page = await context.newPage();
    await browser.startTracing(page, {
      path: file,
      categories: [
        "devtools.timeline",
        "disabled-by-default-devtools.timeline",
        "v8.execute",
        "loading",
        "blink.user_timing",
      ],
    });
    await page.goto(url);
    await page.waitForTimeout(WATCH_MS);
    await browser.stopTracing();
    const { traceEvents } = JSON.parse(readFileSync(file, "utf8")) as { traceEvents: TraceEvent[] };
    return tasksAfterPaint(traceEvents);
  } finally {
    await context.close();
  }
}

const { values } = parseArgs({
  options: {
    build: { type: "string", multiple: true },
    "true-bare-build": { type: "string", default: "bench/true-bare-build" },
    runs: { type: "string", default: "5" },
    page: { type: "string", multiple: true },
  },
});
const pages = values.page ?? ["/issues", "/issue/DEMO-2"];
const runs = Number(values.runs);
const scratch = mkdtempSync(path.join(os.tmpdir(), "keel-tasks-"));
const servers: RunningServer[] = [];
let browser: Browser | undefined;
try {
  const builds = values.build ?? ["bench/build"];
  const keels = (await serveBuilds(builds, scratch)).map((server, index) => ({
    build: builds[index]!,
    server,
  }));
  servers.push(...keels.map(({ server }) => server));
  const trueBare = await startTrueBare(path.resolve(values["true-bare-build"]));
  servers.push(trueBare);
  browser = await chromium.launch({ executablePath: HEADLESS_SHELL_PATH, args: CHROMIUM_ARGS });
  const targets = [
    ...pages.flatMap((page) =>
      keels.map(({ build, server }) => ({
        name: builds.length > 1 ? `${build} ${page}` : `guest ${page}`,
        url: `${server.base}${page}`,
      })),
    ),
    { name: "true baseline", url: `${trueBare.base}${TRUE_BARE_PATH}` },
  ];
  const results = new Map<string, TasksAfterPaint[]>();
  for (let run = 0; run < runs; run += 1) {
    for (const target of targets) {
      const measured = await traceLoad(browser, target.url, path.join(scratch, "trace.json"));
      results.set(target.name, [...(results.get(target.name) ?? []), measured]);
    }
  }
  console.log(
    `Tasks after the first contentful paint, phone emulation, unthrottled, counted at ${CPU_SLOWDOWN}x ` +
      `(Lighthouse's simulation); the median load of ${runs}:`,
  );
  for (const target of targets) {
    const loads = results.get(target.name)!;
    const middle = median(loads.map((loaded) => loaded.blocking_4x_ms));
    const chosen = loads.find((loaded) => loaded.blocking_4x_ms === middle)!;
    const kinds = Object.entries(chosen.by_kind)
      .sort((a, b) => b[1] - a[1])
      .map(([kind, ms]) => `${kind} ${ms}`)
      .join(", ");
    console.log(
      `${target.name.padEnd(30)} first paint ${String(chosen.fcp_ms).padStart(4)} ms  blocking at 4x ` +
        `${String(middle).padStart(5)} ms in ${chosen.tasks_over_12_5_ms} tasks, the longest ` +
        `${median(loads.map((loaded) => loaded.longest_ms))} ms  (${kinds})  ` +
        `[${loads.map((loaded) => loaded.blocking_4x_ms).join(", ")}]`,
    );
  }
} finally {
  await browser?.close();
  await Promise.all(servers.map((server) => server.stop()));
  rmSync(scratch, { recursive: true, force: true });
}
