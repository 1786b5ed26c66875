import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { constants as zlib } from "node:zlib";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type Express, type Request, type RequestHandler, type Response } from "express";
import type { Logger } from "pino";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { CSRF_COOKIE } from "../app/lib/constants.ts";
import { readCookie } from "../app/lib/cookies.ts";
import { keelContext, type BackendTransport } from "../app/lib/keel-context.ts";
import { normalizePath } from "../app/shell/route-table.ts";
import { createMockBackend, type AppLimits } from "../mock-backend/app.ts";
import { closeInboxStreams } from "../mock-backend/inbox-events.ts";
import { signInThrottleSettings, type SignInThrottleVariable } from "../mock-backend/sign-in-throttle.ts";
import type { Db } from "../mock-backend/db.ts";
import { backendProxy, forwardedHeaders } from "./backend-proxy.ts";
import { limitRequestBodies } from "./body-limit.ts";
import { DEFAULT_MAX_BODY_BYTES, DEFAULT_MAX_UPLOAD_BYTES, type Env } from "./env.ts";
import { httpLogger } from "./logger.ts";
import { mockLimits, type MockLimitVariable } from "./mock-limits.ts";
import { cspNonce, securityHeaders } from "./security.ts";
import { createHttpTransport, createInProcessTransport } from "./transport.ts";
import { bearerForBackend, createAuth, pageOf, publicOrigin, signInPage } from "./auth.ts";
import { createIdentityClient } from "./identity.ts";
import { cookieName, sessionCookies } from "./session.ts";
import { DEMO_CLIENT } from "../mock-backend/identity/demo-client.ts";
import { widgetRouter } from "./widgets.ts";

export interface ServerAppOptions {
  env: Pick<Env, "BACKEND_URL" | "SESSION_SECRET" | "TRUST_PROXY" | "NODE_ENV"> &
    Partial<
      Pick<
        Env,
        | "ANALYTICS_SCRIPT_URL"
        | "KEEL_BENCH"
        | "KEEL_MAX_BODY_BYTES"
        | "KEEL_MAX_UPLOAD_BYTES"
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
}

export interface ServerApp {
  app: Express;
  transport: BackendTransport;
  /** Marks the process as stopping: /readyz answers 503 so balancers drain it. */
  beginShutdown(): void;
}

function trustProxyValue(value: string): boolean | number | string {
  if (value === "true") return true;
  if (value === "false") return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/** Bound to the browser's CSRF cookie and to the session: another browser's pair, or an old session's, fails. */
function csrfTokenFor(secret: string, cookie: string, sessionId: string): string {
  return createHmac("sha256", secret).update(`csrf:${cookie}:${sessionId}`).digest("base64url");
}

/** The random value a page's CSRF token is bound to, set once per browser. */
function ensureCsrfCookie(req: Request, res: Response): string {
  const existing = readCookie(req.get("cookie"), cookieName(CSRF_COOKIE, req.secure));
  if (existing && /^[A-Za-z0-9_-]{43}$/.test(existing)) return existing;
  const value = randomBytes(32).toString("base64url");
  res.cookie(cookieName(CSRF_COOKIE, req.secure), value, {
    httpOnly: true,
    sameSite: "lax",
    secure: req.secure,
    path: "/",
  });
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

/** Wires logging, compression, headers, the backend (mock or proxy), assets and the app. */
export function createServerApp(options: ServerAppOptions): ServerApp {
  const { env, logger } = options;
  const development = env.NODE_ENV === "development";
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", trustProxyValue(env.TRUST_PROXY));

  let transport: BackendTransport;
  let stopping = false;

  app.use(httpLogger(logger));
  // compression prefers brotli; its default 4 MiB window costs half the SSR throughput on small pages.
  // On the 90 KB /issues page quality 3 takes 0.9 ms against quality 4's 2.2 ms for 4 % more bytes, and
  // gzip level 3 about a third of the default level 6's 5 ms (zlib's sync functions on that page).
  app.use(
    compression({
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

  app.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: "ok" });
  });

  const cookies = sessionCookies(env.SESSION_SECRET);
  let mountBackend: () => void;
  if (env.BACKEND_URL) {
    const backendUrl = env.BACKEND_URL;
    transport = createHttpTransport(backendUrl);
    mountBackend = () => app.use(backendProxy(backendUrl, logger));
  } else {
    if (!options.db) throw new Error("createServerApp: the mock backend needs a database");
    const mock = createMockBackend({
      db: options.db,
      secret: env.SESSION_SECRET,
      ...mockLimits(env),
      apps: options.apps,
      signInThrottle: signInThrottleSettings(env),
    });
    const mockApp = express();
    mockApp.disable("x-powered-by");
    mockApp.set("trust proxy", "loopback");
    mockApp.use(mock);
    transport = createInProcessTransport(mockApp);
    mountBackend = () => app.use(mock);
  }

  const demo = !env.BACKEND_URL;
  const identity = createIdentityClient({
    transport,
    backendUrl: env.BACKEND_URL,
    clientId: env.OAUTH_CLIENT_ID ?? (demo ? DEMO_CLIENT.id : null),
    clientSecret: env.OAUTH_CLIENT_SECRET ?? (demo ? DEMO_CLIENT.secret : null),
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

  if (options.clientDir) {
    // Fingerprinted build output: cached for a year and never revalidated.
    app.use(
      "/assets",
      express.static(`${options.clientDir}/assets`, {
        index: false,
        cacheControl: false,
        setHeaders: (res) => res.setHeader("Cache-Control", "public, max-age=31536000, immutable"),
      }),
    );
    app.use(
      express.static(options.clientDir, {
        index: false,
        cacheControl: false,
        setHeaders: (res) => res.setHeader("Cache-Control", "public, max-age=3600"),
      }),
    );
  }
  if (options.devMiddleware) app.use(options.devMiddleware);

  const secret = env.SESSION_SECRET;
  app.use(
    createRequestHandler({
      build: options.build,
      mode: development ? "development" : "production",
      getLoadContext(req, res) {
        const csrfCookie = ensureCsrfCookie(req, res);
        const session = res.locals.keelSession;
        const expected = csrfTokenFor(secret, csrfCookie, session?.sid ?? "guest");
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
          csrfToken: expected,
          verifyCsrf(token) {
            const given = Buffer.from(token);
            const wanted = Buffer.from(expected);
            return given.length === wanted.length && timingSafeEqual(given, wanted);
          },
          demo: !env.BACKEND_URL,
          analyticsScript: { url: analyticsScriptUrl, production: env.NODE_ENV === "production" },
          log: req.log,
          bench: env.KEEL_BENCH === true,
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
      // Open event streams never finish by themselves.
      closeInboxStreams();
    },
  };
}
