// How log lines look: JSON for machines (a file, a pipe, a log collector), one readable line per event for a
// person at a terminal. LOG_FORMAT chooses; `auto` picks by whether the output is a terminal.
import type { DestinationStream } from "pino";

export const LOG_FORMATS = ["auto", "json", "pretty"] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

export function resolveLogFormat(setting: LogFormat, isTerminal: boolean): "json" | "pretty" {
  if (setting === "auto") return isTerminal ? "pretty" : "json";
  return setting;
}

const LEVELS: Record<number, { name: string; colour: number }> = {
  10: { name: "TRACE", colour: 90 },
  20: { name: "DEBUG", colour: 36 },
  30: { name: "INFO", colour: 32 },
  40: { name: "WARN", colour: 33 },
  50: { name: "ERROR", colour: 31 },
  60: { name: "FATAL", colour: 35 },
};

/** Fields every line carries or that the readable line already shows. */
const SHOWN = new Set([
  "level",
  "time",
  "msg",
  "service",
  "pid",
  "hostname",
  "req",
  "res",
  "responseTime",
  "err",
]);

interface LogRecord {
  level?: number;
  time?: string | number;
  msg?: string;
  req?: { id?: string; method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { type?: string; message?: string; stack?: string };
  [key: string]: unknown;
}

const paint = (text: string, code: number, colour: boolean) =>
  colour ? `\u001b[${code}m${text}\u001b[0m` : text;

function clock(time: LogRecord["time"]): string {
  const date = time === undefined ? new Date() : new Date(time);
  return Number.isNaN(date.getTime()) ? "--:--:--" : date.toISOString().slice(11, 19);
}

function value(v: unknown): string {
  if (typeof v === "string") return /[\s"=]/.test(v) ? JSON.stringify(v) : v;
  return JSON.stringify(v);
}

/** One JSON log line as a person reads it: time, level, message, then the other fields as key=value. */
export function prettyLine(json: string, colour = false): string {
  let record: LogRecord;
  try {
    record = JSON.parse(json) as LogRecord;
  } catch {
    return json.endsWith("\n") ? json : `${json}\n`;
  }
  const level = LEVELS[record.level ?? 30] ?? { name: String(record.level), colour: 0 };
  // A finished request reads as the request: method, path, status and time.
  const request =
    record.req?.method && record.res?.statusCode !== undefined
      ? `${record.req.method} ${record.req.url ?? ""} ${record.res.statusCode}${
          record.responseTime === undefined ? "" : ` ${Math.round(record.responseTime)} ms`
        }`
      : null;
  const message = request ?? record.msg ?? "";
  const extra = Object.entries(record)
    .filter(([key, v]) => !SHOWN.has(key) && v !== undefined)
    .map(([key, v]) => `${key}=${value(v)}`);
  const head = [
    paint(clock(record.time), 90, colour),
    paint(level.name.padEnd(5), level.colour, colour),
    message,
  ]
    .concat(extra.length > 0 ? [paint(extra.join(" "), 90, colour)] : [])
    .join(" ");
  const error = record.err?.stack ?? record.err?.message;
  return `${head}${error ? `\n${error}` : ""}\n`;
}

/** A pino destination that writes readable lines to `out` (pino writes one JSON line per call). */
export function prettyDestination(out: NodeJS.WritableStream, colour: boolean): DestinationStream {
  return { write: (line: string) => void out.write(prettyLine(line.trimEnd(), colour)) };
}
