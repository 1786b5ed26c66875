import { once } from "node:events";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, expect, test } from "vitest";
import { limitEventStreams } from "./stream-limit.ts";

let server: Server | undefined;

afterEach(() => {
  server?.closeAllConnections();
  server?.close();
  server = undefined;
});

/** An app with the limit in front of an endless event stream and a plain JSON route. */
async function appWithLimit(max: number): Promise<string> {
  const app = express();
  app.use(limitEventStreams(max));
  app.get("/api/inbox/events", (_req, res) => {
    res.set("content-type", "text/event-stream").write("event: ready\ndata: {}\n\n");
  });
  app.get("/api/inbox/folders", (_req, res) => void res.json([]));
  server = app.listen(0, "127.0.0.1");
  await once(server, "listening");
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function openStream(url: string) {
  const controller = new AbortController();
  const response = await fetch(url, { signal: controller.signal });
  if (response.ok) {
    const reader = response.body!.getReader();
    await reader.read();
  }
  return { status: response.status, response, close: () => controller.abort() };
}

test("a stream beyond the process's limit is refused with 503 while other requests pass", async () => {
  const base = await appWithLimit(2);
  const first = await openStream(`${base}/api/inbox/events`);
  const second = await openStream(`${base}/API/Inbox/events/`);
  expect([first.status, second.status]).toEqual([200, 200]);

  const third = await openStream(`${base}/api/inbox/events`);
  expect(third.status).toBe(503);
  expect(third.response.headers.get("retry-after")).toBe("30");
  expect(await third.response.json()).toMatchObject({ error: "too_many_streams" });
  expect((await fetch(`${base}/api/inbox/folders`)).status).toBe(200);
  first.close();
  second.close();
});

test("a closed stream frees its place for the next one", async () => {
  const base = await appWithLimit(1);
  const first = await openStream(`${base}/api/inbox/events`);
  expect(first.status).toBe(200);
  expect((await openStream(`${base}/api/inbox/events`)).status).toBe(503);
  first.close();
  let next = await openStream(`${base}/api/inbox/events`);
  // The server sees the close a moment after the client aborts.
  for (let tries = 0; next.status === 503 && tries < 50; tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    next = await openStream(`${base}/api/inbox/events`);
  }
  expect(next.status).toBe(200);
  next.close();
});
