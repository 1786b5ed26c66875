// npm run backend: the mock backend on its own, for Keel's BACKEND_URL mode.
import { hostname } from "node:os";
import express from "express";
import { appLimits, loadEnv } from "#server/env.ts";
import { onStopSignals, shutDownGracefully } from "#server/graceful-shutdown.ts";
import { createLogger } from "#server/logger.ts";
import { mockLimits } from "#server/mock-limits.ts";
import { createMockBackend } from "./app.ts";
import { closeInboxStreams } from "./inbox-events.ts";
import { createPrisma } from "./db.ts";
import { checkPublicDemo } from "./demo-credentials.ts";
import { DEMO_REDIRECT_ORIGINS, registerDemoClient } from "./identity/demo-client.ts";
import { signInThrottleSettings } from "./sign-in-throttle.ts";

const port = Number(process.env.MOCK_BACKEND_PORT ?? 8080);
const env = loadEnv({ ...process.env, BACKEND_URL: undefined });
const logger = createLogger(env.LOG_LEVEL);
const db = createPrisma(env.DATABASE_URL);
const exposure = await checkPublicDemo(db, { host: env.HOST, allowPublicDemo: env.KEEL_ALLOW_PUBLIC_DEMO });
if (exposure?.refuse) {
  logger.fatal(exposure.message);
  process.exit(1);
}
if (exposure) logger.warn(exposure.message);
// Keel may sign in through this identity service from any address on this machine (docs/identity.md).
await registerDemoClient(db, DEMO_REDIRECT_ORIGINS);
const app = express();
app.disable("x-powered-by");
app.set("trust proxy", "loopback");
const instanceId = env.KEEL_INSTANCE_ID ?? `${hostname()}-${process.pid}`;
let stopping = false;
app.use((_req, res, next) => {
  // Its own name: Keel's X-Keel-Instance names the Keel server that relayed the answer.
  res.set("X-Backend-Instance", instanceId);
  if (stopping) res.set("Connection", "close");
  next();
});
// The load balancer's health check: ready while not stopping and the database answers.
app.get("/readyz", async (_req, res) => {
  res.set("Cache-Control", "no-store");
  if (stopping) {
    res.status(503).json({ status: "stopping" });
    return;
  }
  try {
    await db.user.count({ take: 1 });
    res.json({ status: "ready" });
  } catch (error) {
    logger.warn({ err: error }, "readiness check failed");
    res.status(503).json({ status: "database unreachable" });
  }
});
app.use(
  createMockBackend({
    db,
    secret: env.SESSION_SECRET,
    ...mockLimits(env),
    apps: appLimits(env),
    signInThrottle: signInThrottleSettings(env),
  }),
);
app.use((_req, res) => {
  res
    .status(404)
    .json({ error: "not_found", error_description: "The mock backend serves /api and /hub/api/rest" });
});

const server = app.listen(port, env.HOST, (error?: Error) => {
  if (error) throw error;
  logger.info({ port }, `mock backend listening on http://${env.HOST}:${port}`);
});
onStopSignals(
  shutDownGracefully({
    server,
    logger,
    drainMs: env.SHUTDOWN_DRAIN_MS,
    beginShutdown: () => {
      stopping = true;
    },
    closeStreams: closeInboxStreams,
    onClosed: () => db.$disconnect(),
  }),
);
