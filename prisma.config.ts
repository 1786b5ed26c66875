import path from "node:path";
import { defineConfig } from "prisma/config";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { resolveDatabaseUrl } from "./prisma/database-url.ts";

// The JavaScript schema engine talks to SQLite through the driver adapter, so the
// CLI never downloads a Rust engine (air-gapped installs).
export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  adapter: async () => new PrismaBetterSQLite3({ url: resolveDatabaseUrl(process.env.DATABASE_URL) }),
  schema: path.join("prisma", "schema.prisma"),
  migrations: {
    path: path.join("prisma", "migrations"),
    seed: "node prisma/seed.ts",
  },
});
