// The identity service's OAuth 2.0 endpoints under /hub/api/rest/oauth2, answering as Hub does.
import express, { Router, type Request, type Response } from "express";
import { z } from "zod";
import { GUEST_LOGIN, requireSameOriginForWrites, verifyPassword } from "../auth.ts";
import type { Db } from "../db.ts";
import { route } from "../http.ts";
import {
  createSignInThrottle,
  type SignInThrottle,
  type SignInThrottleOptions,
} from "../sign-in-throttle.ts";
import { hubSessions, type HubSessions } from "./hub-session.ts";
import { OAuthError, type OAuthClientRow, type OAuthServer } from "./oauth.ts";
import {
  pageLanguage,
  renderCode,
  renderError,
  renderSecurity,
  renderSetUp,
  renderSignIn,
  translator,
} from "./sign-in-page.ts";
import {
  acceptCode,
  disableTotp,
  enableTotp,
  enrolment,
  newTotpSecret,
  openSecret,
  PENDING_TTL_MS,
  pendingToken,
  readPendingToken,
  sealSecret,
} from "./totp.ts";

export const HUB_SERVICE_ID = "0-0-0-0-0";
/** The mock backend's service id in its identity service, as `api/config`'s `ring.serviceId` gives it. */
export const BACKEND_SERVICE_ID = "keel-demo-service";
const FORM_LIMIT = "8kb";

export interface IdentityOptions {
  db: Db;
  secret: string;
  oauth: OAuthServer;
  serviceIds: readonly string[];
  signInThrottle?: Partial<SignInThrottleOptions>;
}

const single = (max: number) => z.string().max(max, `must be at most ${max} characters`);

const AuthorizeSchema = z.object({
  response_type: single(64),
  client_id: single(200).min(1),
  redirect_uri: single(2048).optional(),
  scope: single(1024).optional(),
  state: single(1024).optional(),
  code_challenge: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, "must be a base64url SHA-256 digest")
    .optional(),
  code_challenge_method: single(16).optional(),
  request_credentials: z.enum(["default", "skip", "silent", "required"]).default("default"),
  access_type: z.enum(["online", "offline"]).default("online"),
});
type AuthorizeRequest = z.infer<typeof AuthorizeSchema>;

const SignInFormSchema = z.object({
  login: single(200).default(""),
  password: single(1024).default(""),
  intent: z.enum(["sign-in", "cancel", "code", "set-up"]).default("sign-in"),
  /** The signed state of a sign-in between its password and its second step. */
  pending: single(2048).optional(),
  code: single(16).default(""),
});
type SignInFields = z.infer<typeof SignInFormSchema>;

const SecurityFormSchema = z.object({
  intent: z.enum(["sign-in", "cancel", "code", "set-up", "start-set-up", "turn-off"]),
  login: single(200).default(""),
  password: single(1024).default(""),
  pending: single(2048).optional(),
  code: single(16).default(""),
});

const TokenSchema = z.discriminatedUnion("grant_type", [
  z.object({
    grant_type: z.literal("authorization_code"),
    code: single(200).min(1),
    redirect_uri: single(2048).optional(),
    code_verifier: single(128).optional(),
  }),
  z.object({
    grant_type: z.literal("refresh_token"),
    refresh_token: single(200).min(1),
    scope: single(1024).optional(),
  }),
  z.object({ grant_type: z.literal("client_credentials"), scope: single(1024).min(1) }),
]);

const ClientFieldsSchema = z.object({
  client_id: single(200).optional(),
  client_secret: single(200).optional(),
});

const LogoutSchema = z.object({
  client_id: single(200).min(1),
  state: single(1024).optional(),
  redirect_uri: single(2048).optional(),
});

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** A registered redirect URI matches exactly, or for a loopback address on any port (RFC 8252 7.3). */
export function redirectMatches(registered: string, asked: string): boolean {
  if (registered === asked) return true;
  try {
    const a = new URL(registered);
    const b = new URL(asked);
    return (
      (a.protocol === "http:" || a.protocol === "https:") &&
      a.protocol === b.protocol &&
      LOOPBACK.has(a.hostname) &&
      a.hostname === b.hostname &&
      a.pathname === b.pathname &&
      a.search === b.search &&
      !b.username &&
      !b.password &&
      !b.hash
    );
  } catch {
    return false;
  }
}

function plainQuery(req: Request): Record<string, string> | null {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.query)) {
    if (typeof value !== "string") return null;
    out[name] = value;
  }
  return out;
}

