// Which paths belong to the classic layout and which to the lite layout (docs/shell.md), as data:
// app/routes.ts builds the route tree from it and resolveLayout() answers for any path, on the server and
// in the browser alike.
import { matchPath } from "react-router";
import type pages from "../../locales/en/pages.json";
import { FEATURE_FLAG } from "#contract/constants.ts";

/** The two layouts the product calls the classic and the lite app (docs/architecture.md, "Words"). */
export type LayoutKind = "classic" | "lite";
export type FeatureFlagId = (typeof FEATURE_FLAG)[keyof typeof FEATURE_FLAG];
/** A page title: the key of its text under `titles` in the pages namespace. */
export type PageTitle = keyof (typeof pages)["titles"];

/** Route modules that render shell pages; most areas share the generic one. */
export type PageKind =
  | "area"
  | "issues"
  | "issue"
  | "articles"
  | "article"
  | "welcome"
  | "error"
  | "unavailable"
  | "form"
  | "form-without-authorization"
  | "search"
  | "new-project"
  | "projects"
  | "admin-users"
  | "admin-groups"
  | "notifications"
  | "statistics"
  | "app-page";

export interface ShellRoute {
  /** Unique; also the React Router route id. */
  id: string;
  path: string;
  layout: LayoutKind;
  /** The route belongs to the classic layout only while this flag is off, else to the lite layout. */
  classicUnlessFlag?: FeatureFlagId;
  page: PageKind;
  /** The page heading and document title (translated as `pages:titles.<title>`), and the area an empty
   * state describes. */
  title: PageTitle;
  /** Guests are sent to sign in first. */
  signIn?: boolean;
}

const classic = (
  id: string,
  path: string,
  title: PageTitle,
  extra: Partial<ShellRoute> = {},
): ShellRoute => ({
  id,
  path,
  layout: "classic",
  page: "area",
  title,
  signIn: true,
  ...extra,
});
const lite = (id: string, path: string, title: PageTitle, extra: Partial<ShellRoute> = {}): ShellRoute => ({
  id,
  path,
  layout: "lite",
  page: "area",
  title,
  ...extra,
});

/** The agile-board paths; the same set exists under /projects/:projectId and under /v2. */
function agileRoutes(prefix: string, idPrefix: string): ShellRoute[] {
  return [
    classic(`${idPrefix}agiles`, `${prefix}/agiles`, "agileBoards"),
    classic(`${idPrefix}agiles-create`, `${prefix}/agiles/create`, "newAgileBoard"),
    classic(
      `${idPrefix}agiles-create-template`,
      `${prefix}/agiles/create/:boardTemplateType`,
      "newAgileBoard",
    ),
    classic(`${idPrefix}agile`, `${prefix}/agiles/:agileId`, "agileBoard"),
    classic(`${idPrefix}agile-sprint`, `${prefix}/agiles/:agileId/:sprintId`, "sprint"),
  ];
}

const ADMIN_CLASSIC: [string, string, PageTitle, PageKind?][] = [
  ["admin-settings", "settings", "globalSettings"],
  ["admin-issue-link-types", "issueLinkTypes", "linkTypes"],
  ["admin-work-schedule", "workSchedule", "workSchedule"],
  ["admin-statistics", "statistics", "statistics", "statistics"],
  ["admin-maintenance", "maintenance", "maintenance"],
  ["admin-refactorings", "refactorings", "refactorings"],
  ["admin-scripts", "scripts", "scripts"],
  ["admin-scripts-folder", "scripts/:folderId", "scripts"],
  ["admin-script", "scripts/:folderId/:scriptId", "script"],
  ["admin-notification-templates", "notificationTemplates", "notificationTemplates"],
  ["admin-notification-template", "notificationTemplates/:templateId", "notificationTemplate"],
  ["admin-build-servers", "buildServerSettings", "buildServerIntegration"],
  ["admin-mailbox", "mailbox", "mailboxIntegration"],
  ["admin-ring", "ring", "hubIntegration"],
  ["admin-cache-stats", "cacheStats", "cacheStatistics"],
  ["admin-custom-fields-configuration", "customFieldsConfiguration", "customFieldsConfiguration"],
  ["admin-imports", "imports", "imports"],
  ["admin-users", "users", "users", "admin-users"],
  ["admin-groups", "groups", "groups", "admin-groups"],
  ["admin-organizations", "organizations", "organizations"],
  ["admin-auth-modules", "authmodules", "authModules"],
  ["admin-ssl-management", "sslManagement", "sslCertificates"],
  ["admin-database-export", "databaseExport", "databaseExport"],
  ["admin-database-backup", "databaseBackup", "databaseBackup"],
  ["admin-hub-users", "hub/users", "users", "admin-users"],
  ["admin-hub-groups", "hub/groups", "groups", "admin-groups"],
  ["admin-hub-organizations", "hub/organizations", "organizations"],
  ["admin-hub-auth-modules", "hub/authmodules", "authModules"],
  ["admin-hub-saml", "hub/saml", "saml"],
  ["admin-hub-user-agreement", "hub/userAgreement", "userAgreement"],
  ["admin-support-desk-integration", "supportDeskIntegration", "supportDeskIntegration"],
  ["admin-code-review-integration", "codeReviewIntegration", "codeReviewIntegration"],
];

