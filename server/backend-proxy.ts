import type { IncomingMessage, ServerResponse } from "node:http";
import type { Request, RequestHandler } from "express";
import { createProxyMiddleware } from "http-proxy-middleware";
import type { Logger } from "pino";

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

/** X-Forwarded-* from what Keel knows of the caller (its trust proxy setting decides ip, host, protocol). */
export function forwardedHeaders(req: Request): Record<string, string> {
  return {
    "x-forwarded-for": req.ip ?? req.socket.remoteAddress ?? "",
    "x-forwarded-host": req.host ?? req.get("host") ?? "",
    "x-forwarded-proto": req.protocol,
  };
}

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

/** Reverse-proxies `/api` and `/hub` to the backend, path for path, with Keel's own forwarding headers. */
export function backendProxy(backendUrl: string, logger: Logger): RequestHandler {
  const proxy = createProxyMiddleware({
    target: backendUrl,
    changeOrigin: true,
    xfwd: false,
    proxyTimeout: 30_000,
    on: {
      proxyRes: (proxyRes, _req, res) => {
        if (/^text\/event-stream/i.test(String(proxyRes.headers["content-type"] ?? ""))) {
          trackEventStream(proxyRes, res);
        }
      },
      error: (error, _req, res) => {
        logger.warn({ err: error }, "backend proxy failure");
        if ("writeHead" in res && !res.headersSent) {
          res.writeHead(502, { "Content-Type": "application/json" });
          res.end(JSON.stringify({ error: "bad_gateway", error_description: "The backend is unreachable" }));
        }
      },
    },
  });
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
    void proxy(req, res, next);
  };
}
