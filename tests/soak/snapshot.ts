// Every table of the soak's SQLite file, read with better-sqlite3: row count and a hash of the rows, so the
// database after the soak can be compared with the one before. Columns an intended write may change are
// left out of the hash, table by table.
import { createHash } from "node:crypto";
import { createRequire } from "node:module";

interface Statement {
  all(): Record<string, unknown>[];
}
interface SqliteDatabase {
  prepare(sql: string): Statement;
  close(): void;
}
type SqliteConstructor = new (
  file: string,
  options: { readonly: boolean; fileMustExist: boolean },
) => SqliteDatabase;

// better-sqlite3 ships no types; this is the little of it the snapshot uses.
const Database = createRequire(import.meta.url)("better-sqlite3") as SqliteConstructor;

export interface TableState {
  count: number;
  hash: string;
  /** Each row as canonical JSON, sorted: what a difference is shown from. */
  rows: string[];
}

export type Snapshot = Map<string, TableState>;

/** Columns left out per table: what the soak's intended writes change and cannot put back. */
export type VolatileColumns = Partial<Record<string, readonly string[]>>;

function canonical(row: Record<string, unknown>, skip: ReadonlySet<string>): string {
  const entries = Object.keys(row)
    .filter((column) => !skip.has(column))
    .sort()
    .map((column) => {
      const value = row[column];
      if (Buffer.isBuffer(value)) return [column, `blob:${createHash("sha256").update(value).digest("hex")}`];
      return [column, typeof value === "bigint" ? value.toString() : value];
    });
  return JSON.stringify(Object.fromEntries(entries));
}

export function snapshotDatabase(file: string, volatile: VolatileColumns = {}): Snapshot {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const tables = db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
      )
      .all()
      .map((row) => String(row.name));
    const snapshot: Snapshot = new Map();
    for (const table of tables) {
      const skip = new Set(volatile[table] ?? []);
      const rows = db
        .prepare(`SELECT * FROM "${table.replaceAll('"', '""')}"`)
        .all()
        .map((row) => canonical(row, skip))
        .sort();
      const hash = createHash("sha256").update(rows.join("\n")).digest("hex");
      snapshot.set(table, { count: rows.length, hash, rows });
    }
    return snapshot;
  } finally {
    db.close();
  }
}

const clip = (text: string) => (text.length > 300 ? `${text.slice(0, 300)}…` : text);

type Row = Record<string, unknown>;

/** A changed row as the columns that changed, when `added` has a row that agrees on most of the rest. */
function describeChange(gone: string, added: readonly string[]): string | null {
  const old = JSON.parse(gone) as Row;
  const columns = Object.keys(old);
  let best: { row: Row; same: number } | null = null;
  for (const candidate of added) {
    const row = JSON.parse(candidate) as Row;
    const same = columns.filter(
      (column) => JSON.stringify(row[column]) === JSON.stringify(old[column]),
    ).length;
    if (!best || same > best.same) best = { row, same };
  }
  if (!best || best.same < columns.length / 2) return null;
  const changed = columns.filter(
    (column) => JSON.stringify(best.row[column]) !== JSON.stringify(old[column]),
  );
  const key = columns.find((column) => /^(id|userId|login|idHash)$/.test(column)) ?? columns[0]!;
  return `    ~ ${key}=${JSON.stringify(old[key])}: ${changed
    .map(
      (column) =>
        `${column} ${clip(JSON.stringify(old[column]))} → ${clip(JSON.stringify(best.row[column]))}`,
    )
    .join(", ")}`;
}

/**
 * Tables the intended writes append to, with the rows they may add: a log such as InboxEvent gains a
 * row per write and keeps it, so no row may go, and each new one must be one the writes explain.
 */
export type AppendedRows = Partial<Record<string, (row: Row) => boolean>>;

/** What differs, table by table; empty when the two are equal. */
export function compareSnapshots(before: Snapshot, after: Snapshot, appended: AppendedRows = {}): string[] {
  const problems: string[] = [];
  for (const table of new Set([...before.keys(), ...after.keys()])) {
    const was = before.get(table);
    const is = after.get(table);
    if (!was || !is) {
      problems.push(`${table}: table ${was ? "dropped" : "created"}`);
      continue;
    }
    if (was.hash === is.hash) continue;
    const old = new Set(was.rows);
    const now = new Set(is.rows);
    const gone = was.rows.filter((row) => !now.has(row));
    const added = is.rows.filter((row) => !old.has(row));
    const allowed = appended[table];
    if (allowed && gone.length === 0 && added.every((row) => allowed(JSON.parse(row) as Row))) continue;
    problems.push(
      [
        `${table}: ${was.count} rows before, ${is.count} after; ${gone.length} gone or changed, ${added.length} new or changed`,
        ...gone.slice(0, 3).map((row) => describeChange(row, added) ?? `    - ${clip(row)}`),
        // More rows than went: some are new, not changed; shown as they are.
        ...(added.length > gone.length ? added.slice(0, 3).map((row) => `    + ${clip(row)}`) : []),
      ].join("\n"),
    );
  }
  return problems;
}
