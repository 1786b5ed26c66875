import { expect, test } from "vitest";
import { LANGUAGES } from "../i18n/languages.ts";
import { FEATURE_FLAG } from "#contract/constants.ts";
import { testI18n } from "#tests/helpers/i18n.tsx";
import {
  defaultPagePath,
  findShellRoute,
  normalizePath,
  resolveLayout,
  SHELL_ROUTES,
} from "./route-table.ts";

const NO_FLAGS: { id: string; enabled: boolean }[] = [];
const flags = (...ids: string[]) => ids.map((id) => ({ id, enabled: true }));

// One concrete path for every classic pattern of the route table.
const AGILE_PATHS = (prefix: string) => [
  `${prefix}/agiles`,
  `${prefix}/agiles/create`,
  `${prefix}/agiles/create/scrum`,
  `${prefix}/agiles/108-4`,
  `${prefix}/agiles/108-4/109-7`,
];
const CLASSIC_PATHS = [
  "/oauth",
  "/oauth/callback",
  "/releaseNotes",
  "/releaseNotes/2025.4",
  ...AGILE_PATHS(""),
  ...AGILE_PATHS("/projects/0-1"),
  ...AGILE_PATHS("/v2"),
  ...AGILE_PATHS("/v2/projects/0-1"),
  "/users",
  "/users/1-2",
  "/markup",
  "/projects/0-1/notificationTemplates/issue_created",
  "/legacy/admin",
  "/legacy/admin/workflows",
  "/legacy/admin/vcs",
  ...[
    "settings",
    "issueLinkTypes",
    "workSchedule",
    "statistics",
    "maintenance",
    "refactorings",
    "scripts",
    "scripts/f-1",
    "scripts/f-1/s-2",
    "notificationTemplates",
    "notificationTemplates/t-1",
    "buildServerSettings",
    "mailbox",
    "ring",
    "cacheStats",
    "customFieldsConfiguration",
    "imports",
    "users",
    "groups",
    "organizations",
    "authmodules",
    "sslManagement",
    "databaseExport",
    "databaseBackup",
    "hub/users",
    "hub/groups",
    "hub/organizations",
    "hub/authmodules",
    "supportDeskIntegration",
    "codeReviewIntegration",
  ].map((p) => `/admin/${p}`),
];

const FLAGGED: [string, string][] = [
  ["/admin/roles", FEATURE_FLAG.NEW_ROLES],
  ["/admin/hub/roles", FEATURE_FLAG.NEW_ROLES],
  ["/admin/vcs", FEATURE_FLAG.NEW_VCS_ADMIN],
  ["/reports", FEATURE_FLAG.REPORTS_REMAKE],
  ["/reports/create", FEATURE_FLAG.REPORTS_REMAKE],
  ["/reports/time/create", FEATURE_FLAG.REPORTS_REMAKE],
  ["/reports/time/142-1", FEATURE_FLAG.REPORTS_REMAKE],
];

const LITE_PATHS = [
  "/",
  "/issues",
  "/issue/DEMO-1",
  "/tickets",
  "/helpdesk/",
  "/helpdesk/channels",
  "/dashboard",
  "/projects",
  "/projects/0-1",
  "/articles",
  "/articles/DEMO-A-1",
  "/articles/n",
  "/newIssue",
  "/timesheets",
  "/gantt-charts",
  "/planning-canvas",
  "/pmx/chat",
  "/notifications",
  "/app/sample-app/main",
  "/admin/app/sample-app/settings",
  "/admin/customFields",
  "/welcome",
  "/error",
  "/unavailable",
  "/form/f-1",
  "/login",
  "/some/unknown/path",
];

test.each(CLASSIC_PATHS)("%s belongs to the classic layout", (path) => {
  expect(resolveLayout(path, NO_FLAGS)).toBe("classic");
});

test.each(LITE_PATHS)("%s belongs to the lite layout", (path) => {
  expect(resolveLayout(path, NO_FLAGS)).toBe("lite");
});

test.each(FLAGGED)("%s is classic while %s is off and lite when it is on", (path, flag) => {
  expect(resolveLayout(path, NO_FLAGS)).toBe("classic");
  expect(resolveLayout(path, [{ id: flag, enabled: false }])).toBe("classic");
  expect(resolveLayout(path, flags(flag))).toBe("lite");
});

