// zod/mini: these schemas run in the browser's first scripts (see contract/api-shell.ts).
import * as z from "zod/mini";
import { ShellConfigSchema } from "#contract/api-shell.ts";
import { INBOX_FOLDERS, UI_THEMES } from "#contract/constants.ts";

/** The part of the Web Storage API the catalogue uses; `localStorage` satisfies it. */
export type StorageLike = Pick<Storage, "getItem" | "setItem" | "removeItem">;

function entry<const K extends string, S extends z.ZodMiniType>(key: K, schema: S, fallback: z.output<S>) {
  return { key, schema, default: fallback } as const;
}

const epochMs = z.nullable(z.int().check(z.nonnegative()));
const id = z.nullable(z.string().check(z.minLength(1)));
const ids = z.array(z.string());
const httpUrl = z.nullable(z.url({ protocol: /^https?$/ }));

/**
 * Every browser-local storage key (docs/shell.md, Browser-local storage).
 * Bullets with two named parts ("full and compact", "resolved and unresolved", "development and logging",
 * "state and last used") are two keys each.
 */
export const STORAGE_KEYS = {
  // Layout: full-width content toggle
  fullWidthContent: entry("keel.layout.fullWidthContent", z.boolean(), false),
  // Layout: drafts sidebar
  draftsSidebarOpen: entry("keel.layout.draftsSidebarOpen", z.boolean(), false),
  // Layout: ticket fields collapsed (full)
  ticketFieldsCollapsed: entry("keel.layout.ticketFieldsCollapsed", z.boolean(), false),
  // Layout: ticket fields collapsed (compact)
  ticketFieldsCollapsedCompact: entry("keel.layout.ticketFieldsCollapsedCompact", z.boolean(), false),
  // Layout: ticket full-width
  ticketFullWidth: entry("keel.layout.ticketFullWidth", z.boolean(), false),
  // Layout: custom-field value filtering
  customFieldValueFiltering: entry("keel.layout.customFieldValueFiltering", z.boolean(), false),
  // Layout: markdown preview expansion
  markdownPreviewExpanded: entry("keel.layout.markdownPreviewExpanded", z.boolean(), false),
  // Layout: remembered project-change confirmation
  projectChangeConfirmationRemembered: entry(
    "keel.layout.projectChangeConfirmationRemembered",
    z.boolean(),
    false,
  ),
  // Layout: recent entities last update (epoch ms)
  recentEntitiesLastUpdate: entry("keel.layout.recentEntitiesLastUpdate", epochMs, null),

  // Articles: table of contents
  articleTableOfContentsOpen: entry("keel.articles.tableOfContentsOpen", z.boolean(), true),
  // Articles: inline comments (resolved)
  articleResolvedCommentsVisible: entry("keel.articles.resolvedInlineCommentsVisible", z.boolean(), false),
  // Articles: inline comments (unresolved)
  articleUnresolvedCommentsVisible: entry("keel.articles.unresolvedInlineCommentsVisible", z.boolean(), true),
  // Articles: expanded tree items (article ids)
  articleTreeExpandedItems: entry("keel.articles.treeExpandedItems", ids, []),
  // Articles: attachments tab collapsed
  articleAttachmentsCollapsed: entry("keel.articles.attachmentsCollapsed", z.boolean(), false),

  // Shell and admin: first-time-seen (epoch ms)
  firstTimeSeen: entry("keel.shell.firstTimeSeen", epochMs, null),
  // Shell and admin: last promo (epoch ms)
  lastPromoShown: entry("keel.shell.lastPromoShown", epochMs, null),
  // Shell and admin: plugin sandbox URL
  pluginSandboxUrl: entry("keel.shell.pluginSandboxUrl", httpUrl, null),
  // Shell and admin: admin description panels (panel id → collapsed)
  adminDescriptionPanelsCollapsed: entry(
    "keel.admin.descriptionPanelsCollapsed",
    z.record(z.string(), z.boolean()),
    {},
  ),
  // Shell and admin: development flag
  developmentMode: entry("keel.shell.developmentMode", z.boolean(), false),
  // Shell and admin: logging flag
  loggingEnabled: entry("keel.shell.loggingEnabled", z.boolean(), false),
  // Shell and admin: latest known app version
  latestKnownAppVersion: entry("keel.shell.latestKnownAppVersion", id, null),
  // Shell and admin: desktop notifications experiment
  desktopNotificationsExperiment: entry("keel.shell.desktopNotificationsExperiment", z.boolean(), false),
  // Shell and admin: theme
  theme: entry("keel.shell.theme", z.enum(UI_THEMES), "system"),
  // Shell: the cached configuration (app/lib/config-cache.ts)
  cachedConfiguration: entry("keel.shell.configuration", z.nullable(ShellConfigSchema), null),
  // Shell and admin: last-used dashboard
  lastUsedDashboardId: entry("keel.shell.lastUsedDashboardId", id, null),
  // Shell: the command palette's recent choices (entry ids, newest first)
  paletteRecent: entry("keel.shell.paletteRecent", ids, []),

  // Workflow editor: dev mode
  workflowEditorDevMode: entry("keel.workflowEditor.devMode", z.boolean(), false),
  // Workflow editor: console
  workflowEditorConsoleOpen: entry("keel.workflowEditor.consoleOpen", z.boolean(), false),
  // Workflow editor: states panel
  workflowEditorStatesPanelOpen: entry("keel.workflowEditor.statesPanelOpen", z.boolean(), false),

  // Timesheets: filters (projects, query, work types, work attributes)
  timesheetFilters: entry(
    "keel.timesheets.filters",
    z.object({
      projects: ids,
      query: z.string(),
      workTypes: ids,
      // attribute id → selected value ids
      workAttributes: z.record(z.string(), ids),
    }),
    { projects: [], query: "", workTypes: [], workAttributes: {} },
  ),
  // Timesheets: period
  timesheetPeriod: entry("keel.timesheets.period", z.enum(["day", "week", "month"]), "week"),
  // Timesheets: work author (user id; null means the current user)
  timesheetWorkAuthor: entry("keel.timesheets.workAuthor", id, null),
  // Timesheets: expanded time-tracking widget lines
  timeTrackingWidgetExpandedLines: entry("keel.timesheets.timeTrackingWidgetExpandedLines", ids, []),

  // Notifications: type (the open inbox folder)
  notificationsType: entry("keel.notifications.type", z.enum(INBOX_FOLDERS), "direct"),
  // Notifications: list
  notificationsList: entry("keel.notifications.list", z.enum(["all", "unread"]), "all"),
  // Notifications: width (px; null means the centre's own default)
  notificationsWidth: entry("keel.notifications.width", z.nullable(z.number().check(z.positive())), null),
  // Notifications: folders (last known inbox folder marks, for the unread indicator before the fetch)
  notificationsFolders: entry(
    "keel.notifications.folders",
    z.array(
      z.object({ id: z.string(), lastNotified: z.optional(z.number()), lastSeen: z.optional(z.number()) }),
    ),
    [],
  ),

  // Other areas: last-opened Gantt chart
  lastOpenedGanttChartId: entry("keel.gantt.lastOpenedChartId", id, null),
  // Other areas: planning canvas state (owned by the canvas; opaque JSON here)
  planningCanvasState: entry("keel.planningCanvas.state", z.record(z.string(), z.json()), {}),
  // Other areas: planning canvas last used
  planningCanvasLastUsedId: entry("keel.planningCanvas.lastUsedId", id, null),
  // Other areas: last-opened report
  lastOpenedReportId: entry("keel.reports.lastOpenedId", id, null),
  // Other areas: AI chat floating position and size
  aiChatFloatingRect: entry(
    "keel.aiChat.floatingRect",
    z.nullable(
      z.object({
        x: z.number(),
        y: z.number(),
        width: z.number().check(z.positive()),
        height: z.number().check(z.positive()),
      }),
    ),
    null,
  ),
} as const;

