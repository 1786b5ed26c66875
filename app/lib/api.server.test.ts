import { expect, test } from "vitest";
import { ApiError, ContractError, createApi } from "./api.server.ts";
import type { BackendRequest, BackendResponse, KeelRequestContext } from "./keel-context.ts";
import { parseFields } from "#contract/field-selector.ts";
import { freshDatabase } from "#tests/helpers/database.ts";
import { mockClient } from "#tests/helpers/mock-client.ts";
import { demoToken } from "#prisma/factories.ts";

function answer(status: number, body: unknown, setCookie: string[] = []): BackendResponse {
  return {
    status,
    body: typeof body === "string" ? body : JSON.stringify(body),
    headers: { get: () => null, getSetCookie: () => setCookie },
  };
}

function context(transport: (request: BackendRequest) => Promise<BackendResponse>): KeelRequestContext {
  const log = { info() {}, warn() {}, error() {} };
  return {
    transport,
    forwardHeaders: { host: "keel.test", origin: "http://keel.test", authorization: "Bearer t0ken" },
    nonce: "n",
    requestId: "r",
    csrfToken: "t",
    verifyCsrf: () => true,
    demo: true,
    log,
  };
}

test("every request selects exactly the fields its schema parses, and forwards the caller", async () => {
  const seen: BackendRequest[] = [];
  const api = createApi(
    context(async (request) => {
      seen.push(request);
      return answer(200, { analyticsId: "a-1" });
    }),
  );
  await api.getAnalyticsProfile();
  const url = new URL(seen[0]?.path ?? "", "http://x");
  expect(url.pathname).toBe("/api/users/me/profiles/analytics");
  expect(url.searchParams.get("ignoreLicenseErrors")).toBe("true");
  expect([...parseFields(url.searchParams.get("fields") ?? "").keys()]).toEqual(["analyticsId"]);
  expect(seen[0]?.headers.authorization).toBe("Bearer t0ken");
});

test("an answer that breaks the contract is a ContractError, not a half-parsed object", async () => {
  const api = createApi(context(async () => answer(200, { analyticsId: 42 })));
  await expect(api.getAnalyticsProfile()).rejects.toBeInstanceOf(ContractError);
});

test("an error status becomes an ApiError carrying the backend's description", async () => {
  const api = createApi(
    context(async () => answer(403, { error: "forbidden", error_description: "Access denied" })),
  );
  const error = await api.getPermissions().catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  expect((error as ApiError).status).toBe(403);
  expect((error as ApiError).message).toBe("403 Access denied");
});

test("reads are shared within a request and a write makes them stale", async () => {
  let calls = 0;
  const api = createApi(
    context(async (request) => {
      calls += 1;
      return request.method === "GET"
        ? answer(200, { analyticsId: null })
        : answer(200, { uiTheme: "darcula", expandNavigation: true, showTooltips: true });
    }),
  );
  await Promise.all([api.getAnalyticsProfile(), api.getAnalyticsProfile()]);
  expect(calls).toBe(1);
  await api.updateAppearance({ uiTheme: "darcula" });
  await api.getAnalyticsProfile();
  expect(calls).toBe(3);
});

test("marking a folder seen makes only the inbox's reads stale", async () => {
  const gets: string[] = [];
  const api = createApi(
    context(async (request) => {
      if (request.method !== "GET") return answer(200, { id: "direct", lastSeen: 5, lastNotified: null });
      const path = new URL(request.path, "http://x").pathname;
      gets.push(path);
      if (path === "/api/inbox/folders") return answer(200, []);
      return answer(200, { analyticsId: null });
    }),
  );
  await Promise.all([api.getAnalyticsProfile(), api.getInboxFolders()]);
  await api.markFolderSeen("direct", 5);
  await Promise.all([api.getAnalyticsProfile(), api.getInboxFolders()]);
  expect(gets).toEqual(["/api/users/me/profiles/analytics", "/api/inbox/folders", "/api/inbox/folders"]);
});

