// zod/mini: the browser loads this catalogue when it first reads or writes a key, after the page has started
// (the first scripts carry no zod: tests/e2e/budget.spec.ts).
import * as z from "zod/mini";
import { ShellConfigSchema } from "#contract/api-shell.ts";
import { INBOX_FOLDERS, UI_THEMES } from "#contract/constants.ts";
import { CACHED_CONFIGURATION_KEY } from "./config-cache.ts";
import { resolveStorage, type StorageLike } from "./web-storage.ts";

export type { StorageLike };

function entry<const K extends string, S extends z.ZodMiniType>(key: K, schema: S, fallback: z.output<S>) {
  return { key, schema, default: fallback } as const;
}

const epochMs = z.nullable(z.int().check(z.nonnegative()));
const id = z.nullable(z.string().check(z.minLength(1)));
const ids = z.array(z.string());
const httpUrl = z.nullable(z.url({ protocol: /^https?$/ }));

/** Every browser-local storage key (docs/shell.md, Browser-local storage). */
export const STORAGE_KEYS = {
  fullWidthContent: entry("keel.layout.fullWidthContent", z.boolean(), false),
  draftsSidebarOpen: entry("keel.layout.draftsSidebarOpen", z.boolean(), false),
  ticketFieldsCollapsed: entry("keel.layout.ticketFieldsCollapsed", z.boolean(), false),
  ticketFieldsCollapsedCompact: entry("keel.layout.ticketFieldsCollapsedCompact", z.boolean(), false),
  ticketFullWidth: entry("keel.layout.ticketFullWidth", z.boolean(), false),
  customFieldValueFiltering: entry("keel.layout.customFieldValueFiltering", z.boolean(), false),
  markdownPreviewExpanded: entry("keel.layout.markdownPreviewExpanded", z.boolean(), false),
  projectChangeConfirmationRemembered: entry(
    "keel.layout.projectChangeConfirmationRemembered",
    z.boolean(),
    false,
  ),
  recentEntitiesLastUpdate: entry("keel.layout.recentEntitiesLastUpdate", epochMs, null),

  articleTableOfContentsOpen: entry("keel.articles.tableOfContentsOpen", z.boolean(), true),
  articleResolvedCommentsVisible: entry("keel.articles.resolvedInlineCommentsVisible", z.boolean(), false),
  articleUnresolvedCommentsVisible: entry("keel.articles.unresolvedInlineCommentsVisible", z.boolean(), true),
  articleTreeExpandedItems: entry("keel.articles.treeExpandedItems", ids, []),
  articleAttachmentsCollapsed: entry("keel.articles.attachmentsCollapsed", z.boolean(), false),

  firstTimeSeen: entry("keel.shell.firstTimeSeen", epochMs, null),
  lastPromoShown: entry("keel.shell.lastPromoShown", epochMs, null),
  pluginSandboxUrl: entry("keel.shell.pluginSandboxUrl", httpUrl, null),
  adminDescriptionPanelsCollapsed: entry(
    "keel.admin.descriptionPanelsCollapsed",
    z.record(z.string(), z.boolean()),
    {},
  ),
  developmentMode: entry("keel.shell.developmentMode", z.boolean(), false),
  loggingEnabled: entry("keel.shell.loggingEnabled", z.boolean(), false),
  latestKnownAppVersion: entry("keel.shell.latestKnownAppVersion", id, null),
  desktopNotificationsExperiment: entry("keel.shell.desktopNotificationsExperiment", z.boolean(), false),
  theme: entry("keel.shell.theme", z.enum(UI_THEMES), "system"),
  // Written as the server rendered it by config-cache.ts, which owns the key; checked when read.
  cachedConfiguration: entry(CACHED_CONFIGURATION_KEY, z.nullable(ShellConfigSchema), null),
  lastUsedDashboardId: entry("keel.shell.lastUsedDashboardId", id, null),
  paletteRecent: entry("keel.shell.paletteRecent", ids, []),

  workflowEditorDevMode: entry("keel.workflowEditor.devMode", z.boolean(), false),
  workflowEditorConsoleOpen: entry("keel.workflowEditor.consoleOpen", z.boolean(), false),
  workflowEditorStatesPanelOpen: entry("keel.workflowEditor.statesPanelOpen", z.boolean(), false),

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
  timesheetPeriod: entry("keel.timesheets.period", z.enum(["day", "week", "month"]), "week"),
  timesheetWorkAuthor: entry("keel.timesheets.workAuthor", id, null),
  timeTrackingWidgetExpandedLines: entry("keel.timesheets.timeTrackingWidgetExpandedLines", ids, []),

  notificationsType: entry("keel.notifications.type", z.enum(INBOX_FOLDERS), "direct"),
  notificationsList: entry("keel.notifications.list", z.enum(["all", "unread"]), "all"),
  // Pixels; null means the centre's own default.
  notificationsWidth: entry("keel.notifications.width", z.nullable(z.number().check(z.positive())), null),
  // Last known inbox folder marks, for the unread indicator before the fetch.
  notificationsFolders: entry(
    "keel.notifications.folders",
    z.array(
      z.object({ id: z.string(), lastNotified: z.optional(z.number()), lastSeen: z.optional(z.number()) }),
    ),
    [],
  ),

  lastOpenedGanttChartId: entry("keel.gantt.lastOpenedChartId", id, null),
  planningCanvasState: entry("keel.planningCanvas.state", z.record(z.string(), z.json()), {}),
  planningCanvasLastUsedId: entry("keel.planningCanvas.lastUsedId", id, null),
  lastOpenedReportId: entry("keel.reports.lastOpenedId", id, null),
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

export function clearAllStored(storage?: StorageLike | null): void {
  for (const name of Object.keys(STORAGE_KEYS) as StorageKeyName[]) removeStored(name, storage);
}
