// Keel as a confidential OAuth 2.0 client of the backend's identity service (Hub): finds it through
// `api/config`'s `ring`, builds the authorize and logout URLs, and exchanges and refreshes tokens.
// docs/identity.md
import { createHash, randomBytes } from "node:crypto";
import { z } from "zod";
import type { BackendTransport } from "#app/lib/keel-context.ts";

export const HUB_SERVICE_ID = "0-0-0-0-0";
const DISCOVERY_TTL_MS = 5 * 60_000;
const HUB_TIMEOUT_MS = 10_000;

const RingSchema = z.object({
  ring: z.object({ url: z.string().min(1).max(2048), serviceId: z.string().min(1).max(200) }),
});

const TokenAnswerSchema = z.object({
  access_token: z.string().min(1).max(1000),
  token_type: z.string().regex(/^bearer$/i),
  expires_in: z
    .number()
    .int()
    .positive()
    .max(10 * 365 * 24 * 3600)
    .default(3600),
  refresh_token: z.string().min(1).max(1000).optional(),
  scope: z.string().max(2048).optional(),
});
export type TokenAnswer = z.infer<typeof TokenAnswerSchema>;

const OAuthErrorSchema = z.object({
  error: z.string().max(100),
  error_description: z.string().max(2000).optional(),
});

const MeSchema = z.object({ id: z.string().min(1), login: z.string(), guest: z.boolean() });
export type Me = z.infer<typeof MeSchema>;

/** A refusal by the identity service (its `error` code), as opposed to it being unreachable. */
export class IdentityRefusal extends Error {
  readonly code: string;
  constructor(code: string, description: string) {
    super(description);
    this.code = code;
  }
}

/** The identity service could not be reached or answered nonsense. */
export class IdentityUnavailable extends Error {}

export interface IdentityClientOptions {
  transport: BackendTransport;
  /** BACKEND_URL for a real backend; undefined when the mock answers in-process on Keel's own origin. */
  backendUrl?: string;
  clientId: string | null;
  clientSecret: string | null;
  now?: () => number;
}

export interface Discovery {
  /** The identity service's base URL as the browser reaches it, absolute or (in-process) a path. */
  hubUrl: string;
  serviceId: string;
}

export interface IdentityClient {
  /** Whether Keel has a registered client and can use the authorization code flow. */
  readonly oauthEnabled: boolean;
  discover(): Promise<Discovery>;
  /** The origin the browser is sent to, for the CSP's form-action; null when it is Keel's own. */
  readonly hubOrigin: string | null;
  authorizeUrl(options: {
    redirectUri: string;
    state: string;
    verifier: string;
    switchUser?: boolean;
  }): Promise<string>;
  logoutUrl(options: { redirectUri: string; state: string }): Promise<string>;
  /** The identity service's account security page (two-factor authentication), coming back to `returnTo`. */
  accountSecurityUrl(returnTo: string): Promise<string>;
  exchangeCode(code: string, verifier: string, redirectUri: string): Promise<TokenAnswer>;
  refresh(refreshToken: string): Promise<TokenAnswer>;
  /** The user a bearer token belongs to (users/me), or null when the backend refuses the token. */
  me(accessToken: string): Promise<Me | null>;
}

export const randomToken = (bytes = 32) => randomBytes(bytes).toString("base64url");
export const pkceChallenge = (verifier: string) => createHash("sha256").update(verifier).digest("base64url");

