// Installable and honest when offline (docs/decisions/0017-service-worker.md): the manifest, the service
// worker's per-user cache of shell pages, the offline page, the reconnecting banner and the event stream
// that resumes when the network is back.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { chooseProfileEntry, mainNav, signInQuickly, tokenOf, userOf, waitForHydration } from "./helpers.ts";

// Signing in, visiting, going offline and back, on a machine shared with other runs.
test.describe.configure({ timeout: 90_000 });
// The service worker is what these tests are about (playwright.config.ts blocks it for the others).
test.use({ serviceWorkers: "allow" });

const marker = (page: Page) => mainNav(page).locator('[data-nav-item="notifications"] .unread-dot');
const offlineBanner = (page: Page) =>
  page.getByRole("status").filter({ hasText: "You are offline. Pages you have visited can still be read." });

/** Waits until the service worker controls the page. */
async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** The paths the worker keeps, per cache (only Keel's page caches). */
function keptPages(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const kept: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      if (!name.startsWith("keel-pages-")) continue;
      const keys = await (await caches.open(name)).keys();
      kept[name] = keys.map((request) => new URL(request.url).pathname);
    }
    return kept;
  });
}

async function expectKept(page: Page, path: string): Promise<void> {
  await expect.poll(async () => Object.values(await keptPages(page)).flat()).toContain(path);
}

/** Signs in on `path`, waits for the worker to control the page, and for the worker to keep it. */
async function signInWithWorker(page: Page, login: "alice" | "admin", path: string): Promise<void> {
  await signInQuickly(page, login, path);
  await waitForHydration(page);
  await waitForServiceWorker(page);
  await expectKept(page, path);
}

async function notify(page: Page, recipient: "alice", subject: string) {
  const response = await page.request.post("/api/inbox/threads", {
    headers: { authorization: `Bearer ${await tokenOf("admin")}` },
    data: { recipient: { login: (await userOf(recipient)).login }, subject, text: "While offline" },
  });
  expect(response.status(), await response.text()).toBe(201);
}

test("the web app manifest is linked from every page, valid, localised, with icons that load", async ({
  page,
}) => {
  const answer = await page.goto("/issues");
  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(href).toBe("/manifest.webmanifest?lng=en");
  // Personal answers stay out of every HTTP cache; the policy lets the worker and the manifest in.
  expect(answer?.headers()["cache-control"]).toBe("private, no-store");
  const csp = answer?.headers()["content-security-policy"] ?? "";
  expect(csp).toContain("manifest-src 'self'");
  expect(csp).toMatch(/worker-src 'self'/);

  const response = await page.request.get(href!);
  expect(response.headers()["content-type"]).toContain("application/manifest+json");
  const manifest = (await response.json()) as {
    icons: { src: string; sizes: string; type: string; purpose: string }[];
  } & Record<string, unknown>;
  expect(manifest).toMatchObject({
    name: "Keel: issues and knowledge base",
    short_name: "Keel",
    start_url: "/",
    scope: "/",
    display: "standalone",
    theme_color: "#1f5bd8",
    background_color: "#ffffff",
  });
  const png = manifest.icons.filter((icon) => icon.type === "image/png");
  expect(png.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
    "192x192 any",
    "512x512 any",
    "512x512 maskable",
  ]);
  for (const icon of manifest.icons) {
    const image = await page.request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()["content-type"], icon.src).toBe(icon.type);
  }
  const german = await (await page.request.get("/manifest.webmanifest?lng=de")).json();
  expect(german).toMatchObject({ name: "Keel: Tickets und Wissensdatenbank", lang: "de" });

  const worker = await page.request.get("/sw.js");
  expect(worker.status()).toBe(200);
  expect(worker.headers()["content-type"]).toContain("javascript");
  expect(worker.headers()["cache-control"]).toBe("no-cache");
});