test("cookies the backend sets are collected for the browser", async () => {
  const api = createApi(context(async () => answer(200, { analyticsId: "a-1" }, ["hub_lang=de; HttpOnly"])));
  await api.getAnalyticsProfile();
  expect(api.setCookies).toEqual(["hub_lang=de; HttpOnly"]);
});

/** A session whose access token the backend refuses until it is refreshed to `fresh`. */
function sessionContext(refreshes: boolean) {
  const seen: string[] = [];
  let refreshed = 0;
  const ctx = context(async (request) => {
    seen.push(request.headers.authorization ?? "");
    return request.headers.authorization === "Bearer fresh"
      ? answer(200, { analyticsId: "a-1" })
      : answer(401, { error: "invalid_token", error_description: "expired" });
  });
  ctx.forwardHeaders = { host: "keel.test", authorization: "Bearer stale" };
  ctx.auth = {
    oauthEnabled: true,
    accountSecurityUrl: async (path) => `/hub/account/security?return_to=${path}`,
    async refresh() {
      refreshed += 1;
      if (refreshes) ctx.forwardHeaders.authorization = "Bearer fresh";
      return refreshes;
    },
    signInWithToken: async () => false,
    signOut: async (next) => next,
    signInAgain: "/login?error=ended&redirect=%2Fissues",
  };
  return { ctx, seen, refreshes: () => refreshed };
}

test("an access token the backend refuses is refreshed once and the call made again", async () => {
  const { ctx, seen, refreshes } = sessionContext(true);
  expect(await createApi(ctx).getAnalyticsProfile()).toEqual({ analyticsId: "a-1" });
  expect(seen).toEqual(["Bearer stale", "Bearer fresh"]);
  expect(refreshes()).toBe(1);
});

test("when the refresh is refused, the reader is sent to sign in again and back to the page", async () => {
  const { ctx, seen } = sessionContext(false);
  const thrown = await createApi(ctx)
    .getAnalyticsProfile()
    .then(
      () => null,
      (error: unknown) => error,
    );
  expect(thrown).toBeInstanceOf(Response);
  expect((thrown as Response).headers.get("location")).toBe("/login?error=ended&redirect=%2Fissues");
  expect(seen).toEqual(["Bearer stale"]);
});

test("a guest's 401 is an answer, not a reason to refresh", async () => {
  const ctx = context(async () => answer(401, { error: "unauthorized", error_description: "sign in" }));
  delete ctx.forwardHeaders.authorization;
  let refreshed = false;
  ctx.auth = { ...sessionContext(true).ctx.auth!, refresh: async () => (refreshed = true) };
  await expect(createApi(ctx).getAnalyticsProfile()).rejects.toBeInstanceOf(ApiError);
  expect(refreshed).toBe(false);
});

test("against the mock backend, every shell call parses for every demo user", async () => {
  const database = freshDatabase();
  try {
    const { transport } = mockClient(database.db);
    for (const login of ["admin", "alice", "rachel", "tom"]) {
      const ctx = context(transport);
      ctx.forwardHeaders = { host: "keel.test", authorization: `Bearer ${demoToken(login)}` };
      const api = createApi(ctx);
      const [config, user, permissions, banners, agreement, hubMe] = await Promise.all([
        api.getConfig(),
        api.getCurrentUser(),
        api.getPermissions(),
        api.getBanners(),
        api.getUserAgreement(),
        api.getHubMe(),
      ]);
      expect(config.version).toBe("2025.4");
      expect(user.login).toBe(login);
      expect(permissions.length).toBeGreaterThan(0);
      expect(banners.globalBannerEnabled).toBe(true);
      expect(agreement.majorVersion).toBe(1);
      expect(hubMe.login).toBe(login);
      if (login === "tom") {
        // Until tom sets up two-factor authentication, the backend answers him only who he is.
        await expect(api.getInboxFolders()).rejects.toMatchObject({
          status: 403,
          body: { error: "2fa_required" },
        });
      } else if (login !== "rachel") expect((await api.getInboxFolders()).length).toBe(3);
    }
  } finally {
    await database.close();
  }
});
