// The unread indicator, the pushed notification, the centre and the /notifications page
// (docs/notifications.md).
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { mainNav, refuseChunk, signIn, signInQuickly, tokenOf, userOf, waitForHydration } from "./helpers.ts";

const marker = (page: Page) => mainNav(page).locator('[data-nav-item="notifications"] .unread-dot');

/** What an administrator does to make news for alice: the mock's notification call. */
async function notifyAlice(page: Page, subject: string) {
  const response = await page.request.post("/api/inbox/threads", {
    headers: { authorization: `Bearer ${await tokenOf("admin")}` },
    data: {
      recipient: { login: (await userOf("alice")).login },
      subject,
      text: "Pushed while the tab was open",
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** Opens the centre and waits until the server has recorded everything as seen. */
async function openCentreAndWaitUntilSeen(page: Page) {
  const saved = page.waitForResponse(
    (response) => response.url().includes("/notifications.data") && response.request().method() === "POST",
  );
  await mainNav(page).getByRole("link", { name: "Notifications" }).click();
  await expect(marker(page)).toHaveCount(0);
  expect((await saved).ok()).toBe(true);
}

test.describe("with JavaScript", () => {
  test("alice's unread marker is on, and clears when she opens the notifications centre", async ({
    page,
  }) => {
    await signIn(page, "alice");
    await expect(marker(page)).toBeVisible();
    await waitForHydration(page);
    await mainNav(page).getByRole("link", { name: "Notifications" }).click();
    const centre = page.getByRole("dialog", { name: "Notifications" });
    await expect(centre).toBeVisible();
    await expect(centre.getByRole("link", { name: "Ada Admin mentioned you in DEMO-1" })).toBeVisible();
    await expect(marker(page)).toHaveCount(0);
    await page.keyboard.press("Escape");
    await expect(centre).toBeHidden();
    // Seen is saved: the server renders it off after a reload.
    await page.reload();
    await expect(marker(page)).toHaveCount(0);
  });

  test("a notification pushed to alice's open tab shows without waiting for a poll", async ({ page }) => {
    const stream = page.waitForResponse((response) => response.url().includes("/api/inbox/events"));
    await signInQuickly(page, "alice", "/issues");
    await waitForHydration(page);
    await openCentreAndWaitUntilSeen(page);
    await page.keyboard.press("Escape");
    expect((await stream).status()).toBe(200);

    await notifyAlice(page, "Pushed news for alice");
    // The next poll is minutes away: the marker can only come from the pushed event.
    await expect(marker(page)).toBeVisible();
    await mainNav(page).getByRole("link", { name: "Notifications" }).click();
    await expect(
      page.getByRole("dialog", { name: "Notifications" }).getByText("Pushed news for alice"),
    ).toBeVisible();
  });

  test("without the event stream, the indicator falls back to polling", async ({ page }) => {
    await page.route("**/api/inbox/events", (route) => route.abort());
    await page.clock.install();
    await signInQuickly(page, "alice", "/issues");
    await waitForHydration(page);
    await openCentreAndWaitUntilSeen(page);
    await page.keyboard.press("Escape");
    // The revalidation after the seen mark must not be the one that finds the notification: on a
    // busy machine it could answer after notifyAlice. With the stream refused and the clock stopped,
    // nothing else is in flight once it has answered.
    await page.waitForLoadState("networkidle");
    await notifyAlice(page, "Found by polling");
    // Nothing pushes it; the next check, 6 minutes on, finds it.
    await page.clock.runFor(5 * 60_000);
    await expect(marker(page)).toHaveCount(0);
    const polled = page.waitForResponse((response) => response.url().includes("/api/inbox/folders"));
    await page.clock.runFor(60_000);
    await polled;
    await expect(marker(page)).toBeVisible();
  });

  test("a centre whose code does not load opens the notifications page instead", async ({ page }) => {
    const asked = await refuseChunk(page, "notifications-popup");
    await signIn(page, "alice");
    await waitForHydration(page);
    await mainNav(page).getByRole("link", { name: "Notifications" }).click();
    await expect(page).toHaveURL("/notifications");
    expect(asked()).toBe(true);
    await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Ada Admin mentioned you in DEMO-1" })).toBeVisible();
  });

  test("mute and mark as read show at once and are saved", async ({ page }) => {
    await signInQuickly(page, "alice", "/notifications");
    await waitForHydration(page);
    const thread = page.getByRole("listitem", { name: "Ada Admin mentioned you in DEMO-1" });
    await thread.getByRole("button", { name: "Mute" }).click();
    await expect(thread.getByRole("button", { name: "Unmute" })).toBeVisible();
    await expect(thread.getByText("Muted")).toBeVisible();
    await thread.getByRole("button", { name: "Mark as read" }).click();
    await expect(thread.getByRole("button", { name: "Mark as unread" })).toBeVisible();
    await page.reload();
    await expect(thread.getByRole("button", { name: "Unmute" })).toBeVisible();
    await expect(thread.getByRole("button", { name: "Mark as unread" })).toBeVisible();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the Notifications item is a link to the page, which marks the folder seen", async ({ page }) => {
    await signIn(page, "alice");
    await expect(marker(page)).toBeVisible();
    await mainNav(page).getByRole("link", { name: "Notifications" }).click();
    await expect(page).toHaveURL("/notifications");
    await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
    await page.getByRole("link", { name: "Subscriptions" }).click();
    await expect(page).toHaveURL("/notifications?folder=subscription");
    await expect(marker(page)).toBeVisible();
    await page.getByRole("link", { name: "What's new" }).click();
    await expect(page).toHaveURL("/notifications?folder=whatsnew");
    // Every folder seen: the marker is off.
    await expect(marker(page)).toHaveCount(0);
  });

  test("a message quoting a comment reads as text, without the comment's Markdown marks", async ({
    page,
  }) => {
    await signInQuickly(page, "admin", "/notifications");
    const thread = page.getByRole("listitem", { name: "Alice Member mentioned you in DEMO-2" });
    await expect(thread).toContainText("the dashboard should say Not synced in the same words as the app");
    await expect(thread).not.toContainText("*");
  });

  test("the What's new folder lists the newest features in the user's language", async ({ page }) => {
    await signIn(page, "alice");
    await page.goto("/notifications?folder=whatsnew");
    await expect(page.getByRole("link", { name: "What's new" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("heading", { level: 2, name: "October 2025" })).toBeVisible();
  });

  test("mute, read and mark all as read work as plain forms", async ({ page }) => {
    await signIn(page, "alice");
    await page.goto("/notifications");
    const thread = page.getByRole("listitem", { name: "Ada Admin mentioned you in DEMO-1" });
    await thread.getByRole("button", { name: "Mute" }).click();
    await expect(page).toHaveURL("/notifications?folder=direct");
    await expect(thread.getByRole("button", { name: "Unmute" })).toBeVisible();
    await page.getByRole("navigation", { name: "Show" }).getByRole("link", { name: "Unread" }).click();
    await expect(page.getByRole("listitem")).not.toHaveCount(0);
    await page.getByRole("button", { name: "Mark all as read" }).click();
    await expect(page.getByText("No unread notifications.")).toBeVisible();
  });
});
