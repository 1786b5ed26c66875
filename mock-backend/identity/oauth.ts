// The identity service's OAuth 2.0 grants as Hub issues them, kept hashed in the database so any server
// can answer any step (docs/decisions/0007-identity-and-sessions.md).
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { Db } from "../db.ts";

/** An OAuth error as the token endpoint and the redirect carry it (RFC 6749 section 5.2). */
export class OAuthError extends Error {
  readonly error: string;
  readonly status: number;
  constructor(error: string, description: string, status = 400) {
    super(description);
    this.error = error;
    this.status = status;
  }
}

export interface OAuthSettings {
  /** Access token lifetime in seconds (Hub's default is an hour). */
  accessTokenSeconds: number;
  codeTtlMs: number;
  refreshTokenTtlMs: number;
  /** How long a rotated refresh token still works, for requests of one session racing to refresh. */
  refreshGraceMs: number;
}

export const DEFAULT_OAUTH_SETTINGS: OAuthSettings = {
  accessTokenSeconds: 3600,
  codeTtlMs: 60_000,
  refreshTokenTtlMs: 30 * 24 * 3600_000,
  refreshGraceMs: 30_000,
};

export interface TokenAnswer {
  access_token: string;
  token_type: "bearer";
  expires_in: number;
  scope: string;
  refresh_token?: string;
}

export interface OAuthClientRow {
  id: string;
  name: string;
  secretHash: string | null;
  redirectUris: string[];
}

export interface VerifiedAccessToken {
  userId: string;
  clientId: string;
  scope: string;
  grantId: string;
}

const hash = (value: string) => createHash("sha256").update(value).digest("base64url");
const token = () => randomBytes(32).toString("base64url");

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** `BASE64URL(SHA256(verifier))`, the S256 code challenge (RFC 7636). */
export function pkceChallenge(verifier: string): string {
  return createHash("sha256").update(verifier).digest("base64url");
}

export const hashClientSecret = hash;

export interface OAuthServer {
  readonly settings: OAuthSettings;
  findClient(clientId: string): Promise<OAuthClientRow | null>;
  /** The client a token request authenticates as, from HTTP Basic or the form's client_id/client_secret. */
  authenticateClient(credentials: { id: string; secret: string | null }): Promise<OAuthClientRow>;
  issueCode(grant: {
    clientId: string;
    userId: string;
    redirectUri: string;
    scope: string;
    codeChallenge: string | null;
    offline: boolean;
  }): Promise<string>;
  exchangeCode(
    client: OAuthClientRow,
    request: { code: string; redirectUri: string | null; codeVerifier: string | null },
  ): Promise<TokenAnswer>;
  refresh(client: OAuthClientRow, refreshToken: string, scope: string | null): Promise<TokenAnswer>;
  clientCredentials(client: OAuthClientRow, scope: string, serviceUserId: string): Promise<TokenAnswer>;
  verifyAccessToken(accessToken: string): Promise<VerifiedAccessToken | null>;
  revokeUser(userId: string, clientId?: string): Promise<void>;
}

