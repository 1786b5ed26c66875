// A widget as a page hosts it (app/widgets/types.ts): the demo's Team pulse dashboard widget, for tests that
// render a page or a frame without the backend.
import type { HostedWidget } from "#app/widgets/types.ts";

export const TEAM_PULSE: HostedWidget = {
  id: "w-1",
  key: "pulse",
  name: "Team pulse",
  description: "The five latest issues of a project",
  extensionPoint: "DASHBOARD_WIDGET",
  indexPath: "pulse/index.html",
  iconUrl: null,
  showHeader: true,
  settingsSchemaPath: null,
  expectedDimensions: null,
  defaultDimensions: null,
  appId: "app-1",
  appName: "team-pulse",
  appTitle: "Team Pulse",
};
