// Which paths belong to the classic app and which to the lite app (seed 000
// section 2.1), as data: app/routes.ts builds the route tree from it and
// resolveApp() answers for any path, on the server and in the browser alike.
import { matchPath } from "react-router";
import { FEATURE_FLAG } from "../lib/constants.ts";

export type AppKind = "classic" | "lite";
export type FeatureFlagId = (typeof FEATURE_FLAG)[keyof typeof FEATURE_FLAG];

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
  | "notifications";

export interface ShellRoute {
  /** Unique; also the React Router route id. */
  id: string;
  path: string;
  app: AppKind;
  /** The route belongs to the classic app only while this flag is off, else to the lite app. */
  classicUnlessFlag?: FeatureFlagId;
  page: PageKind;
  /** The page heading, and the area an empty state describes. */
  title: string;
  /** Guests are sent to sign in first. */
  signIn?: boolean;
}

const classic = (id: string, path: string, title: string, extra: Partial<ShellRoute> = {}): ShellRoute => ({
  id,
  path,
  app: "classic",
  page: "area",
  title,
  signIn: true,
  ...extra,
});
const lite = (id: string, path: string, title: string, extra: Partial<ShellRoute> = {}): ShellRoute => ({
  id,
  path,
  app: "lite",
  page: "area",
  title,
  ...extra,
});

/** The agile-board paths; the same set exists under /projects/:projectId and under /v2. */
function agileRoutes(prefix: string, idPrefix: string): ShellRoute[] {
  return [
    classic(`${idPrefix}agiles`, `${prefix}/agiles`, "Agile Boards"),
    classic(`${idPrefix}agiles-create`, `${prefix}/agiles/create`, "New Agile Board"),
    classic(
      `${idPrefix}agiles-create-template`,
      `${prefix}/agiles/create/:boardTemplateType`,
      "New Agile Board",
    ),
    classic(`${idPrefix}agile`, `${prefix}/agiles/:agileId`, "Agile Board"),
    classic(`${idPrefix}agile-sprint`, `${prefix}/agiles/:agileId/:sprintId`, "Sprint"),
  ];
}

const ADMIN_CLASSIC: [string, string, string][] = [
  ["admin-settings", "settings", "Global Settings"],
  ["admin-issue-link-types", "issueLinkTypes", "Link Types"],
  ["admin-work-schedule", "workSchedule", "Work Schedule"],
  ["admin-statistics", "statistics", "Statistics"],
  ["admin-maintenance", "maintenance", "Maintenance"],
  ["admin-refactorings", "refactorings", "Refactorings"],
  ["admin-scripts", "scripts", "Scripts"],
  ["admin-scripts-folder", "scripts/:folderId", "Scripts"],
  ["admin-script", "scripts/:folderId/:scriptId", "Script"],
  ["admin-notification-templates", "notificationTemplates", "Notification Templates"],
  ["admin-notification-template", "notificationTemplates/:templateId", "Notification Template"],
  ["admin-build-servers", "buildServerSettings", "Build Server Integration"],
  ["admin-mailbox", "mailbox", "Mailbox Integration"],
  ["admin-ring", "ring", "Hub Integration"],
  ["admin-cache-stats", "cacheStats", "Cache Statistics"],
  ["admin-custom-fields-configuration", "customFieldsConfiguration", "Custom Fields Configuration"],
  ["admin-imports", "imports", "Imports"],
  ["admin-users", "users", "Users"],
  ["admin-groups", "groups", "Groups"],
  ["admin-organizations", "organizations", "Organizations"],
  ["admin-auth-modules", "authmodules", "Auth Modules"],
  ["admin-ssl-management", "sslManagement", "SSL Certificates"],
  ["admin-database-export", "databaseExport", "Database Export"],
  ["admin-database-backup", "databaseBackup", "Database Backup"],
  ["admin-hub-users", "hub/users", "Users"],
  ["admin-hub-groups", "hub/groups", "Groups"],
  ["admin-hub-organizations", "hub/organizations", "Organizations"],
  ["admin-hub-auth-modules", "hub/authmodules", "Auth Modules"],
  ["admin-hub-saml", "hub/saml", "SAML 2.0"],
  ["admin-hub-user-agreement", "hub/userAgreement", "User Agreement"],
  ["admin-support-desk-integration", "supportDeskIntegration", "Support Desk Integration"],
  ["admin-code-review-integration", "codeReviewIntegration", "Code Review Integration"],
];

