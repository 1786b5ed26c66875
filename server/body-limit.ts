import type { Request, RequestHandler, Response } from "express";

/** The paths that take an app package: the admin page's form, its single-fetch twin, the backend's API. */
export const APP_UPLOAD_PATHS: readonly string[] = ["/admin/apps", "/admin/apps.data", "/api/admin/apps"];

/** Only a file upload takes the upload limit there; a form or JSON to the same path takes the small one. */
const UPLOAD_TYPE = /^(multipart\/form-data|application\/zip|application\/x-zip-compressed)\s*(;|$)/i;

export interface BodyLimits {
  /** Bytes any request body may have. */
  maxBodyBytes: number;
  /** Bytes an upload (multipart or zip) may have on `uploadPaths`. */
  maxUploadBytes: number;
  uploadPaths?: readonly string[];
}

/** React Router matches paths case-insensitively and with a trailing slash; so does the limit. */
function pathKey(path: string): string {
  return path.toLowerCase().replace(/\/+$/, "") || "/";
}

function hasBody(req: Request): boolean {
  return req.headers["transfer-encoding"] !== undefined || req.headers["content-length"] !== undefined;
}

/**
 * After refusing, the connection lingers: Keel's side is shut once the answer is out, and the rest of the
 * body is read and dropped until it ends or for LINGER_MS, then the socket closes. Closing at once, with
 * the client's bytes unread, resets the connection, and the client may lose the 413 it was sent.
 */
const LINGER_MS = 2_000;

function bodyBytes(chunk: unknown, encoding?: BufferEncoding): number {
  if (chunk === null || chunk === undefined) return 0;
  return typeof chunk === "string" ? Buffer.byteLength(chunk, encoding) : (chunk as Buffer).length;
}

/**
 * Answers 413 at once, with `Connection: close`; from then on the body's bytes are dropped unread.
 * Whatever was reading the body sees the request abort, never a truncated body's end, and the answer
 * already sent stays the only one.
 */
function refuse(req: Request, res: Response): void {
  const answering = !res.headersSent;
  const socket = req.socket;
  const destroyRequest = req.destroy.bind(req);
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    clearTimeout(timer);
    const destroy = () => destroyRequest(new Error("request body over the limit"));
    // Destroying the socket drops what it has not written yet: the 413 goes out first.
    if (answering && !res.writableFinished) res.once("finish", destroy);
    else destroy();
  };
  const timer = setTimeout(close, LINGER_MS).unref();
  // Node closes a `Connection: close` socket as soon as the answer is written, and a reader that gives
  // up (React Router cancels the body once the answer is out) destroys the request: both only shut
  // Keel's side now; the linger closes the rest.
  socket.destroySoon = () => void socket.end();
  req.destroy = () => req;
  req.push = (chunk: unknown) => {
    if (chunk === null) close();
    return true;
  };
  // Reading on keeps the client's writes flowing; nothing reaches a listener.
  req.resume();
  if (!answering) {
    close();
    return;
  }
  const api = /^\/(api|hub)(\/|$)/.test(req.path);
  res.status(413).set("Connection", "close");
  if (api) res.json({ error: "payload_too_large", error_description: "The request body is too large" });
  else res.type("text/plain").send("Payload Too Large");
}

/**
 * Bounds every request body before anything parses it: by its declared Content-Length, and by the bytes
 * that actually arrive, counted where Node's HTTP parser hands them to the request (a chunked body
 * declares no length).
 */
export function limitRequestBodies(limits: BodyLimits): RequestHandler {
  const uploadPaths = new Set((limits.uploadPaths ?? APP_UPLOAD_PATHS).map(pathKey));
  return (req, res, next) => {
    if (!hasBody(req)) return next();
    const upload = uploadPaths.has(pathKey(req.path)) && UPLOAD_TYPE.test(req.get("content-type") ?? "");
    const limit = upload ? limits.maxUploadBytes : limits.maxBodyBytes;
    if (Number(req.headers["content-length"] ?? 0) > limit) {
      refuse(req, res);
      return;
    }
    let received = 0;
    const push = req.push.bind(req);
    req.push = (chunk: unknown, encoding?: BufferEncoding) => {
      received += bodyBytes(chunk, encoding);
      if (received <= limit) return push(chunk as Buffer | null, encoding);
      refuse(req, res);
      return true;
    };
    next();
  };
}
