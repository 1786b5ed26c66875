// Sign-in, sign-out and the session on every request: Keel's side of the identity service's
// authorization code flow, the refresh of its tokens, and the bearer token on every backend call.
// docs/identity.md
import { timingSafeEqual } from "node:crypto";
import { Router, type Request, type RequestHandler, type Response } from "express";
import type { Logger } from "pino";
import { safeRedirectTarget } from "#app/lib/redirect-target.ts";
import {
  IdentityRefusal,
  IdentityUnavailable,
  randomToken,
  type IdentityClient,
  type TokenAnswer,
} from "./identity.ts";
import { newSessionId, type KeelSession, type SessionCookies } from "./session.ts";

/** Tokens this close to expiry are refreshed before the request uses them. */
const REFRESH_AHEAD_MS = 60_000;

declare module "express-serve-static-core" {
  interface Locals {
    keelSession?: KeelSession | null;
  }
}

/** Why /login shows a message after a failed round trip. */
export type SignInProblem =
  "unavailable" | "denied" | "state" | "expired" | "refused" | "ended" | "no-client";

export interface AuthOptions {
  identity: IdentityClient;
  cookies: SessionCookies;
  /** KEEL_PUBLIC_URL: the origin browsers use, for the redirect URI. Else the request's own. */
  publicUrl?: string;
  logger: Logger;
  now?: () => number;
}

export const publicOrigin = (req: Request, publicUrl?: string) =>
  publicUrl ?? `${req.protocol}://${req.get("host")}`;

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/** The page a request was for: a React Router data request (`/x.data?_routes=…`) names its page. */
export function pageOf(originalUrl: string): string {
  const url = new URL(originalUrl, "http://keel.invalid");
  url.searchParams.delete("_routes");
  const path = url.pathname === "/_root.data" ? "/" : url.pathname.replace(/\.data$/, "");
  return safeRedirectTarget(`${path}${url.search}`);
}

export const signInPage = (problem: SignInProblem | null, next: string) => {
  const params = new URLSearchParams();
  if (problem) params.set("error", problem);
  if (next !== "/") params.set("redirect", next);
  const query = params.toString();
  return query ? `/login?${query}` : "/login";
};

export interface Auth {
  /** Refreshes the session's tokens once the backend refused them; false when the session has ended. */
  refresh(req: Request, res: Response): Promise<boolean>;
  /** Starts a session for the owner of a permanent token; false when the backend does not accept it. */
  signInWithToken(req: Request, res: Response, token: string): Promise<boolean>;
  /** Ends Keel's session; the URL to send the browser to next (the identity service's logout, then back). */
  signOut(req: Request, res: Response, next: string): Promise<string>;
  /** Reads, and refreshes when due, the session of every request. */
  middleware: RequestHandler;
  /** /auth/login and /auth/callback. */
  router: Router;
}

