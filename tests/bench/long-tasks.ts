// The main thread's long tasks while a page starts, compared between builds: each build served on its own
// demo database, each page opened signed in as admin in a fresh context of Chromium's headless shell with
// the CPU slowed 4× (Lighthouse's mobile setting) and a phone's window, and watched for 8 s by a
// PerformanceObserver for long tasks. Blocking time is Lighthouse's sum of each task's time over 50 ms,
// observed here rather than simulated. Runs alternate between builds, so a slow spell of the machine falls
// on all of them; the first build is the baseline of the ratios.
//   node tests/bench/long-tasks.ts --build <dir> --build <dir> [--page <path>]… [--runs <n>] [--guest]
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium, type Browser } from "@playwright/test";
import { CHROMIUM_ARGS, HEADLESS_SHELL_PATH } from "../helpers/chromium.ts";
import { browserCookies, serveBuilds, signIn, type RunningServer } from "./bench-server.ts";
import { median } from "./lighthouse-record.ts";

const CPU_SLOWDOWN = 4;
const WATCH_MS = 8_000;
const PHONE = { width: 412, height: 823 };
const LONG_TASK_MS = 50;

interface Load {
  blocking_ms: number;
  longest_ms: number;
  long_tasks: number;
}

async function load(browser: Browser, url: string, cookie: string): Promise<Load> {
  const context = await browser.newContext({ viewport: PHONE });
  try {
    const cookies = browserCookies(cookie, new URL(url).origin);
    if (cookies.length) await context.addCookies(cookies);
    await context.addInitScript(() => {
      const seen: number[] = [];
      (window as unknown as { __longTasks: number[] }).__longTasks = seen;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) seen.push(entry.duration);
      }).observe({ type: "longtask", buffered: true });
    });
    const page = await context.newPage();
    const devtools = await context.newCDPSession(page);
    await devtools.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    await page.goto(url);
    await page.waitForTimeout(WATCH_MS);
    const tasks = await page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks);
    return {
      blocking_ms: Math.round(tasks.reduce((sum, duration) => sum + Math.max(0, duration - LONG_TASK_MS), 0)),
      longest_ms: Math.round(Math.max(0, ...tasks)),
      long_tasks: tasks.length,
    };
  } finally {
    await context.close();
  }
}

const { values } = parseArgs({
  options: {
    build: { type: "string", multiple: true },
    page: { type: "string", multiple: true },
    runs: { type: "string", default: "6" },
    guest: { type: "boolean", default: false },
  },
});
const builds = (values.build ?? []).map((dir) => path.resolve(dir));
if (builds.length === 0) throw new Error("--build <dir>: at least one build to measure");
const pages = values.page ?? ["/issues", "/issue/DEMO-2"];
const runs = Number(values.runs);

const scratch = mkdtempSync(path.join(os.tmpdir(), "keel-long-tasks-"));
const servers: RunningServer[] = [];
let browser: Browser | undefined;
try {
  servers.push(...(await serveBuilds(builds, scratch)));
  const cookies = await Promise.all(
    servers.map((server) => (values.guest ? "" : signIn(server.base, "admin"))),
  );
  browser = await chromium.launch({ executablePath: HEADLESS_SHELL_PATH, args: CHROMIUM_ARGS });
  const results = new Map<string, Load[]>();
  for (let run = 0; run < runs; run += 1) {
    for (const page of pages) {
      for (const [index, server] of servers.entries()) {
        const key = `${page}\t${index}`;
        const measured = await load(browser, `${server.base}${page}`, cookies[index]!);
        results.set(key, [...(results.get(key) ?? []), measured]);
      }
    }
  }
  console.log(
    `Long tasks at ${CPU_SLOWDOWN}x CPU slowdown, ${PHONE.width}x${PHONE.height}, ` +
      `${values.guest ? "guest" : "admin"}, median of ${runs} loads:`,
  );
  for (const page of pages) {
    const baseline = median(results.get(`${page}\t0`)!.map((loaded) => loaded.blocking_ms));
    for (const [index, buildDir] of builds.entries()) {
      const loads = results.get(`${page}\t${index}`)!;
      const blocking = median(loads.map((loaded) => loaded.blocking_ms));
      const ratio = baseline > 0 ? (blocking / baseline).toFixed(2) : "–";
      console.log(
        `${page.padEnd(16)} ${path.relative(".", buildDir).padEnd(24)} blocking ${String(blocking).padStart(5)} ms ` +
          `(x${ratio})  longest ${String(median(loads.map((loaded) => loaded.longest_ms))).padStart(4)} ms  ` +
          `long tasks ${median(loads.map((loaded) => loaded.long_tasks))}  ` +
          `[${loads.map((loaded) => loaded.blocking_ms).join(", ")}]`,
      );
    }
  }
} finally {
  await browser?.close();
  await Promise.all(servers.map((server) => server.stop()));
  rmSync(scratch, { recursive: true, force: true });
}
