import { createHash, createHmac, randomBytes, scryptSync, timingSafeEqual } from "node:crypto";
import type { Request, RequestHandler, Response } from "express";
import { SESSION_COOKIE, SESSION_TTL_MS, TWO_FACTOR_REQUIRED_ERROR } from "../app/lib/constants.ts";
import { readCookie } from "../app/lib/cookies.ts";
import type { Db } from "./db.ts";
import { forbidden, HttpError, unauthorized } from "./http.ts";
import type { OAuthServer } from "./identity/oauth.ts";
import { readCache } from "./read-cache.ts";

export const GUEST_LOGIN = "guest";

export interface AuthUser {
  id: string;
  login: string;
  guest: boolean;
  userType: string;
}

export interface Auth {
  user: AuthUser;
  /** The user must use two-factor authentication and has not set it up: only a few calls are open. */
  secondFactorMissing?: boolean;
  /** How the caller proved who it is: a cookie is ambient and needs same-origin proof for writes. */
  via: "guest" | "session" | "token";
}

declare module "express-serve-static-core" {
  interface Request {
    auth?: Auth;
  }
}

export function hashPassword(password: string, salt = randomBytes(16).toString("base64url")): string {
  const hash = scryptSync(password, salt, 32).toString("base64url");
  return `scrypt$${salt}$${hash}`;
}

function parsePasswordHash(stored: string | null): { salt: string; hash: string } | null {
  const [scheme, salt, hash] = (stored ?? "").split("$");
  return scheme === "scrypt" && salt && hash ? { salt, hash } : null;
}

// Stands in for a missing hash: same salt size, same scrypt cost, matches no password.
const DUMMY_HASH = {
  salt: randomBytes(16).toString("base64url"),
  hash: randomBytes(32).toString("base64url"),
};

/**
 * Whether `password` matches `stored`. Without a usable hash (an unknown login, the guest) the password
 * is still hashed, so that every answer takes as long.
 */
export function verifyPassword(password: string, stored: string | null): boolean {
  const parsed = parsePasswordHash(stored);
  const { salt, hash } = parsed ?? DUMMY_HASH;
  const expected = Buffer.from(hash, "base64url");
  const actual = scryptSync(password, salt, 32);
  return parsed !== null && expected.length === actual.length && timingSafeEqual(expected, actual);
}

export const sha256 = (value: string) => createHash("sha256").update(value).digest("base64url");

/** `perm:base64(login).base64(name).secret`, the real product's permanent token style. */
export function formatPermanentToken(login: string, name: string, secret: string): string {
  const b64 = (s: string) => Buffer.from(s, "utf8").toString("base64");
  return `perm:${b64(login)}.${b64(name)}.${secret}`;
}

function sign(value: string, secret: string): string {
  return createHmac("sha256", secret).update(`session:${value}`).digest("base64url");
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** HTTPS as Express sees it: X-Forwarded-Proto counts only from a trusted proxy. */
export function isSecureRequest(req: Request): boolean {
  return req.secure;
}

export interface SessionOptions {
  db: Db;
  secret: string;
  /** The identity service, whose access tokens the API accepts as bearer tokens. */
  oauth?: OAuthServer;
}

/** A bearer token that is unknown, expired or revoked, as OAuth resource servers answer it. */
const invalidToken = () => new HttpError(401, "invalid_token", "The access token is invalid or expired");

export async function createSession(
  { db, secret }: SessionOptions,
  req: Request,
  res: Response,
  userId: string,
): Promise<void> {
  const raw = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await db.session.create({ data: { idHash: sha256(raw), userId, expiresAt } });
  res.cookie(SESSION_COOKIE, `${raw}.${sign(raw, secret)}`, {
    httpOnly: true,
    sameSite: "lax",
    secure: isSecureRequest(req),
    path: "/",
    expires: expiresAt,
  });
}

export function clearSessionCookie(req: Request, res: Response): void {
  res.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: "lax",
    secure: isSecureRequest(req),
    path: "/",
  });
}

// A page makes about ten backend calls with the same cookie: its check is kept (a pure function of the
// cookie and the secret), for the last few hundred cookies.
const verifiedCookies = new Map<string, string | null>();
const VERIFIED_COOKIES_MAX = 500;

/** The verified secret part of the session cookie, or null. */
function sessionSecretPart(req: Request, secret: string): string | null {
  const cookie = readCookie(req.get("cookie"), SESSION_COOKIE);
  if (!cookie) return null;
  const key = `${secret}\u0000${cookie}`;
  const known = verifiedCookies.get(key);
  if (known !== undefined) return known;
  const dot = cookie.lastIndexOf(".");
  const raw = dot > 0 ? cookie.slice(0, dot) : null;
  const verified = raw !== null && safeEqual(cookie.slice(dot + 1), sign(raw, secret)) ? raw : null;
  if (verifiedCookies.size >= VERIFIED_COOKIES_MAX) verifiedCookies.clear();
  verifiedCookies.set(key, verified);
  return verified;
}

export async function destroySession({ db, secret }: SessionOptions, req: Request): Promise<void> {
  const raw = sessionSecretPart(req, secret);
  if (raw) await db.session.deleteMany({ where: { idHash: sha256(raw) } });
}

