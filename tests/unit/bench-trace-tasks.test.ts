// The reading of a Chromium trace into Lighthouse's blocking time (tests/bench/trace-tasks.ts): only the
// page's main thread, only after the first contentful paint, each task at 4× and beyond 50 ms, by kind.
import { expect, test } from "vitest";
import { tasksAfterPaint, type TraceEvent } from "../bench/trace-tasks.ts";

const MAIN = { pid: 7, tid: 7 };
const ms = (value: number) => value * 1000;

function task(at: number, duration: number, inside: [string, number][] = []): TraceEvent[] {
  return [
    { name: "RunTask", ph: "X", ts: ms(at), dur: ms(duration), ...MAIN },
    ...inside.map(([name, length], index) => ({
      name,
      ph: "X",
      ts: ms(at) + index,
      dur: ms(length),
      ...MAIN,
    })),
  ];
}

const navigation = { data: { navigationId: "page" } };
const trace: TraceEvent[] = [
  { name: "navigationStart", ph: "R", ts: ms(500), ...MAIN, args: { data: { navigationId: "about:blank" } } },
  { name: "navigationStart", ph: "R", ts: ms(1000), ...MAIN, args: navigation },
  { name: "firstContentfulPaint", ph: "R", ts: ms(1100), ...MAIN, args: navigation },
  // Before the first paint: Lighthouse's window has not begun.
  ...task(1020, 40, [["ParseHTML", 38]]),
  // 30 ms is 120 ms at 4×: 70 ms beyond the long task's 50.
  ...task(1200, 30, [["v8.evaluateModule", 28]]),
  // 10 ms is 40 ms at 4×: not long.
  ...task(1300, 10, [["FunctionCall", 9]]),
  // 20 ms is 80 ms at 4×: 30 ms, mostly layout.
  ...task(1400, 20, [
    ["FunctionCall", 5],
    ["Layout", 12],
  ]),
  // Another thread's work (a worker, the compositor) is not the main thread's.
  { name: "RunTask", ph: "X", ts: ms(1500), dur: ms(100), pid: 7, tid: 9 },
];

test("counts the main thread's tasks after the first paint as Lighthouse's simulation does", () => {
  expect(tasksAfterPaint(trace)).toEqual({
    fcp_ms: 100,
    blocking_4x_ms: 100,
    tasks_over_12_5_ms: 2,
    longest_ms: 30,
    by_kind: { "evaluating scripts": 70, "style and layout": 30 },
  });
});

test("a task whose work is none of the known kinds is counted as other", () => {
  const result = tasksAfterPaint([...trace.slice(0, 3), ...task(1200, 25, [["Paint", 2]])]);
  expect(result.by_kind).toEqual({ other: 50 });
});

test("a trace without a first contentful paint is refused", () => {
  expect(() => tasksAfterPaint(trace.filter((event) => event.name !== "firstContentfulPaint"))).toThrow(
    /no first contentful paint/,
  );
});
