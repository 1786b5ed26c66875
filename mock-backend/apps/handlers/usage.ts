// What a handler child uses, read from Linux's /proc: Node cannot bound a process's resident memory or
// notice that it keeps working after it answered, so the parent watches from outside.
import { readFileSync } from "node:fs";

/** Linux reports CPU time in clock ticks of 1/100 s to user space. */
const MS_PER_TICK = 10;

export interface ProcessUsage {
  rssBytes: number;
  /** CPU time (user and system) since the process started, in milliseconds. */
  cpuMs: number;
}

export function readUsage(pid: number): ProcessUsage | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const rssKb = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
    // The command name (field 2) may hold spaces and parentheses: count fields after its closing one.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const utime = Number(fields[11]);
    const stime = Number(fields[12]);
    if (rssKb === undefined || !Number.isFinite(utime) || !Number.isFinite(stime)) return null;
    return { rssBytes: Number(rssKb) * 1024, cpuMs: (utime + stime) * MS_PER_TICK };
  } catch {
    return null;
  }
}
