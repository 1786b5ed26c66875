import { expect, test, vi } from "vitest";
import type { AppEntry, AppWidgetEntry, PermissionEntry } from "#contract/api.ts";
import type { Api } from "../lib/api.server.ts";
import { allowedFor, findPlacedWidget, loadPlacedWidgets } from "./placement.server.ts";
import type { WidgetEntity } from "./protocol.ts";

function widget(
  key: string,
  extensionPoint: string,
  overrides: Partial<AppWidgetEntry> = {},
): AppWidgetEntry {
  return {
    id: `w-${key}`,
    key,
    name: key,
    description: null,
    extensionPoint,
    indexPath: `${key}/index.html`,
    iconUrl: null,
    permissions: [],
    guard: null,
    showHeader: true,
    settingsSchemaPath: null,
    expectedDimensions: null,
    defaultDimensions: null,
    ...overrides,
  };
}

function app(name: string, widgets: AppWidgetEntry[]): AppEntry {
  return {
    id: `app-${name}`,
    name,
    title: name.toUpperCase(),
    version: "1.0.0",
    description: null,
    vendor: null,
    widgets,
  };
}

const permission = (key: string, scope: { global?: boolean; projects?: string[] }): PermissionEntry => ({
  global: scope.global ?? false,
  permission: { key },
  projects: (scope.projects ?? []).map((id) => ({ id, projectType: { id: "DEFAULT" as const } })),
});

function fakeApi(apps: AppEntry[], permissions: PermissionEntry[] = []): Api {
  return {
    listApps: vi.fn(async () => apps),
    getPermissions: vi.fn(async () => permissions),
  } as unknown as Api;
}

const keys = (placed: Record<string, { appName: string; key: string }[] | undefined>) =>
  Object.fromEntries(
    Object.entries(placed).map(([point, list]) => [point, list?.map((w) => `${w.appName}/${w.key}`)]),
  );

test("widgets are placed by their extension point, in install order, with their app's identity", async () => {
  const api = fakeApi([
    app("first", [widget("panel", "ISSUE_BELOW_SUMMARY"), widget("tile", "DASHBOARD_WIDGET")]),
    app("second", [widget("panel", "ISSUE_BELOW_SUMMARY"), widget("menu", "MAIN_MENU_ITEM")]),
  ]);
  const placed = await loadPlacedWidgets(api, ["ISSUE_BELOW_SUMMARY", "DASHBOARD_WIDGET"]);
  expect(keys(placed)).toEqual({
    ISSUE_BELOW_SUMMARY: ["first/panel", "second/panel"],
    DASHBOARD_WIDGET: ["first/tile"],
  });
  const panel = placed.ISSUE_BELOW_SUMMARY?.[0];
  expect(panel).toMatchObject({
    key: "panel",
    extensionPoint: "ISSUE_BELOW_SUMMARY",
    appId: "app-first",
    appName: "first",
    appTitle: "FIRST",
  });
  // What decides the placement stays on the server.
  expect(panel).not.toHaveProperty("guard");
  expect(panel).not.toHaveProperty("permissions");
});

test("widgets of places Keel does not know are ignored without an error", async () => {
  const api = fakeApi([
    app("odd", [
      widget("future", "SOME_FUTURE_PLACE"),
      widget("lower", "dashboard_widget"),
      widget("proto", "__proto__"),
      widget("tile", "DASHBOARD_WIDGET"),
    ]),
  ]);
  const placed = await loadPlacedWidgets(api, ["DASHBOARD_WIDGET"]);
  expect(keys(placed)).toEqual({ DASHBOARD_WIDGET: ["odd/tile"] });
  expect(await loadPlacedWidgets(api, [])).toEqual({});
});