function redirectWith(
  res: Response,
  status: 302 | 303,
  base: string,
  params: Record<string, string | undefined>,
) {
  const url = new URL(base);
  for (const [name, value] of Object.entries(params))
    if (value !== undefined) url.searchParams.set(name, value);
  res.set("Cache-Control", "no-store").redirect(status, url.href);
}

function sendPage(res: Response, status: number, html: string) {
  res.status(status).set("Cache-Control", "no-store").type("html").send(html);
}

/** HTTP Basic client credentials, or the form's client_id and client_secret (never both). */
function clientCredentials(req: Request, body: unknown): { id: string; secret: string | null } {
  const fields = ClientFieldsSchema.safeParse(body);
  const header = req.get("authorization");
  if (header) {
    const match = /^Basic\s+([A-Za-z0-9+/=]{1,1024})$/i.exec(header.trim());
    const decoded = match ? Buffer.from(match[1]!, "base64").toString("utf8") : "";
    const colon = decoded.indexOf(":");
    if (colon < 1 || (fields.success && fields.data.client_secret !== undefined)) {
      throw new OAuthError("invalid_client", "Malformed client authentication", 401);
    }
    return {
      id: decodeURIComponent(decoded.slice(0, colon)),
      secret: decodeURIComponent(decoded.slice(colon + 1)),
    };
  }
  if (!fields.success || !fields.data.client_id) {
    throw new OAuthError("invalid_client", "Client authentication is required", 401);
  }
  return { id: fields.data.client_id, secret: fields.data.client_secret ?? null };
}

interface StepView {
  clientName: string;
  action: string;
}

/** Signing in, one posted form at a time: the password, then the second factor's code or its set-up. */
function signInSteps(db: Db, secret: string, throttle: SignInThrottle, sessions: HubSessions) {
  const setUpPage = (req: Request, view: StepView, userId: string, login: string, required: boolean) => {
    const base32 = newTotpSecret();
    const pending = pendingToken(
      {
        userId,
        step: "set-up",
        sealedSecret: sealSecret(base32, secret),
        expiresAt: Date.now() + PENDING_TTL_MS,
      },
      secret,
    );
    return (error?: string) =>
      renderSetUp({
        language: pageLanguage(req),
        ...view,
        pending,
        secret: base32,
        qrSvg: enrolment(base32, login).qrSvg,
        required,
        error,
      });
  };

  async function take(
    req: Request,
    res: Response,
    fields: SignInFields,
    view: StepView,
    done: (userId: string) => Promise<void>,
  ): Promise<void> {
    const language = pageLanguage(req);
    const t = translator(language);
    const ip = req.ip ?? "";
    const signInPage = (status: number, error: string, login = fields.login) =>
      sendPage(res, status, renderSignIn({ language, ...view, login, error }));
    const refused = (verdict: { retryAfterMs: number }) => {
      const seconds = Math.max(1, Math.ceil(verdict.retryAfterMs / 1000));
      res.set("Retry-After", String(seconds));
      return t("throttled", { seconds });
    };

    if (fields.intent === "sign-in") {
      const login = fields.login.trim();
      if (!login || !fields.password) return signInPage(400, t("missing"));
      const verdict = await throttle.beginSignIn(login, ip);
      if (!verdict.allowed) return signInPage(429, refused(verdict));
      const user = await db.user.findUnique({ where: { login } });
      // The hash is spent for unknown logins too, so timing does not tell which logins exist.
      const signedIn = verifyPassword(fields.password, user && !user.guest ? user.passwordHash : null);
      if (!user || !signedIn) return signInPage(401, t("invalid"));
      if (user.twoFactorEnabled && user.totpSecret) {
        const pending = pendingToken(
          { userId: user.id, step: "code", expiresAt: Date.now() + PENDING_TTL_MS },
          secret,
        );
        return sendPage(res, 200, renderCode({ language, ...view, pending }));
      }
      if (user.requiredTwoFactorAuthentication) {
        return sendPage(res, 200, setUpPage(req, view, user.id, user.login, true)());
      }
      await throttle.recordSuccess(login, ip);
      await sessions.start(req, res, user.id);
      return done(user.id);
    }

    // The second step: its state is signed, and its codes are throttled apart from passwords.
    const wanted = fields.intent === "code" ? "code" : "set-up";
    const pending = readPendingToken(fields.pending, secret);
    const user =
      pending && pending.step === wanted ? await db.user.findUnique({ where: { id: pending.userId } }) : null;
    if (!pending || !user) return signInPage(400, t("expired"), "");
    const codeKey = `2fa:${user.login}`;
    const base32 = pending.sealedSecret ? openSecret(pending.sealedSecret, secret) : null;
    const again = (status: number, error: string) => {
      if (wanted === "code") {
        return sendPage(res, status, renderCode({ language, ...view, pending: fields.pending!, error }));
      }
      if (!base32) return signInPage(400, t("expired"), "");
      return sendPage(
        res,
        status,
        renderSetUp({
          language,
          ...view,
          pending: fields.pending!,
          secret: base32,
          qrSvg: enrolment(base32, user.login).qrSvg,
          required: user.requiredTwoFactorAuthentication,
          error,
        }),
      );
    };
    const verdict = await throttle.beginSignIn(codeKey, ip);
    if (!verdict.allowed) return again(429, refused(verdict));
    const accepted =
      wanted === "code"
        ? await acceptCode(db, secret, user.id, fields.code)
        : base32 !== null && (await enableTotp(db, secret, user.id, base32, fields.code));
    if (!accepted) return again(401, t("invalidCode"));
    await throttle.recordSuccess(codeKey, ip);
    await throttle.recordSuccess(user.login, ip);
    if ((await sessions.current(req)) !== user.id) await sessions.start(req, res, user.id);
    return done(user.id);
  }

  return { take, setUpPage };
}

