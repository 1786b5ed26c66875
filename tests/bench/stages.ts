// The parts of npm run bench, chosen with --only (all by default): the slow ones can run alone.
export const STAGES = [
  "cold-start",
  "pages",
  "latency",
  "markdown",
  "streams",
  "cluster",
  "lighthouse",
] as const;
export type Stage = (typeof STAGES)[number];

/** The stages a comma-separated --only names, in the bench's order; every stage without it. */
export function parseStages(only: string | undefined): Set<Stage> {
  if (only === undefined) return new Set(STAGES);
  const named = only
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = named.filter((name) => !(STAGES as readonly string[]).includes(name));
  if (unknown.length > 0 || named.length === 0) {
    throw new Error(`--only takes some of ${STAGES.join(", ")}; got ${JSON.stringify(only)}`);
  }
  return new Set(STAGES.filter((stage) => named.includes(stage)));
}
