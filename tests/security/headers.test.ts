// The foundation's security headers on every kind of answer Keel gives: pages, the 404 and error pages,
// redirects, single-fetch data, the backend's JSON, health checks, static files, the error reporter and
// widget documents (which carry their own sandboxing policy instead of the app's).
import { readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { PERMISSIONS_POLICY } from "#server/security.ts";
import { freshDatabase, type TestDatabase } from "../helpers/database.ts";
import {
  BUILD_DIR,
  cookiePair,
  findCookie,
  hasBuild,
  NO_BUILD_MESSAGE,
  signInThroughIdentity,
  startKeel,
  type Answer,
  type KeelServer,
  type SendOptions,
} from "../helpers/keel-server.ts";

if (!hasBuild)
  console.warn(`tests/security/headers.test.ts: the page, asset and redirect cases ${NO_BUILD_MESSAGE}`);

let database: TestDatabase;
/** Trusts X-Forwarded-Proto from loopback, as behind a local TLS proxy. */
let keel: KeelServer;
/** The default: trusts no proxy. */
let untrusting: KeelServer;
/** A widget document and another file of an app the seed installs. */
let widgetDocument = "";
let widgetFile = "";

beforeAll(async () => {
  database = freshDatabase();
  keel = await startKeel(database.db, { withBuild: hasBuild, trustProxy: "loopback" });
  untrusting = await startKeel(database.db, { withBuild: hasBuild, trustProxy: "false" });
  const files = await database.db.appFile.findMany({
    where: { path: { startsWith: "widgets/" } },
    select: { path: true, app: { select: { name: true } } },
  });
  const document = files.find((f) => f.path.endsWith(".html"));
  const other = files.find((f) => !f.path.endsWith(".html"));
  if (!document || !other) throw new Error("the seed installs no app with widget files");
  widgetDocument = `/widgets/${document.app.name}/${document.path}`;
  widgetFile = `/widgets/${other.app.name}/${other.path}`;
});
afterAll(async () => {
  await keel?.close();
  await untrusting?.close();
  await database?.close();
});

interface Case {
  name: string;
  target: () => string;
  options?: SendOptions;
  /** The status the answer must have, so that the case is what its name says. */
  status: number | ((status: number) => boolean);
  needsBuild?: boolean;
  widget?: boolean;
  html?: boolean;
}

const json = { "content-type": "application/json" };
const CASES: Case[] = [
  { name: "an HTML page", target: () => "/login", status: 200, needsBuild: true, html: true },
  { name: "the home page", target: () => "/", status: (s) => s === 200 || s === 302, needsBuild: true },
  { name: "the 404 page", target: () => "/no/such/page", status: 404, needsBuild: true, html: true },
  {
    name: "the configuration error page",
    target: () => "/error?configUnavailable=true",
    status: (s) => s >= 200 && s < 600,
    needsBuild: true,
    html: true,
  },
  {
    name: "a refused form post (an error page)",
    target: () => "/login",
    options: {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "a=1",
    },
    status: 403,
    needsBuild: true,
  },
  { name: "a page's single-fetch data", target: () => "/login.data", status: 200, needsBuild: true },
  { name: "a loader redirect", target: () => "/logout", status: 302, needsBuild: true },
  { name: "the double-slash redirect", target: () => "//issues?q=1", status: 301 },
  { name: "/api JSON", target: () => "/api/config?fields=version", status: 200 },
  { name: "an /api 404", target: () => "/api/no-such-thing", status: 404 },
  { name: "an /api 400", target: () => "/api/config?fields=((", status: 400 },
  {
    name: "an /api refused write",
    target: () => "/api/users/me/profiles/tips",
    options: { method: "POST", headers: { ...json, origin: "https://evil.example" }, body: "{}" },
    status: 403,
  },
  {
    name: "an /api preflight",
    target: () => "/api/config",
    options: { method: "OPTIONS" },
    status: (s) => s < 500,
  },
  {
    name: "/hub JSON",
    target: () => "/hub/api/rest/settings/public?fields=endUserAgreement(majorVersion)",
    status: 200,
  },
  { name: "a /hub 404", target: () => "/hub/nothing", status: 404 },
  { name: "/healthz", target: () => "/healthz", status: 200 },
  { name: "/readyz", target: () => "/readyz", status: 200 },
  { name: "a static file", target: () => "/favicon.svg", status: 200, needsBuild: true },
  { name: "a fingerprinted asset", target: () => `/assets/${firstAsset()}`, status: 200, needsBuild: true },
  { name: "a missing asset", target: () => "/assets/no-such-file.js", status: 404, needsBuild: true },
  {
    name: "the error reporter refusing",
    target: () => "/resources/error-reports",
    options: { method: "POST", headers: json, body: "{}" },
    status: 403,
    needsBuild: true,
  },
  { name: "a widget document", target: () => widgetDocument, status: 200, widget: true },
  { name: "a widget file", target: () => widgetFile, status: 200, widget: true },
  { name: "a widget 404", target: () => "/widgets/no-such-app/index.html", status: 404, widget: true },
  { name: "a widget bad path", target: () => "/widgets/UPPER/..%2f.env", status: 404, widget: true },
];

function firstAsset(): string {
  const files = readdirSync(path.join(BUILD_DIR, "client/assets")).filter((f) => f.endsWith(".js"));
  if (!files[0]) throw new Error("build/client/assets has no script");
  return files[0];
}

function directives(csp: string): Map<string, string> {
  return new Map(
    csp
      .split(";")
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => [d.split(/\s+/)[0] ?? "", d]),
  );
}

