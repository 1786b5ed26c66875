// The 17 places an app widget may appear (docs/widgets.md, Places, constants and error texts).
// One table for the package validator, the backend, the host and the pages.

export const EXTENSION_POINTS = [
  "ADMINISTRATION_MENU_ITEM",
  "ARTICLE_ABOVE_ACTIVITY_STREAM",
  "ARTICLE_BELOW_SUMMARY",
  "ARTICLE_OPTIONS_MENU_ITEM",
  "DASHBOARD_WIDGET",
  "HELPDESK_CHANNEL",
  "ISSUE_ABOVE_ACTIVITY_STREAM",
  "ISSUE_BELOW_SUMMARY",
  "ISSUE_FIELD_PANEL_FIRST",
  "ISSUE_FIELD_PANEL_LAST",
  "ISSUE_OPTIONS_MENU_ITEM",
  "MAIN_MENU_ITEM",
  "MARKDOWN",
  "PROJECT_SETTINGS",
  "PROJECT_TAB",
  "USER_CARD",
  "USER_PROFILE_SETTINGS",
] as const;

export type ExtensionPoint = (typeof EXTENSION_POINTS)[number];

export const isExtensionPoint = (value: string): value is ExtensionPoint =>
  (EXTENSION_POINTS as readonly string[]).includes(value);

/** Entity types a widget may be given (`YTApp.entity.type`). */
export type WidgetEntityType = "issue" | "ticket" | "article" | "project" | "user" | "app";

/**
 * What each place is: its entity, whether it fills a page (and so gets `navigation`), whether it is
 * embeddable (dashboard and Markdown: the EmbeddableWidgetAPI), and whether it opens from a menu.
 */
export interface ExtensionPointKind {
  entity: WidgetEntityType | null;
  fullPage: boolean;
  embeddable: boolean;
  menuItem: boolean;
}

export const EXTENSION_POINT_KINDS: Readonly<Record<ExtensionPoint, ExtensionPointKind>> = {
  ADMINISTRATION_MENU_ITEM: { entity: null, fullPage: true, embeddable: false, menuItem: false },
  ARTICLE_ABOVE_ACTIVITY_STREAM: { entity: "article", fullPage: false, embeddable: false, menuItem: false },
  ARTICLE_BELOW_SUMMARY: { entity: "article", fullPage: false, embeddable: false, menuItem: false },
  ARTICLE_OPTIONS_MENU_ITEM: { entity: "article", fullPage: false, embeddable: false, menuItem: true },
  DASHBOARD_WIDGET: { entity: null, fullPage: false, embeddable: true, menuItem: false },
  HELPDESK_CHANNEL: { entity: "project", fullPage: false, embeddable: false, menuItem: false },
  ISSUE_ABOVE_ACTIVITY_STREAM: { entity: "issue", fullPage: false, embeddable: false, menuItem: false },
  ISSUE_BELOW_SUMMARY: { entity: "issue", fullPage: false, embeddable: false, menuItem: false },
  ISSUE_FIELD_PANEL_FIRST: { entity: "issue", fullPage: false, embeddable: false, menuItem: false },
  ISSUE_FIELD_PANEL_LAST: { entity: "issue", fullPage: false, embeddable: false, menuItem: false },
  ISSUE_OPTIONS_MENU_ITEM: { entity: "issue", fullPage: false, embeddable: false, menuItem: true },
  MAIN_MENU_ITEM: { entity: null, fullPage: true, embeddable: false, menuItem: false },
  MARKDOWN: { entity: null, fullPage: false, embeddable: true, menuItem: false },
  PROJECT_SETTINGS: { entity: "project", fullPage: false, embeddable: false, menuItem: false },
  PROJECT_TAB: { entity: "project", fullPage: false, embeddable: false, menuItem: false },
  USER_CARD: { entity: "user", fullPage: false, embeddable: false, menuItem: false },
  USER_PROFILE_SETTINGS: { entity: "user", fullPage: false, embeddable: false, menuItem: false },
};

/** Only these two take `defaultDimensions`; `expectedDimensions` is for every other place. */
export const DIMENSIONED_BY_DEFAULT: readonly ExtensionPoint[] = ["DASHBOARD_WIDGET", "MARKDOWN"];
