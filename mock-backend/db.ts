import { createRequire } from "node:module";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import type { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "#prisma/generated/client.ts";
import type { PrismaClient as PostgresPrismaClient } from "#prisma/postgresql/generated/client.ts";
import { databaseFile, databaseProvider, resolveDatabaseUrl } from "#prisma/database-url.ts";
import { attachReadCache, createReadCache } from "./read-cache.ts";

export type Db = PrismaClient;

/** Connections each process opens to PostgreSQL at most (the pg pool's size). */
const POSTGRES_POOL_SIZE = 10;

const providers = new WeakMap<Db, "sqlite" | "postgresql">();
const urls = new WeakMap<Db, string>();

/** The database a client talks to, for the few statements written per database (raw SQL, notifications). */
export function dbProvider(db: Db): "sqlite" | "postgresql" {
  return providers.get(db) ?? "sqlite";
}

/** The URL a client was made for: a PostgreSQL listener opens a connection of its own to it. */
export function dbUrl(db: Db): string | undefined {
  return urls.get(db);
}

type SqliteAdapter = Awaited<ReturnType<PrismaBetterSQLite3["connect"]>>;

/**
 * A statement that writes nothing but takes SQLite's write lock, waiting (the busy timeout) while another
 * connection holds it. The User table is in every schema this client is made for.
 */
const TAKE_WRITE_LOCK = 'UPDATE "User" SET "id" = "id" WHERE 0';

/**
 * SQLite's driver adapter begins a transaction with a plain BEGIN, which takes no lock until the first
 * statement. A transaction that reads and then writes then holds a read lock while it asks for the write
 * lock, and when another connection (the apps CLI, `db:setup`, a second process, a test) is writing at that
 * moment SQLite answers SQLITE_BUSY at once instead of waiting, since waiting could deadlock: the write fails.
 * Every transaction here takes the write lock first, as BEGIN IMMEDIATE would (decision 0019).
 */
export class ImmediateSqliteTransactions extends PrismaBetterSQLite3 {
  override async connect(): Promise<SqliteAdapter> {
    const adapter = await super.connect();
    const begin = adapter.startTransaction.bind(adapter);
    adapter.startTransaction = async (isolationLevel) => {
      const transaction = await begin(isolationLevel);
      try {
        await transaction.executeRaw({ sql: TAKE_WRITE_LOCK, args: [], argTypes: [] });
      } catch (error) {
        await transaction.rollback();
        throw error;
      }
      return transaction;
    };
    return adapter;
  }
}

export function createPrisma(databaseUrl?: string): PrismaClient {
  const url = resolveDatabaseUrl(databaseUrl);
  let db: PrismaClient;
  if (databaseProvider(url) === "postgresql") {
    // Both clients come from one schema (prisma/postgresql-schema.ts), so their model APIs are the same.
    // Required here, not imported: a demo on SQLite never loads PostgreSQL's client and driver.
    const require = createRequire(import.meta.url);
    const { PrismaPg: Adapter } = require("@prisma/adapter-pg") as { PrismaPg: typeof PrismaPg };
    const { PrismaClient: Client } = require("#prisma/postgresql/generated/client.ts") as {
      PrismaClient: typeof PostgresPrismaClient;
    };
    db = new Client({
      adapter: new Adapter({ connectionString: url, max: POSTGRES_POOL_SIZE }),
    }) as unknown as PrismaClient;
    providers.set(db, "postgresql");
  } else {
    db = new PrismaClient({ adapter: new ImmediateSqliteTransactions({ url }) });
    providers.set(db, "sqlite");
  }
  urls.set(db, url);
  // A PostgreSQL database gets no read cache (databaseFile is null): every read sees every commit.
  attachReadCache(db, createReadCache(databaseFile(url)));
  return db;
}
