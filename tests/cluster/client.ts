// What the cluster test and the cluster benchmark do over HTTP: plain requests, a browser's sign-in through
// the balancer, an inbox event stream that reconnects with Last-Event-ID, and a notification written as the
// administrator.
import http from "node:http";
import { SESSION_COOKIE } from "#contract/constants.ts";
import { demoToken } from "#prisma/factories.ts";
import { cookieHeader, cookiesOf, type SoakClient } from "../soak/http.ts";

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function waitFor(what: string, condition: () => Promise<boolean> | boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (
      await Promise.resolve()
        .then(condition)
        .catch(() => false)
    )
      return;
    await sleep(100);
  }
  throw new Error(`timed out waiting for ${what}`);
}

export function get(port: number, target: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      const request = http.get(
        { host: "127.0.0.1", port, path: target, headers, agent: false },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: Buffer.concat(chunks).toString("utf8"),
            }),
          );
          response.on("error", reject);
        },
      );
      request.setTimeout(10_000, () => request.destroy(new Error("no answer")));
      request.on("error", reject);
    },
  );
}

/**
 * An event stream as a browser's EventSource keeps it: when it ends, it waits the last retry time it
 * was sent and reconnects with Last-Event-ID. Records the notifications' thread ids and who served it.
 */
export function followInbox(port: number, headers: Record<string, string>) {
  const state = {
    threads: [] as string[],
    /** When each thread's notification arrived (Date.now()). */
    arrivals: new Map<string, number>(),
    instances: [] as string[],
    backends: [] as string[],
    connects: 0,
    lastId: undefined as string | undefined,
    retryMs: 3000,
    closed: false,
    request: undefined as http.ClientRequest | undefined,
  };
  const connect = () => {
    if (state.closed) return;
    state.connects += 1;
    const request = http.get(
      {
        host: "127.0.0.1",
        port,
        path: "/api/inbox/events",
        agent: false,
        headers: {
          ...headers,
          accept: "text/event-stream",
          // What a browser's EventSource on Keel's page sends; Keel adds the session's token only then.
          "sec-fetch-site": "same-origin",
          ...(state.lastId ? { "last-event-id": state.lastId } : {}),
        },
      },
      (response) => {
        state.instances.push(String(response.headers["x-keel-instance"] ?? "?"));
        state.backends.push(String(response.headers["x-backend-instance"] ?? "?"));
        let buffer = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf("\n\n")) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const id = /^id: (\d+)$/m.exec(block)?.[1];
            const retry = /^retry: (\d+)$/m.exec(block)?.[1];
            const event = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (id) state.lastId = id;
            if (retry) state.retryMs = Number(retry);
            if (event === "notification" && data) {
              const thread = (JSON.parse(data) as { thread: { id: string } }).thread.id;
              state.threads.push(thread);
              state.arrivals.set(thread, Date.now());
            }
          }
        });
        // As EventSource does, a stream cut without a clean end (a reset connection) reconnects too.
        let scheduled = false;
        const again = () => {
          if (scheduled) return;
          scheduled = true;
          setTimeout(connect, response.statusCode === 200 ? state.retryMs : 500);
        };
        response.on("end", again);
        response.on("close", again);
        response.on("error", () => undefined);
      },
    );
    request.on("error", () => setTimeout(connect, 500));
    state.request = request;
  };
  connect();
  return {
    state,
    close() {
      state.closed = true;
      state.request?.destroy();
    },
  };
}

/** Signs `login` in through the balancer as a browser does: Keel, the identity service's form, back. */
export async function signIn(client: SoakClient, origin: string, login: string): Promise<string> {
  const cookies: Record<string, string> = {};
  const start = await client.send({ path: "/auth/login" });
  if (start.status !== 302) throw new Error(`GET /auth/login: ${start.status} ${start.body.slice(0, 200)}`);
  Object.assign(cookies, cookiesOf(start));
  const authorize = new URL(String(start.headers.location), origin);
  const form = await client.send({
    method: "POST",
    path: `${authorize.pathname}${authorize.search}`,
    headers: { cookie: cookieHeader(cookies), origin, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ login, password: "demo" }).toString(),
  });
  if (form.status !== 303) throw new Error(`signing ${login} in: ${form.status} ${form.body.slice(0, 200)}`);
  const callback = new URL(String(form.headers.location));
  const back = await client.send({
    path: `${callback.pathname}${callback.search}`,
    headers: { cookie: cookieHeader(cookies) },
  });
  Object.assign(cookies, cookiesOf(back));
  if (!cookies[SESSION_COOKIE]) throw new Error(`the callback (${back.status}) set no session cookie`);
  return cookieHeader(cookies);
}

export async function notify(port: number, login: string, subject: string): Promise<string> {
  const body = JSON.stringify({ recipient: { login }, subject, text: "cluster test" });
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path: "/api/inbox/threads?fields=id",
        agent: false,
        headers: {
          authorization: `Bearer ${demoToken("admin")}`,
          "content-type": "application/json",
          "content-length": String(Buffer.byteLength(body)),
        },
      },
      (response) => {
        let text = "";
        response.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
        response.on("end", () =>
          response.statusCode === 201
            ? resolve((JSON.parse(text) as { id: string }).id)
            : reject(new Error(`notification: ${response.statusCode} ${text}`)),
        );
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}
