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
  "app-page": "routes/apps/app-page.tsx",
};

/** Shell routes with a page module of their own rather than their kind's shared one. */
const OWN_MODULES: Partial<Record<string, string>> = {
  markup: "routes/content/markup.tsx",
  project: "routes/projects/project.tsx",
  user: "routes/users/user.tsx",
  dashboard: "routes/dashboard/dashboard.tsx",
  "admin-apps": "routes/admin/apps.tsx",
};

const toRoute = (r: ShellRoute) =>
  route(r.path.slice(1), OWN_MODULES[r.id] ?? PAGE_MODULES[r.page], { id: r.id });

// The classic and the lite layout are layout routes, so only one is mounted at a time. Routes whose
// layout depends on the user's feature flags sit under a layout that decides per request.
export default [
  route("resources/error-reports", "routes/resources/error-reports.ts"),
  route("manifest.webmanifest", "routes/offline/manifest.ts"),
  route("offline", "routes/offline/offline-page.ts"),
  layout(
    "shell/layouts/classic-layout.tsx",
    { id: "classic-layout" },
    SHELL_ROUTES.filter((r) => r.layout === "classic" && !r.classicUnlessFlag).map(toRoute),
  ),
  layout(
    "shell/layouts/flagged-layout.tsx",
    { id: "flagged-layout" },
    SHELL_ROUTES.filter((r) => r.classicUnlessFlag).map(toRoute),
  ),
  layout("shell/layouts/lite-layout.tsx", { id: "lite-layout" }, [
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
    route("menu/:menu?", "routes/shell/menu.tsx"),
    ...SHELL_ROUTES.filter((r) => r.layout === "lite").map(toRoute),
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
