// End-to-end tests: npm run test:e2e (builds first, then runs Playwright against the production server).
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH, HEADLESS_SHELL_PATH } from "./tests/helpers/chromium.ts";

const PORT = Number(process.env.E2E_PORT ?? 3100);
/** An address, not "localhost": the server and Chromium could otherwise pick different IP families. */
const HOST = "127.0.0.1";
const BASE_URL = `http://${HOST}:${PORT}`;
/** Each run resets its own SQLite file, one per port, away from the development database. */
const DATABASE_FILE = path.resolve(`tests/.tmp/e2e-${PORT}/keel.db`);
const DATABASE_URL = `file:${DATABASE_FILE}`;
/** Fixed so session and CSRF tokens do not depend on a generated secret file. */
const SESSION_SECRET = "e2e-session-secret-0123456789abcdef-keel";

/** Tests that change what every user sees (installed apps, the configuration, all users' statistics). */
const GLOBAL_STATE = /@global-state/;
const CHROMIUM = { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } };
/** Tests that need the whole browser: the headless shell shows no service worker's notifications. */
const WHOLE_BROWSER = /push\.spec\.ts/;

export default defineConfig({
  testDir: "tests/e2e",
  // Each test has users of its own (tests/e2e/fixtures.ts), so tests run in any order, one per core.
  fullyParallel: true,
  workers: os.availableParallelism(),
  forbidOnly: !!process.env.CI,
  // A trace records every action's DOM, a quarter of a passing test's CPU: a failed test runs once more
  // with the trace on. One that passes then is flaky: npm test names it and the run goes on
  // (docs/decisions/0020-flaky-tests-named-not-fatal.md); one that fails twice fails the run.
  retries: 1,
  // Two workers, the server and Chromium share two cores: patience for a busy machine, not for slow code
  // (speed is the benchmark's business).
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: "reports/e2e.json" }]],
  outputDir: "test-results",
  use: {
    baseURL: BASE_URL,
    trace: "on-first-retry",
    // A fresh context installs the service worker, which fetches the offline page and the visited page once
    // more: server renders no test but the offline and push ones needs. Those allow it (test.use).
    serviceWorkers: "block",
    screenshot: "only-on-failure",
    // Chromium's headless shell: the same engine for less CPU (docs/decisions/0023-…-headless-shell.md).
    launchOptions: {
      executablePath: HEADLESS_SHELL_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    { name: "chromium", use: CHROMIUM, grepInvert: GLOBAL_STATE, testIgnore: WHOLE_BROWSER },
    {
      name: "chromium-full",
      use: { ...CHROMIUM, launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS } },
      grepInvert: GLOBAL_STATE,
      testMatch: WHOLE_BROWSER,
    },
    // After the others and one at a time: nothing else may see the state they change.
    {
      name: "global-state",
      use: CHROMIUM,
      grep: GLOBAL_STATE,
      dependencies: ["chromium", "chromium-full"],
      workers: 1,
    },
  ],
  webServer: {
    command:
      "node prisma/setup.ts --reset --fixed-epoch && node tests/setup/install-harness-apps.ts && node server/index.js",
    url: `${BASE_URL}/readyz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(PORT),
      HOST,
      DATABASE_URL,
      SESSION_SECRET,
      LOG_LEVEL: "warn",
      // Every test signs in from this one address; a few sign in wrongly on purpose.
      SIGN_IN_IP_FAILURES: "100000",
    },
  },
});
