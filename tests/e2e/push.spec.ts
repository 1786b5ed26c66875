// Notifications that reach a person outside the page (docs/decisions/0018-web-push.md): the service worker's
// push and click handling through Chromium's DevTools protocol, desktop notifications while the tab is hidden,
// and the per-kind choices as a plain form.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { signInQuickly, tokenOf, userOf, waitForHydration } from "./helpers.ts";

test.describe.configure({ timeout: 90_000 });
// The service worker is what these tests are about (playwright.config.ts blocks it for the others).
test.use({ serviceWorkers: "allow" });

async function notify(page: Page, subject: string, type: "mention" | "reaction" = "mention") {
  const response = await page.request.post("/api/inbox/threads", {
    headers: { authorization: `Bearer ${await tokenOf("admin")}` },
    data: {
      recipient: { login: (await userOf("alice")).login },
      subject,
      type,
      text: "Have a look",
      issue: { idReadable: "DEMO-1" },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** The notifications the worker shows, as the page's registration lists them. */
function shownByWorker(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      url: (n.data as { url?: string } | null)?.url,
    }));
  });
}

test("a push delivered to the worker shows the thread's notification, and a click on it opens the thread", async ({
  page,
  context,
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin;
  await context.grantPermissions(["notifications"], { origin });
  await signInQuickly(page, "alice", "/issues");
  await waitForHydration(page);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

  // Chromium's DevTools protocol hands a push to a registration, as the browser's push service would.
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send("ServiceWorker.enable");
  const message = {
    title: "Mentioned in DEMO-1",
    body: "Ada Admin: have a look",
    url: "/issue/DEMO-1",
    tag: "thread-t-e2e",
    kind: "mention",
  };
  await cdp.send("ServiceWorker.deliverPushMessage", {
    origin,
    registrationId: await registrationId,
    data: JSON.stringify(message),
  });
  await expect
    .poll(() => shownByWorker(page))
    .toEqual([{ title: message.title, body: message.body, tag: message.tag, url: `${origin}/issue/DEMO-1` }]);

  // A push leading off Keel's origin is not shown.
  await cdp.send("ServiceWorker.deliverPushMessage", {
    origin,
    registrationId: await registrationId,
    data: JSON.stringify({ ...message, tag: "thread-evil", url: "https://evil.example/" }),
  });

  // The protocol has no way to click a notification: the worker receives the click event itself, with the
  // notification it shows, and brings the Keel window to the thread.
  const [worker] = context.serviceWorkers().filter((w) => w.url() === `${origin}/sw.js`);
  expect(worker).toBeDefined();
  await worker!.evaluate(async () => {
    // The worker's own globals, which the page's DOM types do not describe.
    const scope = self as unknown as {
      registration: ServiceWorkerRegistration;
      dispatchEvent(event: Event): boolean;
    };
    const ClickEvent = (self as unknown as { NotificationEvent: new (type: string, init: object) => Event })
      .NotificationEvent;
    const [notification] = await scope.registration.getNotifications({ tag: "thread-t-e2e" });
    scope.dispatchEvent(new ClickEvent("notificationclick", { notification }));
  });
  await expect(page).toHaveURL(`${origin}/issue/DEMO-1`);
  await expect.poll(async () => (await shownByWorker(page)).map((n) => n.tag)).toEqual([]);
});

test("desktop notifications, turned on in the settings, show new inbox items only while the tab is hidden", async ({
  page,
}) => {
  // The Notifications API as a page sees it, recording what is shown; the document's visibility is the test's.
  await page.addInitScript(() => {
    const record = window as unknown as { shown: object[]; hidden: boolean };
    record.shown = [];
    record.hidden = false;
    class RecordingNotification {
      // Granted once, kept for the origin, as the browser keeps it.
      static get permission() {
        return sessionStorage.getItem("granted") ? "granted" : "default";
      }
      static requestPermission = async () => {
        sessionStorage.setItem("granted", "1");
        return "granted";
      };
      onclick: (() => void) | null = null;
      constructor(title: string, options: NotificationOptions) {
        record.shown.push({ title, body: options.body, tag: options.tag });
      }
      close() {}
    }
    Object.defineProperty(window, "Notification", { value: RecordingNotification });
    Object.defineProperty(document, "visibilityState", { get: () => (record.hidden ? "hidden" : "visible") });
  });
  const shown = () => page.evaluate(() => (window as unknown as { shown: object[] }).shown);
  const setHidden = (hidden: boolean) =>
    page.evaluate((value) => ((window as unknown as { hidden: boolean }).hidden = value), hidden);

  await signInQuickly(page, "alice", "/settings/notifications");
  await waitForHydration(page);
  const desktop = page.getByRole("button", { name: "Desktop notifications" });
  await expect(desktop).toHaveAttribute("aria-pressed", "false");
  await desktop.click();
  await expect(desktop).toHaveAttribute("aria-pressed", "true");
  await page.goto("/issues");
  await waitForHydration(page);
  // The stream is live once the reconnecting mark is off and the worker's banner is there.
  await expect(page.locator("html")).not.toHaveAttribute("data-stream-interrupted");

  await notify(page, "Seen in the open tab");
  await expect(page.getByRole("navigation", { name: "Main" }).locator(".unread-dot")).toBeVisible();
  await setHidden(true);
  const id = await notify(page, "Arrived in the background");
  await expect
    .poll(shown)
    .toEqual([{ title: "Arrived in the background", body: "Ada Admin: Have a look", tag: `thread-${id}` }]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the kinds of notification are chosen with a plain form and saved for the user", async ({ page }) => {
    await signInQuickly(page, "alice", "/settings/notifications");
    await expect(page.getByRole("heading", { level: 1, name: "Notification settings" })).toBeVisible();
    await expect(
      page.getByText("Desktop and push notifications need JavaScript in this browser."),
    ).toBeVisible();
    const mentions = page.getByRole("checkbox", { name: "Mentions" });
    await expect(mentions).toBeChecked();
    await mentions.uncheck();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page).toHaveURL(/\/settings\/notifications$/);
    await expect(page.getByRole("checkbox", { name: "Mentions" })).not.toBeChecked();
    await expect(page.getByRole("checkbox", { name: "Reactions" })).toBeChecked();
    const me = await page.request.get(
      "/api/users/me?fields=profiles(keel(notifications(mention,reaction)))",
      {
        headers: { authorization: `Bearer ${await tokenOf("alice")}` },
      },
    );
    expect(await me.json()).toMatchObject({
      profiles: { keel: { notifications: { mention: false, reaction: true } } },
    });
  });
});
