import { once } from "node:events";
import http, { type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { ServerBuild } from "react-router";
import { createMockBackendApp } from "#mock-backend/app.ts";
import { DEMO_CLIENT } from "#mock-backend/identity/demo-client.ts";
import { BACKEND_SERVICE_ID } from "#mock-backend/identity/routes.ts";
import { freshDatabase, type TestDatabase } from "#tests/helpers/database.ts";
import { TEST_SECRET } from "#tests/helpers/mock-client.ts";
import { demoToken } from "#prisma/factories.ts";
import { createServerApp } from "./app.ts";
import { parseEnv } from "./env.ts";
import { createLogger } from "./logger.ts";
import type { createInProcessTransport } from "./transport.ts";

// Requests in these tests never reach React Router.
const NO_BUILD = async (): Promise<ServerBuild> => {
  throw new Error("not used");
};

let database: TestDatabase;
const logLines: string[] = [];
const sink = new Writable({
  write(chunk, _encoding, callback) {
    logLines.push(String(chunk));
    callback();
  },
});

function serverApp(
  overrides: { BACKEND_URL?: string; TRUST_PROXY?: string; SIGN_IN_IP_FAILURES?: number } = {},
  instanceId?: string,
) {
  return createServerApp({
    instanceId,
    env: {
      NODE_ENV: "production",
      SESSION_SECRET: TEST_SECRET,
      TRUST_PROXY: parseEnv({}).TRUST_PROXY,
      ...overrides,
    },
    logger: createLogger("info", sink),
    build: NO_BUILD,
    db: overrides.BACKEND_URL ? undefined : database.db,
  });
}

async function listen(
  app: Parameters<typeof createInProcessTransport>[0],
): Promise<{ server: Server; url: string }> {
  const server = app.listen(0, "127.0.0.1");
  await once(server, "listening");
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

beforeAll(() => {
  database = freshDatabase();
});
afterAll(() => database.close());

test("every response carries the security headers with a fresh nonce", async () => {
  const { app } = await serverApp();
  const { server, url } = await listen(app);
  try {
    const first = await fetch(`${url}/healthz`);
    const second = await fetch(`${url}/api/config?fields=version`);
    for (const response of [first, second]) {
      const csp = response.headers.get("content-security-policy") ?? "";
      const scriptSrc = csp.split(";").find((d) => d.startsWith("script-src")) ?? "";
      expect(scriptSrc).toMatch(/'nonce-[A-Za-z0-9+/=]{20,}'/);
      expect(scriptSrc).not.toContain("unsafe-inline");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'self'");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("referrer-policy")).toBe("same-origin");
      expect(response.headers.get("permissions-policy")).toContain("camera=()");
      expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
      expect(response.headers.get("x-powered-by")).toBeNull();
    }
    const nonce = (r: Response) =>
      /'nonce-([^']+)'/.exec(r.headers.get("content-security-policy") ?? "")?.[1];
    expect(nonce(first)).not.toBe(nonce(second));
  } finally {
    server.close();
  }
});

test("a sane incoming X-Request-Id is kept and a strange one replaced", async () => {
  const { app } = await serverApp();
  const { server, url } = await listen(app);
  try {
    const kept = await fetch(`${url}/healthz`, { headers: { "x-request-id": "proxy-id-12345678" } });
    expect(kept.headers.get("x-request-id")).toBe("proxy-id-12345678");
    const replaced = await fetch(`${url}/healthz`, { headers: { "x-request-id": "<script>" } });
    expect(replaced.headers.get("x-request-id")).not.toBe("<script>");
  } finally {
    server.close();
  }
});

test("/healthz answers ok and /readyz checks the mock backend, then drains on shutdown", async () => {
  const keel = await serverApp();
  const { server, url } = await listen(keel.app);
  try {
    expect(await (await fetch(`${url}/healthz`)).json()).toEqual({ status: "ok" });
    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready", backend: "mock" });
    keel.beginShutdown();
    expect((await fetch(`${url}/readyz`)).status).toBe(503);
  } finally {
    server.close();
  }
});