export const SHELL_ROUTES: readonly ShellRoute[] = [
  // Classic layout.
  classic("oauth", "/oauth/:p?", "authorization", { signIn: false }),
  classic("release-notes", "/releaseNotes/:p?", "releaseNotes", { signIn: false }),
  ...agileRoutes("", ""),
  ...agileRoutes("/projects/:projectId", "project-"),
  ...agileRoutes("/v2", "v2-"),
  ...agileRoutes("/v2/projects/:projectId", "v2-project-"),
  classic("users", "/users", "users"),
  classic("user", "/users/:userId", "userProfile"),
  classic("markup", "/markup", "markdownReference", { signIn: false }),
  classic(
    "project-notification-template",
    "/projects/:projectId/notificationTemplates/:templateId",
    "notificationTemplate",
  ),
  classic("legacy-admin", "/legacy/admin", "administration"),
  classic("legacy-admin-workflows", "/legacy/admin/workflows", "workflows"),
  classic("legacy-admin-vcs", "/legacy/admin/vcs", "vcsIntegration"),
  ...ADMIN_CLASSIC.map(([id, path, title, page]) =>
    classic(id, `/admin/${path}`, title, page ? { page } : {}),
  ),

  // Classic only while a feature flag is off.
  classic("admin-roles", "/admin/roles", "roles", { classicUnlessFlag: FEATURE_FLAG.NEW_ROLES }),
  classic("admin-hub-roles", "/admin/hub/roles", "roles", { classicUnlessFlag: FEATURE_FLAG.NEW_ROLES }),
  classic("admin-vcs", "/admin/vcs", "vcsIntegration", { classicUnlessFlag: FEATURE_FLAG.NEW_VCS_ADMIN }),
  classic("reports", "/reports", "reports", { classicUnlessFlag: FEATURE_FLAG.REPORTS_REMAKE }),
  classic("reports-create", "/reports/create", "newReport", {
    classicUnlessFlag: FEATURE_FLAG.REPORTS_REMAKE,
  }),
  classic("report-type-create", "/reports/:type/create", "newReport", {
    classicUnlessFlag: FEATURE_FLAG.REPORTS_REMAKE,
  }),
  classic("report", "/reports/:type/:id", "report", { classicUnlessFlag: FEATURE_FLAG.REPORTS_REMAKE }),

  // Lite layout: every other named route.
  lite("issues", "/issues", "issues", { page: "issues" }),
  lite("issue", "/issue/:issueId", "issue", { page: "issue" }),
  lite("tickets", "/tickets", "tickets", { page: "issues", signIn: true }),
  lite("helpdesk", "/helpdesk/*", "helpdesk", { signIn: true }),
  lite("dashboard", "/dashboard", "dashboards", { signIn: true }),
  lite("projects", "/projects", "projects", { page: "projects", signIn: true }),
  lite("project", "/projects/:projectId", "project", { signIn: true }),
  lite("new-project", "/projects/new", "newProject", { page: "new-project", signIn: true }),
  lite("new-article", "/articles/n", "newArticle", { signIn: true }),
  lite("articles", "/articles", "knowledgeBase", { page: "articles" }),
  lite("article", "/articles/:articleId", "article", { page: "article" }),
  lite("new-issue", "/newIssue", "newIssue", { signIn: true }),
  lite("timesheets", "/timesheets", "timesheets", { signIn: true }),
  lite("gantt-charts", "/gantt-charts", "ganttCharts", { signIn: true }),
  lite("planning-canvas", "/planning-canvas", "planningCanvas", { signIn: true }),
  lite("ai-assistant", "/pmx/chat", "aiAssistant", { signIn: true }),
  lite("notifications", "/notifications", "notifications", { signIn: true, page: "notifications" }),
  lite("app-page", "/app/:appName/:key/*", "app", { signIn: true, page: "app-page" }),
  lite("admin-app-page", "/admin/app/:appName/:key/*", "appAdministration", {
    signIn: true,
    page: "app-page",
  }),
  lite("admin", "/admin", "administration", { signIn: true }),
  lite("admin-custom-fields", "/admin/customFields", "customFields", { signIn: true }),
  lite("admin-time-tracking", "/admin/timeTracking", "timeTracking", { signIn: true }),
  lite("admin-workflows", "/admin/workflows", "workflows", { signIn: true }),
  lite("admin-apps", "/admin/apps", "apps", { signIn: true }),
  lite("admin-ai", "/admin/ai", "ai", { signIn: true }),
  lite("admin-ssl-keys", "/admin/sslKeys", "sslKeys", { signIn: true }),
  lite("admin-audit-events", "/admin/auditEvents", "auditEvents", { signIn: true }),
  lite("search", "/search", "search", { page: "search" }),
  lite("welcome", "/welcome", "welcome", { page: "welcome" }),
  lite("error", "/error", "error", { page: "error" }),
  lite("unavailable", "/unavailable", "unavailable", { page: "unavailable" }),
  lite("form", "/form/:formId", "form", { page: "form" }),
  lite("form-without-authorization", "/form-without-authorization", "form", {
    page: "form-without-authorization",
  }),
];