export function createOAuthServer(
  db: Db,
  settings: OAuthSettings = DEFAULT_OAUTH_SETTINGS,
  now: () => number = Date.now,
): OAuthServer {
  async function findClient(clientId: string): Promise<OAuthClientRow | null> {
    const row = await db.oAuthClient.findUnique({ where: { id: clientId } });
    if (!row) return null;
    const uris: unknown = JSON.parse(row.redirectUris);
    return {
      id: row.id,
      name: row.name,
      secretHash: row.secretHash,
      redirectUris: Array.isArray(uris) ? uris.filter((u): u is string => typeof u === "string") : [],
    };
  }

  async function issueTokens(grant: {
    grantId: string;
    clientId: string;
    userId: string;
    scope: string;
    offline: boolean;
  }): Promise<TokenAnswer> {
    const access = token();
    const at = now();
    await db.oAuthAccessToken.create({
      data: {
        tokenHash: hash(access),
        grantId: grant.grantId,
        clientId: grant.clientId,
        userId: grant.userId,
        scope: grant.scope,
        expiresAt: new Date(at + settings.accessTokenSeconds * 1000),
      },
    });
    const answer: TokenAnswer = {
      access_token: access,
      token_type: "bearer",
      expires_in: settings.accessTokenSeconds,
      scope: grant.scope,
    };
    if (grant.offline) {
      const refresh = token();
      await db.oAuthRefreshToken.create({
        data: {
          tokenHash: hash(refresh),
          grantId: grant.grantId,
          clientId: grant.clientId,
          userId: grant.userId,
          scope: grant.scope,
          expiresAt: new Date(at + settings.refreshTokenTtlMs),
        },
      });
      answer.refresh_token = refresh;
    }
    return answer;
  }

  async function revokeGrant(grantId: string): Promise<void> {
    const at = new Date(now());
    await db.$transaction([
      db.oAuthAccessToken.deleteMany({ where: { grantId } }),
      db.oAuthRefreshToken.updateMany({ where: { grantId, revokedAt: null }, data: { revokedAt: at } }),
    ]);
  }

  return {
    settings,
    findClient,

    async authenticateClient({ id, secret }) {
      const client = await findClient(id);
      // A confidential client proves its secret; an unknown one is refused with the same answer.
      if (
        !client ||
        client.secretHash === null ||
        secret === null ||
        !sameText(hash(secret), client.secretHash)
      ) {
        throw new OAuthError("invalid_client", "Client authentication failed", 401);
      }
      return client;
    },

    async issueCode(grant) {
      const code = token();
      await db.oAuthCode.create({
        data: {
          codeHash: hash(code),
          clientId: grant.clientId,
          userId: grant.userId,
          redirectUri: grant.redirectUri,
          scope: grant.scope,
          codeChallenge: grant.codeChallenge,
          offline: grant.offline,
          expiresAt: new Date(now() + settings.codeTtlMs),
        },
      });
      return code;
    },

    async exchangeCode(client, { code, redirectUri, codeVerifier }) {
      const codeHash = hash(code);
      const row = await db.oAuthCode.findUnique({ where: { codeHash } });
      if (!row || row.clientId !== client.id) {
        throw new OAuthError(
          "invalid_grant",
          "The authorization code is unknown or was issued to another client",
        );
      }
      // Single use: the first exchange marks it, atomically; a replay also ends what the code gave.
      const marked = await db.oAuthCode.updateMany({
        where: { codeHash, usedAt: null },
        data: { usedAt: new Date(now()) },
      });
      if (marked.count === 0) {
        await revokeGrant(`code:${codeHash}`);
        throw new OAuthError("invalid_grant", "The authorization code was already used");
      }
      if (row.expiresAt.getTime() <= now())
        throw new OAuthError("invalid_grant", "The authorization code expired");
      if (redirectUri !== row.redirectUri) {
        throw new OAuthError("invalid_grant", "redirect_uri does not match the authorization request");
      }
      if (row.codeChallenge !== null) {
        if (!codeVerifier || !/^[A-Za-z0-9._~-]{43,128}$/.test(codeVerifier)) {
          throw new OAuthError("invalid_grant", "code_verifier is missing or malformed");
        }
        if (!sameText(pkceChallenge(codeVerifier), row.codeChallenge)) {
          throw new OAuthError("invalid_grant", "code_verifier does not match the code challenge");
        }
      }
      return issueTokens({
        grantId: `code:${codeHash}`,
        clientId: client.id,
        userId: row.userId,
        scope: row.scope,
        offline: row.offline,
      });
    },

    async refresh(client, refreshToken, scope) {
      const row = await db.oAuthRefreshToken.findUnique({ where: { tokenHash: hash(refreshToken) } });
      if (!row || row.clientId !== client.id || row.revokedAt !== null || row.expiresAt.getTime() <= now()) {
        throw new OAuthError("invalid_grant", "The refresh token is unknown, expired or revoked");
      }
      if (row.rotatedAt !== null && now() - row.rotatedAt.getTime() > settings.refreshGraceMs) {
        // A rotated token used again after the grace period was copied: end the whole grant.
        await revokeGrant(row.grantId);
        throw new OAuthError("invalid_grant", "The refresh token was already used");
      }
      const granted = new Set(row.scope.split(" "));
      if (scope !== null && scope.split(" ").some((s) => s !== "" && !granted.has(s))) {
        throw new OAuthError("invalid_scope", "The scope asked for exceeds the one granted");
      }
      if (row.rotatedAt === null) {
        await db.oAuthRefreshToken.update({
          where: { tokenHash: row.tokenHash },
          data: { rotatedAt: new Date(now()) },
        });
      }
      return issueTokens({
        grantId: row.grantId,
        clientId: client.id,
        userId: row.userId,
        scope: row.scope,
        offline: true,
      });
    },

    async clientCredentials(client, scope, serviceUserId) {
      return issueTokens({
        grantId: `client:${client.id}:${token()}`,
        clientId: client.id,
        userId: serviceUserId,
        scope,
        offline: false,
      });
    },

    async verifyAccessToken(accessToken) {
      const row = await db.oAuthAccessToken.findUnique({ where: { tokenHash: hash(accessToken) } });
      if (!row || row.expiresAt.getTime() <= now()) return null;
      return { userId: row.userId, clientId: row.clientId, scope: row.scope, grantId: row.grantId };
    },

    async revokeUser(userId, clientId) {
      const where = clientId ? { userId, clientId } : { userId };
      const at = new Date(now());
      await db.$transaction([
        db.oAuthAccessToken.deleteMany({ where }),
        db.oAuthRefreshToken.updateMany({ where: { ...where, revokedAt: null }, data: { revokedAt: at } }),
      ]);
    },
  };
}
