// The identity service's own sign-in session: the cookie carries a random id and its HMAC, the database
// only the id's hash.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Request, Response } from "express";
import { HUB_SESSION_COOKIE } from "#contract/constants.ts";
import { readCookie } from "#contract/cookies.ts";
import { sha256 } from "../auth.ts";
import type { Db } from "../db.ts";

const HUB_SESSION_TTL_MS = 14 * 24 * 3600_000;
const COOKIE_PATH = "/hub";

const sign = (raw: string, secret: string) =>
  createHmac("sha256", secret).update(`hub-session:${raw}`).digest("base64url");

function verified(cookie: string | undefined, secret: string): string | null {
  if (!cookie) return null;
  const dot = cookie.lastIndexOf(".");
  if (dot <= 0) return null;
  const raw = cookie.slice(0, dot);
  const given = Buffer.from(cookie.slice(dot + 1));
  const wanted = Buffer.from(sign(raw, secret));
  return given.length === wanted.length && timingSafeEqual(given, wanted) ? raw : null;
}

export interface HubSessions {
  current(req: Request): Promise<string | null>;
  start(req: Request, res: Response, userId: string): Promise<void>;
  end(req: Request, res: Response): Promise<void>;
}

export function hubSessions(db: Db, secret: string, now: () => number = Date.now): HubSessions {
  const cookieOptions = (req: Request) => ({
    httpOnly: true,
    sameSite: "lax" as const,
    secure: req.secure,
    path: COOKIE_PATH,
  });
  return {
    async current(req) {
      const raw = verified(readCookie(req.get("cookie"), HUB_SESSION_COOKIE), secret);
      if (!raw) return null;
      const session = await db.session.findUnique({ where: { idHash: sha256(`hub:${raw}`) } });
      return session && session.expiresAt.getTime() > now() ? session.userId : null;
    },
    async start(req, res, userId) {
      const raw = randomBytes(32).toString("base64url");
      const expiresAt = new Date(now() + HUB_SESSION_TTL_MS);
      await db.session.create({ data: { idHash: sha256(`hub:${raw}`), userId, expiresAt } });
      res.cookie(HUB_SESSION_COOKIE, `${raw}.${sign(raw, secret)}`, {
        ...cookieOptions(req),
        expires: expiresAt,
      });
    },
    async end(req, res) {
      const raw = verified(readCookie(req.get("cookie"), HUB_SESSION_COOKIE), secret);
      if (raw) await db.session.deleteMany({ where: { idHash: sha256(`hub:${raw}`) } });
      res.clearCookie(HUB_SESSION_COOKIE, cookieOptions(req));
    },
  };
}
