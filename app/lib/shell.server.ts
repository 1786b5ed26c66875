import { data, redirect } from "react-router";
import type { Api } from "./api.server.ts";
import { ApiError } from "./api.server.ts";
import {
  assertRingIntegration,
  CONFIG_UNAVAILABLE_PATH,
  GEORESTRICTED_STATUS,
  UNAVAILABLE_PATH,
} from "./app-errors.ts";
import type { RequestLogger } from "./keel-context.ts";
import { newestVersion, raiseWhatsNewFolder } from "../shell/whats-new/whats-new.ts";
import { loadWhatsNew } from "../shell/whats-new/whats-new.server.ts";

/** The configuration could not be had: the backend is down, answered an error, or broke the contract. */
class ConfigUnavailableError extends Error {
  readonly status: number | null;
  constructor(cause: unknown) {
    super("The configuration could not be loaded", { cause });
    this.status = cause instanceof ApiError ? cause.status : null;
  }
}

/** Everything the shell needs on every page, fetched concurrently. */
export async function loadShell(api: Api, log: RequestLogger) {
  const [config, user, permissions, banners, inboxFolders] = await Promise.all([
    api.getConfig().catch((error: unknown) => {
      throw new ConfigUnavailableError(error);
    }),
    api.getCurrentUser(),
    api.getPermissions(),
    // A banner that fails to load is only logged (seed 000 section 8).
    api.getBanners().catch((error: unknown) => {
      log.warn({ err: error }, "banners could not be loaded");
      return null;
    }),
    // Guests have no inbox.
    api.getInboxFolders().catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 401) return [];
      throw error;
    }),
  ]);
  // The shell needs a working identity-service integration (seed 000 section 5).
  assertRingIntegration(config.ring);
  // The whatsnew folder counts from the first day of the newest feature version's month (seed 000 section 3).
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

/**
 * The shell, or where to go without it (seed 000 section 8): a georestricted
 * answer (451) to the unavailable page, no configuration to the error page.
 * On those pages themselves, the reason is shown instead of redirecting again.
 */
export async function loadShellOrRedirect(api: Api, log: RequestLogger, pathname: string) {
  try {
    return await loadShell(api, log);
  } catch (error) {
    if (!(error instanceof ConfigUnavailableError)) throw error;
    log.error({ err: error.cause }, "configuration unavailable");
    if (error.status === GEORESTRICTED_STATUS) {
      if (pathname === UNAVAILABLE_PATH) {
        throw data(
          {
            title: "Keel is not available here",
            message: "This service cannot be used from your current location.",
          },
          { status: GEORESTRICTED_STATUS },
        );
      }
      throw redirect(UNAVAILABLE_PATH);
    }
    if (pathname === "/error") {
      throw data(
        {
          title: "Something went wrong",
          message:
            "Keel could not load its configuration from the server. Check that the server is running, then try again.",
        },
        { status: 503 },
      );
    }
    throw redirect(CONFIG_UNAVAILABLE_PATH);
  }
}

export type Shell = Awaited<ReturnType<typeof loadShell>>;
