// Answers to the mock's hottest reads, kept until the database changes: SQLite's `PRAGMA data_version` on a
// read-only connection of our own moves whenever any other connection commits, whichever process wrote.
// Asking it takes SQLite's file locks (17 µs a read on the 2-core machine); a file that has not changed
// since it was last asked keeps its version, which its metadata tells in a few µs (`unchangedSince`).
// A database that is not a SQLite file gets no cache.
import { statSync, type Stats } from "node:fs";
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
  /** How often SQLite was asked for the database's version (the rest were told by the file's metadata). */
  readonly versionQueries: number;
  close(): void;
}

/** Every answer the caches have given out: deep-frozen, so what is derived from one can be kept with it. */
const answers = new WeakSet<object>();

export function isCachedAnswer(value: unknown): value is object {
  return typeof value === "object" && value !== null && answers.has(value);
}

const passThrough: ReadCache = { read: (_key, load) => load(), versionQueries: 0, close() {} };

/**
 * How old a file's modification time must be when its version is asked for the two to be trusted together.
 * A commit writes the file (rollback journal), which moves its mtime, but only to the file system's clock:
 * the kernel's coarse tick (1–10 ms) on ext4, xfs, btrfs and tmpfs, 2 s on FAT. Two commits within one
 * tick leave the same mtime, so a version asked within a tick of the last write could be followed by a
 * commit that the metadata does not show. Past that, any later write moves the mtime. Git's index treats
 * "racily clean" files the same way.
 */
export const RACY_WRITE_MS = 2_000;

/** What of a file's metadata moves when it is written, replaced or touched. */
interface FileMark {
  ino: number;
  size: number;
  mtimeMs: number;
  ctimeMs: number;
}

function markOf(stats: Stats): FileMark {
  return { ino: stats.ino, size: stats.size, mtimeMs: stats.mtimeMs, ctimeMs: stats.ctimeMs };
}

function sameMark(a: FileMark, b: Stats): boolean {
  return a.ino === b.ino && a.size === b.size && a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs;
}

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
  // In WAL mode a commit appends to `<file>-wal` and leaves the database file alone. Asked of SQLite, never
  // by opening the file: closing a descriptor of our own would drop every POSIX lock this process holds on
  // it, SQLite's connections' included (sqlite.org/howtocorrupt.html, 2.2).
  let journalMode: { get(): unknown } | undefined;
  const version = (): number | null => {
    if (!dataVersion) {
      try {
        const Database = createRequire(import.meta.url)("better-sqlite3") as WatcherConstructor;
        watcher = new Database(file, { readonly: true, fileMustExist: true });
        dataVersion = watcher.prepare("PRAGMA data_version").pluck();
        journalMode = watcher.prepare("PRAGMA journal_mode").pluck();
      } catch {
        // Not created yet (the setup makes it): try again on the next read.
        return null;
      }
    }
    return Number(dataVersion.get());
  };
  let versionQueries = 0;
  /** The last version asked, with the file's metadata just before, while the file had been quiet. */
  let unchangedSince: { version: number; mark: FileMark } | undefined;
  const currentVersion = (): number | null => {
    const stats = statSync(file, { throwIfNoEntry: false });
    if (unchangedSince && stats && sameMark(unchangedSince.mark, stats)) return unchangedSince.version;
    const askedAt = Date.now();
    const current = version();
    versionQueries++;
    unchangedSince =
      current !== null && stats && askedAt - stats.mtimeMs > RACY_WRITE_MS && journalMode?.get() !== "wal"
        ? { version: current, mark: markOf(stats) }
        : undefined;
    return current;
  };
  const entries = new Map<string, { version: number; answer: Promise<unknown> }>();
  return {
    read<T>(key: string, load: () => Promise<T>): Promise<T> {
      const current = currentVersion();
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
    get versionQueries() {
      return versionQueries;
    },
    close() {
      unchangedSince = undefined;
      entries.clear();
      watcher?.close();
      watcher = undefined;
      dataVersion = undefined;
      journalMode = undefined;
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
