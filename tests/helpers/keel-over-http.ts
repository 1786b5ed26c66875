// Keel in front of the mock backend on a port of its own (BACKEND_URL), as an on-prem admin runs it.
// `front` sees every request to the backend before the mock does: to hold, count or rewrite them.
import { once } from "node:events";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { Writable } from "node:stream";
import express, { type RequestHandler } from "express";
import { createMockBackendApp } from "#mock-backend/app.ts";
import { DEMO_CLIENT } from "#mock-backend/identity/demo-client.ts";
import { createServerApp } from "#server/app.ts";
import { createLogger } from "#server/logger.ts";
import { freshDatabase, type TestDatabase } from "./database.ts";
import { BUILD_DIR, loadBuild } from "./keel-server.ts";
import { TEST_SECRET } from "./mock-client.ts";

export interface KeelOverHttp {
  database: TestDatabase;
  keelPort: number;
  backendPort: number;
  close(): Promise<void>;
}

async function listen(app: { listen(port: number, host: string): Server }): Promise<[Server, number]> {
  const server = app.listen(0, "127.0.0.1");
  await once(server, "listening");
  return [server, (server.address() as AddressInfo).port];
}

/** Starts the mock backend (behind `front`) on a fresh database, and Keel in production mode in front of it. */
export async function startKeelOverHttp(front: RequestHandler): Promise<KeelOverHttp> {
  const database = freshDatabase();
  const mock = createMockBackendApp({ db: database.db, secret: "backend-secret-0123456789-0123456789" });
  const backendApp = express();
  backendApp.use(front);
  backendApp.use(mock);
  const [backend, backendPort] = await listen(backendApp);
  const { app } = await createServerApp({
    env: {
      NODE_ENV: "production",
      SESSION_SECRET: TEST_SECRET,
      TRUST_PROXY: "false",
      BACKEND_URL: `http://127.0.0.1:${backendPort}`,
      OAUTH_CLIENT_ID: DEMO_CLIENT.id,
      OAUTH_CLIENT_SECRET: DEMO_CLIENT.secret,
    },
    logger: createLogger("info", new Writable({ write: (_chunk, _encoding, callback) => callback() })),
    build: await loadBuild(),
    clientDir: path.join(BUILD_DIR, "client"),
  });
  const [keel, keelPort] = await listen(app);
  return {
    database,
    keelPort,
    backendPort,
    async close() {
      for (const server of [keel, backend]) {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
      await database.close();
    },
  };
}
