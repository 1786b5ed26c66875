// The attributes of every cookie Keel and its mock backend set: host-only, Path=/, SameSite=Lax (or
// Strict), HttpOnly when it carries a secret (the session, the CSRF binding), and Secure exactly when
// the browser is on HTTPS: directly, or behind a trusted proxy that says X-Forwarded-Proto: https.
// A cookie writer added to the code later fails the first test until it is covered here.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import * as appConstants from "#app/lib/constants.ts";
import * as contractConstants from "#contract/constants.ts";
import { hashClientSecret } from "#mock-backend/identity/oauth.ts";
import { BACKEND_SERVICE_ID } from "#mock-backend/identity/routes.ts";
import { freshDatabase, type TestDatabase } from "../helpers/database.ts";
import {
  cookieAttributes,
  CookieJar,
  cookiePair,
  findCookie,
  hasBuild,
  NO_BUILD_MESSAGE,
  signInThroughIdentity,
  startKeel,
  type Answer,
  type KeelServer,
} from "../helpers/keel-server.ts";

const constants = { ...appConstants, ...contractConstants };
const {
  AGREEMENT_LATER_COOKIE,
  CSRF_COOKIE,
  DISMISSED_BANNERS_COOKIE,
  GUEST_AGREEMENT_COOKIE,
  GUEST_APPEARANCE_COOKIE,
  HUB_SESSION_COOKIE,
  LOCALE_COOKIE,
  OAUTH_FLOW_COOKIE,
  SESSION_COOKIE,
} = constants;
const FORM = "application/x-www-form-urlencoded";

/** Keel's own credentials are `__Host-` prefixed over HTTPS: only this host, Path=/, Secure. */
const keelCookie = (name: string, secure: boolean) => (secure ? `__Host-${name}` : name);

/** Cookies whose value is a credential or the CSRF binding: scripts must never read them. */
const SECRET_COOKIES = new Set<string>(
  [SESSION_COOKIE, CSRF_COOKIE, OAUTH_FLOW_COOKIE]
    .flatMap((name) => [name, `__Host-${name}`])
    .concat(HUB_SESSION_COOKIE),
);
/** Every cookie a test below checks. */
const COVERED = new Set<string>([
  SESSION_COOKIE,
  OAUTH_FLOW_COOKIE,
  HUB_SESSION_COOKIE,
  CSRF_COOKIE,
  LOCALE_COOKIE,
  GUEST_APPEARANCE_COOKIE,
  DISMISSED_BANNERS_COOKIE,
  AGREEMENT_LATER_COOKIE,
  GUEST_AGREEMENT_COOKIE,
]);

if (!hasBuild) console.warn(`tests/security/cookies.test.ts: the page cookie tests ${NO_BUILD_MESSAGE}`);

let database: TestDatabase;
/** Trusts X-Forwarded-Proto from loopback, as behind a local TLS proxy. */
let keel: KeelServer;
/** Trusts no proxy: X-Forwarded-Proto is anyone's to send. */
let untrusting: KeelServer;

beforeAll(async () => {
  database = freshDatabase();
  keel = await startKeel(database.db, { withBuild: hasBuild, trustProxy: "loopback" });
  untrusting = await startKeel(database.db, { withBuild: hasBuild, trustProxy: "false" });
});
afterAll(async () => {
  await keel?.close();
  await untrusting?.close();
  await database?.close();
});

type Scheme = "http" | "https";
const SCHEMES: Scheme[] = ["http", "https"];

/** Headers of a browser on `scheme`: over HTTPS the trusted proxy in front of Keel says so. */
function browserHeaders(server: KeelServer, scheme: Scheme, extra: Record<string, string> = {}) {
  return {
    ...(scheme === "https" ? { "x-forwarded-proto": "https" } : {}),
    origin: `${scheme}://127.0.0.1:${server.port}`,
    ...extra,
  };
}

function expectCookie(
  answer: Answer,
  name: string,
  { secure, path = "/" }: { secure: boolean; path?: string },
): string {
  const line = findCookie(answer, name);
  expect(line, `${name} in ${answer.status} ${JSON.stringify(answer.setCookies)}`).toBeDefined();
  const attributes = cookieAttributes(line ?? "");
  expect(attributes.get("samesite")?.toLowerCase(), `${name} SameSite`).toMatch(/^(lax|strict)$/);
  expect(attributes.get("path"), `${name} Path`).toBe(path);
  expect(attributes.has("domain"), `${name} is host-only`).toBe(false);
  expect(attributes.has("secure"), `${name} Secure: ${line}`).toBe(secure);
  if (SECRET_COOKIES.has(name)) expect(attributes.has("httponly"), `${name} HttpOnly`).toBe(true);
  return line ?? "";
}

