// Keel's session: the identity service's tokens sealed (AES-256-GCM) into a cookie, so that any Keel server
// sharing SESSION_SECRET can read it and none keeps state. docs/decisions/0007-identity-and-sessions.md
import { createCipheriv, createDecipheriv, createSecretKey, hkdfSync, randomBytes } from "node:crypto";
import type { Request, Response } from "express";
import { z } from "zod";
import { CSRF_COOKIE, OAUTH_FLOW_COOKIE } from "#app/lib/constants.ts";
import { SESSION_COOKIE } from "#contract/constants.ts";
import { readCookie } from "#contract/cookies.ts";
import { cookieName } from "#app/lib/cookies.ts";

export const SESSION_MAX_AGE_MS = 30 * 24 * 3600_000;
const FLOW_MAX_AGE_MS = 10 * 60_000;
const MAX_COOKIE_CHARS = 3800;

const SessionSchema = z.object({
  v: z.literal(1),
  /** "oauth": tokens of the identity service; "token": a permanent token given at sign-in. */
  kind: z.enum(["oauth", "token"]),
  userId: z.string().max(200),
  login: z.string().max(200),
  accessToken: z.string().max(1000),
  refreshToken: z.string().max(1000).nullable(),
  /** When the access token expires (epoch ms), or null for a permanent token. */
  expiresAt: z.number().nullable(),
  /** Random, per sign-in: the CSRF token is bound to it. */
  sid: z.string().max(64),
  issuedAt: z.number(),
});
export type KeelSession = z.infer<typeof SessionSchema>;

const FlowSchema = z.object({
  v: z.literal(1),
  kind: z.enum(["sign-in", "sign-out"]),
  state: z.string().max(100),
  verifier: z.string().max(128),
  /** Where to go afterwards: a local path. */
  next: z.string().max(2048),
  issuedAt: z.number(),
});
export type SignInFlow = z.infer<typeof FlowSchema>;

export interface Sealer {
  seal(value: object): string;
  unseal(sealed: string): unknown;
}

/** Authenticated encryption under a key derived from the shared secret; tampering or another key gives null. */
export function createSealer(secret: string, purpose: string): Sealer {
  // A key object made once: given bytes, every cipher imports the key again, on every request.
  const key = createSecretKey(Buffer.from(hkdfSync("sha256", secret, "keel-cookie", purpose, 32)));
  return {
    seal(value) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const body = Buffer.concat([cipher.update(JSON.stringify(value), "utf8"), cipher.final()]);
      return Buffer.concat([iv, body, cipher.getAuthTag()]).toString("base64url");
    },
    unseal(sealed) {
      if (sealed.length > MAX_COOKIE_CHARS || !/^[A-Za-z0-9_-]+$/.test(sealed)) return null;
      const raw = Buffer.from(sealed, "base64url");
      if (raw.length < 12 + 16 + 2) return null;
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, 12));
        decipher.setAuthTag(raw.subarray(raw.length - 16));
        const text = Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]);
        return JSON.parse(text.toString("utf8")) as unknown;
      } catch {
        return null;
      }
    },
  };
}

export interface SessionCookies {
  read(req: Request): KeelSession | null;
  write(req: Request, res: Response, session: KeelSession): void;
  clear(req: Request, res: Response): void;
  readFlow(req: Request): SignInFlow | null;
  writeFlow(req: Request, res: Response, flow: SignInFlow): void;
  clearFlow(req: Request, res: Response): void;
  /** Every cookie name Keel itself sets, which never go on to the backend. */
  readonly names: readonly string[];
}

export function sessionCookies(secret: string, now: () => number = Date.now): SessionCookies {
  const sessions = createSealer(secret, "session v1");
  const flows = createSealer(secret, "sign-in flow v1");
  const options = (req: Request) => ({
    httpOnly: true,
    sameSite: "lax" as const,
    secure: req.secure,
    path: "/",
  });
  const readSealed = (req: Request, base: string, sealer: Sealer) => {
    const value = readCookie(req.get("cookie"), cookieName(base, req.secure));
    return value ? sealer.unseal(value) : null;
  };
  return {
    names: [SESSION_COOKIE, OAUTH_FLOW_COOKIE, CSRF_COOKIE].flatMap((base) => [base, `__Host-${base}`]),
    read(req) {
      const parsed = SessionSchema.safeParse(readSealed(req, SESSION_COOKIE, sessions));
      if (!parsed.success || now() - parsed.data.issuedAt > SESSION_MAX_AGE_MS) return null;
      return parsed.data;
    },
    write(req, res, session) {
      res.cookie(cookieName(SESSION_COOKIE, req.secure), sessions.seal(session), {
        ...options(req),
        expires: new Date(session.issuedAt + SESSION_MAX_AGE_MS),
      });
    },
    clear(req, res) {
      res.clearCookie(cookieName(SESSION_COOKIE, req.secure), options(req));
    },
    readFlow(req) {
      const parsed = FlowSchema.safeParse(readSealed(req, OAUTH_FLOW_COOKIE, flows));
      if (!parsed.success || now() - parsed.data.issuedAt > FLOW_MAX_AGE_MS) return null;
      return parsed.data;
    },
    writeFlow(req, res, flow) {
      res.cookie(cookieName(OAUTH_FLOW_COOKIE, req.secure), flows.seal(flow), {
        ...options(req),
        maxAge: FLOW_MAX_AGE_MS,
      });
    },
    clearFlow(req, res) {
      res.clearCookie(cookieName(OAUTH_FLOW_COOKIE, req.secure), options(req));
    },
  };
}

/** A new session's random id. */
export const newSessionId = () => randomBytes(16).toString("base64url");
