import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { pino, type Logger } from "pino";
import { pinoHttp } from "pino-http";
import { prettyDestination, resolveLogFormat, type LogFormat } from "./log-format.ts";

/** Everything that could carry a credential is removed before a line is written. */
export const REDACT_PATHS = [
  "req.headers.authorization",
  "req.headers.cookie",
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  "password",
  "*.password",
  "token",
  "*.token",
  "secret",
  "*.secret",
];

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: "keel" },
      redact: { paths: REDACT_PATHS, censor: "[redacted]" },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination,
  );
}

/** Where the process's log lines go: stdout, as JSON or readable lines (LOG_FORMAT). */
export function logDestination(
  format: LogFormat,
  out: NodeJS.WriteStream = process.stdout,
): pino.DestinationStream | undefined {
  if (resolveLogFormat(format, out.isTTY === true) === "json") return undefined;
  return prettyDestination(out, out.hasColors?.() ?? false);
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

/** Keeps a sane incoming X-Request-Id (from a proxy), otherwise makes one. */
export function requestId(req: IncomingMessage): string {
  const incoming = req.headers["x-request-id"];
  return typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

export function httpLogger(logger: Logger) {
  return pinoHttp({
    logger,
    genReqId: (req, res) => {
      const id = requestId(req);
      res.setHeader("X-Request-Id", id);
      return id;
    },
    customLogLevel: (_req, res, error) =>
      error || res.statusCode >= 500 ? "error" : res.statusCode >= 400 ? "warn" : "info",
    serializers: {
      req: (req: { id: unknown; method: string; url: string; headers: Record<string, unknown> }) => ({
        id: req.id,
        method: req.method,
        // Query strings may carry tokens (?token=…); log the path only.
        url: req.url.split("?")[0],
        headers: {
          "user-agent": req.headers["user-agent"],
          authorization: req.headers.authorization,
          cookie: req.headers.cookie,
        },
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    autoLogging: { ignore: (req) => req.url === "/healthz" },
  });
}
