// Runs app HTTP handlers in child processes (runner.ts), never in Keel's process: one call at a time per
// child, in a fresh vm context. A child that overruns its time or memory, or works while it has no call, is
// killed. Starting a child is costly, so children are reused and one spare is kept started.
import { createFairQueue } from "./fair-queue.ts";
import { endingOf, killChild, setHeld, startChild, type Child } from "./child.ts";
import {
  RunnerResultSchema,
  type RunnerCall,
  type RunnerJob,
  type RunnerMessage,
  type RunnerResult,
} from "./protocol.ts";
import { readUsage } from "./usage.ts";

export { RUNNER_PATH, runnerExecArgv } from "./child.ts";

export const HANDLER_TIMEOUT_MS = 5000;
export const HANDLER_HEAP_MB = 64;
export const HANDLER_MEMORY_MB = 256;

export interface HandlerRunnerOptions {
  /** Time limit of one call from when it reaches a ready child; it bounds the call's CPU time too. */
  timeoutMs?: number;
  heapMb?: number;
  /** Resident memory of a child (heap, ArrayBuffers and all); above it the child is killed. */
  memoryMb?: number;
  maxConcurrent?: number;
  maxPerApp?: number;
  maxPerUser?: number;
  maxQueued?: number;
  /** Calls of one user to one app waiting for a turn before that user's new ones are refused. */
  maxQueuedPerUser?: number;
  /** Children at most, idle, busy or spare, over all apps (at least maxConcurrent + 1). */
  maxChildren?: number;
  idleMs?: number;
  maxCallsPerChild?: number;
  spare?: boolean;
  /** How long a child may take to go quiet after answering before it is killed. */
  settleMs?: number;
  /** CPU time a child may use while it has no call before it is killed. */
  restingCpuMs?: number;
  sampleMs?: number;
}

export type HandlerOutcome =
  RunnerResult | { kind: "timeout" } | { kind: "crashed"; detail: string } | { kind: "busy" };

export interface HandlerRunner {
  readonly timeoutMs: number;
  /** Runs `job` in a child of `appKey` (calls of different apps never share a child). */
  run(appKey: string, job: RunnerJob): Promise<HandlerOutcome>;
  /** Starts the spare child now, so that even the first call finds one ready. */
  warm(): void;
  close(): void;
}

const START_TIMEOUT_MS = 15_000;

interface Call {
  outcome: HandlerOutcome;
  /** Resolves once the child has gone quiet, or has been killed for not doing so. */
  quiet: Promise<void>;
}