test("a widget needs every permission of its manifest, held globally or in some project", async () => {
  const apps = [
    app("perm", [
      widget("open", "DASHBOARD_WIDGET"),
      widget("read", "DASHBOARD_WIDGET", { permissions: ["READ_ISSUE"] }),
      widget("both", "DASHBOARD_WIDGET", { permissions: ["READ_ISSUE", "UPDATE_ISSUE"] }),
      widget("admin", "DASHBOARD_WIDGET", { permissions: ["ADMIN_UPDATE_APP"] }),
    ]),
  ];
  const reader = [
    permission("READ_ISSUE", { global: true }),
    permission("UPDATE_ISSUE", { projects: ["0-1"] }),
  ];
  expect(keys(await loadPlacedWidgets(fakeApi(apps, reader), ["DASHBOARD_WIDGET"]))).toEqual({
    DASHBOARD_WIDGET: ["perm/open", "perm/read", "perm/both"],
  });
  expect(keys(await loadPlacedWidgets(fakeApi(apps, []), ["DASHBOARD_WIDGET"]))).toEqual({
    DASHBOARD_WIDGET: ["perm/open"],
  });
  // A permission entry that is neither global nor in a project grants nothing.
  const empty = [permission("READ_ISSUE", {})];
  expect(keys(await loadPlacedWidgets(fakeApi(apps, empty), ["DASHBOARD_WIDGET"]))).toEqual({
    DASHBOARD_WIDGET: ["perm/open"],
  });
});

test("with a project, permissions count only when global or held in that project", async () => {
  const apps = [app("perm", [widget("edit", "ISSUE_BELOW_SUMMARY", { permissions: ["UPDATE_ISSUE"] })])];
  const inOne = [permission("UPDATE_ISSUE", { projects: ["0-1"] })];
  const global = [permission("UPDATE_ISSUE", { global: true })];
  const load = (permissions: PermissionEntry[], projectId: string | null) =>
    loadPlacedWidgets(fakeApi(apps, permissions), ["ISSUE_BELOW_SUMMARY"], { projectId }).then(keys);
  expect(await load(inOne, "0-1")).toEqual({ ISSUE_BELOW_SUMMARY: ["perm/edit"] });
  expect(await load(inOne, "0-2")).toEqual({});
  expect(await load(global, "0-2")).toEqual({ ISSUE_BELOW_SUMMARY: ["perm/edit"] });
  expect(await load(inOne, null)).toEqual({ ISSUE_BELOW_SUMMARY: ["perm/edit"] });
  expect(allowedFor(inOne, [], "0-9")).toBe(true);
  expect(allowedFor(inOne, ["UPDATE_ISSUE", "READ_ISSUE"], "0-1")).toBe(false);
});

test("a widget shows only where its guard passes for the entity; a broken guard hides it", async () => {
  const apps = [
    app("guarded", [
      widget("todo", "ISSUE_BELOW_SUMMARY", { guard: "entity.fields.State?.value === 'To do'" }),
      widget("always", "ISSUE_BELOW_SUMMARY", { guard: "" }),
      widget("broken", "ISSUE_BELOW_SUMMARY", { guard: "entity.fields.map(f => f.name)" }),
      widget("hostile", "ISSUE_BELOW_SUMMARY", { guard: "constructor.constructor('return process')()" }),
    ]),
  ];
  const entity = (state: string): WidgetEntity => ({
    type: "issue",
    id: "2-7",
    fields: [{ id: "1", name: "State", type: "state", value: state }],
  });
  const load = (state: string | null) =>
    loadPlacedWidgets(fakeApi(apps), ["ISSUE_BELOW_SUMMARY"], {
      entity: state === null ? null : entity(state),
    }).then(keys);
  expect(await load("To do")).toEqual({ ISSUE_BELOW_SUMMARY: ["guarded/todo", "guarded/always"] });
  expect(await load("Done")).toEqual({ ISSUE_BELOW_SUMMARY: ["guarded/always"] });
  expect(await load(null)).toEqual({ ISSUE_BELOW_SUMMARY: ["guarded/always"] });
});

test("findPlacedWidget finds one visible widget by app and key", async () => {
  const api = fakeApi(
    [
      app("one", [
        widget("tile", "DASHBOARD_WIDGET"),
        widget("secret", "DASHBOARD_WIDGET", { permissions: ["X"] }),
      ]),
      app("two", [widget("tile", "DASHBOARD_WIDGET")]),
    ],
    [],
  );
  expect(await findPlacedWidget(api, "DASHBOARD_WIDGET", "two", "tile")).toMatchObject({
    appName: "two",
    key: "tile",
  });
  expect(await findPlacedWidget(api, "DASHBOARD_WIDGET", "one", "secret")).toBeNull();
  expect(await findPlacedWidget(api, "MARKDOWN", "one", "tile")).toBeNull();
  expect(await findPlacedWidget(api, "DASHBOARD_WIDGET", "three", "tile")).toBeNull();
});
