import { DEFAULT_NAVIGATION_SHAPE, PERMISSION } from "#contract/constants.ts";
import type { Prisma } from "#prisma/generated/client.ts";
import {
  ConfigurationSchema,
  ContrastSchema,
  NavigationShapeSchema,
  NotificationKindsSchema,
  type NavigationShape,
  type Configuration,
  type CurrentUser,
  type InboxThread,
  type WidgetEntry,
} from "#contract/api.ts";
import type { PermissionCacheEntry } from "#contract/app-api.ts";
import { DEFAULT_NOTIFICATION_KINDS, type NotificationKinds } from "#contract/notification-kinds.ts";
import type { Db } from "./db.ts";
import { HttpError, notFound } from "./http.ts";
import { readCache } from "./read-cache.ts";

export const MENU_EXTENSION_POINTS = ["MAIN_MENU_ITEM", "ADMINISTRATION_MENU_ITEM"] as const;

/** Where GET api/appResources answers an icon; `iconPath` is relative to the package's widgets/ folder. */
export const appResourcePath = (appId: string, iconPath: string) =>
  `api/appResources/${encodeURIComponent(appId)}/${iconPath.split("/").map(encodeURIComponent).join("/")}`;

export function loadConfiguration(db: Db): Promise<Configuration> {
  return readCache(db).read("configuration", () => readConfiguration(db));
}

async function readConfiguration(db: Db): Promise<Configuration> {
  const row = await db.configuration.findUnique({ where: { id: 1 } });
  if (!row) throw new HttpError(503, "not_configured", "The configuration is missing: run npm run db:setup");
  return ConfigurationSchema.parse(JSON.parse(row.document));
}

export function loadCurrentUser(db: Db, userId: string): Promise<CurrentUser> {
  return readCache(db).read(`currentUser:${userId}`, () => readCurrentUser(db, userId));
}

async function readCurrentUser(db: Db, userId: string): Promise<CurrentUser> {
  const [user, flags, widgets] = await Promise.all([
    db.user.findUnique({ where: { id: userId }, include: { featureFlags: true } }),
    db.featureFlag.findMany({ orderBy: { id: "asc" } }),
    db.widget.findMany({
      where: { extensionPoint: { in: [...MENU_EXTENSION_POINTS] } },
      include: { app: { select: { name: true } } },
      orderBy: [{ appId: "asc" }, { key: "asc" }],
    }),
  ]);
  if (!user) throw notFound("User not found");
  const overrides = new Map(user.featureFlags.map((f) => [f.flagId, f.enabled]));
  const reporter = user.userType === "REPORTER";
  return {
    id: user.id,
    login: user.login,
    name: user.name,
    guest: user.guest,
    email: user.email,
    avatarUrl: user.avatarUrl,
    avatarType: user.avatarUrl ? "custom" : "default",
    requiredTwoFactorAuthentication: user.requiredTwoFactorAuthentication,
    twoFactorAuthentication: { enabled: user.twoFactorEnabled },
    webauthnDevice: { enabled: user.webauthnEnabled },
    userType: { id: reporter ? "REPORTER" : "STANDARD_USER" },
    featureFlags: flags.map((f) => ({ id: f.id, enabled: overrides.get(f.id) ?? false })),
    widgets: widgets.map((w): WidgetEntry => ({
      id: w.id,
      appId: w.appId,
      appName: w.app.name,
      key: w.key,
      name: w.name,
      extensionPoint: w.extensionPoint,
      indexPath: w.indexPath,
      appIconPath: w.iconPath ? appResourcePath(w.appId, w.iconPath) : null,
      appDarkIconPath: null,
      collapsed: false,
    })),
    profiles: {
      appearance: {
        uiTheme: user.uiTheme as CurrentUser["profiles"]["appearance"]["uiTheme"],
        expandNavigation: user.expandNavigation,
        showTooltips: user.showTooltips,
      },
      keel: {
        contrast: ContrastSchema.catch("system").parse(user.contrast),
        navigation: readNavigationShape(user.navigationShape),
        notifications: readNotificationKinds(user.notificationKinds),
      },
      general: { locale: { language: user.language, locale: user.locale } },
      helpdesk: {
        helpdeskFolder: user.helpdeskFolderId ? { id: user.helpdeskFolderId } : null,
        isReporter: reporter,
      },
      timetracking: { isTimeTrackingAvailable: user.timeTrackingAvailable },
      tips: {
        showPricingAdminPopup: user.showPricingAdminPopup,
        pricingAdminPopupShown: user.pricingAdminPopupShown,
        showTips: user.showTips,
      },
    },
  };
}

export function readNotificationKinds(column: string): NotificationKinds {
  if (!column) return DEFAULT_NOTIFICATION_KINDS;
  try {
    return NotificationKindsSchema.catch(DEFAULT_NOTIFICATION_KINDS).parse(JSON.parse(column));
  } catch {
    return DEFAULT_NOTIFICATION_KINDS;
  }
}

