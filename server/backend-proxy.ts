import { Agent, type IncomingMessage, type ServerResponse } from "node:http";
import { Agent as HttpsAgent } from "node:https";
import type { RequestHandler } from "express";
import { createProxyMiddleware } from "http-proxy-middleware";
import type { Logger } from "pino";
import { forwardedHeaders } from "./forwarded-headers.ts";
import { EVENT_STREAM_PATH } from "./stream-limit.ts";

/** `/api` and `/hub` themselves or below them; never `/apifoo` or `/hubris`. */
const PROXIED_PATH = /^\/(?:api|hub)(?:\/|$)/;

/** Headers only a proxy in front of Keel may set; a client's own never reach the backend. */
const CLIENT_FORWARDING_HEADERS = [
  "forwarded",
  "x-forwarded-for",
  "x-forwarded-host",
  "x-forwarded-port",
  "x-forwarded-proto",
  "x-forwarded-prefix",
  "x-real-ip",
];

/** The raw path of a request target, before any decoding or normalising. */
function rawPath(url: string): string {
  const end = url.search(/[?#]/);
  return end < 0 ? url : url.slice(0, end);
}

/**
 * Whether a path could mean another resource to the backend than to Keel: a dot segment, raw or encoded,
 * an encoded or back slash, a `;` (path parameters: `..;` is `..` to some servers), a NUL, or an escape
 * that still decodes further.
 */
export function isAmbiguousPath(path: string): boolean {
  if (/[;\\]/.test(path)) return true;
  for (const segment of path.split("/")) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return true;
    }
    if (decoded === "." || decoded === "..") return true;
    if (/[/\\;\0]|%[0-9a-f]{2}/i.test(decoded)) return true;
  }
  return false;
}

/** How long a relayed request may go without a byte from the backend before it fails. */
export const BACKEND_PROXY_TIMEOUT_MS = 30_000;
/** Connections to the backend the relay of ordinary requests keeps, in use and idle. */
const BACKEND_SOCKETS = 256;
const IDLE_BACKEND_SOCKETS = 64;

/** Reconnection time a proxied event stream is told to wait when this server stops, before jitter. */
const DRAIN_RETRY_MS = 500;
/** The longest a closing stream waits for the end of the message it is in the middle of. */
const DRAIN_BOUNDARY_WAIT_MS = 1000;

interface ProxiedStream {
  /** Whether everything sent so far ends at a message boundary (a blank line). */
  atBoundary: boolean;
  closing: boolean;
  close(): void;
}
const proxiedStreams = new Set<ProxiedStream>();

/** Follows an event stream the proxy relays, so that closing it never cuts a message in half. */
function trackEventStream(proxyRes: IncomingMessage, res: ServerResponse): void {
  let tail = "";
  const stream: ProxiedStream = {
    atBoundary: true,
    closing: false,
    close() {
      proxiedStreams.delete(stream);
      if (res.writableEnded) return;
      res.write(`retry: ${DRAIN_RETRY_MS + Math.floor(Math.random() * DRAIN_RETRY_MS)}\n\n`);
      res.end();
      proxyRes.destroy();
    },
  };
  proxiedStreams.add(stream);
  proxyRes.on("data", (chunk: Buffer) => {
    tail = (tail + chunk.toString("latin1")).slice(-2);
    stream.atBoundary = tail === "\n\n";
    // After the relay has written this chunk.
    if (stream.closing && stream.atBoundary) setImmediate(() => stream.close());
  });
  res.on("close", () => proxiedStreams.delete(stream));
}

/**
 * Ends every event stream relayed from the backend with a short retry hint, at a message boundary, so
 * browsers reconnect (with their Last-Event-ID) to another server.
 */
export function closeProxiedStreams(): void {
  for (const stream of proxiedStreams) {
    stream.closing = true;
    if (stream.atBoundary) stream.close();
    else setTimeout(() => stream.close(), DRAIN_BOUNDARY_WAIT_MS).unref();
  }
}

/**
 * Reverse-proxies `/api` and `/hub` to the backend, path for path, with Keel's own forwarding headers.
 * Ordinary requests share a pool of kept-alive connections (`agent`); an event stream holds its connection
 * for as long as its tab is open, so each gets one of its own, outside the pool: streams are bounded by
 * KEEL_MAX_EVENT_STREAMS (server/stream-limit.ts), and never leave the pool without a connection for
 * everything else.
 */
export function backendProxy(
  backendUrl: string,
  logger: Logger,
  {
    timeoutMs = BACKEND_PROXY_TIMEOUT_MS,
    agent = new (backendUrl.startsWith("https:") ? HttpsAgent : Agent)({
      keepAlive: true,
      maxSockets: BACKEND_SOCKETS,
      maxFreeSockets: IDLE_BACKEND_SOCKETS,
    }),
  }: { timeoutMs?: number; agent?: Agent } = {},
): RequestHandler {
  const relay = (pool: Agent | false) =>
    createProxyMiddleware({
      target: backendUrl,
      agent: pool,
      changeOrigin: true,
      xfwd: false,
      proxyTimeout: timeoutMs,
      on: {
        proxyRes: (proxyRes, _req, res) => {
          if (/^text\/event-stream/i.test(String(proxyRes.headers["content-type"] ?? ""))) {
            // A stream is quiet between messages for as long as it likes; its client tells a dead one by
            // the missing pings and reconnects, which closes this relay too.
            proxyRes.socket.setTimeout(0);
            trackEventStream(proxyRes, res);
          }
        },
        error: (error, _req, res) => {
          logger.warn({ err: error }, "backend proxy failure");
          if ("writeHead" in res && !res.headersSent) {
            res.writeHead(502, { "Content-Type": "application/json" });
            res.end(
              JSON.stringify({ error: "bad_gateway", error_description: "The backend is unreachable" }),
            );
          }
        },
      },
    });
  const proxy = relay(agent);
  const streamProxy = relay(false);
  return (req, res, next) => {
    const path = rawPath(req.originalUrl);
    if (!PROXIED_PATH.test(path)) return next();
    if (isAmbiguousPath(path)) {
      res.status(400).json({ error: "bad_request", error_description: "The request path is not allowed" });
      return;
    }
    const forwarded = forwardedHeaders(req);
    for (const name of CLIENT_FORWARDING_HEADERS) delete req.headers[name];
    Object.assign(req.headers, forwarded);
    void (EVENT_STREAM_PATH.test(req.path) ? streamProxy : proxy)(req, res, next);
  };
}
