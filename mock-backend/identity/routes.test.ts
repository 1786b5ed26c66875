// The identity service's OAuth endpoints over HTTP, as a client and a browser meet them: every refusal with
// the error code the real service answers.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, expect, test } from "vitest";
import { freshDatabase, type TestDatabase } from "#tests/helpers/database.ts";
import { SAME_ORIGIN, TEST_SECRET } from "#tests/helpers/mock-client.ts";
import { createInProcessTransport } from "#server/transport.ts";
import { createMockBackendApp } from "../app.ts";
import { createOAuthServer, DEFAULT_OAUTH_SETTINGS, hashClientSecret, pkceChallenge } from "./oauth.ts";
import { BACKEND_SERVICE_ID } from "./routes.ts";

const CLIENT = "keel-test";
const SECRET = "client-secret-0123";
const REDIRECT = `${SAME_ORIGIN.origin}/auth/callback`;
const SCOPE = `${BACKEND_SERVICE_ID} 0-0-0-0-0`;
const BASIC = `Basic ${Buffer.from(`${CLIENT}:${SECRET}`).toString("base64")}`;

let database: TestDatabase;
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
  const oauth = createOAuthServer(database.db, DEFAULT_OAUTH_SETTINGS, () => clock);
  // The throttle reads the same clock, so a retry right after a failure is refused however slow the machine.
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

function authorizePath(params: Record<string, string> = {}) {
  const query = new URLSearchParams({
    response_type: "code",
    client_id: CLIENT,
    redirect_uri: REDIRECT,
    scope: SCOPE,
    state: "st4te",
    access_type: "offline",
    ...params,
  });
  return `/hub/api/rest/oauth2/auth?${query}`;
}

const newVerifier = () => randomBytes(32).toString("base64url");
const cookieOf = (answer: Answer) =>
  answer.cookies.find((c) => c.startsWith("hub_session="))?.split(";")[0] ?? "";

/** Signs in on the service's form; returns the code, the verifier and the service's own cookie. */
async function signIn(login = "alice", password = "demo", extra: Record<string, string> = {}) {
  const verifier = newVerifier();
  const answer = await call(
    "POST",
    authorizePath({ code_challenge: pkceChallenge(verifier), code_challenge_method: "S256", ...extra }),
    {
      form: { login, password },
      headers: { origin: SAME_ORIGIN.origin },
    },
  );
  return {
    answer,
    verifier,
    code: answer.location?.searchParams.get("code") ?? "",
    cookie: cookieOf(answer),
  };
}

function token(form: Record<string, string>, authorization = BASIC) {
  return call("POST", "/hub/api/rest/oauth2/token", { form, headers: { authorization } });
}

const exchange = (code: string, verifier: string) =>
  token({ grant_type: "authorization_code", code, redirect_uri: REDIRECT, code_verifier: verifier });

