// Lighthouse's total blocking time, read from a Chromium trace of an unthrottled load: the main thread's
// tasks after the first contentful paint, each multiplied by the 4× CPU slowdown Lighthouse's simulation
// applies and counted beyond 50 ms, by the kind of work each task spent most of its time on.
// Used by tests/bench/tasks-after-paint.ts.

/** Lighthouse's mobile CPU slowdown and the length from which a task blocks. */
export const CPU_SLOWDOWN = 4;
const LONG_TASK_MS = 50;

export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: { navigationId?: string } };
}

/** The kind of work a task spent most of its time on, by the trace events inside it. */
const KINDS: Record<string, string> = {
  "v8.evaluateModule": "evaluating scripts",
  EvaluateScript: "evaluating scripts",
  "v8.compileModule": "compiling scripts",
  "v8.compile": "compiling scripts",
  FunctionCall: "running scripts",
  TimerFire: "running scripts",
  RunMicrotasks: "running scripts",
  FireAnimationFrame: "running scripts",
  EventDispatch: "running scripts",
  Layout: "style and layout",
  UpdateLayoutTree: "style and layout",
  ParseHTML: "reading the HTML",
  "DocumentLoader::CommitNavigation": "reading the HTML",
  MajorGC: "garbage collection",
  MinorGC: "garbage collection",
};

export interface TasksAfterPaint {
  fcp_ms: number;
  /** Σ max(0, 4 × task − 50 ms) over the tasks after the first contentful paint. */
  blocking_4x_ms: number;
  tasks_over_12_5_ms: number;
  /** The longest of those tasks, unthrottled. */
  longest_ms: number;
  by_kind: Record<string, number>;
}

export function tasksAfterPaint(events: TraceEvent[]): TasksAfterPaint {
  const fcp = events.find((event) => event.name === "firstContentfulPaint");
  if (!fcp) throw new Error("no first contentful paint in the trace");
  const navigation = fcp.args?.data?.navigationId;
  const start =
    events.find((event) => event.name === "navigationStart" && event.args?.data?.navigationId === navigation)
      ?.ts ?? fcp.ts;
  const main = events.filter((event) => event.pid === fcp.pid && event.tid === fcp.tid && event.ph === "X");
  const tasks = main.filter((event) => event.name === "RunTask" && event.ts >= fcp.ts);
  const byKind: Record<string, number> = {};
  let blocking = 0;
  let over = 0;
  let longest = 0;
  for (const task of tasks) {
    const ms = (task.dur ?? 0) / 1000;
    const counted = Math.max(0, ms * CPU_SLOWDOWN - LONG_TASK_MS);
    if (counted === 0) continue;
    over += 1;
    longest = Math.max(longest, ms);
    blocking += counted;
    const end = task.ts + (task.dur ?? 0);
    const spent = new Map<string, number>();
    for (const event of main) {
      const kind = KINDS[event.name];
      if (!kind || event.ts < task.ts || event.ts + (event.dur ?? 0) > end) continue;
      spent.set(kind, Math.max(spent.get(kind) ?? 0, event.dur ?? 0));
    }
    const kind = [...spent].sort((a, b) => b[1] - a[1])[0]?.[0] ?? "other";
    byKind[kind] = (byKind[kind] ?? 0) + counted;
  }
  return {
    fcp_ms: Math.round((fcp.ts - start) / 1000),
    blocking_4x_ms: Math.round(blocking),
    tasks_over_12_5_ms: over,
    longest_ms: Math.round(longest),
    by_kind: Object.fromEntries(Object.entries(byKind).map(([kind, ms]) => [kind, Math.round(ms)])),
  };
}