test("/favicon.ico, which browsers ask for whatever the page links, leads to the SVG icon", async () => {
  const keel = await serverApp();
  const { server, url } = await listen(keel.app);
  try {
    const answer = await fetch(`${url}/favicon.ico`, { redirect: "manual" });
    expect(answer.status).toBe(301);
    expect(answer.headers.get("location")).toBe("/favicon.svg");
  } finally {
    server.close();
  }
});

test("every answer names the server instance, and a stopping server asks that its connection is not reused", async () => {
  const keel = await serverApp({}, "keel-7");
  const { server, url } = await listen(keel.app);
  try {
    const before = await fetch(`${url}/healthz`);
    expect(before.headers.get("x-keel-instance")).toBe("keel-7");
    expect(before.headers.get("connection")).not.toBe("close");
    keel.beginShutdown();
    const after = await fetch(`${url}/readyz`);
    expect(after.status).toBe(503);
    expect(after.headers.get("x-keel-instance")).toBe("keel-7");
    expect(after.headers.get("connection")).toBe("close");
  } finally {
    server.close();
  }
});

test("an event stream relayed from the backend is ended with a short retry hint when Keel stops", async () => {
  const backend = await listen(createMockBackendApp({ db: database.db, secret: TEST_SECRET }));
  const keel = await serverApp({ BACKEND_URL: backend.url });
  const front = await listen(keel.app);
  try {
    const response = await fetch(`${front.url}/api/inbox/events`, {
      headers: { authorization: `Bearer ${demoToken("alice")}` },
    });
    expect(response.status).toBe(200);
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = "";
    while (!text.includes("event: folders")) text += (await reader.read()).value ?? "";
    keel.beginShutdown();
    keel.closeStreams();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += value;
    }
    expect(text.endsWith("\n\n")).toBe(true);
    const hints = [...text.matchAll(/^retry: (\d+)$/gm)].map((m) => Number(m[1]));
    expect(hints.at(-1)).toBeLessThanOrEqual(1_000);
  } finally {
    front.server.close();
    backend.server.closeAllConnections();
    backend.server.close();
  }
});

