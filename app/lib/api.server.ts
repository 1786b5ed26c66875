// The one way the app reaches its backend: every response is parsed with the contract.
import { redirect } from "react-router";
import { z } from "zod";
import {
  AnalyticsProfileSchema,
  AppearanceProfileSchema,
  AppEntrySchema,
  AppListSchema,
  UserCardSchema,
  ArticleSchema,
  ArticlesSchema,
  BannersSchema,
  ConfigurationSchema,
  ConsentSchema,
  CurrentUserSchema,
  DashboardSchema,
  type DashboardWrite,
  ErrorBodySchema,
  HubMeSchema,
  HubPublicSettingsSchema,
  InboxFolderSchema,
  InboxFoldersSchema,
  LastSeenUpdateSchema,
  MarkAllResultSchema,
  MarkThreadResultSchema,
  ThreadUpdateResultSchema,
  type InboxFolder,
  InboxThreadsSchema,
  CommentsPageSchema,
  IssueSchema,
  IssuesSchema,
  MentionsSchema,
  NoQuerySchema,
  PermissionCacheSchema,
  ShellConfigSchema,
  InvitationsResultSchema,
  ProjectSchema,
  ProjectListSchema,
  HubUsersPageSchema,
  HubUserGroupsPageSchema,
  TimeTrackingSettingsSchema,
  WhatsNewSchema,
  type ProjectCreate,
  TipsProfileSchema,
  StatisticsSchema,
  GeneralProfileSchema,
  type GeneralProfileUpdate,
  type TipsUpdate,
  type AppearanceUpdate,
  KeelProfileSchema,
  PushSettingsSchema,
  type PushSubscriptionInput,
  type KeelProfileUpdate,
  type ArticleUpdate,
  type IssueUpdate,
  type Consent,
  type ErrorBody,
} from "#contract/api.ts";
import { HUB_API_VERSION } from "#contract/constants.ts";
import { buildFields } from "#contract/field-selector.ts";
import type { BackendRequest, BackendResponse, KeelRequestContext } from "./keel-context.ts";
import { shapeOf } from "./schema-shape.ts";

/** A backend answer outside 2xx, with the backend's own explanation when it gave one. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorBody | null;

  constructor(status: number, body: ErrorBody | null, path: string) {
    super(body ? `${status} ${body.error_description}` : `${status} from ${path.split("?")[0]}`);
    this.status = status;
    this.body = body;
  }
}

export class ContractError extends Error {}

/** The comments an issue's page shows; the activity stream pages the rest. */
export const MAX_COMMENTS_SHOWN = 100;

const selectorCache = new WeakMap<z.core.$ZodType, string>();
function fieldsOf(schema: z.core.$ZodType): string {
  let fields = selectorCache.get(schema);
  if (!fields) {
    fields = buildFields(shapeOf(schema));
    selectorCache.set(schema, fields);
  }
  return fields;
}

function query(params: Record<string, string | number | boolean | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : "";
}

/** A backend answer: JSON parsed with `schema`, an ApiError outside 2xx, a ContractError when it breaks the contract. */
function parseAnswer<S extends z.core.$ZodType>(
  schema: S,
  method: BackendRequest["method"],
  path: string,
  response: BackendResponse,
): z.infer<S> {
  let json: unknown;
  try {
    json = response.body ? JSON.parse(response.body) : null;
  } catch {
    json = undefined;
  }
  if (response.status < 200 || response.status >= 300) {
    const error = ErrorBodySchema.safeParse(json);
    throw new ApiError(response.status, error.success ? error.data : null, path);
  }
  const parsed = z.safeParse(schema, json);
  if (!parsed.success) {
    throw new ContractError(
      `The backend's answer to ${method} ${path.split("?")[0]} breaks the contract: ${parsed.error.message}`,
    );
  }
  return parsed.data;
}

export type Api = ReturnType<typeof createApi>;

// One read of the configuration serves the shell and the banners; broken banners fail only the banners.
// Made once: zod compiles an object schema's parser on its first parse, which a schema made per request
// paid on every page.
const ConfigAnswer = z.object({ ...ShellConfigSchema.shape, banners: z.unknown() });

