import { randomBytes } from "node:crypto";
import type { RequestHandler, Response } from "express";
import helmet from "helmet";

export const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "camera=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "payment=()",
  "usb=()",
  "interest-cohort=()",
  "browsing-topics=()",
  "clipboard-write=(self)",
  "fullscreen=(self)",
].join(", ");

export function cspNonce(res: Response): string {
  return String(res.locals.cspNonce ?? "");
}

/** A fresh nonce per response; React Router's scripts carry it. */
export const generateNonce: RequestHandler = (_req, res, next) => {
  res.locals.cspNonce = randomBytes(16).toString("base64");
  next();
};

/**
 * Security headers for every response. Scripts run only with this response's
 * nonce (no 'unsafe-inline'); plugins, <base> and framing by other sites are off.
 */
export function securityHeaders({
  development,
  analyticsOrigin = null,
  identityOrigin = () => null,
}: {
  development: boolean;
  /** The configured third-party analytics script's origin, which may receive what it collects. */
  analyticsOrigin?: string | null;
  /**
   * The identity service's origin when it is not Keel's own: sign-out and switch-user forms redirect
   * there, and browsers apply form-action to those redirects.
   */
  identityOrigin?: () => string | null;
}): RequestHandler[] {
  const nonce = (_req: unknown, res: unknown) => `'nonce-${cspNonce(res as Response)}'`;
  const policy = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        "script-src": ["'self'", nonce, "'strict-dynamic'"],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:", "blob:", "https:"],
        "font-src": ["'self'", "data:"],
        "connect-src": [
          "'self'",
          ...(development ? ["ws:", "wss:"] : []),
          ...(analyticsOrigin ? [analyticsOrigin] : []),
        ],
        "media-src": ["'self'", "https:"],
        "frame-src": ["'self'", "https:"],
        // The service worker (/sw.js) and the web app manifest are Keel's own files.
        "worker-src": ["'self'", "blob:"],
        "manifest-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'none'"],
        "form-action": [
          (_req: unknown, _res: unknown) => [`'self'`, identityOrigin()].filter(Boolean).join(" "),
        ],
        "frame-ancestors": ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: "same-origin" },
    referrerPolicy: { policy: "same-origin" },
    strictTransportSecurity: false,
    xFrameOptions: { action: "sameorigin" },
  });
  const extra: RequestHandler = (req, res, next) => {
    res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
    if (req.secure) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
  return [generateNonce, policy, extra];
}
