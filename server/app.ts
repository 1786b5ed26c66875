import { constants as zlib } from "node:zlib";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type Express, type Request, type RequestHandler, type Response } from "express";
import type { Logger } from "pino";
import { RouterContextProvider, type RouterContext, type ServerBuild } from "react-router";
import { mintCsrf } from "#app/lib/csrf.server.ts";
import type { BackendTransport, KeelRequestContext } from "#app/lib/keel-context.ts";
import { normalizePath } from "#app/shell/route-table.ts";
import type { AppLimits } from "#mock-backend/app.ts";
import type { SignInThrottleVariable } from "#mock-backend/sign-in-throttle.ts";
import type { Db } from "#mock-backend/db.ts";
import { forwardedHeaders } from "./forwarded-headers.ts";
import { limitRequestBodies } from "./body-limit.ts";
import { DEFAULT_MAX_BODY_BYTES, DEFAULT_MAX_UPLOAD_BYTES, type Env } from "./env.ts";
import { httpLogger } from "./logger.ts";
import type { MockLimitVariable } from "./mock-limits.ts";
import type { InProcessBackend } from "./mock-backend.ts";
import { cspNonce, securityHeaders } from "./security.ts";
import { createHttpTransport } from "./transport.ts";
import { bearerForBackend, createAuth, pageOf, publicOrigin, signInPage } from "./auth.ts";
import { createIdentityClient } from "./identity.ts";
import { DEFAULT_MAX_EVENT_STREAMS, limitEventStreams } from "./stream-limit.ts";
import { sessionCookies } from "./session.ts";
import { staticAssets } from "./static-assets.ts";
import { widgetRouter } from "./widgets.ts";

export interface ServerAppOptions {
  env: Pick<Env, "BACKEND_URL" | "SESSION_SECRET" | "TRUST_PROXY" | "NODE_ENV"> &
    Partial<
      Pick<
        Env,
        | "ANALYTICS_SCRIPT_URL"
        | "KEEL_MAX_BODY_BYTES"
        | "KEEL_MAX_UPLOAD_BYTES"
        | "KEEL_MAX_EVENT_STREAMS"
        | "KEEL_PUBLIC_URL"
        | "OAUTH_CLIENT_ID"
        | "OAUTH_CLIENT_SECRET"
        | MockLimitVariable
        | SignInThrottleVariable
      >
    >;
  logger: Logger;
  /** The React Router build, or a loader of it (development: from Vite). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Serves build/client with long-lived caching; off in development, where Vite serves assets. */
  clientDir?: string;
  /** Vite's dev middleware, in development. */
  devMiddleware?: RequestHandler;
  /** The mock backend's database; required when BACKEND_URL is unset. */
  db?: Db;
  /** The mock backend's limits of apps' handlers and packages. */
  apps?: AppLimits;
  /** Sent as X-Keel-Instance on every answer, so a balancer's choice can be seen. */
  instanceId?: string;
}

export interface ServerApp {
  app: Express;
  transport: BackendTransport;
  /** Marks the process as stopping: /readyz answers 503 so balancers drain it. */
  beginShutdown(): void;
  /** Ends the open event streams (the mock's and those relayed from a backend) with a retry hint. */
  closeStreams(): void;
}

