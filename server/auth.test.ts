// Keel's side of signing in through the identity service, over HTTP against a whole server: the round
// trip, every refusal, the sealed session cookie, refresh and the bearer token on the browser's requests.
import { afterAll, beforeAll, expect, test } from "vitest";
import { freshDatabase, type TestDatabase } from "#tests/helpers/database.ts";
import { CookieJar, signInThroughIdentity, startKeel, type KeelServer } from "#tests/helpers/keel-server.ts";
import { pageOf } from "./auth.ts";

let database: TestDatabase;
let keel: KeelServer;
/** A server whose access tokens are always due for refresh (they live 30 s; Keel refreshes a minute ahead). */
let shortLived: KeelServer;

beforeAll(async () => {
  database = freshDatabase();
  keel = await startKeel(database.db, { withBuild: false });
  shortLived = await startKeel(database.db, { withBuild: false, env: { HUB_ACCESS_TOKEN_SECONDS: 30 } });
});
afterAll(async () => {
  await keel.close();
  await shortLived.close();
  await database.close();
});

const ME = "/api/users/me?fields=login,guest";
const sameOrigin = { "sec-fetch-site": "same-origin" };

async function whoAmI(server: KeelServer, jar: CookieJar, headers: Record<string, string> = sameOrigin) {
  const answer = await server.send(ME, { headers: { cookie: jar.header(), ...headers } });
  jar.take(answer);
  return {
    status: answer.status,
    body: JSON.parse(answer.text) as { login?: string; guest?: boolean },
    answer,
  };
}

