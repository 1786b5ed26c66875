// What one page costs the backend: Keel in front of the mock backend over HTTP (BACKEND_URL), counting the
// calls a signed-in page makes and the waves they go out in (a wave waits for an answer of the one
// before). Every answer is held back a while, so that the calls of one wave are all in flight together
// whatever the machine's speed; the page's own X-Request-Id, which Keel forwards, tells its calls apart.
import { afterAll, beforeAll, expect, test } from "vitest";
import { demoToken } from "#prisma/factories.ts";
import { CookieJar, hasBuild, NO_BUILD_MESSAGE, send } from "#tests/helpers/keel-server.ts";
import { startKeelOverHttp, type KeelOverHttp } from "#tests/helpers/keel-over-http.ts";

if (!hasBuild) console.warn(`server/page-backend-calls.test.ts: ${NO_BUILD_MESSAGE}`);

/** How long the backend holds each answer: far longer than Keel takes to send the rest of a wave. */
const HOLD_MS = 150;

interface Call {
  path: string;
  wave: number;
}

let servers: KeelOverHttp | undefined;
let keelPort = 0;
const callsByPage = new Map<string, Call[]>();
const inFlight = new Map<string, number>();
const waveOf = new Map<string, number>();

beforeAll(async () => {
  if (!hasBuild) return;
  servers = await startKeelOverHttp((req, res, next) => {
    const page = String(req.headers["x-request-id"] ?? "");
    // The apps' read fails at once; the page's other reads come after it.
    if (page.startsWith("broken-apps-")) {
      if (req.path === "/api/apps") res.status(500).json({ error: "server_error" });
      else setTimeout(next, HOLD_MS);
      return;
    }
    if (!page.startsWith("page-")) return next();
    // A call that goes out while none of the page's calls is in flight waited for an answer: a new wave.
    const pending = inFlight.get(page) ?? 0;
    if (pending === 0) waveOf.set(page, (waveOf.get(page) ?? 0) + 1);
    inFlight.set(page, pending + 1);
    const calls = callsByPage.get(page) ?? [];
    calls.push({ path: req.path, wave: waveOf.get(page) ?? 1 });
    callsByPage.set(page, calls);
    res.on("finish", () => inFlight.set(page, (inFlight.get(page) ?? 1) - 1));
    setTimeout(next, HOLD_MS);
  });
  keelPort = servers.keelPort;
});

afterAll(() => servers?.close());

/**
 * A page's first wave, the API middleware's: who the user is and the configuration pick the language;
 * beside them, the shell's reads and the agreement's, which need nothing but the session (readShellAhead).
 */
const FIRST_WAVE = [
  "/api/config",
  "/api/inbox/folders",
  "/api/permissions/cache",
  "/api/users/me",
  "/hub/api/rest/settings/public",
  "/hub/api/rest/users/me",
];

/** The paths a page's calls went to, wave by wave, each wave sorted. */
function wavesOf(page: string): string[][] {
  const waves = (callsByPage.get(page) ?? []).reduce<string[][]>((list, call) => {
    (list[call.wave - 1] ??= []).push(call.path);
    return list;
  }, []);
  return waves.map((wave) => wave.sort());
}

/** Signs `login` in with their permanent token on the login form, as the benchmark does. */
async function signIn(login: string): Promise<CookieJar> {
  const jar = new CookieJar();
  const form = await send(keelPort, "/login");
  jar.take(form);
  const csrf = /name="csrf" value="([^"]+)"/.exec(form.text)?.[1] ?? "";
  const answer = await send(keelPort, "/login", {
    method: "POST",
    body: new URLSearchParams({ csrf, token: demoToken(login), redirect: "/issues" }).toString(),
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      cookie: jar.header(),
      origin: `http://127.0.0.1:${keelPort}`,
    },
  });
  expect(answer.status, answer.text.slice(0, 200)).toBe(302);
  jar.take(answer);
  return jar;
}

test.skipIf(!hasBuild)(
  "a signed-in /issues makes eight backend calls in two waves, none of them twice",
  async () => {
    const jar = await signIn("admin");
    const page = await send(keelPort, "/issues", {
      headers: { cookie: jar.header(), "x-request-id": "page-issues-0001" },
    });
    expect(page.status).toBe(200);
    expect(page.text).toContain('data-testid="current-user"');
    const paths = (callsByPage.get("page-issues-0001") ?? []).map((call) => call.path);
    // Reads are shared within a request: every resource once.
    expect(new Set(paths).size).toBe(paths.length);
    expect(wavesOf("page-issues-0001")).toEqual([
      FIRST_WAVE,
      // The loaders: the page's list, and the what's-new folder once the permissions say where it comes from.
      ["/api/issues", "/api/whatsNew/availableNow"],
    ]);
  },
);

test.skipIf(!hasBuild)(
  "without scripts, /notifications marks its folder seen before its loaders and reads again only the inbox",
  async () => {
    const jar = await signIn("admin");
    const page = await send(keelPort, "/notifications", {
      headers: { cookie: jar.header(), "x-request-id": "page-notifications-0001" },
    });
    expect(page.status).toBe(200);
    expect(wavesOf("page-notifications-0001")).toEqual([
      FIRST_WAVE,
      // The page's middleware: viewing the folder is seeing it (a POST).
      ["/api/inbox/folders/direct"],
      // The loaders: the folders again, now seen, and the page's threads; the rest of the shell's reads hold.
      ["/api/inbox/folders", "/api/inbox/threads", "/api/whatsNew/availableNow"],
    ]);
  },
);

test.skipIf(!hasBuild)(
  "a signed-in issue page reads the installed apps beside the issue, and all its mentions in one call",
  async () => {
    const jar = await signIn("admin");
    const page = await send(keelPort, "/issue/DEMO-2", {
      headers: { cookie: jar.header(), "x-request-id": "page-issue-0001" },
    });
    expect(page.status).toBe(200);
    expect(wavesOf("page-issue-0001")).toEqual([
      FIRST_WAVE,
      // The loaders: the issue, its comments, the apps whose widgets it may show, the what's-new folder.
      ["/api/apps", "/api/issues/DEMO-2", "/api/issues/DEMO-2/activitiesPage", "/api/whatsNew/availableNow"],
      // Who the description's and the comments' mentions are, in one call once both texts are there.
      ["/api/mentions"],
    ]);
    // The one call resolved both: the description names DEMO-1, Alice's comment names @admin.
    expect(page.text).toMatch(/<a class="mention mention-issue" href="\/issue\/DEMO-1"/);
    expect(page.text).toMatch(/<a class="mention mention-user" href="[^"]*" title="@admin">Ada Admin<\/a>/);
  },
);

test.skipIf(!hasBuild)(
  "a missing issue is a 404 even when the apps' read, made beside it, fails",
  async () => {
    const jar = await signIn("admin");
    const page = await send(keelPort, "/issue/DEMO-99999", {
      headers: { cookie: jar.header(), "x-request-id": "broken-apps-0001" },
    });
    expect(page.status).toBe(404);
    expect(page.text).toContain("DEMO-99999");
  },
);
