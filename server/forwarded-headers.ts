import type { Request } from "express";

/** X-Forwarded-* from what Keel knows of the caller (its trust proxy setting decides ip, host, protocol). */
export function forwardedHeaders(req: Request): Record<string, string> {
  return {
    "x-forwarded-for": req.ip ?? req.socket.remoteAddress ?? "",
    "x-forwarded-host": req.host ?? req.get("host") ?? "",
    "x-forwarded-proto": req.protocol,
  };
}
