import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaClient } from "../prisma/generated/client.ts";
import { databaseFile, resolveDatabaseUrl } from "../prisma/database-url.ts";
import { attachReadCache, createReadCache } from "./read-cache.ts";

export type Db = PrismaClient;

export function createPrisma(databaseUrl?: string): PrismaClient {
  const url = resolveDatabaseUrl(databaseUrl);
  const db = new PrismaClient({ adapter: new PrismaBetterSQLite3({ url }) });
  attachReadCache(db, createReadCache(databaseFile(url)));
  return db;
}
