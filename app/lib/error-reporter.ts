// The error-reporting service: on only with its feature flag, sampled (docs/shell.md).
import { ERROR_REPORTING_PAGE_LOAD_SAMPLE_RATE, ERROR_REPORTING_SAMPLE_RATE } from "./constants.ts";

export type ErrorReportKind = "pageLoad" | "other";

export interface ErrorReport {
  readonly kind: ErrorReportKind;
  readonly sampleRate: number;
  readonly name: string;
  readonly message: string;
  readonly stack: string | undefined;
  /** The value as thrown, for a service that wants more than the fields above. */
  readonly error: unknown;
}

export interface ErrorReporterOptions {
  readonly enabled: boolean;
  readonly send: (report: ErrorReport) => void;
  /** A number in [0, 1); a report is sent when it falls below the kind's sample rate. */
  readonly random?: () => number;
}

export interface ErrorReporter {
  /** Sends the error unless reporting is off, it is a network error or an abort, or it is sampled out. */
  report(error: unknown, options: { kind: ErrorReportKind }): boolean;
}

/**
 * Browser fetch failures, matched whole (with Firefox's trailing period or Chrome's "(host)"), so
 * "Failed to fetch dynamically imported module" stays reportable: that is a chunk-load error.
 */
export const NETWORK_ERROR_MESSAGES: readonly string[] = [
  "Load failed", // Safari
  "Failed to fetch", // Chromium
  "NetworkError when attempting to fetch resource", // Firefox
];

/** Connection failures, matched anywhere in the message, as polyfills and runtimes word them. */
export const CONNECTION_ERROR_FRAGMENTS: readonly string[] = [
  "Network request failed", // whatwg-fetch polyfill, React Native
  "Network Error", // axios
  "A network error occurred", // XHR and DOMException NetworkError
  "The network connection was lost", // Safari
  "The Internet connection appears to be offline", // Safari
  "net::ERR_", // Chromium net errors: CONNECTION_REFUSED, INTERNET_DISCONNECTED, NETWORK_CHANGED, …
  "ECONNRESET",
  "ECONNREFUSED",
  "ECONNABORTED",
  "ETIMEDOUT",
  "socket hang up",
];

/** Aborted requests, besides any error named AbortError. */
export const ABORT_ERROR_FRAGMENTS: readonly string[] = [
  "The user aborted a request", // older Chromium
  "signal is aborted", // Chromium: "signal is aborted without reason"
  "The operation was aborted", // Firefox, Node
  "Fetch is aborted", // Safari
];

function describe(error: unknown): { name: string; message: string; stack: string | undefined } {
  if (typeof error === "string") return { name: "Error", message: error, stack: undefined };
  if (typeof error === "object" && error !== null) {
    const { name, message, stack } = error as { name?: unknown; message?: unknown; stack?: unknown };
    return {
      name: typeof name === "string" ? name : "Error",
      message: typeof message === "string" ? message : String(error),
      stack: typeof stack === "string" ? stack : undefined,
    };
  }
  return { name: "Error", message: String(error), stack: undefined };
}

function isWholeNetworkMessage(message: string): boolean {
  const text = message.trim().replace(/^TypeError: /, "");
  return NETWORK_ERROR_MESSAGES.some((base) => {
    if (!text.startsWith(base)) return false;
    const rest = text.slice(base.length);
    return /^\.?(?: \([^)]*\))?$/.test(rest);
  });
}

export function isIgnoredError(error: unknown): boolean {
  const { name, message } = describe(error);
  if (name === "AbortError" || name === "NetworkError") return true;
  if (isWholeNetworkMessage(message)) return true;
  return [...CONNECTION_ERROR_FRAGMENTS, ...ABORT_ERROR_FRAGMENTS].some((fragment) =>
    message.includes(fragment),
  );
}

export function sampleRateFor(kind: ErrorReportKind): number {
  return kind === "pageLoad" ? ERROR_REPORTING_PAGE_LOAD_SAMPLE_RATE : ERROR_REPORTING_SAMPLE_RATE;
}

export function createErrorReporter({
  enabled,
  send,
  random = Math.random,
}: ErrorReporterOptions): ErrorReporter {
  return {
    report(error, { kind }) {
      if (!enabled || isIgnoredError(error)) return false;
      const sampleRate = sampleRateFor(kind);
      if (!(random() < sampleRate)) return false;
      send({ kind, sampleRate, ...describe(error), error });
      return true;
    },
  };
}
