import { LOGGER_FAILURE_MESSAGE } from "./app-errors.ts";
import { LOG_BUFFER_LIMIT } from "./constants.ts";

export const LOG_LEVELS = ["debug", "info", "warn", "error"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export type LogEntry = {
  time: number;
  level: LogLevel;
  message: string;
  details?: unknown;
};

export type ClientLoggerOptions = {
  limit?: number;
  now?: () => number;
  /** Called with every recorded entry, e.g. to forward it to the console or an error reporter. */
  sink?: (entry: LogEntry) => void;
};

export type ClientLogger = {
  debug(message: string, details?: unknown): void;
  info(message: string, details?: unknown): void;
  warn(message: string, details?: unknown): void;
  error(message: string, details?: unknown): void;
  entries(): LogEntry[];
  clear(): void;
  /** One line per entry: ISO time, level, message, JSON details. Never throws. */
  exportText(): string;
};

const REDACTED = "[redacted]";
const SECRET_KEY = /password|token|secret|authorization|cookie/i;
const MAX_DETAILS_DEPTH = 20;

/**
 * A detached copy of `value` with secret-named keys redacted and cycles cut, so the buffer neither
 * leaks credentials into a downloaded log nor pins (or follows changes to) the caller's objects.
 */
function sanitize(value: unknown, ancestors: WeakSet<object>, depth: number): unknown {
  if (typeof value !== "object" || value === null) {
    return typeof value === "function" || typeof value === "symbol" ? String(value) : value;
  }
  if (ancestors.has(value)) return "[Circular]";
  if (depth >= MAX_DETAILS_DEPTH) return "[Truncated]";
  if (value instanceof Date) return new Date(value.getTime());
  ancestors.add(value);
  try {
    if (Array.isArray(value)) return value.map((item) => sanitize(item, ancestors, depth + 1));
    const copy: Record<string, unknown> = {};
    // Error's name, message and stack are not enumerable, so JSON would drop them.
    if (value instanceof Error) {
      copy.name = value.name;
      copy.message = value.message;
      if (value.stack !== undefined) copy.stack = value.stack;
      if (value.cause !== undefined) copy.cause = sanitize(value.cause, ancestors, depth + 1);
    }
    for (const [key, item] of Object.entries(value)) {
      copy[key] = SECRET_KEY.test(key) ? REDACTED : sanitize(item, ancestors, depth + 1);
    }
    return copy;
  } finally {
    // Only ancestors count as cycles; the same object reached twice side by side is fine.
    ancestors.delete(value);
  }
}

function reportFailure(error: unknown): void {
  try {
    console.error(LOGGER_FAILURE_MESSAGE, error);
  } catch {
    // Nowhere left to report to.
  }
}

function formatTime(time: number): string {
  const date = new Date(time);
  return Number.isNaN(date.getTime()) ? String(time) : date.toISOString();
}

function formatDetails(details: unknown): string {
  try {
    const json = JSON.stringify(details, (_key, value: unknown) =>
      typeof value === "bigint" ? `${value}n` : value,
    );
    return json ?? String(details);
  } catch {
    return "[unserializable details]";
  }
}

export function formatLogEntry(entry: LogEntry): string {
  const message = entry.message.replace(/\r\n|\r|\n/g, "\\n");
  const line = `${formatTime(entry.time)} ${entry.level.toUpperCase()} ${message}`;
  return entry.details === undefined ? line : `${line} ${formatDetails(entry.details)}`;
}

export function createClientLogger({
  limit = LOG_BUFFER_LIMIT,
  now = Date.now,
  sink,
}: ClientLoggerOptions = {}): ClientLogger {
  if (!Number.isSafeInteger(limit) || limit < 1) throw new RangeError(`Invalid log buffer limit: ${limit}`);

  // A fixed-size ring: `next` is where the next entry goes, which once full is also the oldest.
  let buffer: (LogEntry | undefined)[] = new Array<LogEntry | undefined>(limit);
  let next = 0;
  let size = 0;

  function log(level: LogLevel, message: string, details?: unknown): void {
    let entry: LogEntry;
    try {
      const draft: LogEntry = { time: now(), level, message: String(message) };
      if (details !== undefined) draft.details = sanitize(details, new WeakSet(), 0);
      // Frozen so a sink cannot rewrite the recorded fields.
      entry = Object.freeze(draft);
      buffer[next] = entry;
      next = (next + 1) % limit;
      if (size < limit) size += 1;
    } catch (error) {
      reportFailure(error);
      return;
    }
    if (sink === undefined) return;
    try {
      sink(entry);
    } catch (error) {
      reportFailure(error);
    }
  }

  function entries(): LogEntry[] {
    const result: LogEntry[] = [];
    const start = size < limit ? 0 : next;
    for (let i = 0; i < size; i += 1) {
      const entry = buffer[(start + i) % limit];
      if (entry !== undefined) result.push(entry);
    }
    return result;
  }

  return {
    debug: (message, details) => log("debug", message, details),
    info: (message, details) => log("info", message, details),
    warn: (message, details) => log("warn", message, details),
    error: (message, details) => log("error", message, details),
    entries,
    clear() {
      buffer = new Array<LogEntry | undefined>(limit);
      next = 0;
      size = 0;
    },
    exportText() {
      try {
        return entries()
          .map((entry) => `${formatLogEntry(entry)}\n`)
          .join("");
      } catch (error) {
        reportFailure(error);
        return "";
      }
    },
  };
}

function localDate(time: number): string {
  const date = new Date(time);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

// Revoking right after click() can cancel the download in some browsers; FileSaver.js waits 40 s too.
const REVOKE_OBJECT_URL_DELAY_MS = 40_000;

/** Saves `logger.exportText()` as `keel-log-<yyyy-mm-dd>.txt`; false without a document or on refusal. */
export function downloadLog(
  logger: Pick<ClientLogger, "exportText">,
  documentRef: Document | undefined = globalThis.document,
  urlApi: Pick<typeof URL, "createObjectURL" | "revokeObjectURL"> = URL,
): boolean {
  if (documentRef === undefined) return false;
  try {
    const blob = new Blob([logger.exportText()], { type: "text/plain;charset=utf-8" });
    const href = urlApi.createObjectURL(blob);
    const link = documentRef.createElement("a");
    link.href = href;
    link.download = `keel-log-${localDate(Date.now())}.txt`;
    link.rel = "noopener";
    // Older Firefox ignores clicks on links that are not in the document.
    documentRef.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => urlApi.revokeObjectURL(href), REVOKE_OBJECT_URL_DELAY_MS);
    return true;
  } catch (error) {
    console.error("Failed to download log", error);
    return false;
  }
}