const header = (answer: Answer, name: string) => {
  const value = answer.headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
};

function expectCommonHeaders(answer: Answer, what: string, https: boolean) {
  expect(header(answer, "x-content-type-options"), what).toBe("nosniff");
  expect(header(answer, "referrer-policy"), what).toMatch(/^(same-origin|no-referrer|strict-origin)$/);
  expect(header(answer, "permissions-policy"), what).toBe(PERMISSIONS_POLICY);
  expect(header(answer, "cross-origin-opener-policy"), what).toBe("same-origin");
  expect(header(answer, "x-powered-by"), what).toBeUndefined();
  const hsts = header(answer, "strict-transport-security");
  if (https) expect(hsts, what).toMatch(/^max-age=(\d{8,}|3153[6-9]\d{3})\b.*includeSubDomains/);
  else expect(hsts, what).toBeUndefined();
}

/** The app's policy: scripts only with this answer's nonce, nothing framed by other sites. */
function expectAppPolicy(answer: Answer, what: string): string {
  const csp = header(answer, "content-security-policy") ?? "";
  const policy = directives(csp);
  const scripts = policy.get("script-src") ?? "";
  const nonce = /'nonce-([A-Za-z0-9+/=]{16,})'/.exec(scripts)?.[1];
  expect(nonce, `${what}: ${csp}`).toBeDefined();
  expect(scripts, what).not.toMatch(/'unsafe-inline'|'unsafe-eval'|\*|https:|http:|data:/);
  expect(policy.has("script-src-attr") ? policy.get("script-src-attr") : "", what).not.toContain(
    "unsafe-inline",
  );
  expect(policy.get("default-src"), what).toBe("default-src 'self'");
  expect(policy.get("object-src"), what).toBe("object-src 'none'");
  expect(policy.get("base-uri"), what).toBe("base-uri 'none'");
  expect(policy.get("form-action"), what).toBe("form-action 'self'");
  expect(policy.get("frame-ancestors"), what).toBe("frame-ancestors 'self'");
  expect(header(answer, "x-frame-options"), what).toBe("SAMEORIGIN");
  return nonce ?? "";
}

/** A widget's own policy: sandboxed into an opaque origin, framed only by Keel. */
function expectWidgetPolicy(answer: Answer, what: string) {
  const csp = header(answer, "content-security-policy") ?? "";
  const policy = directives(csp);
  expect(policy.get("sandbox"), `${what}: ${csp}`).toMatch(/^sandbox\b/);
  expect(csp, what).not.toContain("allow-same-origin");
  expect(policy.get("frame-ancestors"), what).toBe("frame-ancestors 'self'");
  expect(policy.get("default-src"), what).toBe("default-src 'none'");
  expect(policy.get("script-src") ?? "", what).not.toMatch(/'unsafe-inline'|'unsafe-eval'/);
  expect(policy.get("form-action"), what).toBe("form-action 'none'");
  // One policy only: a second, looser one from the app would be enforced alongside, never instead.
  expect(answer.headers["content-security-policy"], what).not.toBeInstanceOf(Array);
}

function expectStatus(answer: Answer, status: Case["status"], what: string) {
  if (typeof status === "number") expect(answer.status, `${what}: ${answer.text.slice(0, 200)}`).toBe(status);
  else expect(status(answer.status), `${what}: ${answer.status}`).toBe(true);
}

