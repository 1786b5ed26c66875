// The benchmark's bare page (npm run bench, tests/bench/run.ts): the same build and server render a React
// Router page without the shell, so that the shell's cost is a ratio measured in one run. It exists only on a
// server started with KEEL_BENCH=1 (app/lib/bench.server.ts); everywhere else its path is an unknown page.

export const BENCH_BARE_PATH = "/_bench/bare";

/** Tells the root's Layout and App that they render the bare page, which has no shell data. */
export function isBenchBareRoot(data: unknown): boolean {
  return typeof data === "object" && data !== null && (data as { benchBare?: unknown }).benchBare === true;
}
