// Which installed widgets a page shows: those of its places, whose manifest permissions the user
// holds (in the entity's project when there is one) and whose guard passes for the entity.
import type { CurrentUser, PermissionEntry } from "#contract/api.ts";
import type { Api } from "../lib/api.server.ts";
import { hasPermission, hasPermissionIn } from "#contract/permissions.ts";
import { isExtensionPoint, type ExtensionPoint } from "#contract/extension-points.ts";
import { passesGuard } from "./guard.ts";
import type { WidgetEntity, WidgetUser } from "./protocol.ts";
import type { HostedWidget } from "./types.ts";

export type PlacedWidgets = Partial<Record<ExtensionPoint, HostedWidget[]>>;

export function allowedFor(
  permissions: readonly PermissionEntry[],
  required: readonly string[],
  projectId: string | null,
): boolean {
  return required.every((key) =>
    projectId ? hasPermissionIn(permissions, key, projectId) : hasPermission(permissions, key),
  );
}

/** The widgets of `points` for this user and entity, by place, in install order. */
export async function loadPlacedWidgets(
  api: Api,
  points: readonly ExtensionPoint[],
  options: { entity?: WidgetEntity | null; projectId?: string | null } = {},
): Promise<PlacedWidgets> {
  const [apps, permissions] = await Promise.all([api.listApps(), api.getPermissions()]);
  const placed: PlacedWidgets = {};
  for (const app of apps) {
    for (const widget of app.widgets) {
      const point = widget.extensionPoint;
      // An unknown place leaves the widget invisible, without an error (the product's rule).
      if (!isExtensionPoint(point) || !points.includes(point)) continue;
      if (!allowedFor(permissions, widget.permissions, options.projectId ?? null)) continue;
      if (!passesGuard(widget.guard, options.entity ?? null)) continue;
      const { guard: _guard, permissions: _permissions, ...shown } = widget;
      (placed[point] ??= []).push({
        ...shown,
        extensionPoint: point,
        appId: app.id,
        appName: app.name,
        appTitle: app.title,
      });
    }
  }
  return placed;
}

/** One widget by app name and key for a place, if this user may see it. */
export async function findPlacedWidget(
  api: Api,
  point: ExtensionPoint,
  appName: string,
  key: string,
  options: { entity?: WidgetEntity | null; projectId?: string | null } = {},
): Promise<HostedWidget | null> {
  const placed = await loadPlacedWidgets(api, [point], options);
  return placed[point]?.find((w) => w.appName === appName && w.key === key) ?? null;
}

/** The current user as widgets see it (`YTApp.me`); null for the guest. */
export function widgetUser(user: CurrentUser): WidgetUser | null {
  if (user.guest) return null;
  return {
    id: user.id,
    login: user.login,
    name: user.name,
    avatarUrl: user.avatarUrl,
    userType: user.userType.id,
  };
}
