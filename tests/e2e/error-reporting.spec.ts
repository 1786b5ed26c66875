// The error-reporting service (docs/shell.md, Errors the shell shows): with the user's flag on, an uncaught
// error in the browser reaches the server's log through /resources/error-reports; network failures and
// aborts do not. The reporter's rules load with the first error (app/shell/use-client-runtime.ts).
import type { Page, Request } from "@playwright/test";
import { FEATURE_FLAG } from "#contract/constants.ts";
import { expect, test } from "./fixtures.ts";
import { signInQuickly, userOf, waitForHydration } from "./helpers.ts";

interface SentReport {
  kind: string;
  sampleRate: number;
  name: string;
  message: string;
  path: string;
}

const isReport = (request: Request) =>
  request.method() === "POST" && new URL(request.url()).pathname === "/resources/error-reports";

/** Every report the page sends from now on. */
function collectReports(page: Page): SentReport[] {
  const sent: SentReport[] = [];
  page.on("request", (request) => {
    if (isReport(request)) sent.push(request.postDataJSON() as SentReport);
  });
  return sent;
}

test("with the flag on, an uncaught error is reported and a network failure is not", async ({
  page,
  database: db,
}) => {
  const alice = await userOf("alice");
  await db.userFeatureFlag.create({
    data: { userId: alice.id, flagId: FEATURE_FLAG.ERROR_REPORTING, enabled: true },
  });
  // Errors after the page load are sampled at 0.1: the page's own random numbers stay random, below it.
  await page.addInitScript(() => {
    const random = Math.random.bind(Math);
    Math.random = () => random() * 0.09;
  });
  await signInQuickly(page, "alice", "/issues?state=open");
  await waitForHydration(page);
  const sent = collectReports(page);

  const delivered = page.waitForResponse((response) => isReport(response.request()));
  await page.evaluate(() => {
    // Ignored: what a fetch that lost the network rejects with, then an abort.
    void Promise.reject(new TypeError("Failed to fetch"));
    void Promise.reject(new DOMException("signal is aborted without reason", "AbortError"));
    setTimeout(() => {
      throw new RangeError("Keel test: an uncaught error");
    });
  });
  expect((await delivered).status(), "the server took the report").toBe(202);
  const [report] = sent;
  expect(report).toMatchObject({
    name: "RangeError",
    message: "Keel test: an uncaught error",
    // Only the path: a query string can carry what is not the log's.
    path: "/issues",
  });
  expect(["pageLoad", "other"]).toContain(report!.kind);

  // One more error, to be sure the ignored ones were not merely late: the reports arrive in order.
  const second = page.waitForResponse((response) => isReport(response.request()));
  await page.evaluate(() => void Promise.reject(new Error("Keel test: a rejected promise")));
  await second;
  expect(sent.map((r) => r.message)).toEqual([
    "Keel test: an uncaught error",
    "Keel test: a rejected promise",
  ]);
});

test("with the flag off, nothing is reported", async ({ page }) => {
  await signInQuickly(page, "alice", "/issues");
  await waitForHydration(page);
  const sent = collectReports(page);
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error("Keel test: not for the log");
    });
  });
  // The only way to see nothing happen is to give it the time it would take: the reporter's chunk and the
  // request, on a page that has already loaded.
  await page.waitForTimeout(1_500);
  expect(sent).toEqual([]);
});
