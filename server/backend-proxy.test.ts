import { once } from "node:events";
import http, { type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import express from "express";
import { afterEach, expect, test } from "vitest";
import { backendProxy } from "./backend-proxy.ts";
import { createLogger } from "./logger.ts";

const TIMEOUT_MS = 100;
const logger = createLogger("fatal", new Writable({ write: (_chunk, _encoding, done) => done() }));
const servers: Server[] = [];

async function listen(handler: http.RequestListener): Promise<string> {
  const server = http.createServer(handler);
  servers.push(server);
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Keel's proxy alone in front of `backend`, with a short timeout. */
async function keelIn(backend: http.RequestListener): Promise<string> {
  const app = express();
  app.use(backendProxy(await listen(backend), logger, { timeoutMs: TIMEOUT_MS }));
  return listen(app);
}

afterEach(() => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

test("an event stream quiet for longer than the proxy's timeout stays open and relays what comes next", async () => {
  const keel = await keelIn((_req, res) => {
    res.writeHead(200, { "content-type": "text/event-stream" });
    res.write("event: ready\ndata: {}\n\n");
    setTimeout(() => res.write("event: folders\ndata: []\n\n"), TIMEOUT_MS * 4);
  });
  const response = await fetch(`${keel}/api/inbox/events`);
  expect(response.status).toBe(200);
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  while (!text.includes("event: folders")) {
    const { value, done } = await reader.read();
    if (done) break;
    text += value;
  }
  await reader.cancel();
  expect(text).toBe("event: ready\ndata: {}\n\nevent: folders\ndata: []\n\n");
});

test("any other answer the backend holds back longer than the timeout fails as a bad gateway", async () => {
  const keel = await keelIn(() => undefined);
  const response = await fetch(`${keel}/api/config`);
  expect(response.status).toBe(502);
  expect(await response.json()).toMatchObject({ error: "bad_gateway" });
});

test("a JSON answer whose body stalls past the timeout is cut, not left hanging", async () => {
  const keel = await keelIn((_req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.write('{"partial":');
  });
  const response = await fetch(`${keel}/api/config`);
  expect(response.status).toBe(200);
  await expect(response.text()).rejects.toThrow();
});

test("open event streams take no connection from the pool that ordinary requests share", async () => {
  let opened = 0;
  const backendUrl = await listen((req, res) => {
    if (req.url?.startsWith("/api/inbox/events")) {
      opened += 1;
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write(`event: ready\ndata: ${opened}\n\n`);
      return;
    }
    res.writeHead(200, { "content-type": "application/json" }).end("{}");
  });
  const app = express();
  const pool = new http.Agent({ keepAlive: true, maxSockets: 2 });
  // No timeout frees a pooled connection during the test: a stream that waits for one waits to the end.
  app.use(backendProxy(backendUrl, logger, { timeoutMs: 60_000, agent: pool }));
  const keel = await listen(app);
  const withinTwoSeconds = <T>(answer: Promise<T>) =>
    Promise.race([
      answer,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error("no answer within 2 s")), 2_000)),
    ]);
  const open = async () => {
    const controller = new AbortController();
    const response = await fetch(`${keel}/api/inbox/events`, { signal: controller.signal });
    const { value } = await response.body!.getReader().read();
    return { first: new TextDecoder().decode(value), close: () => controller.abort() };
  };
  const streams = [];
  for (let i = 0; i < 3; i += 1) streams.push(await withinTwoSeconds(open()));
  expect(streams.map((s) => s.first.startsWith("event: ready"))).toEqual([true, true, true]);
  const answer = await withinTwoSeconds(fetch(`${keel}/api/config`));
  expect(answer.status).toBe(200);
  expect(await answer.json()).toEqual({});
  for (const stream of streams) stream.close();
  pool.destroy();
});