const userSelect = {
  id: true,
  login: true,
  guest: true,
  userType: true,
  requiredTwoFactorAuthentication: true,
  twoFactorEnabled: true,
  webauthnEnabled: true,
} as const;

type SelectedUser = AuthUser & {
  requiredTwoFactorAuthentication: boolean;
  twoFactorEnabled: boolean;
  webauthnEnabled: boolean;
};

function signedIn(
  { requiredTwoFactorAuthentication, twoFactorEnabled, webauthnEnabled, ...user }: SelectedUser,
  via: Auth["via"],
): Auth {
  const missing = requiredTwoFactorAuthentication && !twoFactorEnabled && !webauthnEnabled;
  return missing ? { user, via, secondFactorMissing: true } : { user, via };
}

/** Resolves the caller from a bearer token, else the session cookie, else the guest. */
export function authenticate(options: SessionOptions): RequestHandler {
  const { db, secret, oauth } = options;
  const cache = readCache(db);
  const guestUser = () =>
    cache.read("guest", () => db.user.findUnique({ where: { login: GUEST_LOGIN }, select: userSelect }));

  /** The caller of an identity-service access token; a service's own token reads as the guest does. */
  async function oauthCaller(accessToken: string): Promise<Auth> {
    const verified = oauth ? await oauth.verifyAccessToken(accessToken) : null;
    if (!verified) throw invalidToken();
    const user = verified.userId.startsWith("service:")
      ? await guestUser()
      : await cache.read(`user:${verified.userId}`, () =>
          db.user.findUnique({ where: { id: verified.userId }, select: userSelect }),
        );
    if (!user) throw invalidToken();
    return signedIn(user, "token");
  }

  return async (req, _res, next) => {
    try {
      const authorization = req.get("authorization");
      if (authorization) {
        const bearer = /^Bearer\s+([A-Za-z0-9+/=._:-]{1,400})$/i.exec(authorization.trim())?.[1];
        if (!bearer) throw unauthorized("Invalid Authorization header: expected Bearer and a token");
        if (!bearer.startsWith("perm:")) {
          req.auth = await oauthCaller(bearer);
          return next();
        }
        const tokenHash = sha256(bearer);
        const token = await cache.read(`token:${tokenHash}`, () =>
          db.permanentToken.findUnique({ where: { tokenHash }, select: { user: { select: userSelect } } }),
        );
        if (!token) throw unauthorized("The permanent token is not valid");
        req.auth = signedIn(token.user, "token");
        return next();
      }
      const raw = sessionSecretPart(req, secret);
      if (raw) {
        const idHash = sha256(raw);
        const session = await cache.read(`session:${idHash}`, () =>
          db.session.findUnique({
            where: { idHash },
            select: { expiresAt: true, user: { select: userSelect } },
          }),
        );
        if (session && session.expiresAt.getTime() > Date.now()) {
          req.auth = signedIn(session.user, "session");
          return next();
        }
      }
      const guest = await guestUser();
      if (!guest)
        throw new HttpError(500, "server_error", "The guest account is missing: run npm run db:setup");
      req.auth = signedIn(guest, "guest");
      next();
    } catch (error) {
      next(error);
    }
  };
}

/**
 * Cookie-authenticated writes need proof that the page making them is ours:
 * an Origin (or Sec-Fetch-Site) that matches the host. Bearer tokens are not
 * ambient credentials, so they need none.
 */
export const requireSameOriginForWrites: RequestHandler = (req, _res, next) => {
  if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
  if (req.auth?.via === "token") return next();
  const site = req.get("sec-fetch-site");
  if (site === "same-origin") return next();
  const origin = req.get("origin");
  // req.host honours X-Forwarded-Host only from a trusted proxy ("trust proxy").
  const host = req.host;
  if (origin && host) {
    try {
      if (new URL(origin).host === host) return next();
    } catch {
      // An unparsable Origin is no proof.
    }
  }
  next(forbidden("Cross-site request refused: a same-origin Origin header or a bearer token is required"));
};

/**
 * Refuses every call but `open` ("METHOD /path" below the mount point) from a user who must use
 * two-factor authentication and has not set it up: whatever their token, they can only see who they
 * are, set it up at the identity service, or sign out.
 */
export function requireSecondFactor(open: readonly string[]): RequestHandler {
  const allowed = new Set(open);
  return (req, _res, next) => {
    if (!req.auth?.secondFactorMissing) return next();
    const method = req.method === "HEAD" ? "GET" : req.method;
    if (allowed.has(`${method} ${req.path.replace(/\/+$/, "")}`)) return next();
    next(
      new HttpError(
        403,
        TWO_FACTOR_REQUIRED_ERROR,
        "Two-factor authentication is required for this account: set it up at the identity service first",
      ),
    );
  };
}

export function requireUser(req: Request): AuthUser {
  const user = req.auth?.user;
  if (!user || user.guest) throw unauthorized();
  return user;
}

export function currentUser(req: Request): AuthUser {
  const user = req.auth?.user;
  if (!user) throw unauthorized();
  return user;
}