export type StorageKeyName = keyof typeof STORAGE_KEYS;
export type StoredValue<N extends StorageKeyName> = z.output<(typeof STORAGE_KEYS)[N]["schema"]>;

function resolveStorage(storage: StorageLike | null | undefined): StorageLike | null {
  if (storage !== undefined) return storage;
  // Reading `localStorage` itself throws where storage is disabled (e.g. blocked cookies).
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

function defaultOf<N extends StorageKeyName>(name: N): StoredValue<N> {
  // A copy, so a caller mutating the returned array or object cannot change the catalogue default.
  return structuredClone(STORAGE_KEYS[name].default) as StoredValue<N>;
}

/** The stored value, or the default when absent, unreadable, of the wrong shape or when storage fails. */
export function readStored<N extends StorageKeyName>(name: N, storage?: StorageLike | null): StoredValue<N> {
  const { key, schema } = STORAGE_KEYS[name];
  try {
    const raw = resolveStorage(storage)?.getItem(key);
    if (raw == null) return defaultOf(name);
    const parsed = schema.safeParse(JSON.parse(raw));
    if (parsed.success) return parsed.data as StoredValue<N>;
  } catch {
    // Unparsable JSON or storage throwing: fall through to the default.
  }
  return defaultOf(name);
}

/** Validates then stores `value` as JSON; false when it fails the schema or storage is unavailable or full. */
export function writeStored<N extends StorageKeyName>(
  name: N,
  value: StoredValue<N>,
  storage?: StorageLike | null,
): boolean {
  const { key, schema } = STORAGE_KEYS[name];
  const parsed = schema.safeParse(value);
  if (!parsed.success) return false;
  try {
    const target = resolveStorage(storage);
    if (target === null) return false;
    target.setItem(key, JSON.stringify(parsed.data));
    return true;
  } catch {
    return false;
  }
}

export function removeStored(name: StorageKeyName, storage?: StorageLike | null): void {
  try {
    resolveStorage(storage)?.removeItem(STORAGE_KEYS[name].key);
  } catch {
    // Storage unavailable: nothing to remove.
  }
}

/** Removes every catalogue key and nothing else. */
export function clearAllStored(storage?: StorageLike | null): void {
  for (const name of Object.keys(STORAGE_KEYS) as StorageKeyName[]) removeStored(name, storage);
}