test("/auth/login sends the browser to the identity service with PKCE, state and offline access", async () => {
  const answer = await keel.send("/auth/login?redirect=%2Fissues");
  expect(answer.status).toBe(302);
  const url = new URL(String(answer.headers.location), keel.url);
  expect(url.pathname).toBe("/hub/api/rest/oauth2/auth");
  expect(Object.fromEntries(url.searchParams)).toMatchObject({
    response_type: "code",
    client_id: "keel-demo",
    redirect_uri: `${keel.url}/auth/callback`,
    scope: "keel-demo-service 0-0-0-0-0",
    code_challenge_method: "S256",
    access_type: "offline",
    request_credentials: "default",
  });
  expect(url.searchParams.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(url.searchParams.get("state")?.length).toBeGreaterThanOrEqual(32);
  const flow = answer.setCookies.find((line) => line.startsWith("keel_oauth="));
  expect(flow).toMatch(/HttpOnly/i);
  // Neither the verifier nor the state is readable in the cookie.
  expect(flow).not.toContain(url.searchParams.get("state"));
});

test("signing in lands on the page the reader came from, with an opaque session", async () => {
  const { jar, landed, steps } = await signInThroughIdentity(keel, "alice", { redirect: "/issues?q=open" });
  expect(landed).toBe("/issues?q=open");
  const session = jar.cookies.get("keel_session") ?? "";
  expect(session.length).toBeGreaterThan(100);
  // The tokens never reach the browser: no answer of the round trip shows them.
  const exchanged = await database.db.oAuthAccessToken.count();
  expect(exchanged).toBeGreaterThan(0);
  for (const step of steps) expect(step.text).not.toMatch(/access_token|refresh_token/);
  expect(await whoAmI(keel, jar)).toMatchObject({ status: 200, body: { login: "alice", guest: false } });
});

test("another browser's sign-in state, or none, is refused", async () => {
  const start = await keel.send("/auth/login");
  const state = new URL(String(start.headers.location), keel.url).searchParams.get("state");
  const withoutCookie = await keel.send(`/auth/callback?code=x&state=${state}`);
  expect(withoutCookie.status).toBe(302);
  expect(withoutCookie.headers.location).toBe("/login?error=state");
  const jar = new CookieJar();
  jar.take(start);
  const wrongState = await keel.send("/auth/callback?code=x&state=forged", {
    headers: { cookie: jar.header() },
  });
  expect(wrongState.headers.location).toBe("/login?error=state");
  expect(
    wrongState.setCookies.some(
      (line) => line.startsWith("keel_session=") && !line.startsWith("keel_session=;"),
    ),
  ).toBe(false);
});

test("cancelling on the identity service's page comes back with a message and the page kept", async () => {
  const jar = new CookieJar();
  const start = await keel.send("/auth/login?redirect=%2Fissues");
  jar.take(start);
  const authorize = new URL(String(start.headers.location), keel.url);
  const cancel = await keel.send(`${authorize.pathname}${authorize.search}`, {
    method: "POST",
    headers: { origin: keel.url, "content-type": "application/x-www-form-urlencoded", cookie: jar.header() },
    body: "intent=cancel",
  });
  const callback = new URL(String(cancel.headers.location));
  const back = await keel.send(`${callback.pathname}${callback.search}`, {
    headers: { cookie: jar.header() },
  });
  expect(back.headers.location).toBe("/login?error=denied&redirect=%2Fissues");
});

test("a code used twice is refused as expired", async () => {
  const { steps } = await signInThroughIdentity(keel, "rachel");
  const callback = new URL(String(steps[1]!.headers.location));
  const jar = new CookieJar();
  const start = await keel.send("/auth/login");
  jar.take(start);
  // A replay with a valid flow of this browser but a used code.
  const state = new URL(String(start.headers.location), keel.url).searchParams.get("state")!;
  callback.searchParams.set("state", state);
  const replay = await keel.send(`${callback.pathname}${callback.search}`, {
    headers: { cookie: jar.header() },
  });
  expect(replay.headers.location).toBe("/login?error=expired");
});

test("the browser's own API requests carry the session's token only with same-origin proof", async () => {
  const { jar } = await signInThroughIdentity(keel, "alice");
  expect((await whoAmI(keel, jar)).body).toMatchObject({ login: "alice" });
  expect((await whoAmI(keel, jar, { "sec-fetch-site": "cross-site" })).body).toMatchObject({ guest: true });
  expect((await whoAmI(keel, jar, { origin: "https://evil.example" })).body).toMatchObject({ guest: true });
  expect((await whoAmI(keel, jar, { origin: keel.url })).body).toMatchObject({ login: "alice" });
});

test("a session cookie sealed under another secret, or tampered with, is nobody's", async () => {
  const { jar } = await signInThroughIdentity(keel, "alice");
  const value = jar.cookies.get("keel_session")!;
  jar.cookies.set("keel_session", `${value.slice(0, -4)}AAAA`);
  expect((await whoAmI(keel, jar)).body).toMatchObject({ guest: true });
});

test("a token about to expire is refreshed without the reader noticing, even by parallel requests", async () => {
  const { jar } = await signInThroughIdentity(shortLived, "alice");
  const before = jar.cookies.get("keel_session");
  const answers = await Promise.all(
    Array.from({ length: 6 }, () =>
      shortLived.send(ME, { headers: { cookie: jar.header(), ...sameOrigin } }),
    ),
  );
  for (const answer of answers) {
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toMatchObject({ login: "alice" });
    expect(answer.setCookies.some((line) => line.startsWith("keel_session="))).toBe(true);
  }
  jar.take(answers[5]!);
  expect(jar.cookies.get("keel_session")).not.toBe(before);
  expect((await whoAmI(shortLived, jar)).body).toMatchObject({ login: "alice" });
});

test("a revoked refresh token ends the session; a page sends the reader to sign in and back", async () => {
  const { jar } = await signInThroughIdentity(shortLived, "rachel");
  const rachel = await database.db.user.findUniqueOrThrow({ where: { login: "rachel" } });
  await database.db.oAuthRefreshToken.updateMany({
    where: { userId: rachel.id },
    data: { revokedAt: new Date() },
  });
  const page = await shortLived.send("/issues?q=mine", {
    headers: { cookie: jar.header(), accept: "text/html" },
  });
  expect(page.status).toBe(302);
  expect(page.headers.location).toBe("/login?error=ended&redirect=%2Fissues%3Fq%3Dmine");
  expect(page.setCookies.some((line) => line.startsWith("keel_session=;"))).toBe(true);
});

test("a data request names its page for the way back", () => {
  expect(pageOf("/issues.data?q=open&_routes=root,routes/issues")).toBe("/issues?q=open");
  expect(pageOf("/_root.data")).toBe("/");
  expect(pageOf("//evil.example/x")).toBe("/x");
});
