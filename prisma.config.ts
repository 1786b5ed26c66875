import path from "node:path";
import { defineConfig } from "prisma/config";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { databaseProvider, resolveDatabaseUrl } from "./prisma/database-url.ts";

// The JavaScript schema engine talks to the database through a driver adapter, so the CLI never
// downloads a Rust engine (air-gapped installs). DATABASE_URL picks SQLite (file:) or PostgreSQL, and
// with it the schema and migrations written for that database.
const url = resolveDatabaseUrl(process.env.DATABASE_URL);
const postgres = databaseProvider(url) === "postgresql";

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  adapter: async () =>
    postgres ? new PrismaPg({ connectionString: url }) : new PrismaBetterSQLite3({ url }),
  schema: postgres
    ? path.join("prisma", "postgresql", "schema.prisma")
    : path.join("prisma", "schema.prisma"),
  migrations: {
    path: postgres ? path.join("prisma", "postgresql", "migrations") : path.join("prisma", "migrations"),
    seed: "node prisma/seed.ts",
  },
});