export function createAuth({ identity, cookies, publicUrl, logger, now = Date.now }: AuthOptions): Auth {
  const redirectUri = (req: Request) => `${publicOrigin(req, publicUrl)}/auth/callback`;
  // One refresh per refresh token in this process; other servers rely on the service's grace period.
  const refreshing = new Map<string, Promise<TokenAnswer>>();

  function sessionFrom(
    answer: TokenAnswer,
    user: { id: string; login: string },
    previous?: KeelSession,
  ): KeelSession {
    return {
      v: 1,
      kind: "oauth",
      userId: user.id,
      login: user.login,
      accessToken: answer.access_token,
      refreshToken: answer.refresh_token ?? previous?.refreshToken ?? null,
      expiresAt: now() + answer.expires_in * 1000,
      sid: previous?.sid ?? newSessionId(),
      issuedAt: previous?.issuedAt ?? now(),
    };
  }

  /** The refreshed session, null when the identity service refused (the session ends), or the error. */
  async function refreshed(req: Request, res: Response, session: KeelSession): Promise<KeelSession | null> {
    const token = session.refreshToken;
    if (!token) return null;
    let pending = refreshing.get(token);
    if (!pending) {
      pending = identity.refresh(token).finally(() => refreshing.delete(token));
      refreshing.set(token, pending);
    }
    try {
      const next = sessionFrom(await pending, { id: session.userId, login: session.login }, session);
      cookies.write(req, res, next);
      res.locals.keelSession = next;
      return next;
    } catch (error) {
      if (!(error instanceof IdentityRefusal)) throw error;
      logger.info({ code: error.code }, "session ended: the identity service refused its refresh token");
      cookies.clear(req, res);
      res.locals.keelSession = null;
      return null;
    }
  }

  const middleware: RequestHandler = async (req, res, next) => {
    try {
      let session = cookies.read(req);
      res.locals.keelSession = session;
      const due = session?.expiresAt != null && session.expiresAt - now() < REFRESH_AHEAD_MS;
      if (session && due) {
        try {
          session = await refreshed(req, res, session);
        } catch (error) {
          // The service is down: the token may still work until it expires.
          logger.warn({ err: error }, "token refresh failed: identity service unavailable");
        }
        const isPage =
          req.method === "GET" && req.accepts(["html", "json"]) === "html" && !/\.data$/.test(req.path);
        if (!session && isPage && !req.path.startsWith("/api/") && !req.path.startsWith("/hub/")) {
          res.set("Cache-Control", "no-store").redirect(302, signInPage("ended", pageOf(req.originalUrl)));
          return;
        }
      }
      next();
    } catch (error) {
      next(error);
    }
  };

  const router = Router();

  router.get("/auth/login", async (req, res) => {
    res.set("Cache-Control", "no-store");
    const next = safeRedirectTarget(typeof req.query.redirect === "string" ? req.query.redirect : "/");
    if (!identity.oauthEnabled) return res.redirect(302, signInPage("no-client", next));
    const flow = {
      v: 1 as const,
      kind: "sign-in" as const,
      state: randomToken(24),
      verifier: randomToken(32),
      next,
      issuedAt: now(),
    };
    try {
      const url = await identity.authorizeUrl({
        redirectUri: redirectUri(req),
        state: flow.state,
        verifier: flow.verifier,
        switchUser: req.query.switch === "1",
      });
      cookies.writeFlow(req, res, flow);
      res.redirect(302, url);
    } catch (error) {
      if (!(error instanceof IdentityUnavailable)) throw error;
      logger.warn({ err: error }, "sign-in: identity service unavailable");
      res.redirect(302, signInPage("unavailable", next));
    }
  });

  router.get("/auth/callback", async (req, res) => {
    res.set("Cache-Control", "no-store");
    const flow = cookies.readFlow(req);
    cookies.clearFlow(req, res);
    const param = (name: string) =>
      typeof req.query[name] === "string" ? (req.query[name] as string) : null;
    const state = param("state");
    if (!flow || !state || !sameText(state, flow.state)) {
      logger.warn({ hasFlow: Boolean(flow) }, "sign-in refused: state mismatch");
      return res.redirect(302, signInPage("state", flow?.next ?? "/"));
    }
    if (flow.kind === "sign-out") return res.redirect(302, flow.next);
    const error = param("error");
    const code = param("code");
    if (error || !code) {
      return res.redirect(302, signInPage(error === "access_denied" ? "denied" : "refused", flow.next));
    }
    try {
      const tokens = await identity.exchangeCode(code, flow.verifier, redirectUri(req));
      const me = await identity.me(tokens.access_token);
      if (!me || me.guest) return res.redirect(302, signInPage("refused", flow.next));
      cookies.write(req, res, sessionFrom(tokens, me));
      res.redirect(302, flow.next);
    } catch (failure) {
      if (failure instanceof IdentityRefusal) {
        logger.warn({ code: failure.code }, "sign-in refused by the identity service");
        return res.redirect(
          302,
          signInPage(failure.code === "invalid_grant" ? "expired" : "refused", flow.next),
        );
      }
      if (failure instanceof IdentityUnavailable) {
        logger.warn({ err: failure }, "sign-in: identity service unavailable");
        return res.redirect(302, signInPage("unavailable", flow.next));
      }
      throw failure;
    }
  });

  return {
    middleware,
    router,

    async refresh(req, res) {
      const session = res.locals.keelSession;
      if (!session) return false;
      return (await refreshed(req, res, session)) !== null;
    },

    async signInWithToken(req, res, token) {
      const me = await identity.me(token);
      if (!me || me.guest) return false;
      const session: KeelSession = {
        v: 1,
        kind: "token",
        userId: me.id,
        login: me.login,
        accessToken: token,
        refreshToken: null,
        expiresAt: null,
        sid: newSessionId(),
        issuedAt: now(),
      };
      cookies.write(req, res, session);
      res.locals.keelSession = session;
      return true;
    },

    async signOut(req, res, next) {
      const session = res.locals.keelSession;
      cookies.clear(req, res);
      res.locals.keelSession = null;
      if (session?.kind !== "oauth" || !identity.oauthEnabled) return next;
      const state = randomToken(24);
      try {
        const url = await identity.logoutUrl({ redirectUri: redirectUri(req), state });
        cookies.writeFlow(req, res, { v: 1, kind: "sign-out", state, verifier: "", next, issuedAt: now() });
        return url;
      } catch (error) {
        if (!(error instanceof IdentityUnavailable)) throw error;
        logger.warn({ err: error }, "sign-out: identity service unavailable; Keel's session is ended");
        return next;
      }
    },
  };
}

/** Keel's own cookies never go on to the backend; the session's token does, for same-origin requests. */
export function bearerForBackend(cookieNames: readonly string[]): RequestHandler {
  const own = new Set(cookieNames);
  return (req, res, next) => {
    const cookie = req.headers.cookie;
    if (cookie) {
      const kept = cookie
        .split(";")
        .map((part) => part.trim())
        .filter((part) => part && !own.has(part.slice(0, Math.max(0, part.indexOf("="))).trim()));
      if (kept.length > 0) req.headers.cookie = kept.join("; ");
      else delete req.headers.cookie;
    }
    const session = res.locals.keelSession;
    if (session && !req.headers.authorization && sameOrigin(req)) {
      req.headers.authorization = `Bearer ${session.accessToken}`;
    }
    next();
  };
}

/** Proof that the page making the request is Keel's: cookies are ambient, so they prove nothing. */
function sameOrigin(req: Request): boolean {
  if (req.get("sec-fetch-site") === "same-origin") return true;
  const origin = req.get("origin");
  if (!origin) return false;
  try {
    return new URL(origin).host === req.get("host");
  } catch {
    return false;
  }
}
