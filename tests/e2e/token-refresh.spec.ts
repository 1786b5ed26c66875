// A session outlives its access token: Keel refreshes it behind the page, so the reader notices nothing.
// When the identity service no longer takes the refresh token, the reader is asked to sign in again and
// comes back to the page they were on.
import { expect, test } from "./fixtures.ts";
import { signInQuickly, userOf } from "./helpers.ts";

test("an access token the backend no longer takes is refreshed without the reader noticing", async ({
  page,
  database: db,
}) => {
  await signInQuickly(page, "alice", "/issues");
  const alice = (await userOf("alice")).id;
  const before = await db.oAuthRefreshToken.count({ where: { userId: alice } });
  // The backend now refuses every access token alice's sessions hold.
  await db.oAuthAccessToken.updateMany({
    where: { userId: alice },
    data: { expiresAt: new Date(Date.now() - 1000) },
  });
  await page.goto("/articles");
  await expect(page).toHaveURL("/articles");
  await expect(page.getByTestId("current-user")).toHaveText("Alice Member");
  const after = await Promise.all([
    db.oAuthRefreshToken.count({ where: { userId: alice } }),
    db.oAuthAccessToken.count({ where: { userId: alice, expiresAt: { gt: new Date() } } }),
  ]);
  expect(after[0], "the refresh token was rotated").toBeGreaterThan(before);
  expect(after[1], "a fresh access token").toBeGreaterThan(0);
});

test("a revoked refresh token sends the reader to sign in, and back to the page", async ({
  page,
  database: db,
}) => {
  await signInQuickly(page, "alice", "/issues");
  const alice = (await userOf("alice")).id;
  await db.oAuthAccessToken.deleteMany({ where: { userId: alice } });
  await db.oAuthRefreshToken.deleteMany({ where: { userId: alice } });
  await page.goto("/articles");
  await expect(page).toHaveURL("/login?error=ended&redirect=%2Farticles");
  await expect(page.getByRole("heading", { level: 1, name: "Log in to Keel" })).toBeVisible();
  // The identity service still knows the browser: signing in again needs no password.
  await page
    .locator("main")
    .getByRole("link", { name: /^(Log in|Try again)$/ })
    .click();
  await expect(page).toHaveURL("/articles");
  await expect(page.getByTestId("current-user")).toHaveText("Alice Member");
});
