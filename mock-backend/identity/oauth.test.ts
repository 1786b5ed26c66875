import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, expect, test } from "vitest";
import { freshDatabase, type TestDatabase } from "#tests/helpers/database.ts";
import {
  createOAuthServer,
  DEFAULT_OAUTH_SETTINGS,
  hashClientSecret,
  OAuthError,
  pkceChallenge,
  type OAuthClientRow,
  type OAuthServer,
} from "./oauth.ts";

const ALICE = "1-2";
const REDIRECT = "https://keel.example/auth/callback";
const SCOPE = "youtrack 0-0-0-0-0";

let database: TestDatabase;
let clock = 1_800_000_000_000;
let server: OAuthServer;
let client: OAuthClientRow;

beforeAll(async () => {
  database = freshDatabase();
  await database.db.oAuthClient.create({
    data: {
      id: "keel-test",
      name: "Keel",
      secretHash: hashClientSecret("s3cret"),
      redirectUris: JSON.stringify([REDIRECT]),
    },
  });
  await database.db.oAuthClient.create({
    data: { id: "other", name: "Other", secretHash: hashClientSecret("x"), redirectUris: "[]" },
  });
  server = createOAuthServer(database.db, DEFAULT_OAUTH_SETTINGS, () => clock);
  client = await server.authenticateClient({ id: "keel-test", secret: "s3cret" });
});
afterAll(() => database.close());

const verifier = () => randomBytes(32).toString("base64url");

async function codeFor(codeVerifier: string, offline = true) {
  return server.issueCode({
    clientId: client.id,
    userId: ALICE,
    redirectUri: REDIRECT,
    scope: SCOPE,
    codeChallenge: pkceChallenge(codeVerifier),
    offline,
  });
}

async function refused(promise: Promise<unknown>, error: string) {
  const thrown = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(thrown).toBeInstanceOf(OAuthError);
  expect((thrown as OAuthError).error).toBe(error);
}

test("a code exchanged with its verifier gives tokens that identify the user", async () => {
  const v = verifier();
  const answer = await server.exchangeCode(client, {
    code: await codeFor(v),
    redirectUri: REDIRECT,
    codeVerifier: v,
  });
  expect(answer).toMatchObject({ token_type: "bearer", expires_in: 3600, scope: SCOPE });
  expect(answer.refresh_token).toEqual(expect.any(String));
  expect(await server.verifyAccessToken(answer.access_token)).toMatchObject({
    userId: ALICE,
    clientId: "keel-test",
  });
});

test("without access_type=offline there is no refresh token", async () => {
  const v = verifier();
  const answer = await server.exchangeCode(client, {
    code: await codeFor(v, false),
    redirectUri: REDIRECT,
    codeVerifier: v,
  });
  expect(answer.refresh_token).toBeUndefined();
});

test("a wrong client secret and an unknown client are refused alike", async () => {
  await refused(server.authenticateClient({ id: "keel-test", secret: "wrong" }), "invalid_client");
  await refused(server.authenticateClient({ id: "nobody", secret: "s3cret" }), "invalid_client");
  await refused(server.authenticateClient({ id: "keel-test", secret: null }), "invalid_client");
});

test("a wrong verifier, a missing one and another redirect URI are refused", async () => {
  const v = verifier();
  await refused(
    server.exchangeCode(client, { code: await codeFor(v), redirectUri: REDIRECT, codeVerifier: verifier() }),
    "invalid_grant",
  );
  await refused(
    server.exchangeCode(client, { code: await codeFor(v), redirectUri: REDIRECT, codeVerifier: null }),
    "invalid_grant",
  );
  await refused(
    server.exchangeCode(client, {
      code: await codeFor(v),
      redirectUri: "https://evil.example/cb",
      codeVerifier: v,
    }),
    "invalid_grant",
  );
});

test("a code works once; its replay also revokes what the first exchange gave", async () => {
  const v = verifier();
  const code = await codeFor(v);
  const first = await server.exchangeCode(client, { code, redirectUri: REDIRECT, codeVerifier: v });
  await refused(
    server.exchangeCode(client, { code, redirectUri: REDIRECT, codeVerifier: v }),
    "invalid_grant",
  );
  expect(await server.verifyAccessToken(first.access_token)).toBeNull();
  await refused(server.refresh(client, first.refresh_token!, null), "invalid_grant");
});

