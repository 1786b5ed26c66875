// Usage analytics (docs/analytics.md): events from a real session arrive and appear on the statistics page;
// a batch over the limit is refused whole.
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { signInQuickly, tokenOf, waitForHydration } from "./helpers.ts";

// The tests that count every user's events run alone (playwright.config.ts): other tests' pages send
// events too.
const adminHeaders = async () => ({ authorization: `Bearer ${await tokenOf("admin")}` });

async function totalEvents(request: APIRequestContext): Promise<number> {
  const response = await request.get("/api/admin/statistics?days=1", { headers: await adminHeaders() });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { total: number }).total;
}

test(
  "a session's events are batched, sent and shown per group on the statistics page",
  { tag: "@global-state" },
  async ({ page }) => {
    const before = await totalEvents(page.request);
    await page.clock.install();
    await signInQuickly(page, "admin", "/issues");
    await waitForHydration(page);
    const sent = page.waitForRequest((r) => r.url().endsWith("/api/analytics") && r.method() === "POST");
    // Opening a menu, then a shortcut: two events, sent together 10 seconds after the first.
    await page.getByRole("button", { name: "Help" }).click();
    await page.keyboard.press("Escape");
    await page.keyboard.press("Control+/");
    await page.clock.runFor(10_000);
    const batch = (await sent).postDataJSON() as {
      group: string;
      event: string;
      clientData: Record<string, unknown>;
    }[];
    expect(batch.map((e) => `${e.group}:${e.event}`)).toEqual(["navigation:menu-open", "shortcuts:used"]);
    expect(batch[0]!.clientData).toMatchObject({ screen: "1200-1439", language: "en" });
    await expect.poll(() => totalEvents(page.request)).toBe(before + 2);

    await page.goto("/admin/statistics");
    await expect(page.getByRole("heading", { level: 1, name: "Usage statistics" })).toBeVisible();
    await expect(page.getByRole("img", { name: "Events per day, stacked by group" })).toBeVisible();
    const table = page.getByRole("table", { name: "Events per group and day" });
    await expect(table.getByRole("rowheader", { name: "navigation" })).toBeVisible();
    await expect(table.getByRole("rowheader", { name: "shortcuts" })).toBeVisible();
  },
);

test(
  "events waiting when the page is left are sent by beacon and stored",
  { tag: "@global-state" },
  async ({ page }) => {
    await signInQuickly(page, "admin", "/issues");
    await waitForHydration(page);
    const before = await totalEvents(page.request);
    await page.getByRole("button", { name: "Help" }).click();
    await page.keyboard.press("Escape");
    // Well before the 10-second flush: only leaving the page sends it.
    await page.goto("about:blank");
    await expect.poll(() => totalEvents(page.request)).toBe(before + 1);
  },
);

test(
  "a batch over 500 KB is refused whole with 413 and nothing of it is stored",
  { tag: "@global-state" },
  async ({ request }) => {
    const before = await totalEvents(request);
    const event = (i: number) => ({
      group: "navigation",
      event: "item-open",
      timestamp: Date.now(),
      eventFields: [{ name: "item", value: "x".repeat(1900) }],
      clientData: { n: i },
    });
    const batch = Array.from({ length: 300 }, (_, i) => event(i));
    const response = await request.post("/api/analytics", { headers: await adminHeaders(), data: batch });
    expect(response.status()).toBe(413);
    expect(await totalEvents(request)).toBe(before);
  },
);

test("the statistics page is for administrators only", async ({ page }) => {
  await signInQuickly(page, "alice", "/issues");
  const response = await page.goto("/admin/statistics");
  expect(response?.status()).toBe(403);
});

test("the new-project wizard reports the created project's attributes and the failed invitations", async ({
  page,
}) => {
  await page.clock.install();
  await signInQuickly(page, "admin", "/projects/new");
  await waitForHydration(page);
  await page.getByLabel("Project name", { exact: true }).fill("Analytics probe");
  await page.getByLabel("ID", { exact: true }).fill("APROBE");
  await page.getByRole("radio", { name: /^Kanban/ }).check();
  await page.getByRole("button", { name: "Create project" }).click();
  await expect(page).toHaveURL(/step=invite/);
  await page.getByLabel("Logins or e-mail addresses", { exact: true }).fill("nobody-at-all\nx@y.invalid");
  await page.getByRole("button", { name: "Send invitations" }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  const sent = page.waitForRequest((r) => r.url().endsWith("/api/analytics") && r.method() === "POST");
  await page.clock.runFor(10_000);
  const batch = (await sent).postDataJSON() as { group: string; event: string; eventFields: unknown[] }[];
  const created = batch.find((e) => e.event === "created");
  expect(created?.eventFields).toEqual(
    expect.arrayContaining([
      { name: "template", value: "kanban" },
      { name: "customId", value: true },
    ]),
  );
  expect(batch.filter((e) => e.group === "invitations").length).toBeGreaterThan(0);
});

test("by default no third-party analytics script is loaded", async ({ request }) => {
  const html = await (await request.get("/issues")).text();
  const external = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]!);
  expect(external.filter((src) => /^(https?:)?\/\//.test(src))).toEqual([]);
});
