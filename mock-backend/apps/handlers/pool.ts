// Runs app HTTP handlers in child processes (runner.ts), never in Keel's process. Each app gets its own
// children, each serving one call at a time in a fresh vm context; a child that runs past the wall-clock
// limit or dies is killed, and the next call gets another. Starting a child takes 100-150 ms on this
// two-core machine and a call in a started one 1-2 ms, so children are kept while they are used, and one
// spare is kept started for the next app that has none.
import { fork, type ChildProcess } from "node:child_process";
import type { Socket } from "node:net";
import { fileURLToPath } from "node:url";
import {
  RunnerResultSchema,
  type RunnerCall,
  type RunnerJob,
  type RunnerMessage,
  type RunnerResult,
} from "./protocol.ts";

export const RUNNER_PATH = fileURLToPath(new URL("./runner.ts", import.meta.url));

export const HANDLER_TIMEOUT_MS = 5000;
export const HANDLER_HEAP_MB = 64;

export interface HandlerRunnerOptions {
  /** Wall-clock limit of one call, from the moment it reaches a ready child. */
  timeoutMs?: number;
  heapMb?: number;
  /** Calls running at once (over all apps); more wait in line. */
  maxConcurrent?: number;
  /** Children at most, idle, busy or spare, over all apps (at least maxConcurrent + 1). */
  maxChildren?: number;
  /** Calls waiting for a turn before new ones are refused. */
  maxQueued?: number;
  /** An idle child is stopped after this long. */
  idleMs?: number;
  /** A child is replaced after this many calls. */
  maxCallsPerChild?: number;
  /** Keep a started child waiting for the next app that has none. */
  spare?: boolean;
}

export type HandlerOutcome =
  RunnerResult | { kind: "timeout" } | { kind: "crashed"; detail: string } | { kind: "busy" };

export interface HandlerRunner {
  readonly timeoutMs: number;
  /** Runs `job` in a child of `appKey` (calls of different apps never share a child). */
  run(appKey: string, job: RunnerJob): Promise<HandlerOutcome>;
  /** Starts the spare child now, so that even the first call finds one ready. */
  warm(): void;
  /** Stops every idle child; calls still running finish. */
  close(): void;
}

/** Node flags of a handler child: the permission model lets it read its own file and do nothing else. */
export function runnerExecArgv(heapMb = HANDLER_HEAP_MB): string[] {
  return [
    "--permission",
    `--allow-fs-read=${RUNNER_PATH}`,
    `--max-old-space-size=${heapMb}`,
    "--disallow-code-generation-from-strings",
    "--disable-warning=ExperimentalWarning",
  ];
}

const STDERR_TAIL_CHARS = 2000;
const START_TIMEOUT_MS = 15_000;

interface Child {
  process: ChildProcess;
  ready: Promise<void>;
  alive: boolean;
  /** How it ended, once it has. */
  ended?: string;
  stderr: string;
  calls: number;
  lastUsed: number;
  /** The app it serves, from its first call on. */
  appKey?: string;
  idleTimer?: NodeJS.Timeout;
}

function startChild(heapMb: number, onExit: (child: Child) => void): Child {
  const proc = fork(RUNNER_PATH, [], {
    execArgv: runnerExecArgv(heapMb),
    // Nothing of Keel's environment (database URL, secrets) reaches the handler.
    env: {},
    stdio: ["ignore", "ignore", "pipe", "ipc"],
    serialization: "json",
  });
  const child: Child = {
    process: proc,
    ready: Promise.resolve(),
    alive: true,
    stderr: "",
    calls: 0,
    lastUsed: Date.now(),
  };
  const end = (how: string) => {
    if (child.ended !== undefined) return;
    child.ended = how;
    child.alive = false;
    clearTimeout(child.idleTimer);
    onExit(child);
  };
  proc.once("exit", (code, signal) => end(signal ? `signal ${signal}` : `exit code ${code}`));
  proc.once("error", (error) => {
    end(error.message);
    proc.kill("SIGKILL");
  });
  child.ready = new Promise<void>((resolve, reject) => {
    const onMessage = (message: RunnerMessage) => {
      if (message.type !== "ready") return;
      proc.off("message", onMessage);
      resolve();
    };
    proc.on("message", onMessage);
    proc.once("exit", () =>
      reject(new Error(`The handler process ended before it was ready (${child.ended})`)),
    );
  });
  child.ready.catch(() => {});
  proc.stderr?.setEncoding("utf8");
  proc.stderr?.on("data", (chunk: string) => {
    child.stderr = (child.stderr + chunk).slice(-STDERR_TAIL_CHARS);
  });
  return child;
}

/** An idle child must not keep Keel's process (or a test worker) alive. */
function setHeld(child: Child, held: boolean): void {
  // The stderr pipe is a socket, which can be unref'd like the process and its channel.
  const stderr = child.process.stderr as Socket | null;
  for (const handle of [child.process, child.process.channel, stderr]) {
    if (!handle) continue;
    if (held) handle.ref();
    else handle.unref();
  }
}