function trustProxyValue(value: string): boolean | number | string {
  if (value === "true") return true;
  if (value === "false") return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/** Headers the backend needs to act for this caller, whichever transport carries them. */
function forwardHeaders(req: Request, res: Response): Record<string, string> {
  const host = req.get("host") ?? "localhost";
  const headers: Record<string, string> = {
    host,
    origin: `${req.protocol}://${host}`,
    ...forwardedHeaders(req),
    "x-request-id": String(req.id ?? ""),
    accept: "application/json",
  };
  for (const name of ["authorization", "accept-language", "user-agent"]) {
    const value = req.get(name);
    if (value) headers[name] = value;
  }
  const session = res.locals.keelSession;
  if (session) headers.authorization = `Bearer ${session.accessToken}`;
  return headers;
}

/**
 * The request context's key as the build holds it. The bundle has its own copy of app/lib/keel-context.ts,
 * and a context set under another copy's key is not found by its loaders.
 */
export async function buildContextKey(
  build: ServerAppOptions["build"],
): Promise<RouterContext<KeelRequestContext>> {
  const loaded = typeof build === "function" ? await build() : build;
  const key = (loaded.entry.module as { keelContext?: RouterContext<KeelRequestContext> }).keelContext;
  if (!key) throw new Error("the build's entry.server does not export keelContext");
  return key;
}

/** Wires logging, compression, headers, the backend (mock or proxy), assets and the app. */
export async function createServerApp(options: ServerAppOptions): Promise<ServerApp> {
  const { env, logger } = options;
  const development = env.NODE_ENV === "development";
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", trustProxyValue(env.TRUST_PROXY));

  let transport: BackendTransport;
  let stopping = false;

  if (options.instanceId) {
    const instanceId = options.instanceId;
    app.use((_req, res, next) => {
      res.set("X-Keel-Instance", instanceId);
      next();
    });
  }
  app.use(httpLogger(logger));
  // A stopping server's connections are not reused: the balancer's next request opens one elsewhere.
  app.use((_req, res, next) => {
    if (stopping) res.set("Connection", "close");
    next();
  });
  // compression prefers brotli, whose defaults cost much of the SSR throughput on small pages; quality 3
  // and gzip level 3 compress nearly as well in a fraction of the time (docs/benchmarks.md, Measured
  // choices).
  app.use(
    compression({
      // An event stream relayed from a backend is never flushed message by message: not compressed.
      filter: (req, res) =>
        !/^text\/event-stream/i.test(String(res.getHeader("Content-Type") ?? "")) &&
        compression.filter(req, res),
      level: 3,
      brotli: { params: { [zlib.BROTLI_PARAM_QUALITY]: 3, [zlib.BROTLI_PARAM_LGWIN]: 18 } },
    }),
  );
  const analyticsScriptUrl = env.ANALYTICS_SCRIPT_URL ?? null;
  app.use(
    securityHeaders({
      development,
      analyticsOrigin: analyticsScriptUrl ? new URL(analyticsScriptUrl).origin : null,
      identityOrigin: () => identity.hubOrigin,
    }),
  );
  // Answers are personal (the session decides them); static assets opt into caching below.
  app.use((_req, res, next) => {
    res.set("Cache-Control", "private, no-store");
    next();
  });
  // Before anything reads a body: the mock's parsers, the proxy, React Router's CSRF check and actions.
  app.use(
    limitRequestBodies({
      maxBodyBytes: env.KEEL_MAX_BODY_BYTES ?? DEFAULT_MAX_BODY_BYTES,
      maxUploadBytes: env.KEEL_MAX_UPLOAD_BYTES ?? DEFAULT_MAX_UPLOAD_BYTES,
    }),
  );

  // A path starting with two slashes is the single-slash path; never another host. Browsers read a
  // backslash as a slash, so `/\evil` is such a path too.
  app.use((req, res, next) => {
    if (!/^\/[/\\]/.test(req.path)) return next();
    const queryStart = req.originalUrl.indexOf("?");
    const query = queryStart >= 0 ? req.originalUrl.slice(queryStart) : "";
    res.redirect(301, `${normalizePath(req.path)}${query}`);
  });

  // Browsers and feed readers ask for /favicon.ico whatever the page links: the icon is an SVG.
  app.get("/favicon.ico", (_req, res) => {
    res.set("Cache-Control", "public, max-age=86400").redirect(301, "/favicon.svg");
  });

  // The build's files need no session: served before it is read.
  if (options.clientDir) app.use(staticAssets(options.clientDir));

  app.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: "ok" });
  });

  const cookies = sessionCookies(env.SESSION_SECRET);
  let mountBackend: () => void;
  let mock: InProcessBackend | undefined;
  let closeProxiedStreams = () => {};
  if (env.BACKEND_URL) {
    const backendUrl = env.BACKEND_URL;
    // Loaded only here, as the mock is below: each mode starts without the other's modules.
    const proxy = await import("./backend-proxy.ts");
    closeProxiedStreams = proxy.closeProxiedStreams;
    transport = createHttpTransport(backendUrl);
    mountBackend = () => app.use(proxy.backendProxy(backendUrl, logger));
  } else {
    if (!options.db) throw new Error("createServerApp: the mock backend needs a database");
    const { createInProcessBackend } = await import("./mock-backend.ts");
    const inProcess = createInProcessBackend({ db: options.db, env, apps: options.apps });
    mock = inProcess;
    transport = inProcess.transport;
    mountBackend = () => inProcess.mount(app);
  }

  const demo = !env.BACKEND_URL;
  const identity = createIdentityClient({
    transport,
    backendUrl: env.BACKEND_URL,
    clientId: env.OAUTH_CLIENT_ID ?? mock?.client.id ?? null,
    clientSecret: env.OAUTH_CLIENT_SECRET ?? mock?.client.secret ?? null,
  });
  if (!identity.oauthEnabled) {
    logger.warn(
      "OAUTH_CLIENT_ID is not set: people can sign in only with a permanent token (docs/identity.md)",
    );
  }
  if (!demo) {
    // Learns the identity service's origin early: the CSP's form-action names it.
    identity
      .discover()
      .catch((error: unknown) => logger.warn({ err: error }, "identity service not found yet"));
  }
  const auth = createAuth({ identity, cookies, publicUrl: env.KEEL_PUBLIC_URL, logger });
  app.use(auth.middleware);
  app.use(limitEventStreams(env.KEEL_MAX_EVENT_STREAMS ?? DEFAULT_MAX_EVENT_STREAMS));
  app.use(["/api", "/hub"], bearerForBackend(cookies.names));
  mountBackend();
  app.use(auth.router);

  app.use(widgetRouter(transport, logger));

  app.get("/readyz", async (_req, res) => {
    res.set("Cache-Control", "no-store");
    if (stopping) {
      res.status(503).json({ status: "stopping" });
      return;
    }
    try {
      const answer = await transport({
        method: "GET",
        path: "/api/config?fields=version",
        headers: { accept: "application/json" },
      });
      if (answer.status === 200) res.json({ status: "ready", backend: env.BACKEND_URL ? "remote" : "mock" });
      else res.status(503).json({ status: "backend unavailable", backendStatus: answer.status });
    } catch (error) {
      logger.warn({ err: error }, "readiness check failed");
      res.status(503).json({ status: "backend unreachable" });
    }
  });

  if (options.devMiddleware) app.use(options.devMiddleware);

  const secret = env.SESSION_SECRET;
  app.use(
    createRequestHandler({
      build: options.build,
      mode: development ? "development" : "production",
      async getLoadContext(req, res) {
        const keelContext = await buildContextKey(options.build);
        const csrf = mintCsrf({
          cookieHeader: req.get("cookie"),
          secure: req.secure,
          secret,
          sessionId: res.locals.keelSession?.sid ?? "guest",
        });
        if (csrf.setCookie) res.append("Set-Cookie", csrf.setCookie);
        const headers = forwardHeaders(req, res);
        const context = new RouterContextProvider();
        context.set(keelContext, {
          transport,
          forwardHeaders: headers,
          auth: {
            oauthEnabled: identity.oauthEnabled,
            async refresh() {
              const ok = await auth.refresh(req, res);
              const next = res.locals.keelSession;
              if (ok && next) headers.authorization = `Bearer ${next.accessToken}`;
              return ok;
            },
            signInWithToken: (token) => auth.signInWithToken(req, res, token),
            signOut: (next) => auth.signOut(req, res, next),
            signInAgain: signInPage("ended", pageOf(req.originalUrl)),
            accountSecurityUrl: (path) =>
              identity.accountSecurityUrl(new URL(path, publicOrigin(req, env.KEEL_PUBLIC_URL)).href),
          },
          nonce: cspNonce(res),
          requestId: String(req.id ?? ""),
          csrfToken: csrf.token,
          verifyCsrf: csrf.verify,
          demo: !env.BACKEND_URL,
          analyticsScript: { url: analyticsScriptUrl, production: env.NODE_ENV === "production" },
          log: req.log,
        });
        return context;
      },
    }),
  );

  return {
    app,
    transport,
    beginShutdown() {
      stopping = true;
    },
    closeStreams() {
      // Open event streams never finish by themselves.
      mock?.close();
      closeProxiedStreams();
    },
  };
}
