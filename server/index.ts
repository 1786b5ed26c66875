// Starts Keel: node server/index.ts (development, with Vite) or
// NODE_ENV=production node server/index.ts (serves an existing build, from KEEL_BUILD_DIR or build/).
import { hostname } from "node:os";
import path from "node:path";
import type { ServerBuild } from "react-router";
import { createPrisma } from "../mock-backend/db.ts";
import { checkPublicDemo } from "../mock-backend/demo-credentials.ts";
import { DEMO_REDIRECT_ORIGINS, registerDemoClient } from "../mock-backend/identity/demo-client.ts";
import { createServerApp } from "./app.ts";
import { appLimits, EnvError, loadEnv, type Env } from "./env.ts";
import { onStopSignals, shutDownGracefully } from "./graceful-shutdown.ts";
import { createLogger } from "./logger.ts";

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

const logger = createLogger(env.LOG_LEVEL);
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

const { app, beginShutdown, closeStreams } = createServerApp({
  env,
  logger,
  build,
  db,
  apps: appLimits(env),
  devMiddleware,
  clientDir: production ? path.resolve(env.KEEL_BUILD_DIR, "client") : undefined,
  instanceId: env.KEEL_INSTANCE_ID ?? `${hostname()}-${process.pid}`,
});

const server = app.listen(env.PORT, env.HOST, (error?: Error) => {
  // Express 5 hands bind errors (EADDRINUSE…) to this callback instead of throwing.
  if (error) {
    logger.fatal({ err: error }, `cannot listen on ${env.HOST}:${env.PORT}`);
    process.exit(1);
  }
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  logger.info(
    { port, host: env.HOST, mode: env.NODE_ENV, backend: env.BACKEND_URL ? "remote" : "mock" },
    `Keel listening on http://${env.HOST}:${port}`,
  );
});

onStopSignals(
  shutDownGracefully({
    server,
    logger,
    drainMs: env.SHUTDOWN_DRAIN_MS,
    beginShutdown,
    closeStreams,
    onClosed: async () => {
      await db?.$disconnect();
    },
  }),
);
