// The pool's limits, with real child processes: memory, work after answering, fair turns, a full line.
import { readdirSync, readFileSync } from "node:fs";
import { afterAll, expect, test } from "vitest";
import { handlerFile, handlerJob } from "#tests/helpers/apps.ts";
import { createHandlerRunner, type HandlerOutcome, type HandlerRunner } from "./pool.ts";
import type { RunnerJob } from "./protocol.ts";
import { readUsage } from "./usage.ts";

const runners: HandlerRunner[] = [];
function runnerWith(options: Parameters<typeof createHandlerRunner>[0]): HandlerRunner {
  const runner = createHandlerRunner(options);
  runners.push(runner);
  return runner;
}
afterAll(() => {
  for (const runner of runners) runner.close();
});

const endpoint = (body: string) =>
  handlerFile(`{ method: "GET", path: "demo", async handle(ctx) { ${body} } }`);
const ANSWER = endpoint("ctx.response.json('ok');");
const asUser = (id: string): Partial<RunnerJob> => ({
  currentUser: { id, login: id, name: id },
  storageScopes: { global: "global", currentUser: `user:${id}` },
  storage: { global: "{}", [`user:${id}`]: "{}" },
});

/** This process's handler children, with their resident memory. */
function handlerChildren(): { pid: number; rssBytes: number }[] {
  const children = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      const usage = readUsage(Number(name));
      if (ppid !== process.pid || !usage) continue;
      if (!readFileSync(`/proc/${name}/cmdline`, "utf8").includes("runner.ts")) continue;
      children.push({ pid: Number(name), rssBytes: usage.rssBytes });
    } catch {
      // The process ended while it was being read.
    }
  }
  return children;
}

test("a handler that fills memory outside the heap (ArrayBuffers) is killed, its memory released, and the next call runs", async () => {
  const runner = runnerWith({ timeoutMs: 10_000, memoryMb: 160 });
  const hog = endpoint(`
    const hoard = [];
    for (;;) {
      try { hoard.push(new Uint8Array(16 * 1024 * 1024).fill(1)); } catch { /* at the ceiling: keep holding it */ }
    }`);
  const outcome = await runner.run("hog-app", handlerJob(hog));
  expect(outcome).toMatchObject({ kind: "crashed", detail: expect.stringContaining("more than 160 MB") });
  for (const child of handlerChildren()) expect(child.rssBytes).toBeLessThan(160 * 1024 * 1024);
  expect(await runner.run("hog-app", handlerJob(ANSWER))).toMatchObject({ kind: "done", body: '"ok"' });
});

test("a handler that keeps its CPU busy after answering loses its child, and the app's next call answers", async () => {
  const runner = runnerWith({ timeoutMs: 5000 });
  const spinner = endpoint(`
    ctx.response.json("answered");
    (async () => { for (;;) await null; })();`);
  expect(await runner.run("spin-app", handlerJob(spinner))).toMatchObject({
    kind: "done",
    body: '"answered"',
  });
  const spinning = handlerChildren().map((child) => child.pid);
  // A child that kept spinning would take this call and never answer it: a timeout.
  expect(await runner.run("spin-app", handlerJob(ANSWER))).toMatchObject({ kind: "done", body: '"ok"' });
  await expect
    .poll(() => handlerChildren().filter((child) => spinning.includes(child.pid)).length)
    .toBeLessThan(spinning.length);
});

test("one user's looping calls do not hold up another user's call to another app", async () => {
  const runner = runnerWith({ timeoutMs: 1500 });
  let loopsEnded = 0;
  const loops: Promise<HandlerOutcome>[] = [];
  for (let i = 0; i < 4; i += 1) {
    const loop = runner.run("busy-app", handlerJob(endpoint("for (;;) {}"), asUser("mallory")));
    void loop.then(() => (loopsEnded += 1));
    loops.push(loop);
  }
  const other = await runner.run("quiet-app", handlerJob(ANSWER, asUser("alice")));
  expect(other).toMatchObject({ kind: "done", body: '"ok"' });
  expect(loopsEnded).toBe(0);
  for (const outcome of await Promise.all(loops)) expect(outcome).toEqual({ kind: "timeout" });
});

test("calls past a user's place in line are refused as busy", async () => {
  const runner = runnerWith({ timeoutMs: 1000, maxQueuedPerUser: 2 });
  const waits = endpoint("await new Promise(() => {});");
  const accepted = [0, 1, 2].map(() => runner.run("line-app", handlerJob(waits, asUser("mallory"))));
  expect(await runner.run("line-app", handlerJob(waits, asUser("mallory")))).toEqual({ kind: "busy" });
  // Another user of the same app still gets a turn.
  expect(await runner.run("line-app", handlerJob(ANSWER, asUser("alice")))).toMatchObject({ kind: "done" });
  for (const outcome of await Promise.all(accepted)) expect(outcome).toEqual({ kind: "timeout" });
});