for (const scheme of ["http", "https"] as const) {
  for (const c of CASES) {
    test.skipIf(c.needsBuild && !hasBuild)(
      `${c.name} over ${scheme} carries the security headers`,
      async () => {
        const https = scheme === "https";
        const headers = { ...c.options?.headers, ...(https ? { "x-forwarded-proto": "https" } : {}) };
        const answer = await keel.send(c.target(), { ...c.options, headers });
        const what = `${c.name} (${c.target()}) over ${scheme}`;
        expectStatus(answer, c.status, what);
        expectCommonHeaders(answer, what, https);
        if (c.widget) {
          expectWidgetPolicy(answer, what);
          return;
        }
        const nonce = expectAppPolicy(answer, what);
        if (c.html) {
          expect(header(answer, "content-type"), what).toMatch(/^text\/html/);
          // Every script in the page runs by this answer's nonce; none is an inline handler.
          const scripts = [...answer.text.matchAll(/<script\b[^>]*>/gi)].map((m) => m[0]);
          expect(scripts.length, what).toBeGreaterThan(0);
          for (const tag of scripts) expect(tag, what).toContain(`nonce="${nonce}"`);
          expect(answer.text, what).not.toMatch(/<[a-z][^>]*\son[a-z]+\s*=/i);
        }
      },
    );
  }
}

test("an untrusted X-Forwarded-Proto: https gets no HSTS", async () => {
  for (const target of ["/healthz", "/api/config?fields=version", ...(hasBuild ? ["/login"] : [])]) {
    const answer = await untrusting.send(target, { headers: { "x-forwarded-proto": "https" } });
    expect(answer.status, target).toBe(200);
    expect(header(answer, "strict-transport-security"), target).toBeUndefined();
  }
});

test("two answers never share a nonce", async () => {
  const nonces = new Set<string>();
  for (let i = 0; i < 5; i++) {
    const answer = await keel.send(hasBuild ? "/login" : "/healthz");
    nonces.add(expectAppPolicy(answer, "nonce"));
  }
  expect(nonces.size).toBe(5);
});

test.skipIf(!hasBuild)("a signed-in page and its redirects carry the headers too", async () => {
  const { jar, steps } = await signInThroughIdentity(keel, "admin");
  for (const [index, step] of steps.entries()) {
    expect(step.status, `step ${index}`).toBeLessThan(400);
    expectCommonHeaders(step, `sign-in step ${index}`, false);
  }
  expectAppPolicy(steps[2]!, "the callback's redirect");
  const cookie = jar.header();
  for (const target of ["/issues", "/issue/DEMO-1", "/dashboard", "/notifications", "/admin/apps"]) {
    const answer = await keel.send(target, { headers: { cookie } });
    expect(answer.status, target).toBeLessThan(500);
    expectAppPolicy(answer, target);
    expectCommonHeaders(answer, target, false);
  }
});

test.skipIf(!hasBuild)("personal answers are never cached; only static files are", async () => {
  const personal = [
    "/login",
    "/login.data",
    "/no/such/page",
    "/api/config?fields=version",
    "/api/no-such-thing",
    "/hub/api/rest/settings/public?fields=endUserAgreement(majorVersion)",
    "/assets/no-such-file.js",
  ];
  for (const target of personal) {
    const answer = await untrusting.send(target);
    expect(header(answer, "cache-control"), target).toBe("private, no-store");
  }
  const page = await keel.send("/login");
  const cookie = cookiePair(findCookie(page, "keel_csrf") ?? "");
  const token = /name="csrf" value="([^"]+)"/.exec(page.text)?.[1] ?? "";
  const signIn = await keel.send("/login", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie },
    body: new URLSearchParams({ login: "alice", password: "demo", csrf: token }).toString(),
  });
  const session = `${cookie}; ${cookiePair(findCookie(signIn, "keel_session") ?? "")}`;
  for (const target of ["/issues", "/issues.data", "/api/users/me?fields=login"]) {
    const answer = await keel.send(target, { headers: { cookie: session } });
    expect(answer.status, target).toBe(200);
    expect(header(answer, "cache-control"), target).toBe("private, no-store");
  }
  expect(header(await keel.send(`/assets/${firstAsset()}`), "cache-control")).toBe(
    "public, max-age=31536000, immutable",
  );
  expect(header(await keel.send("/favicon.svg"), "cache-control")).toBe("public, max-age=3600");
});
