import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaClient } from "../prisma/generated/client.ts";
import { resolveDatabaseUrl } from "../prisma/database-url.ts";

export type Db = PrismaClient;

export function createPrisma(databaseUrl?: string): PrismaClient {
  const url = resolveDatabaseUrl(databaseUrl);
  return new PrismaClient({ adapter: new PrismaBetterSQLite3({ url }) });
}
