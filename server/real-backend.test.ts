// Keel in front of a backend on another origin (BACKEND_URL), as an on-prem admin runs it: the mock
// backend listens on a port of its own, and the whole sign-in, a page, a profile change and sign-out go
// over HTTP, the browser meeting the identity service at the backend's origin.
import { once } from "node:events";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { Writable } from "node:stream";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createMockBackendApp } from "../mock-backend/app.ts";
import { DEMO_CLIENT } from "../mock-backend/identity/demo-client.ts";
import { freshDatabase, type TestDatabase } from "../tests/helpers/database.ts";
import {
  BUILD_DIR,
  CookieJar,
  hasBuild,
  loadBuild,
  NO_BUILD_MESSAGE,
  send,
  type Answer,
} from "../tests/helpers/keel-server.ts";
import { TEST_SECRET } from "../tests/helpers/mock-client.ts";
import { createServerApp } from "./app.ts";
import { createLogger } from "./logger.ts";

if (!hasBuild) console.warn(`server/real-backend.test.ts: ${NO_BUILD_MESSAGE}`);

let database: TestDatabase;
let backend: Server;
let keel: Server;
let backendPort = 0;
let keelPort = 0;

const silent = new Writable({
  write(_chunk, _encoding, callback) {
    callback();
  },
});

async function listen(app: { listen(port: number, host: string): Server }): Promise<[Server, number]> {
  const server = app.listen(0, "127.0.0.1");
  await once(server, "listening");
  return [server, (server.address() as AddressInfo).port];
}

beforeAll(async () => {
  if (!hasBuild) return;
  database = freshDatabase();
  [backend, backendPort] = await listen(
    createMockBackendApp({ db: database.db, secret: "backend-secret-0123456789-0123456789" }),
  );
  const { app } = await createServerApp({
    env: {
      NODE_ENV: "production",
      SESSION_SECRET: TEST_SECRET,
      TRUST_PROXY: "false",
      BACKEND_URL: `http://127.0.0.1:${backendPort}`,
      OAUTH_CLIENT_ID: DEMO_CLIENT.id,
      OAUTH_CLIENT_SECRET: DEMO_CLIENT.secret,
    },
    logger: createLogger("info", silent),
    build: await loadBuild(),
    clientDir: path.join(BUILD_DIR, "client"),
  });
  [keel, keelPort] = await listen(app);
});

afterAll(async () => {
  for (const server of [keel, backend]) {
    if (!server) continue;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  await database?.close();
});

/** A request to whichever server an absolute URL names, with the browser's cookies of that origin. */
async function follow(
  url: string,
  jars: Map<number, CookieJar>,
  init: { method?: string; body?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const target = new URL(url);
  const port = Number(target.port);
  const jar = jars.get(port) ?? new CookieJar();
  jars.set(port, jar);
  const answer = await send(port, `${target.pathname}${target.search}`, {
    method: init.method,
    body: init.body,
    headers: { ...init.headers, cookie: jar.header() },
  });
  jar.take(answer);
  return answer;
}

const location = (answer: Answer, base: string) => new URL(String(answer.headers.location), base).href;

test.skipIf(!hasBuild)(
  "sign-in, a page, a profile change and sign-out work against a backend over HTTP",
  async () => {
    const jars = new Map<number, CookieJar>();
    const keelUrl = `http://127.0.0.1:${keelPort}`;
    const backendUrl = `http://127.0.0.1:${backendPort}`;

    // Keel sends the browser to the identity service at the backend's own origin.
    const start = await follow(`${keelUrl}/auth/login?redirect=%2Fissues`, jars);
    expect(start.status).toBe(302);
    const authorize = location(start, keelUrl);
    expect(authorize.startsWith(`${backendUrl}/hub/api/rest/oauth2/auth?`)).toBe(true);
    const form = await follow(authorize, jars);
    expect(form.status).toBe(200);
    const signIn = await follow(authorize, jars, {
      method: "POST",
      body: new URLSearchParams({ login: "alice", password: "demo" }).toString(),
      headers: { origin: backendUrl, "content-type": "application/x-www-form-urlencoded" },
    });
    expect(signIn.status).toBe(303);
    const back = await follow(location(signIn, backendUrl), jars);
    expect(back.status, back.text.slice(0, 200)).toBe(302);
    expect(back.headers.location).toBe("/issues");

    // A page, rendered from the backend's answers to Keel's bearer token.
    const page = await follow(`${keelUrl}/issues`, jars);
    expect(page.status).toBe(200);
    expect(page.text).toContain('aria-label="Profile: Alice Member" data-testid="current-user"');
    // Its sign-out form redirects to the identity service: the CSP's form-action allows that origin.
    expect(String(page.headers["content-security-policy"])).toContain(`form-action 'self' ${backendUrl}`);
    const token = /name="csrf" value="([^"]+)"/.exec(page.text)?.[1] ?? "";

    // A profile change through a form, as a browser without scripts posts it.
    const change = await follow(`${keelUrl}/settings/appearance`, jars, {
      method: "POST",
      body: new URLSearchParams({ csrf: token, uiTheme: "darcula", back: "/issues" }).toString(),
      headers: { origin: keelUrl, "content-type": "application/x-www-form-urlencoded" },
    });
    expect(change.status, change.text.slice(0, 200)).toBe(302);
    const alice = await database.db.user.findUniqueOrThrow({ where: { login: "alice" } });
    expect(alice.uiTheme).toBe("darcula");

    // Sign-out: Keel's session, then the identity service's, then back to Keel.
    const signOut = await follow(`${keelUrl}/logout`, jars, {
      method: "POST",
      body: new URLSearchParams({ csrf: token }).toString(),
      headers: { origin: keelUrl, "content-type": "application/x-www-form-urlencoded" },
    });
    expect(signOut.status).toBe(302);
    const logout = location(signOut, keelUrl);
    expect(logout.startsWith(`${backendUrl}/hub/api/rest/oauth2/logout?`)).toBe(true);
    const hubLogout = await follow(logout, jars);
    expect(hubLogout.status).toBe(302);
    const returned = await follow(location(hubLogout, backendUrl), jars);
    expect(returned.headers.location).toBe("/login?loggedOut=1");
    const after = await follow(`${keelUrl}/issues`, jars);
    expect(after.text).not.toContain('data-testid="current-user"');
    expect(after.text).toContain("nav-login");
    // The identity service forgot its own session too: signing in again shows its form.
    const again = await follow(`${keelUrl}/auth/login`, jars);
    expect((await follow(location(again, keelUrl), jars)).status).toBe(200);
  },
);
