import { expect, test } from "vitest";
import {
  cacheFor,
  cachesToDelete,
  handlesRequest,
  isOfflinePage,
  needsRefresh,
  OFFLINE_CACHE,
  offlinePageUrl,
  overflow,
  pageCacheName,
  parsePageMessage,
  partitionOf,
  PAGE_REFRESH_MS,
} from "./sw-policy.ts";

const ORIGIN = "https://keel.example";
const ALICE = "0123456789abcdef0123456789abcdef";
const BOB = "fedcba9876543210fedcba9876543210";
const navigation = (path: string, method = "GET") => ({ method, mode: "navigate", url: `${ORIGIN}${path}` });
const html = (partition: string | null | undefined, status = 200) => ({
  status,
  contentType: "text/html; charset=utf-8",
  partition,
});

test("a signed-in user's 200 HTML shell page goes into that user's cache", () => {
  expect(cacheFor(navigation("/issues"), html(ALICE), ORIGIN)).toBe(`keel-pages-${ALICE}`);
  expect(cacheFor(navigation("/issue/DEMO-1"), html(BOB), ORIGIN)).toBe(`keel-pages-${BOB}`);
  expect(cacheFor(navigation("/articles?tab=recent"), html(ALICE), ORIGIN)).toBe(pageCacheName(ALICE));
});

test("guests' pages, errors, redirects, non-HTML and pages without a partition are not kept", () => {
  expect(cacheFor(navigation("/issues"), html(null), ORIGIN)).toBeNull();
  expect(cacheFor(navigation("/issues"), html(undefined), ORIGIN)).toBeNull();
  expect(cacheFor(navigation("/issues"), html(ALICE, 404), ORIGIN)).toBeNull();
  expect(cacheFor(navigation("/issues"), html(ALICE, 0), ORIGIN)).toBeNull();
  expect(
    cacheFor(navigation("/issues"), { ...html(ALICE), contentType: "application/json" }, ORIGIN),
  ).toBeNull();
});

test("administration, sign-in, settings, API calls, posts, event streams and other origins are never kept", () => {
  for (const path of ["/admin", "/admin/users", "/admin/hub/users", "/legacy/admin", "/login", "/logout"])
    expect(cacheFor(navigation(path), html(ALICE), ORIGIN), path).toBeNull();
  for (const path of [
    "/settings/appearance",
    "/api/inbox/events",
    "/api/users/me",
    "/hub/api/rest/oauth2/auth",
  ])
    expect(cacheFor(navigation(path), html(ALICE), ORIGIN), path).toBeNull();
  expect(cacheFor(navigation("/issues", "POST"), html(ALICE), ORIGIN)).toBeNull();
  expect(cacheFor({ ...navigation("/issues"), mode: "cors" }, html(ALICE), ORIGIN)).toBeNull();
  expect(
    cacheFor({ ...navigation("/issues"), url: "https://elsewhere.example/issues" }, html(ALICE), ORIGIN),
  ).toBeNull();
});

test("the worker answers same-origin GET navigations only", () => {
  expect(handlesRequest(navigation("/issues"), ORIGIN)).toBe(true);
  expect(handlesRequest(navigation("/admin"), ORIGIN)).toBe(true);
  expect(handlesRequest(navigation("/logout", "POST"), ORIGIN)).toBe(false);
  expect(handlesRequest({ method: "GET", mode: "cors", url: `${ORIGIN}/api/inbox/events` }, ORIGIN)).toBe(
    false,
  );
  expect(handlesRequest({ method: "GET", mode: "same-origin", url: `${ORIGIN}/issues.data` }, ORIGIN)).toBe(
    false,
  );
  expect(handlesRequest({ ...navigation("/"), url: "https://elsewhere.example/" }, ORIGIN)).toBe(false);
});

test("shell pages are offline pages; administration and other origins are not", () => {
  expect(isOfflinePage(new URL(`${ORIGIN}/dashboard`), ORIGIN)).toBe(true);
  expect(isOfflinePage(new URL(`${ORIGIN}/admin/customFields`), ORIGIN)).toBe(false);
  expect(isOfflinePage(new URL("https://elsewhere.example/dashboard"), ORIGIN)).toBe(false);
});

test("the partition header names a hash, nobody, or nothing usable", () => {
  expect(partitionOf(ALICE)).toBe(ALICE);
  expect(partitionOf("none")).toBeNull();
  expect(partitionOf(null)).toBeUndefined();
  expect(partitionOf("../keel-offline-v1")).toBeUndefined();
  expect(partitionOf("ALICE")).toBeUndefined();
});

test("a new user's partition drops every other user's pages; nobody's drops all of them", () => {
  const existing = [pageCacheName(ALICE), pageCacheName(BOB), OFFLINE_CACHE, "someone-elses-cache"];
  expect(cachesToDelete(existing, BOB)).toEqual([pageCacheName(ALICE)]);
  expect(cachesToDelete(existing, null)).toEqual([pageCacheName(ALICE), pageCacheName(BOB)]);
  expect(cachesToDelete([OFFLINE_CACHE], ALICE)).toEqual([]);
});

test("pages' messages are checked before the worker acts on them", () => {
  expect(parsePageMessage({ type: "sign-out" })).toEqual({ type: "sign-out" });
  expect(
    parsePageMessage({ type: "page", partition: ALICE, language: "de", url: `${ORIGIN}/issues` }),
  ).toEqual({
    type: "page",
    partition: ALICE,
    language: "de",
    url: `${ORIGIN}/issues`,
  });
  expect(parsePageMessage({ type: "page", partition: null, language: "<b>", url: "/" })).toEqual({
    type: "page",
    partition: null,
    language: "en",
    url: "/",
  });
  expect(parsePageMessage({ type: "page", partition: "session-token", language: "en", url: "/" })).toBeNull();
  expect(parsePageMessage({ type: "page", partition: ALICE, language: "en" })).toBeNull();
  expect(parsePageMessage({ type: "clear-everything" })).toBeNull();
  expect(parsePageMessage("sign-out")).toBeNull();
});

test("the offline page is asked for in the page's language", () => {
  expect(offlinePageUrl("he")).toBe("/offline?lng=he");
  expect(offlinePageUrl("x&y")).toBe("/offline?lng=en");
});

test("the oldest pages beyond the limit are dropped", () => {
  expect(overflow([1, 2, 3, 4], 2)).toEqual([1, 2]);
  expect(overflow([1, 2], 2)).toEqual([]);
});

test("a kept page is fetched again once it is older than the refresh time, or of unknown age", () => {
  const now = Date.parse("2026-11-26T12:00:00Z");
  expect(needsRefresh(new Date(now - 1000).toUTCString(), now)).toBe(false);
  expect(needsRefresh(new Date(now - PAGE_REFRESH_MS - 1000).toUTCString(), now)).toBe(true);
  expect(needsRefresh(null, now)).toBe(true);
});
