// Dates people read: the profile's time zone and date format, chosen on the profile's Settings tab, apply
// wherever a date is shown; recent moments read "2 hr. ago" with the exact time on hover.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { signInQuickly, tokenOf, userOf, waitForHydration } from "./helpers.ts";

/** A date as yyyy-MM-dd in a time zone, computed the test's own way. */
const isoDateIn = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    new Date(iso),
  );

async function chooseDates(page: Page, zone: string, format: string) {
  await page.getByLabel("Time zone").selectOption(zone);
  await page.getByLabel("Date format").selectOption(format);
  await page.getByRole("button", { name: "Save" }).click();
}

test("the chosen time zone and format show on the issue page; notifications read relative with the exact time", async ({
  page,
}) => {
  await signInQuickly(page, "alice", "/users/me?tab=settings");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "Dates and times" })).toBeVisible();
  await chooseDates(page, "Pacific/Kiritimati", "yyyy-MM-dd");
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();

  await page.goto("/issue/DEMO-1");
  const reported = page.locator("p.muted time").first();
  const instant = (await reported.getAttribute("datetime"))!;
  // UTC+14: the date is the one in Kiritimati, written as the format says.
  await expect(reported).toHaveText(isoDateIn(instant, "Pacific/Kiritimati"));

  const news = await page.request.post("/api/inbox/threads", {
    headers: { authorization: `Bearer ${await tokenOf("admin")}` },
    data: { recipient: { login: (await userOf("alice")).login }, subject: "Fresh news", text: "Just now" },
  });
  expect(news.status()).toBe(201);
  await page.goto("/notifications");
  const fresh = page.locator(".thread").filter({ hasText: "Fresh news" }).locator("time");
  await expect(fresh).toHaveText("now");
  const exact = await fresh.getAttribute("title");
  expect(exact).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  expect(exact!.slice(0, 10)).toBe(isoDateIn((await fresh.getAttribute("datetime"))!, "Pacific/Kiritimati"));
});

test("in Hebrew the month has its Hebrew name", async ({ page, users }) => {
  await users.of("alice", { locale: { language: "he", locale: "he_IL" } });
  await signInQuickly(page, "alice", "/users/me?tab=settings");
  await waitForHydration(page);
  await chooseDatesHebrew(page);
  await page.goto("/issue/DEMO-1");
  await expect(page.locator("p.muted time").first()).toHaveText(/^\d{1,2} [\u0590-\u05FF]/);
});

async function chooseDatesHebrew(page: Page) {
  await page.getByLabel("אזור זמן").selectOption("Asia/Jerusalem");
  await page.getByLabel("תבנית תאריך").selectOption("d_MMM_yyyy");
  await page.getByRole("button", { name: "שמירה" }).click();
  await expect(page.getByRole("status").filter({ hasText: "נשמר." })).toBeVisible();
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the settings form saves and comes back showing the choice", async ({ page }) => {
    await signInQuickly(page, "alice", "/users/me?tab=settings");
    await chooseDates(page, "America/New_York", "MM/dd/yyyy");
    await expect(page).toHaveURL("/users/me?tab=settings");
    await expect(page.getByLabel("Time zone")).toHaveValue("America/New_York");
    await expect(page.getByLabel("Date format")).toHaveValue("MM/dd/yyyy");
    await page.goto("/issue/DEMO-1");
    await expect(page.locator("p.muted time").first()).toHaveText(/^\d{2}\/\d{2}\/\d{4}$/);
  });
});
