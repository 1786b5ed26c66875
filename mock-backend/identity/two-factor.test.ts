// Two-factor authentication at the identity service, as a browser and a client meet it: tom, who must use
// it and has none, sets it up while signing in; a code works once; the backend refuses everything else
// to a user who still lacks it; the account security page turns it on and off.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, expect, test } from "vitest";
import { freshDatabase, type TestDatabase } from "#tests/helpers/database.ts";
import { SAME_ORIGIN, TEST_SECRET } from "#tests/helpers/mock-client.ts";
import { createInProcessTransport } from "#server/transport.ts";
import { createMockBackendApp } from "../app.ts";
import { formatPermanentToken, sha256 } from "../auth.ts";
import { createOAuthServer, DEFAULT_OAUTH_SETTINGS, hashClientSecret, pkceChallenge } from "./oauth.ts";
import { BACKEND_SERVICE_ID } from "./routes.ts";
import {
  currentCode,
  newTotpSecret,
  openSecret,
  pendingToken,
  sealSecret,
  TOTP_PERIOD_SECONDS,
} from "./totp.ts";

const CLIENT = "keel-test";
const SECRET = "client-secret-0123";
const REDIRECT = `${SAME_ORIGIN.origin}/auth/callback`;
const BASIC = `Basic ${Buffer.from(`${CLIENT}:${SECRET}`).toString("base64")}`;
const STEP_MS = TOTP_PERIOD_SECONDS * 1000;

let database: TestDatabase;
/** The throttle's clock: moved on between attempts that should not wait on each other. */
let clock = Date.now();
let transport: ReturnType<typeof createInProcessTransport>;

beforeAll(async () => {
  database = freshDatabase();
  await database.db.oAuthClient.create({
    data: {
      id: CLIENT,
      name: "Keel",
      secretHash: hashClientSecret(SECRET),
      redirectUris: JSON.stringify([REDIRECT]),
    },
  });
  const oauth = createOAuthServer(database.db, DEFAULT_OAUTH_SETTINGS);
  transport = createInProcessTransport(
    createMockBackendApp({
      db: database.db,
      secret: TEST_SECRET,
      oauth,
      signInThrottle: { now: () => clock },
    }),
  );
});
afterAll(() => database.close());

interface Answer {
  status: number;
  body: string;
  location: URL | null;
  cookies: string[];
  header(name: string): string | null;
}

async function call(
  method: "GET" | "POST",
  path: string,
  options: { form?: Record<string, string>; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { host: SAME_ORIGIN.host, ...options.headers };
  let body: string | undefined;
  if (options.form) {
    body = new URLSearchParams(options.form).toString();
    headers["content-type"] = "application/x-www-form-urlencoded";
    headers.origin = SAME_ORIGIN.origin;
  }
  const response = await transport({ method, path, headers, body });
  const location = response.headers.get("location");
  return {
    status: response.status,
    body: response.body,
    location: location ? new URL(location, SAME_ORIGIN.origin) : null,
    cookies: response.headers.getSetCookie(),
    header: (name) => response.headers.get(name),
  };
}

const verifier = randomBytes(32).toString("base64url");
const AUTHORIZE = `/hub/api/rest/oauth2/auth?${new URLSearchParams({
  response_type: "code",
  client_id: CLIENT,
  redirect_uri: REDIRECT,
  scope: `${BACKEND_SERVICE_ID} 0-0-0-0-0`,
  state: "st4te",
  code_challenge: pkceChallenge(verifier),
  code_challenge_method: "S256",
})}`;
const SECURITY = "/hub/account/security";

const pendingOf = (page: string) => /name="pending" value="([^"]+)"/.exec(page)?.[1] ?? "";
const secretOf = (page: string) => /data-secret="([A-Z2-7]+)"/.exec(page)?.[1] ?? "";
const hubCookie = (answer: Answer) =>
  answer.cookies.find((c) => c.startsWith("hub_session="))?.split(";")[0] ?? "";
const later = () => (clock += 60 * 60_000);

async function exchange(code: string) {
  const answer = await call("POST", "/hub/api/rest/oauth2/token", {
    form: { grant_type: "authorization_code", code, redirect_uri: REDIRECT, code_verifier: verifier },
    headers: { authorization: BASIC },
  });
  expect(answer.status).toBe(200);
  return (JSON.parse(answer.body) as { access_token: string }).access_token;
}

const asBearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** tom's whole way in: password, the forced set-up, a code; returns his secret and an access token. */
async function tomSetsUp() {
  later();
  const password = await call("POST", AUTHORIZE, { form: { login: "tom", password: "demo" } });
  expect(password.status).toBe(200);
  expect(password.location).toBeNull();
  expect(hubCookie(password)).toBe("");
  expect(password.body).toContain("Your organisation requires two-factor authentication");
  expect(password.body).toContain("<svg");
  const secret = secretOf(password.body);
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const pending = pendingOf(password.body);

  const wrong = await call("POST", AUTHORIZE, { form: { intent: "set-up", pending, code: "000000" } });
  expect(wrong.status).toBe(401);
  expect(wrong.body).toContain("That code is not valid");
  expect(secretOf(wrong.body)).toBe(secret);

  later();
  const right = await call("POST", AUTHORIZE, {
    form: { intent: "set-up", pending, code: currentCode(secret) },
  });
  expect(right.status).toBe(303);
  expect(right.location?.searchParams.get("state")).toBe("st4te");
  expect(hubCookie(right)).not.toBe("");
  return { secret, token: await exchange(right.location!.searchParams.get("code")!) };
}

test("tom must set up two-factor authentication while signing in, and then uses the backend", async () => {
  const { db } = database;
  const before = await db.user.findUniqueOrThrow({ where: { login: "tom" } });
  expect(before.twoFactorEnabled).toBe(false);

  const { secret, token } = await tomSetsUp();
  const after = await db.user.findUniqueOrThrow({ where: { login: "tom" } });
  expect(after.twoFactorEnabled).toBe(true);
  // Stored sealed, never as the key itself.
  expect(after.totpSecret).not.toContain(secret);
  expect(openSecret(after.totpSecret!, TEST_SECRET)).toBe(secret);

  const issues = await call("GET", "/api/issues?fields=idReadable&$top=1", { headers: asBearer(token) });
  expect(issues.status).toBe(200);
  const me = await call("GET", "/api/users/me?fields=twoFactorAuthentication(enabled)", {
    headers: asBearer(token),
  });
  expect(JSON.parse(me.body)).toEqual({ twoFactorAuthentication: { enabled: true } });

  // Signing in again asks for a code; the code of the set-up is spent; the next one works once.
  later();
  const password = await call("POST", AUTHORIZE, { form: { login: "tom", password: "demo" } });
  expect(password.status).toBe(200);
  expect(password.body).toContain("Enter the 6-digit code");
  const pending = pendingOf(password.body);
  const replayed = await call("POST", AUTHORIZE, {
    form: { intent: "code", pending, code: currentCode(secret, Date.now() - STEP_MS) },
  });
  expect(replayed.status).toBe(401);
  later();
  const next = currentCode(secret, Date.now() + STEP_MS);
  const signedIn = await call("POST", AUTHORIZE, { form: { intent: "code", pending, code: next } });
  expect(signedIn.status).toBe(303);
  expect(signedIn.location?.searchParams.get("code")).toBeTruthy();
  later();
  const again = await call("POST", AUTHORIZE, { form: { intent: "code", pending, code: next } });
  expect(again.status).toBe(401);
});

test("a second step with a forged, foreign or expired state starts over", async () => {
  const user = await database.db.user.findUniqueOrThrow({ where: { login: "alice" } });
  const cases = [
    "forged.state",
    pendingToken({ userId: user.id, step: "code", expiresAt: Date.now() + 60_000 }, "another-secret"),
    pendingToken({ userId: user.id, step: "code", expiresAt: Date.now() - 1 }, TEST_SECRET),
  ];
  for (const pending of cases) {
    const answer = await call("POST", AUTHORIZE, { form: { intent: "code", pending, code: "123456" } });
    expect(answer.status).toBe(400);
    expect(answer.body).toContain("This sign-in took too long");
    expect(answer.location).toBeNull();
  }
});

test("guessing codes is throttled apart from passwords", async () => {
  const user = await database.db.user.findUniqueOrThrow({ where: { login: "rachel" } });
  await database.db.user.update({
    where: { id: user.id },
    data: { twoFactorEnabled: true, totpSecret: sealSecret(newTotpSecret(), TEST_SECRET) },
  });
  later();
  const pending = pendingToken(
    { userId: user.id, step: "code", expiresAt: Date.now() + 60_000 },
    TEST_SECRET,
  );
  const first = await call("POST", AUTHORIZE, { form: { intent: "code", pending, code: "111111" } });
  expect(first.status).toBe(401);
  const second = await call("POST", AUTHORIZE, { form: { intent: "code", pending, code: "222222" } });
  expect(second.status).toBe(429);
  expect(Number(second.header("retry-after"))).toBeGreaterThanOrEqual(1);
  // The password of the same account is not held back by the codes.
  const password = await call("POST", AUTHORIZE, { form: { login: "rachel", password: "demo" } });
  expect(password.status).toBe(200);
  expect(password.body).toContain("Enter the 6-digit code");
  await database.db.user.update({ where: { id: user.id }, data: { twoFactorEnabled: false } });
});

