import { createHash, randomBytes, scryptSync, timingSafeEqual } from "node:crypto";
import type { Request, RequestHandler } from "express";
import { TWO_FACTOR_REQUIRED_ERROR } from "#contract/constants.ts";
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
  /** How the caller proved who it is: without a token, writes need same-origin proof. */
  via: "guest" | "token";
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

/** Without a usable hash the password is still hashed, so every answer takes as long. */
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

export interface AuthOptions {
  db: Db;
  oauth?: OAuthServer;
}

/** A bearer token that is unknown, expired or revoked, as OAuth resource servers answer it. */
const invalidToken = () => new HttpError(401, "invalid_token", "The access token is invalid or expired");

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

export function authenticate(options: AuthOptions): RequestHandler {
  const { db, oauth } = options;
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
 * Writes without a bearer token need proof that the page making them is ours: an Origin (or
 * Sec-Fetch-Site) that matches the host. Keel lends a browser's request its session's token only with
 * that proof; bearer tokens are not ambient credentials, so they need none.
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

/** A user who must set up two-factor authentication and has not may make only the `open` calls. */
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
