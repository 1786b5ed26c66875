// Banners (docs/shell.md): the global banner and system-event banners, as restricted Markdown,
// minus the ones this browser dismissed. A changed text is a new banner and shows again.
import { createHash } from "node:crypto";
import type { Banners } from "#contract/api.ts";
import { DISMISSED_BANNERS_COOKIE } from "../lib/constants.ts";
import { ONE_YEAR_SECONDS, serializeCookie } from "../lib/cookies.ts";
import { readCookie } from "#contract/cookies.ts";
import { renderRestricted } from "../markdown/render.server.ts";
import type { MarkdownT } from "../markdown/translate.ts";

/** Dismissals kept per browser; the oldest go first. */
export const MAX_DISMISSED_BANNERS = 20;
const KEY = /^(global|system)-[a-z0-9]{12}$/;

export interface ShownBanner {
  key: string;
  kind: "global" | "system";
  html: string;
}

export function bannerKey(kind: ShownBanner["kind"], id: string, text: string): string {
  return `${kind}-${createHash("sha256").update(`${id}\n${text}`).digest("hex").slice(0, 12)}`;
}

export function isBannerKey(value: unknown): value is string {
  return typeof value === "string" && KEY.test(value);
}

export function readDismissed(cookieHeader: string | null): string[] {
  const value = readCookie(cookieHeader, DISMISSED_BANNERS_COOKIE) ?? "";
  return value.split(".").filter(isBannerKey).slice(-MAX_DISMISSED_BANNERS);
}

export function dismissedCookie(keys: readonly string[], secure: boolean): string {
  const value = [...new Set(keys)].filter(isBannerKey).slice(-MAX_DISMISSED_BANNERS).join(".");
  return serializeCookie(DISMISSED_BANNERS_COOKIE, value, { maxAgeSeconds: ONE_YEAR_SECONDS, secure });
}

export function visibleBanners(
  banners: Banners | null,
  cookieHeader: string | null,
  t?: MarkdownT,
): ShownBanner[] {
  if (!banners) return [];
  const dismissed = new Set(readDismissed(cookieHeader));
  const shown: ShownBanner[] = [];
  if (banners.globalBannerEnabled && banners.globalBanner?.trim()) {
    const key = bannerKey("global", "global", banners.globalBanner);
    if (!dismissed.has(key))
      shown.push({ key, kind: "global", html: renderRestricted(banners.globalBanner, t).html });
  }
  for (const banner of banners.systemEventsBanners) {
    if (!banner.text.trim()) continue;
    const key = bannerKey("system", banner.id, banner.text);
    if (!dismissed.has(key)) shown.push({ key, kind: "system", html: renderRestricted(banner.text, t).html });
  }
  return shown;
}
