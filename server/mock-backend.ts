// The mock backend inside Keel's process, when no BACKEND_URL is set: mounted for the browser's /api and
// /hub, and dispatched to in process by the API client's transport. server/app.ts imports this module
// only then, so in front of a real backend neither the mock nor Prisma and SQLite are loaded.
import type { Express } from "express";
import { createMockBackend, createMockBackendApp, type AppLimits } from "#mock-backend/app.ts";
import type { Db } from "#mock-backend/db.ts";
import { DEMO_CLIENT } from "#mock-backend/identity/demo-client.ts";
import { closeInboxStreams } from "#mock-backend/inbox-events.ts";
import { signInThrottleSettings, type SignInThrottleVariable } from "#mock-backend/sign-in-throttle.ts";
import type { Env } from "./env.ts";
import { mockLimits, mockPushOptions, type MockLimitVariable } from "./mock-limits.ts";
import { createInProcessTransport } from "./transport.ts";
import type { BackendTransport } from "#app/lib/keel-context.ts";

export interface InProcessBackend {
  transport: BackendTransport;
  /** The OAuth client the demo registers for Keel with the mock's identity service. */
  client: { id: string; secret: string };
  /** Adds the mock's /api and /hub routes to Keel's app, where the server's middleware order puts them. */
  mount(app: Express): void;
  /** Ends what keeps connections open by itself (the inbox's event streams). */
  close(): void;
}

export function createInProcessBackend(options: {
  db: Db;
  env: Pick<Env, "SESSION_SECRET"> & Partial<Pick<Env, MockLimitVariable | SignInThrottleVariable>>;
  apps?: AppLimits;
}): InProcessBackend {
  const { db, env, apps } = options;
  const router = createMockBackend({
    db,
    secret: env.SESSION_SECRET,
    ...mockLimits(env),
    ...mockPushOptions(env),
    apps,
    signInThrottle: signInThrottleSettings(env),
  });
  return {
    transport: createInProcessTransport(createMockBackendApp({ router })),
    client: DEMO_CLIENT,
    mount: (app) => app.use(router),
    close: closeInboxStreams,
  };
}