export function createIdentityClient(options: IdentityClientOptions): IdentityClient {
  const { transport, backendUrl, clientId, clientSecret } = options;
  const now = options.now ?? Date.now;
  let discovered: { value: Discovery; at: number } | null = null;
  let hubOrigin: string | null = null;

  async function discover(): Promise<Discovery> {
    if (discovered && now() - discovered.at < DISCOVERY_TTL_MS) return discovered.value;
    let answer;
    try {
      answer = await transport({
        method: "GET",
        path: "/api/config?fields=ring(url,serviceId)",
        headers: { accept: "application/json" },
      });
    } catch (error) {
      throw new IdentityUnavailable(`The backend is unreachable: ${(error as Error).message}`);
    }
    const parsed = answer.status === 200 ? RingSchema.safeParse(JSON.parse(answer.body)) : null;
    if (!parsed?.success)
      throw new IdentityUnavailable(
        `The backend's configuration names no identity service (${answer.status})`,
      );
    const { url, serviceId } = parsed.data.ring;
    // A relative ring.url is on the backend's origin: Keel's own in the demo.
    const hubUrl = backendUrl
      ? new URL(url, `${backendUrl}/`).href.replace(/\/+$/, "")
      : url.replace(/\/+$/, "");
    if (backendUrl) hubOrigin = new URL(hubUrl).origin;
    discovered = { value: { hubUrl, serviceId }, at: now() };
    return discovered.value;
  }

  /** A call to the identity service's REST API: in-process for the demo, HTTP for a real one. */
  async function hubCall(
    path: string,
    init: { method: "GET" | "POST"; headers: Record<string, string>; body?: string },
  ) {
    const { hubUrl } = await discover();
    try {
      if (!backendUrl) {
        return await transport({
          method: init.method,
          path: `${hubUrl}/api/rest${path}`,
          headers: init.headers,
          body: init.body,
        });
      }
      const response = await fetch(`${hubUrl}/api/rest${path}`, {
        ...init,
        redirect: "manual",
        signal: AbortSignal.timeout(HUB_TIMEOUT_MS),
      });
      return { status: response.status, body: await response.text() };
    } catch (error) {
      throw new IdentityUnavailable(`The identity service is unreachable: ${(error as Error).message}`);
    }
  }

  async function tokenRequest(form: Record<string, string>): Promise<TokenAnswer> {
    if (!clientId || !clientSecret)
      throw new IdentityRefusal("invalid_client", "Keel has no registered client");
    const basic = Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString(
      "base64",
    );
    const answer = await hubCall("/oauth2/token", {
      method: "POST",
      headers: {
        authorization: `Basic ${basic}`,
        "content-type": "application/x-www-form-urlencoded",
        accept: "application/json",
      },
      body: new URLSearchParams(form).toString(),
    });
    let json: unknown;
    try {
      json = JSON.parse(answer.body);
    } catch {
      throw new IdentityUnavailable(`The identity service answered ${answer.status} without JSON`);
    }
    if (answer.status === 200) {
      const tokens = TokenAnswerSchema.safeParse(json);
      if (tokens.success) return tokens.data;
      throw new IdentityUnavailable("The identity service's token answer is malformed");
    }
    const error = OAuthErrorSchema.safeParse(json);
    if (answer.status >= 400 && answer.status < 500 && error.success) {
      throw new IdentityRefusal(error.data.error, error.data.error_description ?? error.data.error);
    }
    throw new IdentityUnavailable(`The identity service answered ${answer.status}`);
  }

  return {
    oauthEnabled: Boolean(clientId && clientSecret),
    discover,
    get hubOrigin() {
      return hubOrigin;
    },

    async authorizeUrl({ redirectUri, state, verifier, switchUser }) {
      const { hubUrl, serviceId } = await discover();
      const params = new URLSearchParams({
        response_type: "code",
        client_id: clientId ?? "",
        redirect_uri: redirectUri,
        scope: `${serviceId} ${HUB_SERVICE_ID}`,
        state,
        code_challenge: pkceChallenge(verifier),
        code_challenge_method: "S256",
        access_type: "offline",
        request_credentials: switchUser ? "required" : "default",
      });
      return `${hubUrl}/api/rest/oauth2/auth?${params}`;
    },

    async logoutUrl({ redirectUri, state }) {
      const { hubUrl } = await discover();
      const params = new URLSearchParams({ client_id: clientId ?? "", state, redirect_uri: redirectUri });
      return `${hubUrl}/api/rest/oauth2/logout?${params}`;
    },

    async accountSecurityUrl(returnTo) {
      const { hubUrl } = await discover();
      return `${hubUrl}/account/security?${new URLSearchParams({ return_to: returnTo })}`;
    },

    exchangeCode: (code, verifier, redirectUri) =>
      tokenRequest({
        grant_type: "authorization_code",
        code,
        code_verifier: verifier,
        redirect_uri: redirectUri,
      }),

    refresh: (refreshToken) => tokenRequest({ grant_type: "refresh_token", refresh_token: refreshToken }),

    async me(accessToken) {
      let answer;
      try {
        answer = await transport({
          method: "GET",
          path: "/api/users/me?fields=id,login,guest",
          headers: { accept: "application/json", authorization: `Bearer ${accessToken}` },
        });
      } catch (error) {
        throw new IdentityUnavailable(`The backend is unreachable: ${(error as Error).message}`);
      }
      if (answer.status === 401 || answer.status === 403) return null;
      const me = answer.status === 200 ? MeSchema.safeParse(JSON.parse(answer.body)) : null;
      if (!me?.success) throw new IdentityUnavailable(`users/me answered ${answer.status}`);
      return me.data;
    },
  };
}
