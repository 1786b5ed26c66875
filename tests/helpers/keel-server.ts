// The whole Keel server in the test process: createServerApp over the production build in build/
// (read-only; `npm run build` makes it, and `npm test` builds before the unit tests) and the mock
// backend on a test database, listening on a free loopback port. Requests go out through node:http so
// that a test controls every header (Host, Origin, Cookie, X-Forwarded-Proto) as a browser or a proxy would.
import { existsSync } from "node:fs";
import { once } from "node:events";
import http, { type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { Writable } from "node:stream";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import type { Db } from "#mock-backend/db.ts";
import { createServerApp } from "#server/app.ts";
import { parseEnv, type Env } from "#server/env.ts";
import { createLogger } from "#server/logger.ts";
import { TEST_SECRET } from "./mock-client.ts";

export const BUILD_DIR = path.resolve("build");
const SERVER_BUILD = path.join(BUILD_DIR, "server/index.js");

/** Whether a production build exists; tests that need one skip, saying so, when it does not. */
export const hasBuild = existsSync(SERVER_BUILD);
export const NO_BUILD_MESSAGE = "need a production build in build/ (npm run build): skipped";

let buildPromise: Promise<ServerBuild> | undefined;
export function loadBuild(): Promise<ServerBuild> {
  buildPromise ??= import(pathToFileURL(SERVER_BUILD).href) as Promise<ServerBuild>;
  return buildPromise;
}

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** Every Set-Cookie line of the answer. */
  setCookies: string[];
}

export interface SendOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

export interface KeelServer {
  url: string;
  port: number;
  send(path: string, options?: SendOptions): Promise<Answer>;
  close(): Promise<void>;
}

const silentLogger = () =>
  createLogger(
    "info",
    new Writable({
      write(_chunk, _encoding, callback) {
        callback();
      },
    }),
  );

export function send(port: number, target: string, options: SendOptions = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        method: options.method ?? "GET",
        path: target,
        // Node sends a DELETE body unframed unless its length is given.
        headers:
          options.body === undefined
            ? options.headers
            : { "content-length": String(Buffer.byteLength(options.body)), ...options.headers },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const cookies = response.headers["set-cookie"] ?? [];
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            text: Buffer.concat(chunks).toString("utf8"),
            setCookies: cookies,
          });
        });
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(options.body);
  });
}

/**
 * Keel with the mock backend on `db`. Without a build (`withBuild: false`), only what Express answers
 * before React Router works (/api, /hub, /healthz, /readyz, /widgets).
 */
export async function startKeel(
  db: Db,
  {
    withBuild = true,
    trustProxy = parseEnv({}).TRUST_PROXY,
    limits = {},
    env = {},
  }: {
    withBuild?: boolean;
    /** The server's default trusts no proxy; "loopback" plays a local TLS proxy. */
    trustProxy?: string;
    limits?: Partial<Pick<Env, "KEEL_MAX_BODY_BYTES" | "KEEL_MAX_UPLOAD_BYTES">>;
    env?: Partial<Pick<Env, "HUB_ACCESS_TOKEN_SECONDS">>;
  } = {},
): Promise<KeelServer> {
  const build: ServerBuild | (() => Promise<ServerBuild>) = withBuild
    ? await loadBuild()
    : async () => {
        throw new Error("this test server has no build");
      };
  const { app, beginShutdown, closeStreams } = await createServerApp({
    env: { NODE_ENV: "production", SESSION_SECRET: TEST_SECRET, TRUST_PROXY: trustProxy, ...limits, ...env },
    logger: silentLogger(),
    build,
    db,
    clientDir: withBuild ? path.join(BUILD_DIR, "client") : undefined,
  });
  const server: Server = app.listen(0, "127.0.0.1");
  await once(server, "listening");
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    send: (target, options) => send(port, target, options),
    async close() {
      beginShutdown();
      closeStreams();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The `name=value` pair of a Set-Cookie line, for the next request's Cookie header. */
export const cookiePair = (setCookie: string): string => setCookie.split(";")[0] ?? "";

/** The Set-Cookie line for `name`, if the answer sets it. */
export const findCookie = (answer: Answer, name: string): string | undefined =>
  answer.setCookies.find((line) => line.startsWith(`${name}=`));

/** The attributes of a Set-Cookie line, lower-cased names, e.g. {httponly: "", samesite: "Lax"}. */
export function cookieAttributes(setCookie: string): Map<string, string> {
  const [, ...attributes] = setCookie.split(";");
  return new Map(
    attributes.map((attribute) => {
      const eq = attribute.indexOf("=");
      const name = (eq < 0 ? attribute : attribute.slice(0, eq)).trim().toLowerCase();
      return [name, eq < 0 ? "" : attribute.slice(eq + 1).trim()];
    }),
  );
}

/** Cookies a browser keeps: the name=value of each Set-Cookie line, the last one winning; cleared ones go. */
export class CookieJar {
  readonly cookies = new Map<string, string>();
  take(answer: Answer): void {
    for (const line of answer.setCookies) {
      const pair = cookiePair(line);
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      if (value === "" || /;\s*expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

/**
 * Signs in as a person does: Keel's /auth/login, the identity service's own form, back to Keel's callback.
 * Returns the browser's cookies and where Keel sent it in the end.
 */
export async function signInThroughIdentity(
  server: KeelServer,
  login: string,
  {
    password = "demo",
    redirect = "/",
    jar = new CookieJar(),
    headers = {},
  }: { password?: string; redirect?: string; jar?: CookieJar; headers?: Record<string, string> } = {},
): Promise<{ jar: CookieJar; landed: string | undefined; steps: Answer[] }> {
  const steps: Answer[] = [];
  const start = await server.send(`/auth/login?redirect=${encodeURIComponent(redirect)}`, {
    headers: { ...headers, cookie: jar.header() },
  });
  steps.push(start);
  jar.take(start);
  const authorize = new URL(String(start.headers.location), server.url);
  const form = await server.send(`${authorize.pathname}${authorize.search}`, {
    method: "POST",
    headers: {
      origin: server.url,
      ...headers,
      cookie: jar.header(),
      "content-type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({ login, password }).toString(),
  });
  steps.push(form);
  jar.take(form);
  if (form.status !== 303) return { jar, landed: undefined, steps };
  const callback = new URL(String(form.headers.location), server.url);
  const back = await server.send(`${callback.pathname}${callback.search}`, {
    headers: { ...headers, cookie: jar.header() },
  });
  steps.push(back);
  jar.take(back);
  return { jar, landed: back.headers.location, steps };
}