/** A guest browser: its CSRF cookie and the token of the sign-in page. */
async function guest(server: KeelServer, scheme: Scheme) {
  const page = await server.send("/login", { headers: browserHeaders(server, scheme) });
  expect(page.status).toBe(200);
  const csrfCookie = cookiePair(findCookie(page, keelCookie(CSRF_COOKIE, scheme === "https")) ?? "");
  const token = /name="csrf" value="([^"]+)"/.exec(page.text)?.[1] ?? "";
  return { page, csrfCookie, token };
}

async function postForm(
  server: KeelServer,
  scheme: Scheme,
  target: string,
  cookie: string,
  fields: Record<string, string>,
): Promise<Answer> {
  return server.send(target, {
    method: "POST",
    headers: browserHeaders(server, scheme, { "content-type": FORM, cookie }),
    body: new URLSearchParams(fields).toString(),
  });
}

// ---------- coverage ----------

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === "node_modules" ? [] : sourceFiles(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

test("every cookie the code writes is one these tests check", () => {
  const written = new Set<string>();
  const writers =
    /(?:serializeCookie|res\.cookie|res\.clearCookie)\(\s*(?:cookieName\(\s*)?([A-Z][A-Z0-9_]*)/g;
  for (const file of ["app", "server", "mock-backend"].flatMap((dir) => sourceFiles(path.resolve(dir)))) {
    for (const match of readFileSync(file, "utf8").matchAll(writers)) {
      const value = (constants as Record<string, unknown>)[match[1] ?? ""];
      expect(
        typeof value,
        `${match[1]} in ${file} is a cookie name from app/lib/constants.ts or contract/constants.ts`,
      ).toBe("string");
      written.add(value as string);
    }
  }
  expect(written.size).toBeGreaterThanOrEqual(COVERED.size);
  for (const name of written) expect(COVERED.has(name), `${name} is covered`).toBe(true);
});

// ---------- the identity service's own session cookie ----------

/** Signs admin in on the identity service's own form, as a browser on `scheme` does, for a registered client. */
async function signInAtIdentityService(server: KeelServer, scheme: Scheme): Promise<Answer> {
  const client = `cookie-test-${server.port}-${scheme}`;
  const redirectUri = `${scheme}://127.0.0.1:${server.port}/auth/callback`;
  await database.db.oAuthClient.upsert({
    where: { id: client },
    create: {
      id: client,
      name: "Cookie test",
      secretHash: hashClientSecret("s3cret"),
      redirectUris: JSON.stringify([redirectUri]),
    },
    update: {},
  });
  const query = new URLSearchParams({
    response_type: "code",
    client_id: client,
    redirect_uri: redirectUri,
    scope: BACKEND_SERVICE_ID,
    state: "s",
  });
  const signIn = await server.send(`/hub/api/rest/oauth2/auth?${query}`, {
    method: "POST",
    headers: browserHeaders(server, scheme, { "content-type": FORM }),
    body: new URLSearchParams({ login: "admin", password: "demo" }).toString(),
  });
  expect(signIn.status, signIn.text.slice(0, 200)).toBe(303);
  return signIn;
}

for (const scheme of SCHEMES) {
  test(`the identity service's session cookie is HttpOnly, Lax, scoped to /hub and ${scheme === "https" ? "" : "not "}Secure over ${scheme}`, async () => {
    const signIn = await signInAtIdentityService(keel, scheme);
    const line = expectCookie(signIn, HUB_SESSION_COOKIE, { secure: scheme === "https", path: "/hub" });
    expect(cookieAttributes(line).has("expires")).toBe(true);
  });
}

test("an untrusted X-Forwarded-Proto: https does not make the identity service's session cookie Secure", async () => {
  const signIn = await signInAtIdentityService(untrusting, "https");
  expectCookie(signIn, HUB_SESSION_COOKIE, { secure: false, path: "/hub" });
});

// ---------- Keel's own cookies (React Router pages and actions) ----------

for (const scheme of SCHEMES) {
  const secure = scheme === "https";

  test.skipIf(!hasBuild)(
    `over ${scheme}, the CSRF cookie, the sign-in flow's and the session from signing in`,
    async () => {
      const { page } = await guest(keel, scheme);
      expectCookie(page, keelCookie(CSRF_COOKIE, secure), { secure });

      const jar = new CookieJar();
      const { steps, landed } = await signInThroughIdentity(keel, "alice", {
        jar,
        headers: browserHeaders(keel, scheme),
      });
      expect(landed).toBe("/");
      expectCookie(steps[0]!, keelCookie(OAUTH_FLOW_COOKIE, secure), { secure });
      const line = expectCookie(steps[2]!, keelCookie(SESSION_COOKIE, secure), { secure });
      expect(cookieAttributes(line).has("expires")).toBe(true);

      // Signing out needs the token of the signed-in session: the one of the guest page is not it.
      const signedIn = await keel.send("/login?redirect=%2Fissues", {
        headers: browserHeaders(keel, scheme, { cookie: jar.header() }),
      });
      expect(signedIn.status).toBe(302);
      const page2 = await keel.send("/issues", {
        headers: browserHeaders(keel, scheme, { cookie: jar.header() }),
      });
      jar.take(page2);
      const token = /name="csrf" value="([^"]+)"/.exec(page2.text)?.[1] ?? "";
      const signOut = await postForm(keel, scheme, "/logout", jar.header(), { csrf: token });
      expect(signOut.status).toBe(302);
      const cleared = expectCookie(signOut, keelCookie(SESSION_COOKIE, secure), { secure });
      expect(cookiePair(cleared)).toBe(`${keelCookie(SESSION_COOKIE, secure)}=`);
    },
  );

  test.skipIf(!hasBuild)(
    `over ${scheme}, the language, appearance, banner and agreement cookies`,
    async () => {
      const { csrfCookie, token } = await guest(keel, scheme);
      const post = (target: string, fields: Record<string, string>) =>
        postForm(keel, scheme, target, csrfCookie, { csrf: token, ...fields });

      expectCookie(await post("/settings/language", { language: "de" }), LOCALE_COOKIE, { secure });
      expectCookie(await post("/settings/appearance", { uiTheme: "darcula" }), GUEST_APPEARANCE_COOKIE, {
        secure,
      });
      expectCookie(
        await post("/settings/banners", { banner: "global-0123456789ab" }),
        DISMISSED_BANNERS_COOKIE,
        {
          secure,
        },
      );
      expectCookie(await post("/settings/agreement", { intent: "later" }), AGREEMENT_LATER_COOKIE, {
        secure,
      });
      expectCookie(
        await post("/settings/agreement", { intent: "accept", majorVersion: "1", minorVersion: "0" }),
        GUEST_AGREEMENT_COOKIE,
        { secure },
      );
    },
  );
}

/** A browser claiming HTTPS to a server that trusts no proxy: its cookies are plain ones. */
async function untrustedGuest() {
  const page = await untrusting.send("/login", { headers: browserHeaders(untrusting, "https") });
  const csrfCookie = cookiePair(findCookie(page, CSRF_COOKIE) ?? "");
  const token = /name="csrf" value="([^"]+)"/.exec(page.text)?.[1] ?? "";
  return { page, csrfCookie, token };
}

test.skipIf(!hasBuild)(
  "an untrusted X-Forwarded-Proto: https does not make Keel's cookies Secure",
  async () => {
    const { page, csrfCookie, token } = await untrustedGuest();
    expectCookie(page, CSRF_COOKIE, { secure: false });
    const answer = await postForm(untrusting, "https", "/settings/language", csrfCookie, {
      csrf: token,
      language: "fr",
    });
    expectCookie(answer, LOCALE_COOKIE, { secure: false });
  },
);

test.skipIf(!hasBuild)("a browser that already has its CSRF cookie is not given another", async () => {
  const { csrfCookie } = await guest(keel, "http");
  const again = await keel.send("/login", { headers: { cookie: csrfCookie } });
  expect(findCookie(again, CSRF_COOKIE)).toBeUndefined();
  // A malformed one is replaced rather than trusted.
  const forged = await keel.send("/login", { headers: { cookie: `${CSRF_COOKIE}=short` } });
  expect(findCookie(forged, CSRF_COOKIE)).toBeDefined();
});
