import { data, redirect } from "react-router";
import type { Api } from "./api.server.ts";
import { ApiError } from "./api.server.ts";
import { TWO_FACTOR_REQUIRED_ERROR } from "#contract/constants.ts";
import {
  assertRingIntegration,
  CONFIG_UNAVAILABLE_PATH,
  errorBody,
  GEORESTRICTED_STATUS,
  RING_BROKEN_MESSAGE,
  UNAVAILABLE_PATH,
} from "./app-errors.ts";
import { warnOnce, type RequestLogger } from "./keel-context.ts";
import { newestVersion, raiseWhatsNewFolder } from "#contract/whats-new.ts";
import { loadWhatsNew } from "../shell/whats-new/whats-new.server.ts";

/** The configuration could not be had: the backend is down, answered an error, or broke the contract. */
class ConfigUnavailableError extends Error {
  readonly status: number | null;
  constructor(cause: unknown) {
    super("The configuration could not be loaded", { cause });
    this.status = cause instanceof ApiError ? cause.status : null;
  }
}

/**
 * The paths of the routes without a page of their own (resource routes) that answer a GET: they never run
 * the root's loader, so nothing is read ahead for them. `tests/unit/shell-prefetch.test.ts` keeps the list
 * equal to `app/routes.ts`.
 */
export const RESOURCE_ROUTE_PATHS: ReadonlySet<string> = new Set([
  "/",
  "/logout",
  "/manifest.webmanifest",
  "/offline",
  "/resources/error-reports",
  "/settings/agreement",
  "/settings/appearance",
  "/settings/banners",
  "/settings/dates",
  "/settings/language",
  "/settings/tips",
]);

/**
 * Whether a request will run the root's loader as a page: a GET (or HEAD) of a page, not a client
 * navigation's data request (`.data`, which loads only the routes it names) nor a resource route.
 */
export function loadsPage(request: Request): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  const { pathname } = new URL(request.url);
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return !path.endsWith(".data") && !RESOURCE_ROUTE_PATHS.has(path);
}

/**
 * Starts the shell's reads that need nothing but the request's credentials, beside the user and the
 * configuration the middleware reads for the language: a page then waits for two waves of backend calls,
 * not three (its loaders', with the what's-new folder, come second). `loadShell` and the agreement take
 * them up from the request's shared reads. A request that ends in a redirect before its loaders leaves
 * them unused; their failures are the loaders' to report, so none is left unhandled here.
 */
export function readShellAhead(api: Api): void {
  for (const read of [api.getPermissions(), api.getInboxFolders(), api.getUserAgreement(), api.getHubMe()])
    void read.catch(() => null);
}

export async function loadShell(api: Api, log: RequestLogger) {
  const [configResult, userResult, permissionsResult, bannersResult, foldersResult] =
    await Promise.allSettled([
      api.getConfig(),
      api.getCurrentUser(),
      api.getPermissions(),
      // A banner that fails to load is only logged: the page renders without it.
      api.getBanners().catch((error: unknown) => {
        warnOnce(log, error, "banners could not be loaded");
        return null;
      }),
      // Guests have no inbox, nor has a user before setting up the two-factor authentication they must use.
      api.getInboxFolders().catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 401) return [];
        if (error instanceof ApiError && error.body?.error === TWO_FACTOR_REQUIRED_ERROR) return [];
        throw error;
      }),
    ]);
  // A session that ended on the way (its refresh refused) is a redirect to sign in, whichever call met it.
  const results = [configResult, userResult, permissionsResult, bannersResult, foldersResult];
  for (const result of results)
    if (result.status === "rejected" && result.reason instanceof Response) throw result.reason;
  // Without the configuration nothing else matters: whatever else failed, that is the answer.
  if (configResult.status === "rejected") throw new ConfigUnavailableError(configResult.reason);
  const value = <T>(result: PromiseSettledResult<T>): T => {
    if (result.status === "rejected") throw result.reason;
    return result.value;
  };
  const config = configResult.value;
  const user = value(userResult);
  const permissions = value(permissionsResult);
  const banners = value(bannersResult);
  const inboxFolders = value(foldersResult);
  assertRingIntegration(config.ring);
  // The whatsnew folder counts from the first day of the newest feature version's month.
  let whatsNewVersion: string | null = null;
  if (inboxFolders.length > 0) {
    const { versions } = await loadWhatsNew(api, { permissions, user, config }, log);
    whatsNewVersion = newestVersion(versions)?.id ?? null;
  }
  return {
    config,
    user,
    permissions,
    banners,
    inboxFolders: whatsNewVersion
      ? raiseWhatsNewFolder(inboxFolders, [{ id: whatsNewVersion }])
      : inboxFolders,
    whatsNewVersion,
  };
}

/** The shell, or a redirect to the unavailable (451) or error page; on those pages, the reason itself. */
export async function loadShellOrRedirect(api: Api, log: RequestLogger, pathname: string) {
  try {
    return await loadShell(api, log);
  } catch (error) {
    if (error instanceof Error && error.message === RING_BROKEN_MESSAGE) {
      // Logged here in the catalogue's words: the page gets a response, which production does not hide.
      log.error({ err: error }, "ring integration broken");
      throw data(errorBody("ringBroken"), { status: 503 });
    }
    if (!(error instanceof ConfigUnavailableError)) throw error;
    log.error({ err: error.cause }, "configuration unavailable");
    if (error.status === GEORESTRICTED_STATUS) {
      if (pathname === UNAVAILABLE_PATH) {
        throw data(errorBody("unavailable"), { status: GEORESTRICTED_STATUS });
      }
      throw redirect(UNAVAILABLE_PATH);
    }
    if (pathname === "/error") throw data(errorBody("configUnavailable"), { status: 503 });
    throw redirect(CONFIG_UNAVAILABLE_PATH);
  }
}

export type Shell = Awaited<ReturnType<typeof loadShell>>;
