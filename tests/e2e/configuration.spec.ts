// The configuration in the browser and on the server (docs/shell.md): the cached copy,
// its verification reload, and the error page when the backend is stopped.
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { e2eDatabaseFile, expect, test } from "./fixtures.ts";
import { createPrisma } from "#mock-backend/db.ts";
import { DEMO_PASSWORD, submitLogin, userOf, waitForHydration } from "./helpers.ts";

const CACHE_KEY = "keel.shell.configuration";

/** Changes the configuration document the mock backend serves, as an admin would. */
async function setMaxExportItems(value: number): Promise<void> {
  const db = createPrisma(`file:${e2eDatabaseFile()}`);
  try {
    const row = await db.configuration.findUniqueOrThrow({ where: { id: 1 } });
    const document = JSON.parse(row.document) as { system: { maxExportItems: number } };
    document.system.maxExportItems = value;
    await db.configuration.update({ where: { id: 1 }, data: { document: JSON.stringify(document) } });
  } finally {
    await db.$disconnect();
  }
}

/**
 * The next document of /issues arrives without a preloaded configuration (as from a static or proxied copy
 * of the page), so the browser starts from its cached one.
 */
async function serveNextWithoutPreloadedConfig(page: Page): Promise<void> {
  await page.route(
    "**/issues",
    async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(/(id="keel-config">)[^<]*(<\/script>)/, "$1$2");
      await route.fulfill({ response, body: html });
    },
    { times: 1 },
  );
}

/** The tab's log as About's "Download log for support" saves it. */
async function supportLog(page: Page): Promise<string> {
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download log for support" }).click();
  return readFile(await (await download).path(), "utf8");
}

const cachedMaxExportItems = (page: Page) =>
  page.evaluate(
    (key) =>
      (JSON.parse(localStorage.getItem(key) ?? "null") as { system: { maxExportItems: number } } | null)
        ?.system.maxExportItems ?? null,
    CACHE_KEY,
  );

// Changes the configuration every user is served: these run alone (playwright.config.ts).
test.describe("the cached configuration", { tag: "@global-state" }, () => {
  // The tests rewrite a page's HTML on its way in (page.route), which a service worker's navigations
  // bypass; the configuration's cache is the page's own, whatever the worker keeps.
  test.use({ serviceWorkers: "block" });
  test.afterEach(() => setMaxExportItems(500));

  test("a page's preloaded configuration is cached in local storage", async ({ page }) => {
    await page.goto("/issues");
    await waitForHydration(page);
    await expect.poll(() => cachedMaxExportItems(page)).toBe(500);
  });

  test("a configuration changed between two visits is caught 1000 ms after the cached copy is used, and the page reloads clean", async ({
    page,
  }) => {
    await setMaxExportItems(500);
    await page.goto("/issues");
    await waitForHydration(page);
    await expect.poll(() => cachedMaxExportItems(page)).toBe(500);

    // Between the visits an admin changes the configuration.
    await setMaxExportItems(750);
    await serveNextWithoutPreloadedConfig(page);
    const loads: string[] = [];
    page.on("load", () => loads.push(page.url()));
    let verified = false;
    page.on("request", (request) => {
      if (request.url().includes("/api/config?fields=")) verified = true;
    });
    // The page's own clock, so "1000 ms later" is exact.
    await page.clock.install();
    await page.goto("/issues");
    await page.clock.runFor(999);
    expect(verified).toBe(false);
    const verification = page.waitForRequest((request) => request.url().includes("/api/config?fields="));
    await page.clock.runFor(1);
    await verification;
    // It differs: the cache is cleared and the page reloads, this time with the preloaded copy.
    await expect.poll(() => loads.length, { timeout: 8_000 }).toBe(2);
    await waitForHydration(page);
    await expect.poll(() => cachedMaxExportItems(page)).toBe(750);
  });

  test("an unchanged cached configuration is verified and kept without a reload", async ({ page }) => {
    await page.goto("/issues");
    await waitForHydration(page);
    await expect.poll(() => cachedMaxExportItems(page)).toBe(500);
    await serveNextWithoutPreloadedConfig(page);
    let loads = 0;
    page.on("load", () => loads++);
    const verified = page.waitForResponse((response) => response.url().includes("/api/config?fields="));
    await page.goto("/issues");
    expect((await verified).status()).toBe(200);
    await waitForHydration(page);
    // The tab's support log records the verification's outcome; a reload would start a new log without it.
    await page.getByRole("button", { name: "Help" }).click();
    await page.getByRole("menuitem", { name: "About", exact: true }).click();
    await expect.poll(() => supportLog(page)).toContain('Cached configuration verified {"outcome":"same"}');
    expect(loads).toBe(1);
    expect(await cachedMaxExportItems(page)).toBe(500);
  });

  test("logging out clears the cached configuration", async ({ page }) => {
    // Logging out leaves through the identity service's logout and comes back to /login in a new document,
    // which caches the guest's preloaded configuration again: so the removal itself is recorded.
    await page.addInitScript((key) => {
      const remove = Storage.prototype.removeItem;
      Storage.prototype.removeItem = function (name: string) {
        if (name === key) sessionStorage.setItem("e2e.configurationRemoved", String(Date.now()));
        remove.call(this, name);
      };
    }, CACHE_KEY);
    await page.goto("/login");
    await submitLogin(page, (await userOf("alice")).login, DEMO_PASSWORD);
    await expect(page).toHaveURL("/dashboard");
    await waitForHydration(page);
    await expect.poll(() => cachedMaxExportItems(page)).toBe(500);
    expect(await page.evaluate(() => sessionStorage.getItem("e2e.configurationRemoved"))).toBeNull();
    await page.getByTestId("current-user").click();
    await page.getByRole("menuitem", { name: "Log out", exact: true }).click();
    await expect(page).toHaveURL(/\/login\?loggedOut=1/);
    expect(await page.evaluate(() => sessionStorage.getItem("e2e.configurationRemoved"))).not.toBeNull();
  });
});