export const SHELL_ROUTES: readonly ShellRoute[] = [
  // Classic app (seed 000 2.1).
  classic("oauth", "/oauth/:p?", "Authorization", { signIn: false }),
  classic("release-notes", "/releaseNotes/:p?", "Release Notes", { signIn: false }),
  ...agileRoutes("", ""),
  ...agileRoutes("/projects/:projectId", "project-"),
  ...agileRoutes("/v2", "v2-"),
  ...agileRoutes("/v2/projects/:projectId", "v2-project-"),
  classic("users", "/users", "Users"),
  classic("user", "/users/:userId", "User Profile"),
  classic("markup", "/markup", "Markdown Reference", { signIn: false }),
  classic(
    "project-notification-template",
    "/projects/:projectId/notificationTemplates/:templateId",
    "Notification Template",
  ),
  classic("legacy-admin", "/legacy/admin", "Administration"),
  classic("legacy-admin-workflows", "/legacy/admin/workflows", "Workflows"),
  classic("legacy-admin-vcs", "/legacy/admin/vcs", "VCS Integration"),
  ...ADMIN_CLASSIC.map(([id, path, title]) => classic(id, `/admin/${path}`, title)),

  // Classic only while a feature flag is off.
  classic("admin-roles", "/admin/roles", "Roles", { classicUnlessFlag: FEATURE_FLAG.NEW_ROLES }),
  classic("admin-hub-roles", "/admin/hub/roles", "Roles", { classicUnlessFlag: FEATURE_FLAG.NEW_ROLES }),
  classic("admin-vcs", "/admin/vcs", "VCS Integration", { classicUnlessFlag: FEATURE_FLAG.NEW_VCS_ADMIN }),
  classic("reports", "/reports", "Reports", { classicUnlessFlag: FEATURE_FLAG.REPORTS_REMAKE }),
  classic("reports-create", "/reports/create", "New Report", {
    classicUnlessFlag: FEATURE_FLAG.REPORTS_REMAKE,
  }),
  classic("report-type-create", "/reports/:type/create", "New Report", {
    classicUnlessFlag: FEATURE_FLAG.REPORTS_REMAKE,
  }),
  classic("report", "/reports/:type/:id", "Report", { classicUnlessFlag: FEATURE_FLAG.REPORTS_REMAKE }),

  // Lite app: every other named route (seed 000 2.2, 2.3).
  lite("issues", "/issues", "Issues", { page: "issues" }),
  lite("issue", "/issue/:issueId", "Issue", { page: "issue" }),
  lite("tickets", "/tickets", "Tickets", { page: "issues", signIn: true }),
  lite("helpdesk", "/helpdesk/*", "Helpdesk", { signIn: true }),
  lite("dashboard", "/dashboard", "Dashboards", { signIn: true }),
  lite("projects", "/projects", "Projects", { signIn: true }),
  lite("project", "/projects/:projectId", "Project", { signIn: true }),
  lite("new-project", "/projects/new", "New Project", { page: "new-project", signIn: true }),
  lite("new-article", "/articles/n", "New Article", { signIn: true }),
  lite("articles", "/articles", "Knowledge Base", { page: "articles" }),
  lite("article", "/articles/:articleId", "Article", { page: "article" }),
  lite("new-issue", "/newIssue", "New Issue", { signIn: true }),
  lite("timesheets", "/timesheets", "Timesheets", { signIn: true }),
  lite("gantt-charts", "/gantt-charts", "Gantt Charts", { signIn: true }),
  lite("planning-canvas", "/planning-canvas", "Planning Canvas", { signIn: true }),
  lite("ai-assistant", "/pmx/chat", "AI Assistant", { signIn: true }),
  lite("notifications", "/notifications", "Notifications", { signIn: true, page: "notifications" }),
  lite("app-page", "/app/:appName/:key", "App", { signIn: true }),
  lite("admin-app-page", "/admin/app/:appName/:key", "App Administration", { signIn: true }),
  lite("admin", "/admin", "Administration", { signIn: true }),
  lite("admin-custom-fields", "/admin/customFields", "Custom Fields", { signIn: true }),
  lite("admin-time-tracking", "/admin/timeTracking", "Time Tracking", { signIn: true }),
  lite("admin-workflows", "/admin/workflows", "Workflows", { signIn: true }),
  lite("admin-apps", "/admin/apps", "Apps", { signIn: true }),
  lite("admin-ai", "/admin/ai", "AI", { signIn: true }),
  lite("admin-ssl-keys", "/admin/sslKeys", "SSL Keys", { signIn: true }),
  lite("admin-audit-events", "/admin/auditEvents", "Audit Events", { signIn: true }),
  lite("search", "/search", "Search", { page: "search" }),
  lite("welcome", "/welcome", "Welcome", { page: "welcome" }),
  lite("error", "/error", "Something went wrong", { page: "error" }),
  lite("unavailable", "/unavailable", "Keel is not available here", { page: "unavailable" }),
  lite("form", "/form/:formId", "Form", { page: "form" }),
  lite("form-without-authorization", "/form-without-authorization", "Form", {
    page: "form-without-authorization",
  }),
];

export const SHELL_ROUTES_BY_ID: ReadonlyMap<string, ShellRoute> = new Map(
  SHELL_ROUTES.map((r) => [r.id, r]),
);

/** Collapses a leading run of slashes, so `//issues` is `/issues` (seed 000 2.2). */
export function normalizePath(pathname: string): string {
  return pathname.replace(/^\/{2,}/, "/");
}

function enabledFlags(flags: readonly { id: string; enabled: boolean }[]): Set<string> {
  return new Set(flags.filter((f) => f.enabled).map((f) => f.id));
}

/** The shell route a path belongs to, if it is a named one. */
export function findShellRoute(pathname: string): ShellRoute | undefined {
  const path = normalizePath(pathname);
  // Static segments win over parameters (/articles/n over /articles/:articleId), as in React Router.
  const candidates = SHELL_ROUTES.filter((r) => matchPath({ path: r.path, end: true }, path));
  return candidates.sort((a, b) => specificity(b.path) - specificity(a.path))[0];
}

function specificity(path: string): number {
  return path
    .split("/")
    .filter(Boolean)
    .reduce((score, segment) => score + (segment === "*" ? 0 : segment.startsWith(":") ? 2 : 3), 0);
}

/** Which app serves `pathname` for a user with these feature flags; unnamed paths go to the lite app. */
export function resolveApp(
  pathname: string,
  featureFlags: readonly { id: string; enabled: boolean }[],
): AppKind {
  const route = findShellRoute(pathname);
  if (!route) return "lite";
  if (route.classicUnlessFlag)
    return enabledFlags(featureFlags).has(route.classicUnlessFlag) ? "lite" : "classic";
  return route.app;
}

/** The root path's destination (seed 000 2.2). */
export function defaultPagePath(reporter: boolean, defaultPage: string | null): string {
  if (reporter) return "/tickets";
  if (defaultPage) return defaultPage.startsWith("/") ? defaultPage : `/${defaultPage}`;
  return "/dashboard";
}