/** An address to go back to: only into an application registered with the service. */
async function backLink(db: Db, asked: string | undefined): Promise<string | null> {
  if (!asked || asked.length > 2048) return null;
  let target: URL;
  try {
    target = new URL(asked);
  } catch {
    return null;
  }
  if (target.protocol !== "http:" && target.protocol !== "https:") return null;
  if (target.username || target.password) return null;
  const clients = await db.oAuthClient.findMany({ select: { redirectUris: true }, take: 100 });
  const origins = clients
    .flatMap((c) => parseUris(c.redirectUris))
    .map((uri) => {
      try {
        return new URL(uri);
      } catch {
        return null;
      }
    });
  const trusted = origins.some(
    (uri) =>
      uri !== null &&
      (uri.origin === target.origin ||
        (LOOPBACK.has(uri.hostname) && uri.hostname === target.hostname && uri.protocol === target.protocol)),
  );
  return trusted ? target.href : null;
}

function parseUris(stored: string): string[] {
  try {
    const value: unknown = JSON.parse(stored);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}

/** /hub/account/security: two-factor authentication on, off or set up, after signing in if needed. */
export function identityPagesRouter({ db, secret, signInThrottle }: IdentityOptions): Router {
  const router = Router();
  const sessions = hubSessions(db, secret);
  const throttle = createSignInThrottle(db, signInThrottle);
  const steps = signInSteps(db, secret, throttle, sessions);
  const form = express.urlencoded({ extended: false, limit: FORM_LIMIT, parameterLimit: 20 });
  const PATH = "/account/security";

  async function show(req: Request, res: Response, status = 200, error?: string) {
    const language = pageLanguage(req);
    const t = translator(language);
    const query = plainQuery(req) ?? {};
    const back = await backLink(db, query.return_to);
    const userId = await sessions.current(req);
    const user = userId ? await db.user.findUnique({ where: { id: userId } }) : null;
    if (!user) {
      return sendPage(
        res,
        status,
        renderSignIn({ language, clientName: t("securityTitle"), action: req.originalUrl, error }),
      );
    }
    const notice =
      query.done === "on" ? t("securityEnabled") : query.done === "off" ? t("securityDisabled") : undefined;
    sendPage(
      res,
      status,
      renderSecurity({
        language,
        name: user.name,
        enabled: user.twoFactorEnabled,
        required: user.requiredTwoFactorAuthentication,
        action: req.originalUrl,
        back,
        notice,
        error,
      }),
    );
  }

  /** Back to the page itself, with what just happened: a reload does not post again. */
  const seeOther = (req: Request, res: Response, done?: "on" | "off") => {
    const url = new URL(req.originalUrl, "http://service.invalid");
    url.searchParams.delete("done");
    if (done) url.searchParams.set("done", done);
    res.set("Cache-Control", "no-store").redirect(303, `${url.pathname}${url.search}`);
  };

  router.get(
    PATH,
    route(async (req, res) => show(req, res)),
  );

  router.post(
    PATH,
    requireSameOriginForWrites,
    form,
    route(async (req, res) => {
      const parsed = SecurityFormSchema.safeParse(req.body ?? {});
      if (!parsed.success) return show(req, res, 400);
      const fields = parsed.data;
      const view = { clientName: translator(pageLanguage(req))("securityTitle"), action: req.originalUrl };
      if (fields.intent === "cancel") return seeOther(req, res);
      if (fields.intent === "sign-in" || fields.intent === "code" || fields.intent === "set-up") {
        const before = await sessions.current(req);
        return steps.take(req, res, { ...fields, intent: fields.intent }, view, async () =>
          seeOther(req, res, fields.intent === "set-up" && before ? "on" : undefined),
        );
      }
      const userId = await sessions.current(req);
      const user = userId ? await db.user.findUnique({ where: { id: userId } }) : null;
      if (!user) return show(req, res, 401);
      if (fields.intent === "start-set-up") {
        if (user.twoFactorEnabled) return seeOther(req, res);
        return sendPage(
          res,
          200,
          steps.setUpPage(req, view, user.id, user.login, user.requiredTwoFactorAuthentication)(),
        );
      }
      // Switching it off takes a current code, and is not possible where the organisation requires it.
      const t = translator(pageLanguage(req));
      if (user.requiredTwoFactorAuthentication) return show(req, res, 403, t("securityRequired"));
      const verdict = await throttle.beginSignIn(`2fa:${user.login}`, req.ip ?? "");
      if (!verdict.allowed)
        return show(req, res, 429, t("throttled", { seconds: Math.ceil(verdict.retryAfterMs / 1000) }));
      if (!(await acceptCode(db, secret, user.id, fields.code))) return show(req, res, 401, t("invalidCode"));
      await throttle.recordSuccess(`2fa:${user.login}`, req.ip ?? "");
      await disableTotp(db, user.id);
      seeOther(req, res, "off");
    }),
  );

  return router;
}

export function identityRouter({ db, secret, oauth, serviceIds, signInThrottle }: IdentityOptions): Router {
  const router = Router();
  const sessions = hubSessions(db, secret);
  const throttle = createSignInThrottle(db, signInThrottle);
  const form = express.urlencoded({ extended: false, limit: FORM_LIMIT, parameterLimit: 20 });
  const knownScopes = new Set([...serviceIds, HUB_SERVICE_ID]);
  const steps = signInSteps(db, secret, throttle, sessions);

  async function trustedClient(
    req: Request,
    res: Response,
    query: Record<string, string> | null,
  ): Promise<{ client: OAuthClientRow; redirectUri: string } | null> {
    const language = pageLanguage(req);
    const t = translator(language);
    const clientId = query?.client_id;
    const client = clientId && clientId.length <= 200 ? await oauth.findClient(clientId) : null;
    if (!client) {
      sendPage(res, 400, renderError(language, t("unknownClient")));
      return null;
    }
    const asked = query?.redirect_uri;
    const redirectUri = asked ?? (client.redirectUris.length === 1 ? client.redirectUris[0] : undefined);
    if (!redirectUri || !client.redirectUris.some((registered) => redirectMatches(registered, redirectUri))) {
      sendPage(res, 400, renderError(language, t("badRedirect")));
      return null;
    }
    return { client, redirectUri };
  }

  /** Checks the rest of an authorization request; errors go back to the client, as the standard says. */
  function checkRequest(
    res: Response,
    query: Record<string, string>,
    client: OAuthClientRow,
    redirectUri: string,
  ): AuthorizeRequest | null {
    const fail = (error: string, description: string) => {
      redirectWith(res, 302, redirectUri, { error, error_description: description, state: query.state });
      return null;
    };
    const parsed = AuthorizeSchema.safeParse(query);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return fail("invalid_request", `${issue.path.join(".")}: ${issue.message}`);
    }
    const request = parsed.data;
    if (request.response_type !== "code") {
      return fail("unsupported_response_type", "Only the authorization code flow is supported");
    }
    const scopes = (request.scope ?? "").split(" ").filter(Boolean);
    if (scopes.length === 0 || scopes.some((s) => !knownScopes.has(s))) {
      return fail("invalid_scope", "The scope must name registered services");
    }
    if (request.code_challenge !== undefined && request.code_challenge_method !== "S256") {
      return fail("invalid_request", "code_challenge_method must be S256");
    }
    if (request.code_challenge === undefined && client.secretHash === null) {
      return fail("invalid_request", "A public client must use PKCE");
    }
    return request;
  }

  async function authorizationRequest(req: Request, res: Response) {
    const query = plainQuery(req);
    const trusted = await trustedClient(req, res, query);
    if (!trusted || !query) return null;
    const request = checkRequest(res, query, trusted.client, trusted.redirectUri);
    return request ? { ...trusted, request } : null;
  }

  async function grantCode(
    res: Response,
    status: 302 | 303,
    request: AuthorizeRequest,
    client: OAuthClientRow,
    redirectUri: string,
    userId: string,
  ) {
    const code = await oauth.issueCode({
      clientId: client.id,
      userId,
      redirectUri,
      scope: (request.scope ?? "").split(" ").filter(Boolean).join(" "),
      codeChallenge: request.code_challenge ?? null,
      offline: request.access_type === "offline",
    });
    redirectWith(res, status, redirectUri, { code, state: request.state });
  }

  const guestId = async () =>
    (await db.user.findUnique({ where: { login: GUEST_LOGIN }, select: { id: true } }))?.id ?? null;

  router.get(
    "/oauth2/auth",
    route(async (req, res) => {
      const authorization = await authorizationRequest(req, res);
      if (!authorization) return;
      const { client, redirectUri, request } = authorization;
      const mode = request.request_credentials;
      if (mode === "required") await sessions.end(req, res);
      const userId = mode === "required" ? null : await sessions.current(req);
      if (userId) return grantCode(res, 302, request, client, redirectUri, userId);
      if (mode === "skip" || mode === "silent") {
        const guest = await guestId();
        if (guest) return grantCode(res, 302, request, client, redirectUri, guest);
        if (mode === "silent") {
          return redirectWith(res, 302, redirectUri, {
            error: "access_denied",
            error_description: "Nobody is signed in and guests are not allowed",
            state: request.state,
          });
        }
      }
      sendPage(
        res,
        200,
        renderSignIn({ language: pageLanguage(req), clientName: client.name, action: req.originalUrl }),
      );
    }),
  );

  router.post(
    "/oauth2/auth",
    requireSameOriginForWrites,
    form,
    route(async (req, res) => {
      const authorization = await authorizationRequest(req, res);
      if (!authorization) return;
      const { client, redirectUri, request } = authorization;
      const body = SignInFormSchema.safeParse(req.body ?? {});
      const fields = body.success ? body.data : SignInFormSchema.parse({});
      if (fields.intent === "cancel") {
        return redirectWith(res, 303, redirectUri, {
          error: "access_denied",
          error_description: "The user cancelled signing in",
          state: request.state,
        });
      }
      await steps.take(req, res, fields, { clientName: client.name, action: req.originalUrl }, (userId) =>
        grantCode(res, 303, request, client, redirectUri, userId),
      );
    }),
  );

  router.post(
    "/oauth2/token",
    form,
    route(async (req, res) => {
      res.set({ "Cache-Control": "no-store", Pragma: "no-cache" });
      try {
        const client = await oauth.authenticateClient(clientCredentials(req, req.body));
        const parsed = TokenSchema.safeParse(req.body ?? {});
        if (!parsed.success) {
          const grantType = (req.body as { grant_type?: unknown } | undefined)?.grant_type;
          if (
            typeof grantType === "string" &&
            !["authorization_code", "refresh_token", "client_credentials"].includes(grantType)
          ) {
            throw new OAuthError("unsupported_grant_type", `Unsupported grant_type ${grantType}`);
          }
          const issue = parsed.error.issues[0]!;
          throw new OAuthError(
            "invalid_request",
            `${issue.path.join(".") || "grant_type"}: ${issue.message}`,
          );
        }
        const grant = parsed.data;
        if (grant.grant_type === "authorization_code") {
          res.json(
            await oauth.exchangeCode(client, {
              code: grant.code,
              redirectUri: grant.redirect_uri ?? null,
              codeVerifier: grant.code_verifier ?? null,
            }),
          );
        } else if (grant.grant_type === "refresh_token") {
          res.json(await oauth.refresh(client, grant.refresh_token, grant.scope ?? null));
        } else {
          const scopes = grant.scope.split(" ").filter(Boolean);
          if (scopes.some((s) => !knownScopes.has(s)))
            throw new OAuthError("invalid_scope", "Unknown service in scope");
          res.json(await oauth.clientCredentials(client, scopes.join(" "), `service:${client.id}`));
        }
      } catch (error) {
        if (!(error instanceof OAuthError)) throw error;
        if (error.status === 401) res.set("WWW-Authenticate", 'Basic realm="hub"');
        res.status(error.status).json({ error: error.error, error_description: error.message });
      }
    }),
  );

  router.get(
    "/oauth2/logout",
    route(async (req, res) => {
      const query = plainQuery(req);
      const parsed = LogoutSchema.safeParse(query ?? {});
      const trusted = await trustedClient(req, res, parsed.success ? query : null);
      if (!trusted || !parsed.success) return;
      const userId = await sessions.current(req);
      await sessions.end(req, res);
      if (userId) await oauth.revokeUser(userId, trusted.client.id);
      redirectWith(res, 302, trusted.redirectUri, { state: parsed.data.state });
    }),
  );

  return router;
}
