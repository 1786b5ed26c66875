// What the benchmark keeps of a Lighthouse result, the median of several runs and the worst page: pure
// functions over Lighthouse's JSON result (its `lhr`), apart from running it (tests/bench/lighthouse.ts).

/** The parts of a Lighthouse result read here; a real result has many more. */
export interface LighthouseResultLike {
  finalDisplayedUrl?: string;
  runtimeError?: { code: string; message: string };
  categories: { performance?: { score: number | null } };
  audits: Record<
    string,
    | {
        numericValue?: number;
        details?: {
          type?: string;
          overallSavingsMs?: number;
          items?: Array<Record<string, unknown>>;
        };
      }
    | undefined
  >;
}

export interface LighthouseRecord {
  /** The performance category, 0–100. */
  score: number;
  fcp_ms: number;
  lcp_ms: number;
  tbt_ms: number;
  cls: number;
}

export const LIGHTHOUSE_METRICS = {
  fcp_ms: "first-contentful-paint",
  lcp_ms: "largest-contentful-paint",
  tbt_ms: "total-blocking-time",
  cls: "cumulative-layout-shift",
} as const;

/** One run's score and metrics; throws when the run failed or a metric is missing, rather than record 0. */
export function recordOf(result: LighthouseResultLike): LighthouseRecord {
  if (result.runtimeError) {
    throw new Error(`Lighthouse: ${result.runtimeError.code} ${result.runtimeError.message}`);
  }
  const score = result.categories.performance?.score;
  if (typeof score !== "number") throw new Error("Lighthouse: no performance score");
  const metric = (id: string) => {
    const value = result.audits[id]?.numericValue;
    if (typeof value !== "number" || !Number.isFinite(value))
      throw new Error(`Lighthouse: no value for ${id}`);
    return value;
  };
  return {
    score: Math.round(score * 100),
    fcp_ms: Math.round(metric(LIGHTHOUSE_METRICS.fcp_ms)),
    lcp_ms: Math.round(metric(LIGHTHOUSE_METRICS.lcp_ms)),
    tbt_ms: Math.round(metric(LIGHTHOUSE_METRICS.tbt_ms)),
    cls: Math.round(metric(LIGHTHOUSE_METRICS.cls) * 1000) / 1000,
  };
}

/** The middle value (the lower middle of an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error("the median of no values");
  return [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
}

/** Each metric's median over the runs, taken separately (a metric's middle run is not always the score's). */
export function medianRecord(runs: readonly LighthouseRecord[]): LighthouseRecord {
  const of = (key: keyof LighthouseRecord) => median(runs.map((run) => run[key]));
  return {
    score: of("score"),
    fcp_ms: of("fcp_ms"),
    lcp_ms: of("lcp_ms"),
    tbt_ms: of("tbt_ms"),
    cls: of("cls"),
  };
}

export interface Worst {
  score: { value: number; page: string };
  tbt_ms: { value: number; page: string };
  cls: { value: number; page: string };
  lcp_ms: { value: number; page: string };
}

/** The lowest score and the highest TBT, CLS and LCP over the pages' medians, and which page each is. */
export function worstOf(pages: Record<string, LighthouseRecord>): Worst {
  const names = Object.keys(pages);
  if (names.length === 0) throw new Error("no pages audited");
  const pick = (key: keyof LighthouseRecord, worse: (a: number, b: number) => boolean) => {
    let page = names[0]!;
    for (const name of names) if (worse(pages[name]![key], pages[page]![key])) page = name;
    return { value: pages[page]![key], page };
  };
  const higher = (a: number, b: number) => a > b;
  return {
    score: pick("score", (a, b) => a < b),
    tbt_ms: pick("tbt_ms", higher),
    cls: pick("cls", higher),
    lcp_ms: pick("lcp_ms", higher),
  };
}

export interface Finding {
  audit: string;
  /** Lighthouse's estimate of the time the opportunity saves, or the audit's own total. */
  ms: number;
  items: string[];
}

/** What delays the first paint and what occupies the main thread, from one run, for the record. */
export function findingsOf(result: LighthouseResultLike): Finding[] {
  const findings: Finding[] = [];
  const blocking = result.audits["render-blocking-resources"];
  if (blocking?.details?.items?.length) {
    findings.push({
      audit: "render-blocking-resources",
      ms: Math.round(blocking.details.overallSavingsMs ?? 0),
      items: blocking.details.items.map(
        (item) => `${String(item.url)} ${Math.round(Number(item.wastedMs))} ms`,
      ),
    });
  }
  for (const [id, label] of [
    ["mainthread-work-breakdown", "groupLabel"],
    ["bootup-time", "url"],
  ] as const) {
    const audit = result.audits[id];
    const items = [...(audit?.details?.items ?? [])]
      .sort((a, b) => Number(b.duration ?? b.total) - Number(a.duration ?? a.total))
      .slice(0, 5)
      .map((item) => `${String(item[label])} ${Math.round(Number(item.duration ?? item.total))} ms`);
    if (audit && items.length) findings.push({ audit: id, ms: Math.round(audit.numericValue ?? 0), items });
  }
  return findings;
}
