// Keel's process, started by server/index.js: the environment, the database and demo set-up, the build,
// the server app, listening and graceful shutdown.
import { hostname } from "node:os";
import path from "node:path";
import type { ServerBuild } from "react-router";
import type { Db } from "#mock-backend/db.ts";
import { createServerApp } from "./app.ts";
import { appLimits, EnvError, loadEnv, type Env } from "./env.ts";
import { onStopSignals, shutDownGracefully } from "./graceful-shutdown.ts";
import { keepConnectionsAlive } from "./keep-alive.ts";
import { createLogger, logDestination } from "./logger.ts";
import { warmUpWhenQuiet } from "./warm-up.ts";

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

/** How long the server waits for a moment without requests before it warms up (server/warm-up.ts). */
const WARM_UP_QUIET_MS = 500;

const logger = createLogger(env.LOG_LEVEL, logDestination(env.LOG_FORMAT));
const production = env.NODE_ENV === "production";
// The mock and Prisma load only when the mock is mounted.
let db: Db | undefined;
if (!env.BACKEND_URL) {
  const { createPrisma } = await import("#mock-backend/db.ts");
  const { checkPublicDemo } = await import("#mock-backend/demo-credentials.ts");
  db = createPrisma(env.DATABASE_URL);
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
if (db) {
  const { DEMO_REDIRECT_ORIGINS, registerDemoClient } = await import("#mock-backend/identity/demo-client.ts");
  await registerDemoClient(db, [
    ...DEMO_REDIRECT_ORIGINS,
    ...(env.KEEL_PUBLIC_URL ? [env.KEEL_PUBLIC_URL] : []),
  ]);
}

const { app, beginShutdown, closeStreams } = await createServerApp({
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
  void announce(port);
  // A development server renders with Vite's modules, loaded on each use: nothing to warm.
  const warmUp = typeof build === "object" && (build.entry.module as { warmUp?: () => void }).warmUp;
  if (warmUp) warmUpWhenQuiet(server, warmUp, { quietMs: WARM_UP_QUIET_MS, logger });
});
keepConnectionsAlive(server);

/** The start-up line: where Keel answers and, while the demo's published sign-in still works, that sign-in. */
async function announce(port: number) {
  const host = ["0.0.0.0", "::", "[::]"].includes(env.HOST) ? "localhost" : env.HOST;
  const url = `http://${host.includes(":") && !host.startsWith("[") ? `[${host}]` : host}:${port}`;
  let demo = false;
  if (db) {
    const { demoCredentialLogins } = await import("#mock-backend/demo-credentials.ts");
    demo = (await demoCredentialLogins(db)).includes("admin");
  }
  logger.info(
    { port, host: env.HOST, mode: env.NODE_ENV, backend: env.BACKEND_URL ? "remote" : "mock" },
    demo ? `Keel is ready at ${url} · sign in as admin / demo` : `Keel is ready at ${url}`,
  );
}

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
