// What the soak sends: pages signed in and as a guest, API reads, a fixed set of intended writes whose effect
// is known (and put back at the end), and bad input. Each kind of request says which answers it expects, so
// that a refusal that turns into an acceptance (a POST without its CSRF token that succeeds) fails the soak too.
import { WIDGET_APP_HEADER } from "#contract/constants.ts";
import type { SoakRequest } from "./http.ts";

export interface Visitor {
  /** The Cookie header: the CSRF cookie, and the session for a signed-in visitor. */
  cookie: string;
  /** The CSRF token bound to that cookie, as a page's forms carry it. */
  csrf: string;
}

export interface MixContext {
  admin: Visitor;
  guest: Visitor;
  /** The server's own origin, as a same-origin page sends it. */
  origin: string;
  /** Admin's theme before the soak: the appearance writes alternate between it and another. */
  theme: string;
  /** Admin's dashboard before the soak, written back unchanged. */
  dashboard: string;
}

export interface RequestKind {
  label: string;
  group: "page" | "read" | "write" | "bad";
  /** How often it comes up in the mix, relative to the others. */
  weight: number;
  /** The statuses it may answer with. */
  expect: readonly number[];
  build(context: MixContext, index: number): SoakRequest;
}

export const STORAGE_APP = "team-space";
export const STORAGE_KEY = "soak-key";
/** The widget host names the app on storage calls, as a widget's own requests do. */
export const STORAGE_CALLER = { [WIDGET_APP_HEADER]: STORAGE_APP };

const FORM = "application/x-www-form-urlencoded";
const JSON_TYPE = "application/json";
/** Above the API's 500 KB body limit (ANALYTICS_MAX_BATCH_BYTES). */
const HUGE_JSON = JSON.stringify({ uiTheme: "darcula", padding: "x".repeat(600 * 1024) });
const HUGE_FORM = `uiTheme=darcula&padding=${"x".repeat(1024 * 1024)}`;
const DEEP_SELECTOR = `${"a(".repeat(400)}id${")".repeat(400)}`;

const page = (label: string, path: string, expect: readonly number[], weight = 1): RequestKind => ({
  label: `page ${label}`,
  group: "page",
  weight,
  expect,
  build: ({ admin }) => ({ path, headers: { cookie: admin.cookie, accept: "text/html" } }),
});

const guestPage = (path: string, expect: readonly number[], weight = 1): RequestKind => ({
  label: `guest page ${path}`,
  group: "page",
  weight,
  expect,
  build: ({ guest }) => ({ path, headers: { cookie: guest.cookie, accept: "text/html" } }),
});

const read = (path: string, weight = 3, as: "admin" | "guest" = "admin"): RequestKind => ({
  label: `${as === "guest" ? "guest " : ""}GET ${path}`,
  group: "read",
  weight,
  expect: [200],
  build: (context) => ({ path, headers: { cookie: context[as].cookie, accept: JSON_TYPE } }),
});

/** A write as Keel's own page makes it: the session cookie and a same-origin Origin; `body` as it goes. */
function ownWrite(context: MixContext, method: string, path: string, body?: string): SoakRequest {
  return {
    method,
    path,
    headers: {
      cookie: context.admin.cookie,
      origin: context.origin,
      accept: JSON_TYPE,
      ...(body === undefined ? {} : { "content-type": JSON_TYPE }),
    },
    body,
  };
}

const asWidget = (request: SoakRequest): SoakRequest => ({
  ...request,
  headers: { ...request.headers, ...STORAGE_CALLER },
});

const json = (value: unknown) => JSON.stringify(value);

const bad = (
  label: string,
  expect: readonly number[],
  build: (context: MixContext) => SoakRequest,
): RequestKind => ({ label: `bad: ${label}`, group: "bad", weight: 1, expect, build });

/**
 * Weights: a server-rendered page costs the server ten times an API answer or more, so pages are an eighth
 * of the mix and the 10 000 requests stay within CI's time; every kind still comes up dozens of times.
 */
