// Cold start: from spawning the production server to its first 200 on /readyz (the backend answered it, and
// the build was loaded before the server listened), then to the first 200 of a page. Several starts of each
// server in turn, so that a slow spell of the machine falls on all of them. Optionally, a later page after a
// quiet moment, as the first person to come after a start would ask for it: its own time to the last byte.
import { spawnServer, waitUntilReady, type ServerOptions } from "./bench-server.ts";

export interface ColdStartTarget {
  options: ServerOptions;
  /** A page a guest gets with 200, asked for as soon as /readyz answers. */
  page: string;
  /** A page a guest gets with 200, asked for `afterMs` after the first page. */
  later?: { page: string; afterMs: number };
}

export interface ColdStarts {
  ready_ms: number[];
  page_ms: number[];
  /** The later page's own time, from asking to its last byte. */
  later_ms: number[];
}

/** Each target's starts, `count` rounds of one start of each. */
export async function measureColdStarts<K extends string>(
  targets: Record<K, ColdStartTarget>,
  count: number,
): Promise<Record<K, ColdStarts>> {
  const results = {} as Record<K, ColdStarts>;
  for (const key of Object.keys(targets) as K[]) results[key] = { ready_ms: [], page_ms: [], later_ms: [] };
  for (let round = 0; round < count; round += 1) {
    for (const key of Object.keys(targets) as K[]) {
      const { options, page, later } = targets[key];
      const spawnedAt = performance.now();
      const server = spawnServer(options);
      try {
        await waitUntilReady(server);
        results[key].ready_ms.push(Math.round(performance.now() - spawnedAt));
        await readPage(server.base, page);
        results[key].page_ms.push(Math.round(performance.now() - spawnedAt));
        if (later) {
          await new Promise((resolve) => setTimeout(resolve, later.afterMs));
          const askedAt = performance.now();
          await readPage(server.base, later.page);
          results[key].later_ms.push(Math.round(performance.now() - askedAt));
        }
      } finally {
        await server.stop();
      }
    }
  }
  return results;
}

/** Reads a page to its last byte; anything but 200 fails the measurement. */
async function readPage(base: string, page: string): Promise<void> {
  const answer = await fetch(`${base}${page}`, { redirect: "manual" });
  await answer.arrayBuffer();
  if (answer.status !== 200) throw new Error(`${page} answered ${answer.status} after a start`);
}
