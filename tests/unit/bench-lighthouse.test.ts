// The benchmark's reading of Lighthouse results (tests/bench/lighthouse-record.ts): the record of a run, the
// median of runs, the worst page, and what delays the first paint.
import { expect, test } from "vitest";
import {
  findingsOf,
  median,
  medianRecord,
  recordOf,
  worstOf,
  type LighthouseRecord,
  type LighthouseResultLike,
} from "../bench/lighthouse-record.ts";

function result(
  overrides: Partial<Record<string, number>> = {},
  score: number | null = 0.91,
): LighthouseResultLike {
  const values = {
    "first-contentful-paint": 2812.4,
    "largest-contentful-paint": 3104.6,
    "total-blocking-time": 66.2,
    "cumulative-layout-shift": 0.02849,
    ...overrides,
  };
  return {
    finalDisplayedUrl: "http://127.0.0.1:4000/issues",
    categories: { performance: { score } },
    audits: Object.fromEntries(Object.entries(values).map(([id, numericValue]) => [id, { numericValue }])),
  };
}

const run = (score: number, tbt: number, lcp = 1000, cls = 0): LighthouseRecord => ({
  score,
  fcp_ms: lcp,
  lcp_ms: lcp,
  tbt_ms: tbt,
  cls,
});

test("a run's record is the score out of 100 and the metrics in whole ms, CLS to three places", () => {
  expect(recordOf(result())).toEqual({ score: 91, fcp_ms: 2812, lcp_ms: 3105, tbt_ms: 66, cls: 0.028 });
});

test("a failed run, a missing score or a missing metric is an error, never a zero", () => {
  expect(() => recordOf({ ...result(), runtimeError: { code: "NO_FCP", message: "no paint" } })).toThrow(
    /NO_FCP/,
  );
  expect(() => recordOf(result({}, null))).toThrow(/no performance score/);
  const missing = result();
  delete missing.audits["total-blocking-time"];
  expect(() => recordOf(missing)).toThrow(/total-blocking-time/);
  expect(() => recordOf(result({ "largest-contentful-paint": Number.NaN }))).toThrow(
    /largest-contentful-paint/,
  );
});

test("the median is the middle value, the lower middle of an even count, and none of no values", () => {
  expect(median([3, 1, 2])).toBe(2);
  expect(median([40, 10, 30, 20])).toBe(20);
  expect(median([7])).toBe(7);
  expect(() => median([])).toThrow();
});

test("each metric's median is taken on its own over the runs", () => {
  const runs = [run(90, 500, 1200, 0.1), run(60, 100, 3000, 0), run(95, 300, 900, 0.05)];
  expect(medianRecord(runs)).toEqual({ score: 90, fcp_ms: 1200, lcp_ms: 1200, tbt_ms: 300, cls: 0.05 });
});

test("the worst page is the lowest score and the highest TBT, CLS and LCP, each named", () => {
  const worst = worstOf({
    "guest /issues": run(91, 38, 2800, 0),
    "admin /issue/DEMO-2": run(52, 1600, 4000, 0.028),
    "admin /dashboard": run(75, 330, 4100, 0.034),
  });
  expect(worst).toEqual({
    score: { value: 52, page: "admin /issue/DEMO-2" },
    tbt_ms: { value: 1600, page: "admin /issue/DEMO-2" },
    cls: { value: 0.034, page: "admin /dashboard" },
    lcp_ms: { value: 4100, page: "admin /dashboard" },
  });
  expect(() => worstOf({})).toThrow();
});

test("the findings list render-blocking resources and the heaviest main-thread work first", () => {
  const lhr = result();
  lhr.audits["render-blocking-resources"] = {
    numericValue: 450,
    details: {
      type: "opportunity",
      overallSavingsMs: 452.6,
      items: [{ url: "/assets/root.css", wastedMs: 451 }],
    },
  };
  lhr.audits["mainthread-work-breakdown"] = {
    numericValue: 3210,
    details: {
      type: "table",
      items: [
        { group: "styleLayout", groupLabel: "Style & Layout", duration: 400 },
        { group: "scriptEvaluation", groupLabel: "Script Evaluation", duration: 2100.4 },
      ],
    },
  };
  lhr.audits["bootup-time"] = { numericValue: 0, details: { type: "table", items: [] } };
  expect(findingsOf(lhr)).toEqual([
    { audit: "render-blocking-resources", ms: 453, items: ["/assets/root.css 451 ms"] },
    {
      audit: "mainthread-work-breakdown",
      ms: 3210,
      items: ["Script Evaluation 2100 ms", "Style & Layout 400 ms"],
    },
  ]);
  expect(findingsOf(result())).toEqual([]);
});
