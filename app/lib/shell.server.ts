import type { Api } from "./api.server.ts";
import { ApiError } from "./api.server.ts";
import type { RequestLogger } from "./keel-context.ts";

/** Everything the shell needs on every page, fetched concurrently. */
export async function loadShell(api: Api, log: RequestLogger) {
  const [config, user, permissions, banners, inboxFolders] = await Promise.all([
    api.getConfig(),
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
  return { config, user, permissions, banners, inboxFolders };
}

export type Shell = Awaited<ReturnType<typeof loadShell>>;
