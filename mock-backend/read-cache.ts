// Answers to the mock's hottest reads, kept until the database changes: SQLite's `PRAGMA data_version` on a
// read-only connection of our own moves whenever any other connection commits, whichever process wrote.
// A database that is not a SQLite file gets no cache.
import { createRequire } from "node:module";
import type { Db } from "./db.ts";

interface Watcher {
  prepare(source: string): { pluck(): { get(): unknown } };
  close(): void;
}
type WatcherConstructor = new (
  file: string,
  options: { readonly: boolean; fileMustExist: boolean },
) => Watcher;

/** Entries above this are dropped all at once: the cache holds per-user answers of a demo's few users. */
const MAX_ENTRIES = 2000;

export interface ReadCache {
  /** `load()`'s answer, frozen and shared until the database changes; a failed load is not kept. */
  read<T>(key: string, load: () => Promise<T>): Promise<T>;
  close(): void;
}

/** Every answer the caches have given out: deep-frozen, so what is derived from one can be kept with it. */
const answers = new WeakSet<object>();

export function isCachedAnswer(value: unknown): value is object {
  return typeof value === "object" && value !== null && answers.has(value);
}

const passThrough: ReadCache = { read: (_key, load) => load(), close() {} };
const caches = new WeakMap<Db, ReadCache>();

function deepFreeze<T>(value: T): T {
  // Typed arrays with elements cannot be frozen; the cached reads hold none.
  if (value && typeof value === "object" && !ArrayBuffer.isView(value) && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

export function createReadCache(file: string | null): ReadCache {
  if (!file) return passThrough;
  let watcher: Watcher | undefined;
  // A prepared statement: a fraction of db.pragma()'s cost a read (docs/benchmarks.md, Measured choices).
  let dataVersion: { get(): unknown } | undefined;
  const version = (): number | null => {
    if (!dataVersion) {
      try {
        const Database = createRequire(import.meta.url)("better-sqlite3") as WatcherConstructor;
        watcher = new Database(file, { readonly: true, fileMustExist: true });
        dataVersion = watcher.prepare("PRAGMA data_version").pluck();
      } catch {
        // Not created yet (the setup makes it): try again on the next read.
        return null;
      }
    }
    return Number(dataVersion.get());
  };
  const entries = new Map<string, { version: number; answer: Promise<unknown> }>();
  return {
    read<T>(key: string, load: () => Promise<T>): Promise<T> {
      const current = version();
      if (current === null) return load();
      const entry = entries.get(key);
      if (entry && entry.version === current) return entry.answer as Promise<T>;
      if (entries.size >= MAX_ENTRIES) entries.clear();
      const answer = load().then((value) => {
        deepFreeze(value);
        if (typeof value === "object" && value !== null) answers.add(value);
        return value;
      });
      entries.set(key, { version: current, answer });
      answer.catch(() => {
        if (entries.get(key)?.answer === answer) entries.delete(key);
      });
      return answer;
    },
    close() {
      entries.clear();
      watcher?.close();
      watcher = undefined;
      dataVersion = undefined;
    },
  };
}

/** Ties a cache to a Prisma client (createPrisma does); a client without one reads straight through. */
export function attachReadCache(db: Db, cache: ReadCache): void {
  caches.set(db, cache);
}

export function readCache(db: Db): ReadCache {
  return caches.get(db) ?? passThrough;
}