test.describe("with the backend stopped", () => {
  const BACKEND_PORT = Number(process.env.E2E_PORT ?? 3100) + 91;
  const SERVER_PORT = Number(process.env.E2E_PORT ?? 3100) + 92;
  const base = `http://127.0.0.1:${SERVER_PORT}`;
  let backend: ChildProcess | undefined;
  let server: ChildProcess | undefined;

  const env = {
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    DATABASE_URL: `file:${e2eDatabaseFile()}`,
    SESSION_SECRET: "e2e-session-secret-0123456789abcdef-keel",
    LOG_LEVEL: "fatal",
  };

  async function startBackend(): Promise<void> {
    backend = spawn(process.execPath, ["mock-backend/standalone.ts"], {
      env: { ...env, MOCK_BACKEND_PORT: String(BACKEND_PORT) },
      stdio: "ignore",
    });
    await waitFor(`http://127.0.0.1:${BACKEND_PORT}/api/config?fields=version`);
  }

  async function stopBackend(): Promise<void> {
    if (!backend || backend.exitCode !== null) return;
    backend.kill("SIGTERM");
    await once(backend, "exit");
  }

  async function waitFor(url: string): Promise<void> {
    for (let attempt = 0; attempt < 150; attempt++) {
      try {
        if ((await fetch(url)).ok) return;
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`${url} did not answer`);
  }

  test.beforeAll(async () => {
    await startBackend();
    server = spawn(process.execPath, ["server/index.js"], {
      env: { ...env, PORT: String(SERVER_PORT), BACKEND_URL: `http://127.0.0.1:${BACKEND_PORT}` },
      stdio: "ignore",
    });
    await waitFor(`${base}/healthz`);
  });

  test.afterAll(async () => {
    await stopBackend();
    if (server && server.exitCode === null) {
      server.kill("SIGTERM");
      await once(server, "exit");
    }
  });

  test("pages go to error?configUnavailable=true, and come back when the backend returns", async ({
    page,
  }) => {
    await page.goto(`${base}/issues`);
    await expect(page.getByRole("heading", { level: 1, name: "Issues" })).toBeVisible();

    await stopBackend();
    const response = await page.goto(`${base}/issues`);
    await expect(page).toHaveURL(`${base}/error?configUnavailable=true`);
    expect(response?.status()).toBe(503);
    await expect(page.getByRole("alert")).toContainText("could not load its configuration");

    await startBackend();
    await page.goto(`${base}/issues`);
    await expect(page.getByRole("heading", { level: 1, name: "Issues" })).toBeVisible();
  });
});
