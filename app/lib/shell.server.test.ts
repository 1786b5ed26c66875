import { expect, test, vi } from "vitest";
import { redirect } from "react-router";
import { ApiError, type Api } from "./api.server.ts";
import { errorBody, UNAVAILABLE_PATH } from "./app-errors.ts";
import type { RequestLogger } from "./keel-context.ts";
import { loadShell, loadShellOrRedirect } from "./shell.server.ts";

function fakeApi(getConfig: () => Promise<unknown>): Api {
  return {
    getConfig,
    getCurrentUser: async () => ({ guest: true }),
    getPermissions: async () => [],
    getBanners: async () => null,
    getInboxFolders: async () => [],
  } as unknown as Api;
}

const log = () => ({ info: vi.fn(), warn: vi.fn(), error: vi.fn() }) satisfies RequestLogger;

/** A thrown redirect (a Response) or data() response (its data and init). */
async function thrown(run: Promise<unknown>): Promise<{ status?: number; headers?: Headers }> {
  try {
    await run;
  } catch (error) {
    return error as { status?: number; headers?: Headers };
  }
  throw new Error("nothing was thrown");
}

const georestricted = () => Promise.reject(new ApiError(451, null, "/api/config"));
const down = () => Promise.reject(new TypeError("fetch failed"));

test("on the unavailable page a georestriction answer is a 451 the page words itself", async () => {
  const error = await thrown(loadShellOrRedirect(fakeApi(georestricted), log(), UNAVAILABLE_PATH));
  expect(error).toMatchObject({ data: errorBody("unavailable"), init: { status: 451 } });
});

test("elsewhere a georestriction answer redirects to the unavailable page", async () => {
  const error = await thrown(loadShellOrRedirect(fakeApi(georestricted), log(), "/issues"));
  expect(error.status).toBe(302);
  expect(error.headers?.get("Location")).toBe(UNAVAILABLE_PATH);
});

test("on the error page a missing configuration is a 503 the page words itself", async () => {
  const error = await thrown(loadShellOrRedirect(fakeApi(down), log(), "/error"));
  expect(error).toMatchObject({ data: errorBody("configUnavailable"), init: { status: 503 } });
});

test("a broken ring integration is logged in the catalogue's words and shown by kind", async () => {
  const logger = log();
  const api = fakeApi(async () => ({ ring: { broken: true, enabled: true } }));
  const error = await thrown(loadShellOrRedirect(api, logger, "/issues"));
  expect(error).toMatchObject({ data: errorBody("ringBroken"), init: { status: 503 } });
  expect(logger.error).toHaveBeenCalledWith(
    { err: expect.objectContaining({ message: "Ring integration is broken" }) },
    "ring integration broken",
  );
});

test("a session that ends while the configuration loads sends the reader to sign in, not to the error page", async () => {
  const ended = () => Promise.reject(redirect("/login?error=ended&redirect=%2Farticles"));
  const logger = log();
  const error = await thrown(loadShellOrRedirect(fakeApi(ended), logger, "/articles"));
  expect(error.status).toBe(302);
  expect(error.headers?.get("Location")).toBe("/login?error=ended&redirect=%2Farticles");
  expect(logger.error).not.toHaveBeenCalled();
});

test("a banners' read that fails is logged once when the root and a page both load the shell", async () => {
  // The API client shares a request's reads: both calls meet the same rejection.
  const failed = Promise.reject(new ApiError(500, null, "/api/admin/banners"));
  failed.catch(() => undefined);
  const api = {
    ...fakeApi(async () => ({ ring: { broken: false, enabled: true } })),
    getBanners: () => failed,
  } as Api;
  const logger = log();
  const [root, page] = await Promise.all([loadShell(api, logger), loadShell(api, logger)]);
  expect(root.banners).toBeNull();
  expect(page.banners).toBeNull();
  expect(logger.warn).toHaveBeenCalledTimes(1);
  expect(logger.warn).toHaveBeenCalledWith({ err: expect.any(ApiError) }, "banners could not be loaded");
  // Another request's failure is its own.
  await loadShell({ ...api, getBanners: () => Promise.reject(new TypeError("fetch failed")) } as Api, logger);
  expect(logger.warn).toHaveBeenCalledTimes(2);
});