export const SHELL_ROUTES_BY_ID: ReadonlyMap<string, ShellRoute> = new Map(
  SHELL_ROUTES.map((r) => [r.id, r]),
);

/**
 * Collapses a leading run of slashes, so `//issues` is `/issues`. Backslashes count: browsers read them
 * as slashes, and `/\evil` would be the host `evil`.
 */
export function normalizePath(pathname: string): string {
  return pathname.replace(/^\/[/\\]+/, "/");
}

function enabledFlags(flags: readonly { id: string; enabled: boolean }[]): Set<string> {
  return new Set(flags.filter((f) => f.enabled).map((f) => f.id));
}

/** The shell route a path belongs to, if it is a named one. */
// Every link of the navigation asks, on every render: the answers of recent paths are kept.
const foundRoutes = new Map<string, ShellRoute | undefined>();
const FOUND_ROUTES_MAX = 500;

export function findShellRoute(pathname: string): ShellRoute | undefined {
  const path = normalizePath(pathname);
  if (foundRoutes.has(path)) return foundRoutes.get(path);
  // Static segments win over parameters (/articles/n over /articles/:articleId), as in React Router.
  const candidates = SHELL_ROUTES.filter((r) => matchPath({ path: r.path, end: true }, path));
  const found = candidates.sort((a, b) => specificity(b.path) - specificity(a.path))[0];
  if (foundRoutes.size >= FOUND_ROUTES_MAX) foundRoutes.clear();
  foundRoutes.set(path, found);
  return found;
}

function specificity(path: string): number {
  return path
    .split("/")
    .filter(Boolean)
    .reduce((score, segment) => score + (segment === "*" ? 0 : segment.startsWith(":") ? 2 : 3), 0);
}

/** Which layout serves `pathname` for a user with these feature flags; unnamed paths go to the lite one. */
export function resolveLayout(
  pathname: string,
  featureFlags: readonly { id: string; enabled: boolean }[],
): LayoutKind {
  const route = findShellRoute(pathname);
  if (!route) return "lite";
  if (route.classicUnlessFlag)
    return enabledFlags(featureFlags).has(route.classicUnlessFlag) ? "lite" : "classic";
  return route.layout;
}

/** The root path's destination. */
export function defaultPagePath(reporter: boolean, defaultPage: string | null): string {
  if (reporter) return "/tickets";
  if (defaultPage) return defaultPage.startsWith("/") ? defaultPage : `/${defaultPage}`;
  return "/dashboard";
}
