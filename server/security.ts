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

const NONCE_BYTES = 16;
/** Nonces are cut from one draw of the system's random generator: a draw costs about 7 µs, whatever its size. */
const NONCES_PER_DRAW = 256;
let drawn = Buffer.alloc(0);
let used = 0;

/** 128 random bits, base64: each unpredictable and never handed out twice. */
export function freshNonce(): string {
  if (used + NONCE_BYTES > drawn.length) {
    drawn = randomBytes(NONCE_BYTES * NONCES_PER_DRAW);
    used = 0;
  }
  const nonce = drawn.toString("base64", used, used + NONCE_BYTES);
  // Spent bytes are overwritten, so no later read of the buffer can tell a past nonce.
  drawn.fill(0, used, used + NONCE_BYTES);
  used += NONCE_BYTES;
  return nonce;
}

/** A fresh nonce per response; React Router's scripts carry it. */
export const generateNonce: RequestHandler = (_req, res, next) => {
  res.locals.cspNonce = freshNonce();
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
