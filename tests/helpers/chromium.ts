import { existsSync } from "node:fs";

/**
 * Debian's Chromium, never a downloaded browser; CHROMIUM_PATH names another. Lighthouse, the screenshots
 * and the browser tests that need the whole browser (a service worker's notifications) run in it.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * Debian's Chromium headless shell (package chromium-headless-shell): the same engine and version without
 * the browser's windowing layers. The other browser tests run in it, for about 40 % less CPU time
 * (docs/decisions/0023-browser-tests-in-the-headless-shell.md); CHROMIUM_HEADLESS_SHELL_PATH names another.
 */
export const HEADLESS_SHELL_PATH =
  process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? "/usr/bin/chromium-headless-shell";

/** How the browser tests and the screenshot script start it: headless, quiet, within a container. */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];

/** One line naming the package to install, or null when both browsers the tests use are here. */
export function missingBrowser(): string | null {
  if (!existsSync(CHROMIUM_PATH))
    return `e2e: Chromium is missing at ${CHROMIUM_PATH}: apt-get install -y chromium`;
  if (!existsSync(HEADLESS_SHELL_PATH)) {
    return `e2e: Chromium's headless shell is missing at ${HEADLESS_SHELL_PATH}: apt-get install -y chromium-headless-shell`;
  }
  return null;
}
