import type { AppEntry, AppWidgetEntry } from "#contract/api.ts";
import type { ExtensionPoint } from "#contract/extension-points.ts";

/** A widget as the host places it: the backend's entry with its app's id, name and title. */
export interface HostedWidget extends Omit<AppWidgetEntry, "extensionPoint" | "guard" | "permissions"> {
  extensionPoint: ExtensionPoint;
  appId: AppEntry["id"];
  appName: string;
  appTitle: string;
}

/** The issue or article whose Markdown text embeds a widget: the backend keeps the embedding's config with it. */
export interface EmbeddedIn {
  type: "issue" | "article";
  id: string;
}
