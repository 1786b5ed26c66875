import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";
import { SHELL_ROUTES, type PageKind, type ShellRoute } from "./shell/route-table.ts";

const PAGE_MODULES: Record<PageKind, string> = {
  area: "routes/shell/area.tsx",
  issues: "routes/content/issues.tsx",
  issue: "routes/content/issue.tsx",
  articles: "routes/content/articles.tsx",
  article: "routes/content/article.tsx",
  welcome: "routes/shell/welcome.tsx",
  error: "routes/shell/error.tsx",
  unavailable: "routes/shell/unavailable.tsx",
  form: "routes/shell/form.tsx",
  "form-without-authorization": "routes/shell/form-without-authorization.tsx",
  search: "routes/shell/search.tsx",
  notifications: "routes/notifications/notifications.tsx",
  statistics: "routes/admin/statistics.tsx",
  "new-project": "routes/projects/new.tsx",
  projects: "routes/projects/list.tsx",
  "admin-users": "routes/admin/users.tsx",
  "admin-groups": "routes/admin/groups.tsx",
  "app-page": "routes/widgets/app-page.tsx",
};

/** Shell routes with a page module of their own rather than their kind's shared one. */
const OWN_MODULES: Partial<Record<string, string>> = {
  markup: "routes/content/markup.tsx",
  project: "routes/widgets/project.tsx",
  user: "routes/widgets/user.tsx",
  dashboard: "routes/widgets/dashboard.tsx",
  "admin-apps": "routes/widgets/admin-apps.tsx",
};

const toRoute = (r: ShellRoute) =>
  route(r.path.slice(1), OWN_MODULES[r.id] ?? PAGE_MODULES[r.page], { id: r.id });

// Each app is a layout route, so only one is mounted at a time. Routes whose app
// depends on the user's feature flags sit under a layout that decides per request.
export default [
  route("resources/error-reports", "routes/resources/error-reports.ts"),
  route("manifest.webmanifest", "routes/offline/manifest.ts"),
  route("offline", "routes/offline/offline-page.ts"),
  layout(
    "routes/apps/classic.tsx",
    { id: "classic-app" },
    SHELL_ROUTES.filter((r) => r.app === "classic" && !r.classicUnlessFlag).map(toRoute),
  ),
  layout(
    "routes/apps/flagged.tsx",
    { id: "flagged-app" },
    SHELL_ROUTES.filter((r) => r.classicUnlessFlag).map(toRoute),
  ),
  layout("routes/apps/lite.tsx", { id: "lite-app" }, [
    index("routes/home.tsx"),
    route("login", "routes/auth/login.tsx"),
    route("logout", "routes/auth/logout.tsx"),
    route("settings/appearance", "routes/settings/appearance.tsx"),
    route("settings/agreement", "routes/settings/agreement.tsx"),
    route("settings/banners", "routes/settings/banners.tsx"),
    route("settings/tips", "routes/settings/tips.tsx"),
    route("settings/language", "routes/settings/language.tsx"),
    route("settings/dates", "routes/settings/dates.tsx"),
    route("settings/navigation", "routes/settings/navigation.tsx"),
    route("settings/notifications", "routes/settings/notifications.tsx"),
    route("menu", "routes/shell/menu.tsx"),
    ...SHELL_ROUTES.filter((r) => r.app === "lite").map(toRoute),
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
