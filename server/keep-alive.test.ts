import { once } from "node:events";
import { readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { KEEP_ALIVE_TIMEOUT_MS, keepConnectionsAlive } from "./keep-alive.ts";

describe("keep-alive connections", () => {
  it("outlive the balancer's idle timeout, so the balancer always closes first", () => {
    const config = readFileSync(new URL("../deploy/haproxy.cfg", import.meta.url), "utf8");
    const match = /timeout\s+http-keep-alive\s+(\d+)s/.exec(config);
    expect(match, "haproxy.cfg sets timeout http-keep-alive").not.toBeNull();
    expect(KEEP_ALIVE_TIMEOUT_MS).toBeGreaterThan(Number(match![1]) * 1000);
  });

  it("are announced to clients with the server's idle timeout", async () => {
    const server = http.createServer((_req, res) => res.end("ok"));
    keepConnectionsAlive(server);
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    try {
      const { port } = server.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}/`);
      await response.text();
      expect(response.headers.get("keep-alive")).toBe(`timeout=${KEEP_ALIVE_TIMEOUT_MS / 1000}`);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