test("a flag decides only its own routes", () => {
  expect(resolveLayout("/admin/roles", flags(FEATURE_FLAG.REPORTS_REMAKE))).toBe("classic");
  expect(resolveLayout("/reports", flags(FEATURE_FLAG.NEW_ROLES, FEATURE_FLAG.NEW_VCS_ADMIN))).toBe(
    "classic",
  );
});

test("a path starting with two slashes is the single-slash path", () => {
  expect(normalizePath("//issues")).toBe("/issues");
  expect(normalizePath("///agiles/1")).toBe("/agiles/1");
  expect(normalizePath("/issues//x")).toBe("/issues//x");
  expect(resolveLayout("//agiles", NO_FLAGS)).toBe("classic");
});

test("a leading backslash counts as a slash, as browsers read it: never a path to another host", () => {
  expect(normalizePath("//\\evil")).toBe("/evil");
  expect(normalizePath("/\\evil")).toBe("/evil");
  expect(normalizePath("/\\/\\evil.example/x")).toBe("/evil.example/x");
  expect(normalizePath("/issues\\x")).toBe("/issues\\x");
});

test("static segments win over parameters", () => {
  expect(findShellRoute("/articles/n")?.id).toBe("new-article");
  expect(findShellRoute("/articles/DEMO-A-1")?.id).toBe("article");
  expect(findShellRoute("/agiles/create")?.id).toBe("agiles-create");
  expect(findShellRoute("/reports/time/create")?.id).toBe("report-type-create");
  expect(findShellRoute("/projects/new")?.id).toBe("new-project");
  expect(findShellRoute("/projects/0-1")?.id).toBe("project");
});

test("route ids are unique and every path starts with a slash", () => {
  expect(new Set(SHELL_ROUTES.map((r) => r.id)).size).toBe(SHELL_ROUTES.length);
  for (const route of SHELL_ROUTES) expect(route.path.startsWith("/")).toBe(true);
});

test("the root path goes to /tickets for reporters, else the default page, else /dashboard", () => {
  expect(defaultPagePath(true, "/agiles")).toBe("/tickets");
  expect(defaultPagePath(false, "agiles")).toBe("/agiles");
  expect(defaultPagePath(false, "/issues")).toBe("/issues");
  expect(defaultPagePath(false, null)).toBe("/dashboard");
});

test("pages that need an account say so; public ones do not", () => {
  expect(findShellRoute("/dashboard")?.signIn).toBe(true);
  expect(findShellRoute("/agiles")?.signIn).toBe(true);
  expect(findShellRoute("/issues")?.signIn).toBeFalsy();
  expect(findShellRoute("/articles")?.signIn).toBeFalsy();
  expect(findShellRoute("/markup")?.signIn).toBe(false);
});

test("the React Router tree mounts every table route under its layout", async () => {
  const { default: routes } = await import("../routes.ts");
  const layoutOf = new Map<string, string>();
  for (const layout of routes)
    for (const child of layout.children ?? []) layoutOf.set(child.id ?? "", layout.id ?? "");
  for (const route of SHELL_ROUTES) {
    const expected = route.classicUnlessFlag
      ? "flagged-layout"
      : route.layout === "classic"
        ? "classic-layout"
        : "lite-layout";
    expect([route.id, layoutOf.get(route.id)]).toEqual([route.id, expected]);
  }
});

test("every route's title reads as the page heading in every language", () => {
  for (const language of LANGUAGES) {
    const t = testI18n(language).getFixedT(language, "pages");
    for (const route of SHELL_ROUTES) expect(t(`titles.${route.title}`), route.id).not.toBe("");
  }
  const en = testI18n("en").getFixedT("en", "pages");
  const title = (path: string) => en(`titles.${findShellRoute(path)!.title}`);
  expect(title("/gantt-charts")).toBe("Gantt Charts");
  expect(title("/users/1-4")).toBe("User Profile");
  expect(title("/admin/hub/saml")).toBe("SAML 2.0");
  const de = testI18n("de").getFixedT("de", "pages");
  expect(de(`titles.${findShellRoute("/articles")!.title}`)).toBe("Wissensdatenbank");
});
