import express, { Router } from "express";
import { ANALYTICS_MAX_BATCH_BYTES } from "#contract/constants.ts";
import { createHandlerRunner, type HandlerRunnerOptions } from "./apps/handlers/pool.ts";
import type { PackageLimits } from "./apps/package.ts";
import { authenticate, requireSameOriginForWrites, requireSecondFactor, type AuthOptions } from "./auth.ts";
import { errorHandler, jsonBody, notFoundHandler } from "./http.ts";
import type { AnalyticsLimits } from "./analytics-limits.ts";
import { createOAuthServer, DEFAULT_OAUTH_SETTINGS, type OAuthSettings } from "./identity/oauth.ts";
import { BACKEND_SERVICE_ID, identityPagesRouter, identityRouter } from "./identity/routes.ts";
import type { InboxStreamLimits } from "./inbox-events.ts";
import type { SignInThrottleOptions } from "./sign-in-throttle.ts";
import { analyticsRouter } from "./resources/analytics.ts";
import { appDecisionsRouter } from "./resources/app-decisions.ts";
import { appEmbeddingsRouter } from "./resources/app-embeddings.ts";
import { appEndpointsRouter } from "./resources/app-endpoints.ts";
import { appStorageRouter } from "./resources/app-storage.ts";
import { appsRouter } from "./resources/apps.ts";
import { configRouter } from "./resources/config.ts";
import { dashboardRouter } from "./resources/dashboard.ts";
import { hubRouter } from "./resources/hub.ts";
import { inboxRouter } from "./resources/inbox.ts";
import { issueQueriesRouter } from "./resources/issue-queries.ts";
import { mentionsRouter } from "./resources/mentions.ts";
import { contentRouter } from "./resources/issues.ts";
import { permissionsRouter } from "./resources/permissions.ts";
import { projectsRouter } from "./resources/projects.ts";
import { pushRouter } from "./resources/push.ts";
import { createPushSender, type PushOptions } from "./push/web-push.ts";
import {
  DEFAULT_PUSH_SERVICE_ORIGINS,
  DEFAULT_PUSH_SUBSCRIPTIONS_PER_USER,
  DEFAULT_PUSH_TIMEOUT_MS,
  DEFAULT_VAPID_SUBJECT,
} from "./defaults.ts";
import { usersRouter } from "./resources/users.ts";
import { whatsNewRouter } from "./resources/whats-new.ts";
import { workflowUsagesRouter } from "./resources/workflow-usages.ts";

export const API_PREFIX = "/api";
export const HUB_PREFIX = "/hub/api/rest";

/** Limits of apps' HTTP handlers and of the packages admins install (server/env.ts). */
export interface AppLimits {
  handlers?: HandlerRunnerOptions;
  packages?: Partial<PackageLimits>;
}

export interface MockBackendOptions extends AuthOptions {
  /** Signs the identity service's own sessions and the state between its sign-in steps. */
  secret: string;
  signInThrottle?: Partial<SignInThrottleOptions>;
  analytics?: Partial<AnalyticsLimits>;
  inboxStreams?: Partial<InboxStreamLimits>;
  identity?: Partial<OAuthSettings>;
  apps?: AppLimits;
  push?: Partial<PushOptions>;
}

export const DEFAULT_PUSH_OPTIONS: PushOptions = {
  subject: DEFAULT_VAPID_SUBJECT,
  serviceOrigins: DEFAULT_PUSH_SERVICE_ORIGINS,
  maxSubscriptionsPerUser: DEFAULT_PUSH_SUBSCRIPTIONS_PER_USER,
  timeoutMs: DEFAULT_PUSH_TIMEOUT_MS,
};

/** All a user who must set up two-factor authentication may call until then; the rest answers 403. */
const API_OPEN_WHILE_SETTING_UP = ["GET /config", "GET /users/me", "GET /permissions/cache"];
const HUB_OPEN_WHILE_SETTING_UP = ["GET /users/me", "GET /settings/public"];

/** The product's REST API under /api and the identity service's under /hub/api/rest. */
export function createMockBackend(backendOptions: MockBackendOptions): Router {
  const { db, secret, apps } = backendOptions;
  const oauth =
    backendOptions.oauth ?? createOAuthServer(db, { ...DEFAULT_OAUTH_SETTINGS, ...backendOptions.identity });
  const options: MockBackendOptions = { ...backendOptions, oauth };
  const common = [
    jsonBody({ limit: ANALYTICS_MAX_BATCH_BYTES }),
    authenticate(options),
    requireSameOriginForWrites,
  ];

  const push = createPushSender(db, { ...DEFAULT_PUSH_OPTIONS, ...options.push });

  const api = Router();
  api.use(configRouter(db));
  api.use(usersRouter(db));
  api.use(pushRouter(push));
  api.use(permissionsRouter(db));
  api.use(inboxRouter(db, options.inboxStreams, push));
  api.use(analyticsRouter(db, options.analytics));
  api.use(contentRouter(db));
  api.use(issueQueriesRouter(db));
  api.use(mentionsRouter(db));
  api.use(projectsRouter(db));
  api.use(workflowUsagesRouter(db));
  api.use(whatsNewRouter(db));
  api.use(appsRouter(db, { packageLimits: apps?.packages }));
  api.use(appEndpointsRouter(db, { runner: apps?.handlers && createHandlerRunner(apps.handlers) }));
  api.use(appStorageRouter(db));
  api.use(appDecisionsRouter(db));
  api.use(appEmbeddingsRouter(db));
  api.use(dashboardRouter(db));
  api.use(notFoundHandler);

  const hub = Router();
  hub.use(hubRouter(db));
  hub.use(notFoundHandler);

  const root = Router();
  root.use(API_PREFIX, ...common, requireSecondFactor(API_OPEN_WHILE_SETTING_UP), api);
  const identity = {
    db,
    secret,
    oauth,
    serviceIds: [BACKEND_SERVICE_ID],
    signInThrottle: options.signInThrottle,
  };
  root.use(HUB_PREFIX, identityRouter(identity));
  root.use(HUB_PREFIX, ...common, requireSecondFactor(HUB_OPEN_WHILE_SETTING_UP), hub);
  root.use("/hub", identityPagesRouter(identity));
  root.use("/hub", notFoundHandler);
  root.use([API_PREFIX, "/hub"], errorHandler);
  return root;
}

/** An Express app of its own holding the mock; given Keel's router, both share handlers and state. */
export function createMockBackendApp(options: MockBackendOptions | { router: Router }): express.Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", "loopback");
  app.use("router" in options ? options.router : createMockBackend(options));
  return app;
}
