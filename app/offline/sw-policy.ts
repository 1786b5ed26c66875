// What Keel's service worker keeps and for whom (docs/decisions/0017-service-worker.md): pure functions, so
// that the worker's rules are tested without a browser.
import { findShellRoute } from "../shell/route-table.ts";

/** The answer header naming whose page a document is: a partition of the worker's cache, or "none". */
export const CACHE_PARTITION_HEADER = "X-Keel-Cache-Partition";
/** A guest's page, an error page: never cached, and the signed-in user's pages are dropped. */
export const NO_PARTITION = "none";
export const PAGE_CACHE_PREFIX = "keel-pages-";
export const OFFLINE_CACHE = "keel-offline-v1";
export const OFFLINE_PATH = "/offline";
export const SERVICE_WORKER_PATH = "/sw.js";
/** Pages a user keeps for reading offline; the oldest go first. */
export const MAX_CACHED_PAGES = 50;

const PARTITION = /^[0-9a-f]{16,64}$/;
const LANGUAGE = /^[a-z]{2,3}(?:-[A-Za-z]{2,4})?$/;

export function pageCacheName(partition: string): string {
  return `${PAGE_CACHE_PREFIX}${partition}`;
}

/** The partition an answer names: a hash, null for "nobody's" (a guest), undefined when it says nothing. */
export function partitionOf(headerValue: string | null): string | null | undefined {
  if (headerValue === null) return undefined;
  if (headerValue === NO_PARTITION) return null;
  return PARTITION.test(headerValue) ? headerValue : undefined;
}

/** The page caches that must go when `keep` is the current user's partition (null: nobody's). */
export function cachesToDelete(existing: readonly string[], keep: string | null): string[] {
  const kept = keep === null ? null : pageCacheName(keep);
  return existing.filter((name) => name.startsWith(PAGE_CACHE_PREFIX) && name !== kept);
}

/** A shell page a person may read again offline; administration is not for reading offline. */
export function isOfflinePage(url: URL, origin: string): boolean {
  if (url.origin !== origin) return false;
  const route = findShellRoute(url.pathname);
  if (!route) return false;
  return !route.id.startsWith("admin") && !route.id.startsWith("legacy-admin");
}

export interface RequestFacts {
  method: string;
  mode: string;
  url: string;
}

/** The worker answers navigations only: API calls, posts and event streams go to the network untouched. */
export function handlesRequest(request: RequestFacts, origin: string): boolean {
  return request.method === "GET" && request.mode === "navigate" && new URL(request.url).origin === origin;
}

export interface AnswerFacts {
  status: number;
  contentType: string | null;
  partition: string | null | undefined;
}

/** The cache a navigation's answer goes into, or null: only 200 HTML shell pages of a signed-in user. */
export function cacheFor(request: RequestFacts, answer: AnswerFacts, origin: string): string | null {
  if (!handlesRequest(request, origin)) return null;
  if (answer.status !== 200 || !/^text\/html\b/i.test(answer.contentType ?? "")) return null;
  if (typeof answer.partition !== "string") return null;
  if (!isOfflinePage(new URL(request.url), origin)) return null;
  return pageCacheName(answer.partition);
}

export function offlineLanguage(value: unknown): string {
  return typeof value === "string" && LANGUAGE.test(value) ? value : "en";
}

export function offlinePageUrl(language: string): string {
  return `${OFFLINE_PATH}?lng=${encodeURIComponent(offlineLanguage(language))}`;
}

export type PageMessage =
  { type: "page"; partition: string | null; language: string; url: string } | { type: "sign-out" };

export function parsePageMessage(data: unknown): PageMessage | null {
  if (typeof data !== "object" || data === null) return null;
  const message = data as Record<string, unknown>;
  if (message.type === "sign-out") return { type: "sign-out" };
  if (message.type !== "page" || typeof message.url !== "string") return null;
  const partition = message.partition === null ? null : partitionOf(String(message.partition));
  if (partition === undefined) return null;
  return { type: "page", partition, language: offlineLanguage(message.language), url: message.url };
}

export function overflow<T>(keysOldestFirst: readonly T[], max = MAX_CACHED_PAGES): T[] {
  return keysOldestFirst.slice(0, Math.max(0, keysOldestFirst.length - max));
}

/** A kept page older than this is fetched again when visited. */
export const PAGE_REFRESH_MS = 5 * 60_000;

export function needsRefresh(dateHeader: string | null, now: number): boolean {
  const answered = dateHeader ? Date.parse(dateHeader) : Number.NaN;
  return !Number.isFinite(answered) || now - answered > PAGE_REFRESH_MS;
}