export const REQUEST_KINDS: readonly RequestKind[] = [
  page("/issues", "/issues", [200]),
  page("/issue/DEMO-1", "/issue/DEMO-1", [200]),
  page("/articles/DEMO-A-1", "/articles/DEMO-A-1", [200]),
  page("/dashboard", "/dashboard", [200]),
  // Viewing the page marks the folder seen: an intended write, put back at the end.
  page("/notifications", "/notifications", [200]),
  page("/admin/apps", "/admin/apps", [200]),
  page("/app/team-space/team", "/app/team-space/team", [200]),
  page("/issues.data (single fetch)", "/issues.data", [200]),
  page("404 /no-such-page", "/no-such-page/at-all", [404]),
  page("404 /issue/NOPE-1", "/issue/NOPE-1", [404]),
  guestPage("/issues", [200]),
  guestPage("/issue/DEMO-1", [200]),
  guestPage("/articles/DEMO-A-1", [200]),
  guestPage("/dashboard", [302]),
  guestPage("/login", [200]),
  guestPage("/no-such-page", [404]),

  read("/api/config", 16),
  read("/api/users/me", 12),
  read("/api/issues?fields=id", 12),
  read("/api/apps", 10),
  read("/api/inbox/folders", 8),
  read("/widgets/checklist/widgets/checklist/index.html", 12),
  read("/api/config", 8, "guest"),
  read("/api/issues?fields=id,summary", 8, "guest"),
  read("/readyz", 4),
  read("/favicon.svg", 5),

  {
    label: "POST /api/users/me/profiles/appearance (theme back and forth)",
    group: "write",
    weight: 4,
    expect: [200],
    build: (context, index) =>
      ownWrite(
        context,
        "POST",
        "/api/users/me/profiles/appearance",
        json({ uiTheme: index % 2 === 0 ? "darcula" : context.theme }),
      ),
  },
  {
    label: "POST /settings/appearance (the page's form, theme back and forth)",
    group: "write",
    weight: 1,
    expect: [302],
    build: (context, index) => ({
      method: "POST",
      path: "/settings/appearance",
      headers: { cookie: context.admin.cookie, "content-type": FORM },
      body: new URLSearchParams({
        csrf: context.admin.csrf,
        uiTheme: index % 2 === 0 ? "default" : context.theme,
        redirectTo: "/issues",
      }).toString(),
    }),
  },
  {
    label: "POST /api/inbox/lastSeen",
    group: "write",
    weight: 3,
    expect: [200],
    build: (context) => ownWrite(context, "POST", "/api/inbox/lastSeen", json({ lastSeen: Date.now() })),
  },
  {
    label: `PUT /api/apps/${STORAGE_APP}/storage/${STORAGE_KEY}`,
    group: "write",
    weight: 3,
    expect: [200],
    build: (context, index) =>
      asWidget(
        ownWrite(
          context,
          "PUT",
          `/api/apps/${STORAGE_APP}/storage/${STORAGE_KEY}`,
          json({ value: `soak ${index}` }),
        ),
      ),
  },
  {
    label: `DELETE /api/apps/${STORAGE_APP}/storage/${STORAGE_KEY}`,
    group: "write",
    weight: 3,
    expect: [200],
    build: (context) =>
      asWidget(ownWrite(context, "DELETE", `/api/apps/${STORAGE_APP}/storage/${STORAGE_KEY}`)),
  },
  {
    label: "PUT /api/users/me/dashboard (the same layout)",
    group: "write",
    weight: 3,
    expect: [200],
    build: (context) => ownWrite(context, "PUT", "/api/users/me/dashboard", context.dashboard),
  },

  bad("malformed JSON", [400], (context) =>
    ownWrite(context, "POST", "/api/users/me/profiles/appearance", '{"uiTheme": "darcula",'),
  ),
  bad("wrong type (uiTheme: 42)", [400], (context) =>
    ownWrite(context, "POST", "/api/users/me/profiles/appearance", json({ uiTheme: 42 })),
  ),
  bad("wrong type (lastSeen: string)", [400], (context) =>
    ownWrite(context, "POST", "/api/inbox/lastSeen", json({ lastSeen: "yesterday" })),
  ),
  bad("unknown key in a dashboard", [400], (context) =>
    ownWrite(context, "PUT", "/api/users/me/dashboard", json({ tiles: [], extra: true })),
  ),
  bad("JSON body over the limit", [413], (context) =>
    ownWrite(context, "POST", "/api/users/me/profiles/appearance", HUGE_JSON),
  ),
  bad("1 MB form without a CSRF token", [403, 413], (context) => ({
    method: "POST",
    path: "/settings/appearance",
    headers: { cookie: context.admin.cookie, "content-type": FORM },
    body: HUGE_FORM,
  })),
  bad("fields=(((", [400], (context) => ({
    path: "/api/issues?fields=(((",
    headers: { cookie: context.admin.cookie },
  })),
  bad("fields=)", [400], (context) => ({
    path: "/api/users/me?fields=)",
    headers: { cookie: context.admin.cookie },
  })),
  bad("fields nested 400 deep", [400], (context) => ({
    path: `/api/issues?fields=${encodeURIComponent(DEEP_SELECTOR)}`,
    headers: { cookie: context.admin.cookie },
  })),
  bad("/widgets/x/..%2f..%2fetc", [404], () => ({ path: "/widgets/x/..%2f..%2fetc" })),
  bad("/widgets/checklist/..%2f..%2fpackage.json", [404], () => ({
    path: "/widgets/checklist/..%2f..%2f..%2fpackage.json",
  })),
  bad("/assets/..%2f..%2fpackage.json", [404], () => ({ path: "/assets/..%2f..%2fpackage.json" })),
  bad("/%2e%2e/%2e%2e/etc/passwd", [400, 404], () => ({ path: "/%2e%2e/%2e%2e/etc/passwd" })),
  bad("unknown API route", [404], (context) => ({
    path: "/api/no/such/thing",
    headers: { cookie: context.admin.cookie },
  })),
  bad("unknown hub route", [404], () => ({ path: "/hub/api/rest/no/such/thing" })),
  bad("DELETE /api/config", [404, 405], (context) => ownWrite(context, "DELETE", "/api/config")),
  bad("form POST without a CSRF token", [403], (context) => ({
    method: "POST",
    path: "/settings/appearance",
    headers: { cookie: context.admin.cookie, "content-type": FORM },
    body: "uiTheme=darcula&redirectTo=%2Fissues",
  })),
  bad("POST /logout without a CSRF token", [403], (context) => ({
    method: "POST",
    path: "/logout",
    headers: { cookie: context.admin.cookie, "content-type": FORM },
    body: "",
  })),
  bad("form POST with another browser's CSRF token", [403], (context) => ({
    method: "POST",
    path: "/settings/appearance",
    headers: { cookie: context.admin.cookie, "content-type": FORM },
    body: new URLSearchParams({ csrf: context.guest.csrf, uiTheme: "darcula" }).toString(),
  })),
  bad("API write with a foreign Origin", [403], (context) => ({
    ...ownWrite(context, "POST", "/api/users/me/profiles/appearance", json({ uiTheme: "darcula" })),
    headers: { cookie: context.admin.cookie, origin: "https://evil.example", "content-type": JSON_TYPE },
  })),
  bad("API write without an Origin", [403], (context) => ({
    method: "PUT",
    path: `/api/apps/${STORAGE_APP}/storage/${STORAGE_KEY}`,
    headers: { cookie: context.admin.cookie, "content-type": JSON_TYPE },
    body: JSON.stringify({ value: "from elsewhere" }),
  })),
  bad("a forged bearer token", [401], () => ({
    path: "/api/users/me",
    headers: { authorization: "Bearer perm:Zm9yZ2Vk.Zm9yZ2Vk.forged" },
  })),
  bad("a forged session cookie", [200], () => ({
    path: "/issues",
    headers: { cookie: "keel_session=forged.signature; keel_csrf=%%%" },
  })),
  bad("malformed percent-encoding in the query", [200, 400], (context) => ({
    path: "/search?q=%E0%A4%A",
    headers: { cookie: context.admin.cookie },
  })),
  bad("malformed percent-encoding in the path", [400, 404], (context) => ({
    path: "/issue/%ZZ",
    headers: { cookie: context.admin.cookie },
  })),
  bad("an unknown help panel and 8 KB of query", [200], (context) => ({
    path: `/issues?panel=bogus&q=${"x".repeat(8 * 1024)}`,
    headers: { cookie: context.admin.cookie },
  })),
];

/** Deterministic mulberry32, so each run sends the same mix in the same order. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` request kinds in a shuffled order that keeps each kind's share of the weights. */
export function schedule(count: number, seed = 10): RequestKind[] {
  const deck = REQUEST_KINDS.flatMap((kind) => Array.from({ length: kind.weight }, () => kind));
  const next = random(seed);
  const order: RequestKind[] = [];
  while (order.length < count) {
    const round = [...deck];
    for (let i = round.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [round[i], round[j]] = [round[j]!, round[i]!];
    }
    order.push(...round);
  }
  return order.slice(0, count);
}