async function me(accessToken: string) {
  const answer = await call("GET", "/api/users/me?fields=login,guest", {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  return { status: answer.status, json: JSON.parse(answer.body) as Record<string, unknown> };
}

test("without a session the service shows its own sign-in form, in the reader's language", async () => {
  const answer = await call("GET", authorizePath(), { headers: { "accept-language": "fr;q=0.5, en;q=0.9" } });
  expect(answer.status).toBe(200);
  expect(answer.header("content-type")).toMatch(/^text\/html/);
  expect(answer.body).toContain('<form method="post"');
  expect(answer.body).toContain('lang="en"');
  expect(answer.body).toContain("Log in to continue to Keel");
});

test("an unknown client and an unregistered redirect URI get an error page, never a redirect", async () => {
  const cases: Record<string, string>[] = [
    { client_id: "nobody" },
    { redirect_uri: "https://evil.example/cb" },
  ];
  for (const params of cases) {
    const answer = await call("GET", authorizePath(params));
    expect(answer.status).toBe(400);
    expect(answer.location).toBeNull();
    expect(answer.body).toContain("Cannot sign in");
  }
});

test("other malformed requests go back to the client with the error and the state", async () => {
  const cases: [Record<string, string>, string][] = [
    [{ scope: "somebody-else" }, "invalid_scope"],
    [{ response_type: "token" }, "unsupported_response_type"],
    [{ code_challenge: pkceChallenge(newVerifier()), code_challenge_method: "plain" }, "invalid_request"],
    [{ request_credentials: "sometimes" }, "invalid_request"],
  ];
  for (const [params, error] of cases) {
    const answer = await call("GET", authorizePath(params));
    expect(answer.status).toBe(302);
    expect(answer.location?.origin + answer.location!.pathname).toBe(REDIRECT);
    expect(answer.location?.searchParams.get("error")).toBe(error);
    expect(answer.location?.searchParams.get("state")).toBe("st4te");
  }
});

test("the form refuses a wrong password with the form again, and a post from another site", async () => {
  const wrong = await signIn("tom", "wrong");
  expect(wrong.answer.status).toBe(401);
  expect(wrong.answer.body).toContain("Incorrect login or password");
  expect(wrong.cookie).toBe("");
  const throttled = await signIn("tom", "demo");
  expect(throttled.answer.status).toBe(429);
  expect(Number(throttled.answer.header("retry-after"))).toBeGreaterThanOrEqual(1);
  const crossSite = await call("POST", authorizePath(), {
    form: { login: "alice", password: "demo" },
    headers: { origin: "https://evil.example" },
  });
  expect(crossSite.status).toBe(403);
  expect(crossSite.location).toBeNull();
});

test("cancelling goes back to the client with access_denied", async () => {
  const answer = await call("POST", authorizePath(), {
    form: { intent: "cancel" },
    headers: { origin: SAME_ORIGIN.origin },
  });
  expect(answer.status).toBe(303);
  expect(answer.location?.searchParams.get("error")).toBe("access_denied");
});

test("signing in returns a code that gives tokens for the user, once", async () => {
  const { answer, code, verifier } = await signIn();
  expect(answer.status).toBe(303);
  expect(answer.location?.searchParams.get("state")).toBe("st4te");
  const tokens = await exchange(code, verifier);
  expect(tokens.status).toBe(200);
  expect(tokens.header("cache-control")).toBe("no-store");
  const body = JSON.parse(tokens.body) as Record<string, unknown>;
  expect(body).toMatchObject({ token_type: "bearer", expires_in: 3600, scope: SCOPE });
  expect(await me(String(body.access_token))).toMatchObject({ status: 200, json: { login: "alice" } });
  const replay = await exchange(code, verifier);
  expect(replay.status).toBe(400);
  expect(JSON.parse(replay.body)).toMatchObject({ error: "invalid_grant" });
});

test("a wrong verifier, a wrong secret, an unknown client and an unknown grant are refused", async () => {
  const { code, verifier } = await signIn();
  expect(JSON.parse((await exchange(code, newVerifier())).body)).toMatchObject({ error: "invalid_grant" });
  const badSecret = await token(
    { grant_type: "authorization_code", code, redirect_uri: REDIRECT, code_verifier: verifier },
    `Basic ${Buffer.from(`${CLIENT}:nope`).toString("base64")}`,
  );
  expect(badSecret.status).toBe(401);
  expect(badSecret.header("www-authenticate")).toMatch(/^Basic/);
  expect(JSON.parse(badSecret.body)).toMatchObject({ error: "invalid_client" });
  const unknown = await token(
    { grant_type: "client_credentials", scope: SCOPE },
    `Basic ${Buffer.from("who:x").toString("base64")}`,
  );
  expect(JSON.parse(unknown.body)).toMatchObject({ error: "invalid_client" });
  const grant = await token({ grant_type: "password", username: "alice", password: "demo" });
  expect(JSON.parse(grant.body)).toMatchObject({ error: "unsupported_grant_type" });
});

test("an expired code is refused", async () => {
  const { code, verifier } = await signIn();
  clock += DEFAULT_OAUTH_SETTINGS.codeTtlMs + 1;
  expect(JSON.parse((await exchange(code, verifier)).body)).toMatchObject({ error: "invalid_grant" });
});

test("the service remembers its own session: a second authorization needs no form", async () => {
  const { cookie } = await signIn();
  expect(cookie).toMatch(/^hub_session=/);
  const again = await call("GET", authorizePath(), { headers: { cookie } });
  expect(again.status).toBe(302);
  expect(again.location?.searchParams.get("code")).toBeTruthy();
});

test("request_credentials=required signs out and shows the form", async () => {
  const { cookie } = await signIn();
  const answer = await call("GET", authorizePath({ request_credentials: "required" }), {
    headers: { cookie },
  });
  expect(answer.status).toBe(200);
  expect(answer.body).toContain('<form method="post"');
  expect(answer.cookies.some((c) => c.startsWith("hub_session=;"))).toBe(true);
  expect((await call("GET", authorizePath(), { headers: { cookie } })).status).toBe(200);
});

test("skip and silent give a guest's code when nobody is signed in", async () => {
  for (const mode of ["skip", "silent"]) {
    const verifier = newVerifier();
    const answer = await call(
      "GET",
      authorizePath({
        request_credentials: mode,
        code_challenge: pkceChallenge(verifier),
        code_challenge_method: "S256",
      }),
    );
    expect(answer.status).toBe(302);
    const tokens = JSON.parse(
      (await exchange(answer.location!.searchParams.get("code")!, verifier)).body,
    ) as {
      access_token: string;
    };
    expect(await me(tokens.access_token)).toMatchObject({ status: 200, json: { guest: true } });
  }
});

test("refresh gives new tokens; an expired access token is refused with invalid_token", async () => {
  const { code, verifier } = await signIn();
  const first = JSON.parse((await exchange(code, verifier)).body) as {
    access_token: string;
    refresh_token: string;
  };
  clock += DEFAULT_OAUTH_SETTINGS.accessTokenSeconds * 1000;
  const expired = await me(first.access_token);
  expect(expired).toMatchObject({ status: 401, json: { error: "invalid_token" } });
  const refreshed = await token({ grant_type: "refresh_token", refresh_token: first.refresh_token });
  expect(refreshed.status).toBe(200);
  const next = JSON.parse(refreshed.body) as { access_token: string; refresh_token: string };
  expect(next.refresh_token).not.toBe(first.refresh_token);
  expect(await me(next.access_token)).toMatchObject({ status: 200, json: { login: "alice" } });
});

test("logout ends the service's session, revokes the client's tokens and goes back with the state", async () => {
  const { code, verifier, cookie } = await signIn();
  const tokens = JSON.parse((await exchange(code, verifier)).body) as {
    access_token: string;
    refresh_token: string;
  };
  const answer = await call("GET", `/hub/api/rest/oauth2/logout?client_id=${CLIENT}&state=bye`, {
    headers: { cookie },
  });
  expect(answer.status).toBe(302);
  expect(answer.location?.href).toBe(`${REDIRECT}?state=bye`);
  expect(answer.cookies.some((c) => c.startsWith("hub_session=;"))).toBe(true);
  expect((await me(tokens.access_token)).status).toBe(401);
  const refresh = await token({ grant_type: "refresh_token", refresh_token: tokens.refresh_token });
  expect(JSON.parse(refresh.body)).toMatchObject({ error: "invalid_grant" });
});

test("a made-up bearer token is refused on the API and on the hub", async () => {
  expect(await me("made-up-token")).toMatchObject({ status: 401, json: { error: "invalid_token" } });
  const hub = await call("GET", "/hub/api/rest/users/me?fields=login", {
    headers: { authorization: "Bearer made-up" },
  });
  expect(hub.status).toBe(401);
});
