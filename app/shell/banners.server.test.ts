import { expect, test } from "vitest";
import {
  bannerKey,
  dismissedCookie,
  MAX_DISMISSED_BANNERS,
  readDismissed,
  visibleBanners,
} from "./banners.server.ts";

const BANNERS = {
  globalBanner: "**Maintenance** on Saturday. <script>alert(1)</script>",
  globalBannerEnabled: true,
  systemEventsBanners: [{ id: "reindex", text: "Search is being *reindexed*." }],
};

test("the global and system-event banners show as sanitised Markdown", () => {
  const shown = visibleBanners(BANNERS, null);
  expect(shown.map((b) => b.kind)).toEqual(["global", "system"]);
  expect(shown[0]!.html).toContain("<strong>Maintenance</strong>");
  expect(shown[0]!.html).not.toContain("<script");
  expect(shown[1]!.html).toContain("<em>reindexed</em>");
});

test("a disabled or empty global banner does not show", () => {
  expect(visibleBanners({ ...BANNERS, globalBannerEnabled: false }, null).map((b) => b.kind)).toEqual([
    "system",
  ]);
  expect(visibleBanners({ ...BANNERS, globalBanner: "  " }, null).map((b) => b.kind)).toEqual(["system"]);
  expect(visibleBanners(null, null)).toEqual([]);
});

test("a dismissed banner is left out until its text changes", () => {
  const key = bannerKey("global", "global", BANNERS.globalBanner);
  const cookie = dismissedCookie([key], false).split(";")[0]!;
  expect(visibleBanners(BANNERS, cookie).map((b) => b.kind)).toEqual(["system"]);
  const changed = { ...BANNERS, globalBanner: "Maintenance moved to Sunday." };
  expect(visibleBanners(changed, cookie).map((b) => b.kind)).toEqual(["global", "system"]);
});

test("the dismissal cookie keeps only well-formed keys, at most twenty, newest last", () => {
  const keys = Array.from({ length: 25 }, (_, i) => bannerKey("system", String(i), "text"));
  const cookie = dismissedCookie([...keys, "global-<script>", "nonsense"], true);
  expect(cookie).toMatch(/; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
  const read = readDismissed(cookie.split(";")[0]!);
  expect(read).toHaveLength(MAX_DISMISSED_BANNERS);
  expect(read.at(-1)).toBe(keys.at(-1));
});
