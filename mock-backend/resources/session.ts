import { Router } from "express";
import { LoginSchema, NoQuerySchema } from "#contract/api.ts";
import {
  clearSessionCookie,
  createSession,
  destroySession,
  verifyPassword,
  type SessionOptions,
} from "../auth.ts";
import { HttpError, route, validate } from "../http.ts";
import { createSignInThrottle, type SignInThrottleOptions } from "../sign-in-throttle.ts";

export interface SessionRouterOptions extends SessionOptions {
  signInThrottle?: Partial<SignInThrottleOptions>;
}

/** Sign-in and sign-out for Keel's mock; a real backend signs in through its hub instead. */
export function sessionRouter(options: SessionRouterOptions): Router {
  const { db } = options;
  const router = Router();
  const throttle = createSignInThrottle(db, options.signInThrottle);

  router.post(
    "/auth/login",
    route(async (req, res) => {
      validate(NoQuerySchema, req.query, "query");
      const { login, password } = validate(LoginSchema, req.body, "sign-in");
      const ip = req.ip ?? "";
      const verdict = await throttle.beginSignIn(login, ip);
      if (!verdict.allowed) {
        res.set("Retry-After", String(Math.max(1, Math.ceil(verdict.retryAfterMs / 1000))));
        throw new HttpError(429, "too_many_attempts", "Too many failed sign-ins: try again later");
      }
      const user = await db.user.findUnique({ where: { login } });
      const signedIn = verifyPassword(password, user && !user.guest ? user.passwordHash : null);
      if (!user || !signedIn) throw new HttpError(401, "invalid_credentials", "Incorrect login or password");
      await throttle.recordSuccess(login, ip);
      await createSession(options, req, res, user.id);
      res.json({ id: user.id, login: user.login, name: user.name });
    }),
  );

  router.post(
    "/auth/logout",
    route(async (req, res) => {
      validate(NoQuerySchema, req.query, "query");
      await destroySession(options, req);
      clearSessionCookie(req, res);
      res.json({ loggedOut: true });
    }),
  );

  return router;
}
