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
 * Answers 413 and closes the connection. Whatever was reading the body sees the request abort; the
 * answer already sent stays the only one.
 */
function refuse(req: Request, res: Response): void {
  if (res.headersSent) {
    req.destroy();
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
 * declares no length, and a declared one may be a lie the parser only finds out at the end).
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
    let refused = false;
    const push = req.push.bind(req);
    req.push = (chunk: unknown, encoding?: BufferEncoding) => {
      if (refused) return false;
      if (chunk !== null && chunk !== undefined) {
        received += typeof chunk === "string" ? Buffer.byteLength(chunk, encoding) : (chunk as Buffer).length;
        if (received > limit) {
          refused = true;
          refuse(req, res);
          // false pauses the socket: nothing more is read before the connection closes.
          return false;
        }
      }
      return push(chunk, encoding);
    };
    next();
  };
}