test("JSON answers are compressed when the client accepts gzip", async () => {
  const { app } = await serverApp();
  const { server, url } = await listen(app);
  try {
    const response = await fetch(`${url}/api/issues?fields=idReadable,summary,description`, {
      headers: { "accept-encoding": "gzip", authorization: `Bearer ${demoToken("admin")}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-encoding")).toBe("gzip");
  } finally {
    server.close();
  }
});

test("logs are JSON lines with the request id and never the credentials", async () => {
  const { app } = await serverApp();
  const { server, url } = await listen(app);
  const token = demoToken("admin");
  try {
    logLines.length = 0;
    await fetch(`${url}/api/users/me?fields=login&token=secret-in-query`, {
      headers: {
        authorization: `Bearer ${token}`,
        cookie: "keel_session=abc.def",
        "x-request-id": "trace-0000000001",
      },
    });
    const line = logLines
      .map((l) => JSON.parse(l) as { req?: { id?: string } })
      .find((l) => l.req?.id === "trace-0000000001");
    expect(line).toBeDefined();
    const text = JSON.stringify(line);
    expect(text).not.toContain(token);
    expect(text).not.toContain("abc.def");
    expect(text).not.toContain("secret-in-query");
    expect(text).toContain("[redacted]");
  } finally {
    server.close();
  }
});

test("with BACKEND_URL, /api and /hub are proxied to that backend and no database is needed", async () => {
  const backend = await listen(createMockBackendApp({ db: database.db, secret: TEST_SECRET }));
  const keel = await serverApp({ BACKEND_URL: backend.url });
  const { server, url } = await listen(keel.app);
  try {
    const config = await fetch(`${url}/api/config?fields=version,l10n(locale)`);
    expect(config.status).toBe(200);
    expect(await config.json()).toEqual({ version: "2025.4", l10n: { locale: "en_US" } });
    const hub = await fetch(`${url}/hub/api/rest/settings/public?fields=endUserAgreement(majorVersion)`);
    expect(await hub.json()).toEqual({ endUserAgreement: { majorVersion: 1 } });
    const ready = await fetch(`${url}/readyz`);
    expect(await ready.json()).toEqual({ status: "ready", backend: "remote" });
    const me = await keel.transport({
      method: "GET",
      path: "/api/users/me?fields=login",
      headers: { authorization: `Bearer ${demoToken("alice")}` },
    });
    expect(JSON.parse(me.body)).toEqual({ login: "alice" });
  } finally {
    server.close();
    backend.server.close();
  }
});

test("with BACKEND_URL unreachable, API calls answer 502 JSON and /readyz 503", async () => {
  const closed = await listen(createMockBackendApp({ db: database.db, secret: TEST_SECRET }));
  closed.server.close();
  await once(closed.server, "close");
  const { app } = await serverApp({ BACKEND_URL: closed.url });
  const { server, url } = await listen(app);
  try {
    const api = await fetch(`${url}/api/config?fields=version`);
    expect(api.status).toBe(502);
    expect(await api.json()).toMatchObject({ error: "bad_gateway" });
    expect((await fetch(`${url}/readyz`)).status).toBe(503);
  } finally {
    server.close();
  }
});

/** A backend that records every request it is sent and answers 200 "backend". */
async function recordingBackend() {
  const received: { method: string; url: string; headers: IncomingHttpHeaders }[] = [];
  const server = http.createServer((req, res) => {
    // Keel's own look-up of the identity service at start-up is not a client's request.
    if (!req.url?.startsWith("/api/config?fields=ring(")) {
      received.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers });
    }
    req.resume();
    req.on("end", () => res.writeHead(200, { "content-type": "text/plain" }).end("backend"));
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return { server, received, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** A request sent exactly as written: fetch would normalise dot segments away before they left. */
function rawRequest(base: string, target: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; text: string; headers: IncomingHttpHeaders }>((resolve, reject) => {
    const { hostname, port } = new URL(base);
    const request = http.request({ hostname, port, path: target, headers }, (response) => {
      let text = "";
      response.on("data", (chunk: Buffer) => (text += chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, text, headers: response.headers }),
      );
    });
    request.on("error", reject);
    request.end();
  });
}

test("the proxy forwards /api and /hub and their subpaths only, never look-alike prefixes", async () => {
  const backend = await recordingBackend();
  const keel = await listen((await serverApp({ BACKEND_URL: backend.url })).app);
  try {
    for (const target of ["/api", "/api/config?fields=version", "/hub", "/hub/api/rest/users/me"]) {
      const answer = await rawRequest(keel.url, target);
      expect(answer.text, target).toBe("backend");
      expect(backend.received.at(-1)?.url, target).toBe(target);
    }
    backend.received.length = 0;
    for (const target of ["/apifoo", "/hubris", "/api-docs", "/hubx/api"]) {
      const answer = await rawRequest(keel.url, target);
      expect(answer.text, target).not.toBe("backend");
    }
    expect(backend.received).toEqual([]);
  } finally {
    keel.server.close();
    backend.server.close();
  }
});

test("the proxy refuses dot segments, raw, encoded or with path parameters, before the backend sees them", async () => {
  const backend = await recordingBackend();
  const keel = await listen((await serverApp({ BACKEND_URL: backend.url })).app);
  try {
    for (const target of [
      "/api/../admin",
      "/api/./config",
      "/api/..%2fadmin",
      "/api/..%2Fadmin",
      "/api/%2e%2e/admin",
      "/api/%2E%2E%2fadmin",
      "/api/..;/admin",
      "/api/x;/../admin",
      "/hub/..%5cadmin",
      "/hub/api\\..\\admin",
      "/api/%252e%252e/admin",
      "/api/..%00/admin",
      "/hub/api/rest/users/..",
    ]) {
      const answer = await rawRequest(keel.url, target);
      expect(answer.status, target).toBe(400);
    }
    expect(backend.received).toEqual([]);
  } finally {
    keel.server.close();
    backend.server.close();
  }
});

test("the proxy sends the backend Keel's own X-Forwarded-* and drops the client's", async () => {
  const backend = await recordingBackend();
  const keel = await listen((await serverApp({ BACKEND_URL: backend.url })).app);
  const spoofed = {
    "x-forwarded-for": "203.0.113.66",
    "x-forwarded-host": "evil.example",
    "x-forwarded-proto": "https",
    "x-forwarded-port": "444",
    "x-real-ip": "203.0.113.66",
    forwarded: "for=203.0.113.66;host=evil.example",
  };
  try {
    await rawRequest(keel.url, "/api/config", spoofed);
    const headers = backend.received.at(-1)?.headers ?? {};
    expect(headers["x-forwarded-for"]).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
    expect(headers["x-forwarded-host"]).toBe(new URL(keel.url).host);
    expect(headers["x-forwarded-proto"]).toBe("http");
    expect(headers["x-forwarded-port"]).toBeUndefined();
    expect(headers["x-real-ip"]).toBeUndefined();
    expect(headers.forwarded).toBeUndefined();
  } finally {
    keel.server.close();
    backend.server.close();
  }
});

test("behind a proxy TRUST_PROXY names, the backend gets the client it reports, once", async () => {
  const backend = await recordingBackend();
  const keel = await listen((await serverApp({ BACKEND_URL: backend.url, TRUST_PROXY: "loopback" })).app);
  try {
    await rawRequest(keel.url, "/api/config", {
      "x-forwarded-for": "203.0.113.7",
      "x-forwarded-host": "tracker.example",
      "x-forwarded-proto": "https",
    });
    const headers = backend.received.at(-1)?.headers ?? {};
    expect(headers["x-forwarded-for"]).toBe("203.0.113.7");
    expect(headers["x-forwarded-host"]).toBe("tracker.example");
    expect(headers["x-forwarded-proto"]).toBe("https");
  } finally {
    keel.server.close();
    backend.server.close();
  }
});

test("by default X-Forwarded-For is not trusted: a loopback client cannot dodge the sign-in throttle", async () => {
  const { app } = await serverApp({ SIGN_IN_IP_FAILURES: 3 });
  const { server, url } = await listen(app);
  try {
    const authorize = new URLSearchParams({
      response_type: "code",
      client_id: DEMO_CLIENT.id,
      redirect_uri: `${url}/auth/callback`,
      scope: BACKEND_SERVICE_ID,
      state: "s",
    });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      // Other accounts each time, so only the address's failure budget can refuse.
      const response = await fetch(`${url}/hub/api/rest/oauth2/auth?${authorize}`, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: url,
          "x-forwarded-for": `198.51.100.${attempt}`,
        },
        body: new URLSearchParams({ login: `nobody-${attempt}`, password: "wrong" }).toString(),
        redirect: "manual",
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  } finally {
    server.close();
  }
});

test("a double-slash or backslash path redirects to the same path on this host, never //host", async () => {
  const { app } = await serverApp();
  const { server, url } = await listen(app);
  try {
    for (const [target, location] of [
      ["//\\evil", "/evil"],
      ["/\\evil", "/evil"],
      ["/\\/evil.example/x?q=1", "/evil.example/x?q=1"],
      ["//issues?q=1", "/issues?q=1"],
    ] as const) {
      const answer = await rawRequest(url, target);
      expect(answer.status, target).toBe(301);
      expect(answer.headers.location, target).toBe(location);
    }
  } finally {
    server.close();
  }
});