test("offline, visited pages open from the worker's cache, others show the offline page, and the stream resumes", async ({
  page,
  context,
}) => {
  await signInQuickly(page, "alice", "/issues");
  await waitForHydration(page);
  await waitForServiceWorker(page);
  // A client-side navigation: the page tells the worker, which keeps the page too.
  await mainNav(page).getByRole("link", { name: "Knowledge Base" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Knowledge Base" })).toBeVisible();
  await expectKept(page, "/articles");
  await page.goto("/issues");
  await expectKept(page, "/issues");
  // Before hydration the link would load /notifications as a document, still loading when the network goes.
  await waitForHydration(page);
  // Seen up to now: the marker below can only come from a notification pushed after the network is back.
  // Opening the centre marks the folder seen, and the page reads its data again after that write: the
  // network goes only once it has, so that the folder is seen (a read cut by the network keeps the page:
  // unreachable.spec.ts).
  const reread = page.waitForResponse((response) => new URL(response.url()).pathname === "/issues.data");
  await mainNav(page).getByRole("link", { name: "Notifications" }).click();
  const centre = page.getByRole("dialog", { name: "Notifications" });
  await expect(centre).toBeVisible();
  await expect(marker(page)).toHaveCount(0);
  await reread;
  await page.keyboard.press("Escape");
  await expect(centre).toBeHidden();

  // The connection's banner is a chunk loaded after hydration: offline before it arrives, it never could.
  await expect(page.locator('.connection-banner[data-state="online"]')).toBeAttached();
  await context.setOffline(true);
  await expect(offlineBanner(page)).toBeVisible();

  await page.goto("/articles");
  await expect(page.getByRole("heading", { level: 1, name: "Knowledge Base" })).toBeVisible();
  await expect(page.getByTestId("current-user")).toHaveText("Alice Member");

  await page.goto("/projects");
  await expect(page.getByRole("heading", { level: 1, name: "You are offline" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Try again" })).toBeVisible();

  await page.goto("/issues");
  await expect(page.getByRole("heading", { level: 1, name: "Issues" })).toBeVisible();
  await waitForHydration(page);
  await expect(offlineBanner(page)).toBeVisible();

  const stream = page.waitForResponse((response) => response.url().includes("/api/inbox/events"));
  await context.setOffline(false);
  await expect(offlineBanner(page)).toBeHidden();
  expect((await stream).status()).toBe(200);
  await notify(page, "alice", "News after the network came back");
  await expect(marker(page)).toBeVisible();
});

test("signing out empties the worker's cache, and the next user never sees the first one's pages", async ({
  page,
  context,
}) => {
  await signInWithWorker(page, "alice", "/issues");

  await chooseProfileEntry(page, "Log out");
  await expect(page).toHaveURL("/login?loggedOut=1");
  await expect.poll(() => keptPages(page)).toEqual({});

  await signInQuickly(page, "admin", "/dashboard");
  await waitForHydration(page);
  await expectKept(page, "/dashboard");
  await context.setOffline(true);
  await page.goto("/issues");
  await expect(page.getByRole("heading", { level: 1, name: "You are offline" })).toBeVisible();
  await context.setOffline(false);
});

test("another user's page replaces the first one's cache when the session ended without signing out", async ({
  page,
  context,
}) => {
  await signInWithWorker(page, "alice", "/issues");
  const [aliceCache] = Object.keys(await keptPages(page));

  await context.clearCookies();
  await signInQuickly(page, "admin", "/dashboard");
  await expectKept(page, "/dashboard");
  const kept = await keptPages(page);
  expect(Object.keys(kept)).toHaveLength(1);
  expect(Object.keys(kept)).not.toContain(aliceCache);
  expect(Object.values(kept).flat()).not.toContain("/issues");

  await context.setOffline(true);
  await page.goto("/issues");
  await expect(page.getByRole("heading", { level: 1, name: "You are offline" })).toBeVisible();
  await context.setOffline(false);
});

test.describe("in German", () => {
  test.use({ locale: "de-DE" });

  test("the offline page speaks the language of the pages before it", async ({ page, context }) => {
    await page.goto("/issues");
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await waitForHydration(page);
    await waitForServiceWorker(page);
    await expect
      .poll(() =>
        page.evaluate(async () => (await (await caches.open("keel-offline-v1")).match("/offline"))?.text()),
      )
      .toContain("Sie sind offline");
    // A guest's pages are never kept: offline, even the page just seen is the offline page.
    expect(await keptPages(page)).toEqual({});
    await context.setOffline(true);
    await page.goto("/issues");
    await expect(page.getByRole("heading", { level: 1, name: "Sie sind offline" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await context.setOffline(false);
  });
});
