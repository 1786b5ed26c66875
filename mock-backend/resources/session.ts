import { Router } from "express";
import { LoginSchema, NoQuerySchema } from "../contract.ts";
import {
  clearSessionCookie,
  createSession,
  destroySession,
  LoginThrottle,
  verifyPassword,
  type SessionOptions,
} from "../auth.ts";
import { HttpError, route, validate } from "../http.ts";

/** Sign-in and sign-out for Keel's mock; a real backend signs in through its hub instead. */
export function sessionRouter(options: SessionOptions): Router {
  const { db } = options;
  const router = Router();
  const throttle = new LoginThrottle();

  router.post(
    "/auth/login",
    route(async (req, res) => {
      validate(NoQuerySchema, req.query, "query");
      const { login, password } = validate(LoginSchema, req.body, "sign-in");
      const key = `${login.toLowerCase()}|${req.ip ?? ""}`;
      if (throttle.isBlocked(key)) {
        throw new HttpError(429, "too_many_attempts", "Too many failed sign-ins: try again in a few minutes");
      }
      const user = await db.user.findUnique({ where: { login } });
      if (!user || user.guest || !verifyPassword(password, user.passwordHash)) {
        throttle.fail(key);
        throw new HttpError(401, "invalid_credentials", "Incorrect login or password");
      }
      throttle.succeed(key);
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
