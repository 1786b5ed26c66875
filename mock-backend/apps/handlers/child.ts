// Starting and stopping one handler child (runner.ts). Memory is bounded twice: the address space by
// prlimit's RLIMIT_AS, and the resident size by the pool, which reads /proc.
import { fork, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import type { Socket } from "node:net";
import { fileURLToPath } from "node:url";
import type { RunnerMessage } from "./protocol.ts";

export const RUNNER_PATH = fileURLToPath(new URL("./runner.ts", import.meta.url));
/** The code each call's context runs first, which the runner reads at startup. */
export const PRELUDE_PATH = fileURLToPath(new URL("./handler-prelude.js", import.meta.url));

/**
 * Address space Node reserves before a handler allocates anything (code range, thread stacks, heap
 * reservations): the RLIMIT_AS of a child is this plus its memory limit, or Node cannot start.
 */
export const RESERVED_ADDRESS_SPACE_MB = 1536;

/** util-linux's prlimit, where the system has it; without it only the resident-size watch applies. */
const PRLIMIT = ["/usr/bin/prlimit", "/bin/prlimit"].find((candidate) => existsSync(candidate));

const STDERR_TAIL_CHARS = 2000;

/** Node flags of a handler child: the permission model lets it read its own files and do nothing else. */
export function runnerExecArgv(heapMb: number): string[] {
  return [
    "--permission",
    `--allow-fs-read=${RUNNER_PATH}`,
    `--allow-fs-read=${PRELUDE_PATH}`,
    `--max-old-space-size=${heapMb}`,
    "--disallow-code-generation-from-strings",
    "--disable-warning=ExperimentalWarning",
  ];
}

export type ChildState = "starting" | "spare" | "busy" | "settling" | "idle";

export interface Child {
  process: ChildProcess;
  ready: Promise<void>;
  alive: boolean;
  state: ChildState;
  ended?: string;
  killedFor?: string;
  stderr: string;
  calls: number;
  lastUsed: number;
  appKey?: string;
  idleTimer?: NodeJS.Timeout;
  /** CPU time when it last had nothing to do (spare or idle), to notice work nobody asked for. */
  cpuMsAtRest?: number;
}

export interface ChildLimits {
  heapMb: number;
  memoryMb: number;
}

export function startChild(limits: ChildLimits, onExit: (child: Child) => void): Child {
  const nodeArgs = runnerExecArgv(limits.heapMb);
  const addressSpace = (limits.memoryMb + RESERVED_ADDRESS_SPACE_MB) * 1024 * 1024;
  const launch = PRLIMIT
    ? { execPath: PRLIMIT, execArgv: [`--as=${addressSpace}`, "--", process.execPath, ...nodeArgs] }
    : { execArgv: nodeArgs };
  const proc = fork(RUNNER_PATH, [], {
    ...launch,
    // Nothing of Keel's environment (database URL, secrets) reaches the handler.
    env: {},
    stdio: ["ignore", "ignore", "pipe", "ipc"],
    serialization: "json",
  });
  const child: Child = {
    process: proc,
    ready: Promise.resolve(),
    alive: true,
    state: "starting",
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
export function setHeld(child: Child, held: boolean): void {
  // The stderr pipe is a socket, which can be unref'd like the process and its channel.
  const stderr = child.process.stderr as Socket | null;
  for (const handle of [child.process, child.process.channel, stderr]) {
    if (!handle) continue;
    if (held) handle.ref();
    else handle.unref();
  }
}

export function killChild(child: Child, reason?: string): void {
  clearTimeout(child.idleTimer);
  if (child.alive && reason !== undefined) child.killedFor = reason;
  child.alive = false;
  child.process.kill("SIGKILL");
}

export function endingOf(child: Child): string {
  return `The handler process ${child.killedFor ?? `ended (${child.ended ?? "killed"})`} ${child.stderr}`.trim();
}
