// The benchmark's fixed-rate latency (tests/bench/fixed-rate.ts) and its choice of stages
// (tests/bench/stages.ts).
import http from "node:http";
import { once } from "node:events";
import { expect, test } from "vitest";
import { fixedRate, halfRate, schedule, sparedConnections } from "../bench/fixed-rate.ts";
import { parseStages, STAGES } from "../bench/stages.ts";

test("the rate is half the maximum throughput in whole requests, at least one, and needs a maximum", () => {
  expect(halfRate(113)).toBe(57);
  expect(halfRate(422)).toBe(211);
  expect(halfRate(1)).toBe(1);
  expect(() => halfRate(0)).toThrow();
  expect(() => halfRate(Number.NaN)).toThrow();
});

test("connections cover twice the requests in flight at the slow latency, at least the minimum", () => {
  expect(sparedConnections(57, 300)).toBe(35);
  expect(sparedConnections(10, 20)).toBe(16);
  expect(sparedConnections(10, 20, 4)).toBe(4);
});

test("the schedule spaces the requests evenly over the seconds", () => {
  expect(schedule(4, 1)).toEqual([0, 250, 500, 750]);
  expect(schedule(50, 5)).toHaveLength(250);
  expect(schedule(50, 5).at(-1)).toBeCloseTo(4980);
});

test("the generator sends at the rate however slowly the server answers, and counts failures", async () => {
  let arrivals = 0;
  const server = http.createServer((request, response) => {
    arrivals += 1;
    // Each answer takes longer than the interval: a closed loop on one connection would fall behind.
    setTimeout(() => {
      response.statusCode = request.url === "/fail" ? 500 : 200;
      response.end("ok");
    }, 120);
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as { port: number };
  try {
    const started = performance.now();
    const result = await fixedRate(`http://127.0.0.1:${port}/`, {
      rate: 40,
      seconds: 1,
      connections: 16,
      headers: {},
    });
    expect(arrivals).toBe(40);
    expect(result.requests).toBe(40);
    expect(result.failures).toBe(0);
    expect(result.p50_ms).toBeGreaterThanOrEqual(120);
    // One connection in a closed loop would take 40 × 120 ms.
    expect(performance.now() - started).toBeLessThan(3_000);
    const failing = await fixedRate(`http://127.0.0.1:${port}/fail`, {
      rate: 10,
      seconds: 0.5,
      connections: 4,
      headers: {},
    });
    expect(failing.failures).toBe(5);
  } finally {
    server.close();
  }
});

test("--only picks stages in the bench's order, all without it, and refuses unknown names", () => {
  expect([...parseStages(undefined)]).toEqual([...STAGES]);
  expect([...parseStages("lighthouse, pages")]).toEqual(["pages", "lighthouse"]);
  expect(() => parseStages("pages,lighthose")).toThrow(/lighthose/);
  expect(() => parseStages("")).toThrow();
});