test("a code of another client, and an expired code, are refused", async () => {
  const v = verifier();
  const other = await server.authenticateClient({ id: "other", secret: "x" });
  await refused(
    server.exchangeCode(other, { code: await codeFor(v), redirectUri: REDIRECT, codeVerifier: v }),
    "invalid_grant",
  );
  const code = await codeFor(v);
  clock += DEFAULT_OAUTH_SETTINGS.codeTtlMs + 1;
  await refused(
    server.exchangeCode(client, { code, redirectUri: REDIRECT, codeVerifier: v }),
    "invalid_grant",
  );
});

test("access tokens expire", async () => {
  const v = verifier();
  const answer = await server.exchangeCode(client, {
    code: await codeFor(v),
    redirectUri: REDIRECT,
    codeVerifier: v,
  });
  clock += DEFAULT_OAUTH_SETTINGS.accessTokenSeconds * 1000;
  expect(await server.verifyAccessToken(answer.access_token)).toBeNull();
});

test("refresh rotates; two refreshes racing within the grace period both work", async () => {
  const v = verifier();
  const first = await server.exchangeCode(client, {
    code: await codeFor(v),
    redirectUri: REDIRECT,
    codeVerifier: v,
  });
  const [a, b] = await Promise.all([
    server.refresh(client, first.refresh_token!, null),
    server.refresh(client, first.refresh_token!, null),
  ]);
  expect(a.refresh_token).not.toBe(first.refresh_token);
  expect(await server.verifyAccessToken(a.access_token)).toMatchObject({ userId: ALICE });
  expect(await server.verifyAccessToken(b.access_token)).toMatchObject({ userId: ALICE });
  // Both successors keep working: neither server's session is signed out by the race.
  await server.refresh(client, a.refresh_token!, null);
  await server.refresh(client, b.refresh_token!, null);
});

test("a rotated refresh token used after the grace period revokes the whole grant", async () => {
  const v = verifier();
  const first = await server.exchangeCode(client, {
    code: await codeFor(v),
    redirectUri: REDIRECT,
    codeVerifier: v,
  });
  const second = await server.refresh(client, first.refresh_token!, null);
  clock += DEFAULT_OAUTH_SETTINGS.refreshGraceMs + 1;
  await refused(server.refresh(client, first.refresh_token!, null), "invalid_grant");
  expect(await server.verifyAccessToken(second.access_token)).toBeNull();
  await refused(server.refresh(client, second.refresh_token!, null), "invalid_grant");
});

test("a refresh cannot widen the scope, and another client cannot use the token", async () => {
  const v = verifier();
  const first = await server.exchangeCode(client, {
    code: await codeFor(v),
    redirectUri: REDIRECT,
    codeVerifier: v,
  });
  await refused(server.refresh(client, first.refresh_token!, "youtrack admin"), "invalid_scope");
  const other = await server.authenticateClient({ id: "other", secret: "x" });
  await refused(server.refresh(other, first.refresh_token!, null), "invalid_grant");
});

test("revoking a user's grants for a client ends their tokens", async () => {
  const v = verifier();
  const answer = await server.exchangeCode(client, {
    code: await codeFor(v),
    redirectUri: REDIRECT,
    codeVerifier: v,
  });
  await server.revokeUser(ALICE, client.id);
  expect(await server.verifyAccessToken(answer.access_token)).toBeNull();
  await refused(server.refresh(client, answer.refresh_token!, null), "invalid_grant");
});

test("a second server on the same database verifies the first one's tokens", async () => {
  const v = verifier();
  const answer = await server.exchangeCode(client, {
    code: await codeFor(v),
    redirectUri: REDIRECT,
    codeVerifier: v,
  });
  const other = createOAuthServer(database.db, DEFAULT_OAUTH_SETTINGS, () => clock);
  expect(await other.verifyAccessToken(answer.access_token)).toMatchObject({ userId: ALICE });
});