function kill(child: Child): void {
  clearTimeout(child.idleTimer);
  child.alive = false;
  child.process.kill("SIGKILL");
}

export function createHandlerRunner(options: HandlerRunnerOptions = {}): HandlerRunner {
  const timeoutMs = options.timeoutMs ?? HANDLER_TIMEOUT_MS;
  const heapMb = options.heapMb ?? HANDLER_HEAP_MB;
  // A child takes ~70 MB of memory (type stripping included) and this machine has two cores.
  const maxConcurrent = options.maxConcurrent ?? 3;
  const maxChildren = Math.max(options.maxChildren ?? 4, maxConcurrent + 1);
  const maxQueued = options.maxQueued ?? 100;
  const idleMs = options.idleMs ?? 30_000;
  const maxCalls = options.maxCallsPerChild ?? 500;
  const keepSpare = options.spare ?? true;

  /** Idle children per app. */
  const idle = new Map<string, Child[]>();
  let spare: Child | undefined;
  let busy = 0;
  let running = 0;
  let nextCallId = 1;
  let closed = false;
  const queue: (() => void)[] = [];

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

  const start = () => startChild(heapMb, forget);

  /** Stops the idle child used longest ago, to make room. */
  function evictOldest(): boolean {
    let oldest: Child | undefined;
    for (const children of idle.values()) {
      for (const child of children) if (!oldest || child.lastUsed < oldest.lastUsed) oldest = child;
    }
    if (!oldest) return false;
    forget(oldest);
    kill(oldest);
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
      kill(child);
      return;
    }
    setHeld(child, false);
    const children = idle.get(child.appKey) ?? [];
    children.push(child);
    idle.set(child.appKey, children);
    child.idleTimer = setTimeout(() => {
      forget(child);
      kill(child);
    }, idleMs);
    child.idleTimer.unref();
    startSpare();
  }

  async function acquire(): Promise<boolean> {
    if (running < maxConcurrent) {
      running += 1;
      return true;
    }
    if (queue.length >= maxQueued) return false;
    await new Promise<void>((resolve) => queue.push(resolve));
    return true;
  }

  function release(): void {
    const next = queue.shift();
    if (next) next();
    else running -= 1;
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

  async function call(child: Child, job: RunnerJob): Promise<HandlerOutcome> {
    const failure = await waitReady(child);
    if (failure !== null || !child.alive) {
      kill(child);
      return { kind: "crashed", detail: failure ?? `The handler process ended (${child.ended})` };
    }
    const id = nextCallId++;
    return new Promise<HandlerOutcome>((resolve) => {
      let settled = false;
      const settle = (outcome: HandlerOutcome) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        child.process.off("message", onMessage);
        child.process.off("exit", onExit);
        if (outcome.kind === "timeout" || outcome.kind === "crashed") kill(child);
        resolve(outcome);
      };
      const onMessage = (message: RunnerMessage) => {
        if (message.type !== "result" || message.id !== id) return;
        const result = RunnerResultSchema.safeParse(message.result);
        settle(
          result.success ? result.data : { kind: "crashed", detail: "The handler process answered nonsense" },
        );
      };
      const onExit = () => {
        // The stderr pipe may still hold the last words (an out-of-memory report): give it a moment.
        setTimeout(() => {
          settle({
            kind: "crashed",
            detail: `The handler process ended (${child.ended}) ${child.stderr}`.trim(),
          });
        }, 20);
      };
      const timer = setTimeout(() => settle({ kind: "timeout" }), timeoutMs);
      child.process.on("message", onMessage);
      child.process.once("exit", onExit);
      const message: RunnerCall = { id, job };
      child.process.send(message, (error) => {
        if (error) settle({ kind: "crashed", detail: error.message });
      });
    });
  }

  return {
    timeoutMs,
    async run(appKey, job) {
      if (closed) throw new Error("The handler runner is closed");
      if (!(await acquire())) return { kind: "busy" };
      try {
        const child = take(appKey);
        const outcome = await call(child, job);
        giveBack(child);
        return outcome;
      } finally {
        release();
      }
    },
    warm: startSpare,
    close() {
      closed = true;
      for (const children of idle.values()) for (const child of children) kill(child);
      idle.clear();
      if (spare) kill(spare);
      spare = undefined;
    },
  };
}

let shared: HandlerRunner | undefined;

/** The process-wide runner, made on first use; children start with the first call. */
export function sharedHandlerRunner(): HandlerRunner {
  if (!shared) {
    // No child until an app's handler is first called: most processes that build the mock backend (every
    // test file, a server whose apps have no handlers) never need one.
    shared = createHandlerRunner();
  }
  return shared;
}