export function createHandlerRunner(options: HandlerRunnerOptions = {}): HandlerRunner {
  const timeoutMs = options.timeoutMs ?? HANDLER_TIMEOUT_MS;
  const limits = {
    heapMb: options.heapMb ?? HANDLER_HEAP_MB,
    memoryMb: options.memoryMb ?? HANDLER_MEMORY_MB,
  };
  const maxConcurrent = options.maxConcurrent ?? 3;
  const maxChildren = Math.max(options.maxChildren ?? 4, maxConcurrent + 1);
  const idleMs = options.idleMs ?? 30_000;
  const maxCalls = options.maxCallsPerChild ?? 500;
  const keepSpare = options.spare ?? true;
  const settleMs = options.settleMs ?? 500;
  const restingCpuMs = options.restingCpuMs ?? 250;
  const sampleMs = options.sampleMs ?? 50;
  const queue = createFairQueue({
    total: maxConcurrent,
    perApp: options.maxPerApp ?? 2,
    perUser: options.maxPerUser ?? 1,
    maxQueued: options.maxQueued ?? 100,
    maxQueuedPerUser: options.maxQueuedPerUser ?? 10,
  });

  const idle = new Map<string, Child[]>();
  const live = new Set<Child>();
  let sampler: NodeJS.Timeout | undefined;
  let spare: Child | undefined;
  let busy = 0;
  let nextCallId = 1;
  let closed = false;

  const idleCount = () => [...idle.values()].reduce((sum, children) => sum + children.length, 0);
  const childCount = () => busy + idleCount() + (spare ? 1 : 0);

  function forget(child: Child): void {
    if (spare === child) spare = undefined;
    if (child.appKey === undefined) return;
    const children = idle.get(child.appKey);
    const index = children?.indexOf(child) ?? -1;
    if (children && index >= 0) children.splice(index, 1);
    if (children?.length === 0) idle.delete(child.appKey);
  }

  function stop(child: Child, reason?: string): void {
    forget(child);
    killChild(child, reason);
  }

  function sample(): void {
    for (const child of live) {
      const pid = child.process.pid;
      if (!child.alive || pid === undefined) continue;
      const usage = readUsage(pid);
      if (!usage) continue;
      if (usage.rssBytes > limits.memoryMb * 1024 * 1024) {
        stop(child, `used more than ${limits.memoryMb} MB of memory`);
      } else if (child.state === "idle" || child.state === "spare") {
        child.cpuMsAtRest ??= usage.cpuMs;
        if (usage.cpuMs - child.cpuMsAtRest > restingCpuMs) stop(child, "kept working with no call to run");
      }
    }
  }

  function ended(child: Child): void {
    forget(child);
    live.delete(child);
    if (live.size === 0) {
      clearInterval(sampler);
      sampler = undefined;
    }
  }

  function start(): Child {
    const child = startChild(limits, ended);
    live.add(child);
    sampler ??= setInterval(sample, sampleMs).unref();
    void child.ready.then(
      () => {
        if (child.state === "starting") child.state = "spare";
      },
      () => {},
    );
    return child;
  }

  function evictOldest(): boolean {
    let oldest: Child | undefined;
    for (const children of idle.values()) {
      for (const child of children) if (!oldest || child.lastUsed < oldest.lastUsed) oldest = child;
    }
    if (!oldest) return false;
    stop(oldest);
    return true;
  }

  function startSpare(): void {
    if (closed || !keepSpare || spare || childCount() >= maxChildren) return;
    spare = start();
    setHeld(spare, false);
  }

  function take(appKey: string): Child {
    let child: Child | undefined;
    const children = idle.get(appKey) ?? [];
    while (!child && children.length > 0) {
      const candidate = children.pop();
      if (candidate?.alive) child = candidate;
    }
    if (children.length === 0) idle.delete(appKey);
    if (!child && spare?.alive) {
      child = spare;
      spare = undefined;
    }
    if (!child) {
      while (childCount() >= maxChildren && evictOldest());
      child = start();
    }
    child.appKey = appKey;
    child.state = "busy";
    clearTimeout(child.idleTimer);
    setHeld(child, true);
    busy += 1;
    startSpare();
    return child;
  }

  function giveBack(child: Child): void {
    busy -= 1;
    child.calls += 1;
    child.lastUsed = Date.now();
    if (closed || !child.alive || child.calls >= maxCalls || child.appKey === undefined) {
      killChild(child);
      return;
    }
    child.state = "idle";
    child.cpuMsAtRest = undefined;
    setHeld(child, false);
    const children = idle.get(child.appKey) ?? [];
    children.push(child);
    idle.set(child.appKey, children);
    child.idleTimer = setTimeout(() => stop(child), idleMs);
    child.idleTimer.unref();
    startSpare();
  }

  async function waitReady(child: Child): Promise<string | null> {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        child.ready,
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error("The handler process did not start")), START_TIMEOUT_MS);
        }),
      ]);
      return null;
    } catch (error) {
      return `${(error as Error).message} ${child.stderr}`.trim();
    } finally {
      clearTimeout(timer);
    }
  }

  async function call(child: Child, job: RunnerJob): Promise<Call> {
    const failure = await waitReady(child);
    if (failure !== null || !child.alive) {
      killChild(child);
      return { outcome: { kind: "crashed", detail: failure ?? endingOf(child) }, quiet: Promise.resolve() };
    }
    const id = nextCallId++;
    return new Promise<Call>((resolve) => {
      let answered = false;
      let quietTimer: NodeJS.Timeout | undefined;
      let markQuiet = () => {};
      const quiet = new Promise<void>((done) => (markQuiet = done));
      const finish = () => {
        clearTimeout(timer);
        clearTimeout(quietTimer);
        child.process.off("message", onMessage);
        child.process.off("exit", onExit);
        markQuiet();
      };
      const answer = (outcome: HandlerOutcome) => {
        if (answered) return;
        answered = true;
        clearTimeout(timer);
        if (outcome.kind === "timeout" || outcome.kind === "crashed") {
          killChild(child);
          finish();
        } else {
          // The runner reports when the handler's work has drained; until then it holds the app's turn.
          child.state = "settling";
          quietTimer = setTimeout(() => {
            killChild(child, "kept running after it answered");
            finish();
          }, settleMs);
        }
        resolve({ outcome, quiet });
      };
      const onMessage = (message: RunnerMessage) => {
        if (message.type === "quiet" && message.id === id && answered) finish();
        if (message.type !== "result" || message.id !== id) return;
        const result = RunnerResultSchema.safeParse(message.result);
        answer(
          result.success ? result.data : { kind: "crashed", detail: "The handler process answered nonsense" },
        );
      };
      const onExit = () => {
        if (answered) {
          finish();
          return;
        }
        // The stderr pipe may still hold the last words (an out-of-memory report): give it a moment.
        setTimeout(() => answer({ kind: "crashed", detail: endingOf(child) }), 20);
      };
      const timer = setTimeout(() => answer({ kind: "timeout" }), timeoutMs);
      child.process.on("message", onMessage);
      child.process.once("exit", onExit);
      const message: RunnerCall = { id, job };
      child.process.send(message, (error) => {
        if (error) answer({ kind: "crashed", detail: error.message });
      });
    });
  }

  return {
    timeoutMs,
    async run(appKey, job) {
      if (closed) throw new Error("The handler runner is closed");
      const turn = await queue.acquire(appKey, job.currentUser.id);
      if (!turn) return { kind: "busy" };
      let child: Child;
      try {
        child = take(appKey);
      } catch (error) {
        turn.release();
        throw error;
      }
      const { outcome, quiet } = await call(child, job);
      void quiet.then(() => {
        giveBack(child);
        turn.release();
      });
      return outcome;
    },
    warm: startSpare,
    close() {
      closed = true;
      for (const children of idle.values()) for (const child of children) killChild(child);
      idle.clear();
      if (spare) killChild(spare);
      spare = undefined;
    },
  };
}

let shared: HandlerRunner | undefined;

export function sharedHandlerRunner(): HandlerRunner {
  if (!shared) {
    // No child until a handler is first called: most processes that build the mock never need one.
    shared = createHandlerRunner();
  }
  return shared;
}