test("until the set-up, the backend answers a user who lacks it only who they are", async () => {
  const { db } = database;
  const user = await db.user.create({
    data: { id: "1-90", login: "nora", name: "Nora Needs2fa", requiredTwoFactorAuthentication: true },
  });
  const token = formatPermanentToken("nora", "script", "s3cret-for-nora");
  await db.permanentToken.create({
    data: { tokenHash: sha256(token), userId: user.id, name: "script" },
  });
  const headers = asBearer(token);
  for (const path of [
    "/api/users/me?fields=login,requiredTwoFactorAuthentication",
    "/api/config?fields=version",
    "/api/permissions/cache?fields=permission(key)",
    "/hub/api/rest/users/me?fields=login",
  ]) {
    expect((await call("GET", path, { headers })).status, path).toBe(200);
  }
  for (const [method, path] of [
    ["GET", "/api/issues?fields=idReadable"],
    ["GET", "/api/articles?fields=idReadable"],
    ["GET", "/api/inbox/folders?fields=id"],
    ["POST", "/api/users/me/profiles/appearance?fields=uiTheme"],
    ["GET", "/hub/api/rest/users/guest?fields=login"],
  ] as const) {
    const answer = await call(method, path, { headers, form: method === "POST" ? {} : undefined });
    expect(answer.status, path).toBe(403);
    expect(JSON.parse(answer.body)).toMatchObject({ error: "2fa_required" });
  }
  await db.user.update({ where: { id: user.id }, data: { twoFactorEnabled: true } });
  expect((await call("GET", "/api/issues?fields=idReadable", { headers })).status).toBe(200);
});

test("the account security page signs in, turns two-factor authentication on and off", async () => {
  later();
  const back = encodeURIComponent(`${SAME_ORIGIN.origin}/users/me?tab=account-security`);
  const page = `${SECURITY}?return_to=${back}`;
  const anonymous = await call("GET", page);
  expect(anonymous.status).toBe(200);
  expect(anonymous.body).toContain('name="password"');

  const signedIn = await call("POST", page, {
    form: { intent: "sign-in", login: "alice", password: "demo" },
  });
  expect(signedIn.status).toBe(303);
  const cookie = hubCookie(signedIn);
  const headers = { cookie };
  const off = await call("GET", page, { headers });
  expect(off.body).toMatch(/two-factor-status.*Off/s);
  expect(off.body).toContain(`href="${SAME_ORIGIN.origin}/users/me?tab=account-security"`);

  const setUp = await call("POST", page, { form: { intent: "start-set-up" }, headers });
  expect(setUp.status).toBe(200);
  const secret = secretOf(setUp.body);
  const on = await call("POST", page, {
    form: { intent: "set-up", pending: pendingOf(setUp.body), code: currentCode(secret) },
    headers,
  });
  expect(on.status).toBe(303);
  expect(on.location?.searchParams.get("done")).toBe("on");
  expect((await call("GET", on.location!.pathname + on.location!.search, { headers })).body).toMatch(
    /Two-factor authentication is on\..*two-factor-status.*On/s,
  );

  later();
  const wrong = await call("POST", page, { form: { intent: "turn-off", code: "000000" }, headers });
  expect(wrong.status).toBe(401);
  later();
  const turnedOff = await call("POST", page, {
    form: { intent: "turn-off", code: currentCode(secret, Date.now() + STEP_MS) },
    headers,
  });
  expect(turnedOff.status).toBe(303);
  const alice = await database.db.user.findUniqueOrThrow({ where: { login: "alice" } });
  expect(alice).toMatchObject({ twoFactorEnabled: false, totpSecret: null });

  const foreign = await call("GET", `${SECURITY}?return_to=${encodeURIComponent("https://evil.example/")}`, {
    headers,
  });
  expect(foreign.body).not.toContain(`href="https://evil.example`);
});

test("Hub answers its guest account to anyone", async () => {
  const answer = await call("GET", "/hub/api/rest/users/guest?fields=login,guest");
  expect(answer.status).toBe(200);
  expect(JSON.parse(answer.body)).toEqual({ login: "guest", guest: true });
});