export function readNavigationShape(column: string): NavigationShape {
  if (!column) return DEFAULT_NAVIGATION_SHAPE;
  try {
    return NavigationShapeSchema.catch(DEFAULT_NAVIGATION_SHAPE).parse(JSON.parse(column));
  } catch {
    return DEFAULT_NAVIGATION_SHAPE;
  }
}

/** The permission cache: one entry per key, global when any grant is global. */
export function loadPermissions(db: Db, userId: string): Promise<PermissionCacheEntry[]> {
  return readCache(db).read(`permissions:${userId}`, () => readPermissions(db, userId));
}

async function readPermissions(db: Db, userId: string): Promise<PermissionCacheEntry[]> {
  const grants = await db.permissionGrant.findMany({
    where: { userId },
    include: { project: { select: { id: true, shortName: true, name: true, projectType: true } } },
    orderBy: [{ permissionKey: "asc" }, { projectId: "asc" }],
  });
  const byKey = new Map<string, PermissionCacheEntry>();
  for (const grant of grants) {
    let entry = byKey.get(grant.permissionKey);
    if (!entry) {
      entry = { global: false, permission: { key: grant.permissionKey }, projects: [] };
      byKey.set(grant.permissionKey, entry);
    }
    if (!grant.project) entry.global = true;
    else if (!entry.projects.some((p) => p.id === grant.project?.id)) {
      entry.projects.push({
        id: grant.project.id,
        shortName: grant.project.shortName,
        name: grant.project.name,
        projectType: { id: grant.project.projectType === "HELPDESK" ? "HELPDESK" : "DEFAULT" },
      });
    }
  }
  return [...byKey.values()];
}

/** Project ids where the user holds `key`, or "all" when the grant is global. */
export function projectsWith(db: Db, userId: string, key: string): Promise<"all" | string[]> {
  return readCache(db).read(`projectsWith:${userId}:${key}`, async () => {
    const grants = await db.permissionGrant.findMany({
      where: { userId, permissionKey: key },
      select: { projectId: true },
    });
    if (grants.some((g) => g.projectId === null)) return "all";
    return grants.map((g) => g.projectId).filter((id): id is string => id !== null);
  });
}

/**
 * The issues `userId` may read where they hold READ_ISSUE; in a helpdesk project only agents (standard
 * team members) read every ticket, others only their own, and the guest none (its tickets are anyone's).
 */
export function readableIssues(db: Db, userId: string): Promise<Prisma.IssueWhereInput> {
  return readCache(db).read(`readableIssues:${userId}`, async () => {
    const [readable, team, user, helpdesks] = await Promise.all([
      projectsWith(db, userId, PERMISSION.READ_ISSUE),
      projectsWith(db, userId, PERMISSION.PROJECT_READ),
      db.user.findUnique({ where: { id: userId }, select: { guest: true, userType: true } }),
      db.project.findMany({
        where: { projectType: "HELPDESK" },
        select: { id: true },
        orderBy: { id: "asc" },
      }),
    ]);
    const where: Prisma.IssueWhereInput = readable === "all" ? {} : { projectId: { in: readable } };
    const standard = user !== null && !user.guest && user.userType !== "REPORTER";
    const closed = helpdesks
      .map((p) => p.id)
      .filter((id) => !standard || (team !== "all" && !team.includes(id)));
    if (closed.length === 0) return where;
    const own = user === null || user.guest ? [] : [{ reporterId: userId }];
    return { AND: [where, { OR: [{ projectId: { notIn: closed } }, ...own] }] };
  });
}

const toNumber = (value: bigint | null) => (value === null ? null : Number(value));

export function toFolder(row: { folderId: string; lastNotified: bigint | null; lastSeen: bigint | null }) {
  return {
    id: row.folderId,
    lastNotified: toNumber(row.lastNotified),
    lastSeen: toNumber(row.lastSeen),
  };
}

export const threadInclude = {
  messages: { orderBy: { timestamp: "asc" } },
} as const;

export function toThread(
  row: {
    id: string;
    folderId: string;
    type: string;
    subject: string;
    issueId: string | null;
    muted: boolean;
    updated: bigint;
    messages: { id: string; author: string | null; text: string; timestamp: bigint; read: boolean }[];
  },
  authors: ReadonlyMap<string, string>,
): InboxThread {
  return {
    id: row.id,
    folder: { id: row.folderId as InboxThread["folder"]["id"] },
    type: row.type as InboxThread["type"],
    subject: row.subject,
    issue: row.issueId ? { idReadable: row.issueId } : null,
    muted: row.muted,
    unread: row.messages.some((m) => !m.read),
    updated: Number(row.updated),
    messages: row.messages.map((m) => ({
      id: m.id,
      author: m.author ? { login: m.author, name: authors.get(m.author) ?? m.author } : null,
      text: m.text,
      timestamp: Number(m.timestamp),
      read: m.read,
    })),
  };
}