export function createApi(context: KeelRequestContext) {
  const setCookies: string[] = [];

  async function call<S extends z.core.$ZodType>(
    schema: S,
    method: BackendRequest["method"],
    path: string,
    options: { body?: unknown; hub?: boolean } = {},
  ): Promise<z.infer<S>> {
    const headers: Record<string, string> = { ...context.forwardHeaders };
    if (options.hub) headers["hub-api-version"] = HUB_API_VERSION;
    let body: string | undefined;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers["content-type"] = "application/json";
    }
    let response = await context.transport({ method, path, headers, body });
    if (response.status === 401 && headers.authorization && context.auth) {
      // The access token expired or was revoked: one refresh, one retry; else the session has ended.
      if (!(await context.auth.refresh())) throw redirect(context.auth.signInAgain);
      headers.authorization = context.forwardHeaders.authorization ?? "";
      response = await context.transport({ method, path, headers, body });
    }
    setCookies.push(...response.headers.getSetCookie());
    return parseAnswer(schema, method, path, response);
  }

  // Loaders of one request share reads; a write makes them stale (all, unless it names the ones it changes).
  const reads = new Map<string, Promise<unknown>>();

  function get<S extends z.core.$ZodType>(
    schema: S,
    path: string,
    params: Record<string, string | boolean | number | undefined> = {},
    options: { hub?: boolean; fieldsFrom?: z.core.$ZodType } = {},
  ): Promise<z.infer<S>> {
    const target = `${path}${query({ ...params, fields: fieldsOf(options.fieldsFrom ?? schema) })}`;
    let pending = reads.get(target);
    if (!pending) {
      pending = call(schema, "GET", target, { hub: options.hub });
      reads.set(target, pending);
    }
    return pending as Promise<z.infer<S>>;
  }

  function post<S extends z.core.$ZodType>(
    schema: S,
    path: string,
    body: unknown,
    options: {
      params?: Record<string, string | boolean | undefined>;
      hub?: boolean;
      selectFields?: boolean;
      /** The reads the write makes stale, by the start of their path; by default every read. */
      stale?: readonly string[];
    } = {},
  ): Promise<z.infer<S>> {
    const { stale } = options;
    if (!stale) reads.clear();
    else
      for (const target of reads.keys())
        if (stale.some((start) => target.startsWith(start))) reads.delete(target);
    const fields = options.selectFields === false ? undefined : fieldsOf(schema);
    return call(schema, "POST", `${path}${query({ ...options.params, fields })}`, { body, hub: options.hub });
  }

  const readConfig = () => get(ConfigAnswer, "/api/config", {}, { fieldsFrom: ConfigurationSchema });

  return {
    setCookies,
    getConfig: async (): Promise<z.infer<typeof ShellConfigSchema>> => {
      const { banners: _banners, ...config } = await readConfig();
      return config;
    },
    getBanners: async () => {
      const parsed = BannersSchema.safeParse((await readConfig()).banners);
      if (!parsed.success) {
        throw new ContractError(`The backend's banners break the contract: ${parsed.error.message}`);
      }
      return parsed.data;
    },
    getCurrentUser: () => get(CurrentUserSchema, "/api/users/me"),
    getPermissions: () => get(PermissionCacheSchema, "/api/permissions/cache"),
    getAnalyticsProfile: () =>
      get(AnalyticsProfileSchema, "/api/users/me/profiles/analytics", { ignoreLicenseErrors: true }),
    getInboxFolders: () => get(InboxFoldersSchema, "/api/inbox/folders", { ignoreLicenseErrors: true }),
    getInboxThreads: (
      params: { folder?: "direct" | "subscription"; $top?: number; unreadOnly?: boolean } = {},
    ) => get(InboxThreadsSchema, "/api/inbox/threads", params),
    // Only the inbox counts what was seen: the shell's other reads, already under way for a page that marks
    // its folder before its loaders (the notifications page without scripts), stay good.
    markFolderSeen: (id: InboxFolder["id"], lastSeen: number) =>
      post(InboxFolderSchema, `/api/inbox/folders/${id}`, { id, lastSeen }, { stale: ["/api/inbox/"] }),
    markAllSeen: (lastSeen: number) =>
      post(LastSeenUpdateSchema, "/api/inbox/lastSeen", { lastSeen }, { selectFields: false }),
    setThreadMuted: (id: string, muted: boolean) =>
      post(ThreadUpdateResultSchema, `/api/inbox/threads/${encodeURIComponent(id)}`, { muted }),
    markThread: (id: string, read: boolean) =>
      post(MarkThreadResultSchema, "/api/inbox/markThread", { thread: { id }, read }),
    markAllThreads: (read: boolean, folder: "direct" | "subscription") =>
      post(
        MarkAllResultSchema,
        "/api/inbox/markAll",
        { read, folder: { id: folder } },
        { selectFields: false },
      ),
    updateGeneralProfile: (update: GeneralProfileUpdate) =>
      post(GeneralProfileSchema, "/api/users/me/profiles/general", update),
    getStatistics: (days?: number) => get(StatisticsSchema, "/api/admin/statistics", { days }),
    updateTips: (update: TipsUpdate) => post(TipsProfileSchema, "/api/users/me/profiles/tips", update),
    updateAppearance: (update: AppearanceUpdate) =>
      post(AppearanceProfileSchema, "/api/users/me/profiles/appearance", update),
    /** Keel's extension of the profiles; only for a backend whose current user carries `profiles.keel`. */
    updateKeelProfile: (update: KeelProfileUpdate) =>
      post(KeelProfileSchema, "/api/users/me/profiles/keel", update),
    /** Web Push, Keel's extension too (docs/decisions/0018-web-push.md): the backend's key and the count. */
    getPushSettings: () => get(PushSettingsSchema, "/api/users/me/pushSubscriptions"),
    subscribePush: (subscription: PushSubscriptionInput) =>
      post(PushSettingsSchema, "/api/users/me/pushSubscriptions", subscription, { selectFields: false }),
    unsubscribePush: (endpoint: string) =>
      post(
        PushSettingsSchema,
        "/api/users/me/pushSubscriptions/remove",
        { endpoint },
        { selectFields: false },
      ),
    listIssues: (query?: { query?: string; $top?: number }) => get(IssuesSchema, "/api/issues", query),
    listApps: () => get(AppListSchema, "/api/apps"),
    installApp: async (zip: Uint8Array) => {
      reads.clear();
      const path = `/api/admin/apps${query({ fields: fieldsOf(AppEntrySchema) })}`;
      const response = await context.transport({
        method: "POST",
        path,
        headers: { ...context.forwardHeaders, "content-type": "application/zip" },
        body: zip,
      });
      setCookies.push(...response.headers.getSetCookie());
      return parseAnswer(AppEntrySchema, "POST", path, response);
    },
    /** Removes an app and everything it stored; administrators only. The backend answers `{}`. */
    removeApp: (name: string) => {
      reads.clear();
      return call(NoQuerySchema, "DELETE", `/api/admin/apps/${encodeURIComponent(name)}`);
    },
    getDashboard: () => get(DashboardSchema, "/api/users/me/dashboard"),
    saveDashboard: (dashboard: DashboardWrite) => {
      reads.clear();
      return call(
        DashboardSchema,
        "PUT",
        `/api/users/me/dashboard${query({ fields: fieldsOf(DashboardSchema) })}`,
        { body: dashboard },
      );
    },
    getUserCard: (id: string) => get(UserCardSchema, `/api/users/${encodeURIComponent(id)}`),
    getIssue: (id: string) => get(IssueSchema, `/api/issues/${encodeURIComponent(id)}`),
    getIssueComments: async (id: string, $top = MAX_COMMENTS_SHOWN) =>
      (
        await get(CommentsPageSchema, `/api/issues/${encodeURIComponent(id)}/activitiesPage`, {
          categories: "CommentsCategory",
          reverse: false,
          $top,
        })
      ).activities,
    listArticles: (query?: { query?: string; $top?: number }) => get(ArticlesSchema, "/api/articles", query),
    getArticle: (id: string) => get(ArticleSchema, `/api/articles/${encodeURIComponent(id)}`),
    updateIssue: (id: string, update: IssueUpdate) =>
      post(IssueSchema, `/api/issues/${encodeURIComponent(id)}`, update),
    updateArticle: (id: string, update: ArticleUpdate) =>
      post(ArticleSchema, `/api/articles/${encodeURIComponent(id)}`, update),
    resolveMentions: (refs: { ids: readonly string[]; logins: readonly string[] }) =>
      get(MentionsSchema, "/api/mentions", {
        ids: refs.ids.join(",") || undefined,
        logins: refs.logins.join(",") || undefined,
      }),
    getUserAgreement: async () =>
      (await get(HubPublicSettingsSchema, "/hub/api/rest/settings/public", {}, { hub: true }))
        .endUserAgreement,
    listHubUsers: (page: { $top: number; $skip?: number }) =>
      get(HubUsersPageSchema, "/hub/api/rest/users", page, { hub: true }),
    listHubGroups: (page: { $top: number; $skip?: number }) =>
      get(HubUserGroupsPageSchema, "/hub/api/rest/usergroups", page, { hub: true }),
    getHubMe: () => get(HubMeSchema, "/hub/api/rest/users/me", {}, { hub: true }),
    // Every write to the hub asks it to refuse what would reduce the caller's own permissions.
    saveConsent: (consent: Consent) =>
      post(ConsentSchema, "/hub/api/rest/users/endUserAgreementConsent", consent, {
        params: { failOnPermissionReduce: true },
        hub: true,
      }),
    createProject: (input: ProjectCreate) => post(ProjectSchema, "/api/admin/projects", input),
    listProjects: (page: { $top: number; $skip?: number }) =>
      get(ProjectListSchema, "/api/admin/projects", page),
    getProject: (idOrShortName: string) =>
      get(ProjectSchema, `/api/admin/projects/${encodeURIComponent(idOrShortName)}`),
    inviteToProject: (projectId: string, invitees: string[]) =>
      post(InvitationsResultSchema, `/api/admin/projects/${encodeURIComponent(projectId)}/invitations`, {
        invitees,
      }),
    updateProjectTimeTracking: (projectId: string, enabled: boolean) =>
      post(
        TimeTrackingSettingsSchema,
        `/api/admin/projects/${encodeURIComponent(projectId)}/timeTrackingSettings`,
        { enabled },
      ),
    getWhatsNewAvailableNow: () => get(WhatsNewSchema, "/api/whatsNew/availableNow"),
  };
}
