// Starts Keel: node server/index.ts (development, with Vite) or
// NODE_ENV=production node server/index.ts (serves an existing build, from KEEL_BUILD_DIR or build/).
import path from "node:path";
import type { ServerBuild } from "react-router";
import { createPrisma } from "../mock-backend/db.ts";
import { checkPublicDemo } from "../mock-backend/demo-credentials.ts";
import { DEMO_REDIRECT_ORIGINS, registerDemoClient } from "../mock-backend/identity/demo-client.ts";
import { createServerApp } from "./app.ts";
import { appLimits, EnvError, loadEnv, type Env } from "./env.ts";
import { createLogger, logDestination } from "./logger.ts";
import { demoCredentialLogins } from "../mock-backend/demo-credentials.ts";

const SHUTDOWN_GRACE_MS = 10_000;

let env: Env;
try {
  env = loadEnv();
} catch (error) {
  if (error instanceof EnvError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const logger = createLogger(env.LOG_LEVEL, logDestination(env.LOG_FORMAT));
if (env.KEEL_BENCH) logger.warn("KEEL_BENCH=1: the benchmark's bare page /_bench/bare answers");
const production = env.NODE_ENV === "production";
const db = env.BACKEND_URL ? undefined : createPrisma(env.DATABASE_URL);
if (db) {
  const exposure = await checkPublicDemo(db, { host: env.HOST, allowPublicDemo: env.KEEL_ALLOW_PUBLIC_DEMO });
  if (exposure?.refuse) {
    logger.fatal(exposure.message);
    process.exit(1);
  }
  if (exposure) logger.warn(exposure.message);
}

let build: ServerBuild | (() => Promise<ServerBuild>);
let devMiddleware;
if (production) {
  const serverBuild = path.resolve(env.KEEL_BUILD_DIR, "server/index.js");
  try {
    build = (await import(serverBuild)) as ServerBuild;
  } catch (error) {
    // The server build imports packages: a KEEL_BUILD_DIR outside the project cannot find node_modules.
    logger.fatal({ err: error }, `cannot load ${serverBuild}: run npm run build first, inside the project`);
    process.exit(1);
  }
} else {
  const vite = await import("vite").then((v) =>
    v.createServer({ server: { middlewareMode: true }, appType: "custom" }),
  );
  devMiddleware = vite.middlewares;
  build = () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
}

// The demo registers Keel with the mock's identity service for the addresses it answers on.
if (db)
  await registerDemoClient(db, [
    ...DEMO_REDIRECT_ORIGINS,
    ...(env.KEEL_PUBLIC_URL ? [env.KEEL_PUBLIC_URL] : []),
  ]);

const { app, beginShutdown } = createServerApp({
  env,
  logger,
  build,
  db,
  apps: appLimits(env),
  devMiddleware,
  clientDir: production ? path.resolve(env.KEEL_BUILD_DIR, "client") : undefined,
});

const server = app.listen(env.PORT, env.HOST, (error?: Error) => {
  // Express 5 hands bind errors (EADDRINUSE…) to this callback instead of throwing.
  if (error) {
    logger.fatal({ err: error }, `cannot listen on ${env.HOST}:${env.PORT}`);
    process.exit(1);
  }
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  void announce(port);
});

/** The start-up line: where Keel answers and, while the demo's published sign-in still works, that sign-in. */
async function announce(port: number) {
  const host = ["0.0.0.0", "::", "[::]"].includes(env.HOST) ? "localhost" : env.HOST;
  const url = `http://${host.includes(":") && !host.startsWith("[") ? `[${host}]` : host}:${port}`;
  const demo = db ? (await demoCredentialLogins(db)).includes("admin") : false;
  logger.info(
    { port, host: env.HOST, mode: env.NODE_ENV, backend: env.BACKEND_URL ? "remote" : "mock" },
    demo ? `Keel is ready at ${url} · sign in as admin / demo` : `Keel is ready at ${url}`,
  );
}

let shuttingDown = false;
function shutdown(signal: string) {
  if (shuttingDown) return;
  shuttingDown = true;
  logger.info({ signal }, "shutting down: finishing in-flight requests");
  beginShutdown();
  const force = setTimeout(() => {
    logger.warn("in-flight requests did not finish in time; closing connections");
    server.closeAllConnections();
    process.exit(1);
  }, SHUTDOWN_GRACE_MS);
  force.unref();
  server.close(async () => {
    await db?.$disconnect();
    logger.info("stopped");
    process.exit(0);
  });
  // Keep-alive connections become idle once their last response is out; close them as they do.
  setInterval(() => server.closeIdleConnections(), 100).unref();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
