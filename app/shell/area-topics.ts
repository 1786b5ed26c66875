// What each area whose content lives outside the shell is for, and where its documentation is: the
// area page shows a sentence (`pages:areas.<topic>`) and a link to the product documentation.
import type { ShellRoute } from "./route-table.ts";

export const AREA_TOPICS = [
  "agileBoards",
  "reports",
  "timesheets",
  "ganttCharts",
  "planningCanvas",
  "aiAssistant",
  "helpdesk",
  "newIssue",
  "newArticle",
  "users",
  "releaseNotes",
  "authorization",
  "administration",
] as const;
export type AreaTopic = (typeof AREA_TOPICS)[number];

/** The product documentation of the issue tracker whose shell Keel is. */
export const PRODUCT_DOCS = "https://www.jetbrains.com/help/youtrack/cloud/";

export const AREA_DOCS: Readonly<Record<AreaTopic, string>> = {
  agileBoards: `${PRODUCT_DOCS}Agile-Boards.html`,
  reports: `${PRODUCT_DOCS}Reports.html`,
  timesheets: `${PRODUCT_DOCS}Timesheets.html`,
  ganttCharts: `${PRODUCT_DOCS}Gantt-Charts.html`,
  planningCanvas: `${PRODUCT_DOCS}Planning-Canvas.html`,
  aiAssistant: `${PRODUCT_DOCS}AI-Assistant.html`,
  helpdesk: `${PRODUCT_DOCS}Helpdesk-Projects.html`,
  newIssue: `${PRODUCT_DOCS}Create-Issues.html`,
  newArticle: `${PRODUCT_DOCS}Knowledge-Base.html`,
  users: `${PRODUCT_DOCS}Manage-Users.html`,
  releaseNotes: `${PRODUCT_DOCS}YouTrack-Release-Notes.html`,
  authorization: `${PRODUCT_DOCS}OAuth-2.0-Authorization.html`,
  administration: `${PRODUCT_DOCS}Administration.html`,
};

const TOPIC_BY_TITLE: Partial<Record<ShellRoute["title"], AreaTopic>> = {
  agileBoards: "agileBoards",
  newAgileBoard: "agileBoards",
  agileBoard: "agileBoards",
  sprint: "agileBoards",
  reports: "reports",
  newReport: "reports",
  report: "reports",
  timesheets: "timesheets",
  ganttCharts: "ganttCharts",
  planningCanvas: "planningCanvas",
  aiAssistant: "aiAssistant",
  helpdesk: "helpdesk",
  newIssue: "newIssue",
  newArticle: "newArticle",
  releaseNotes: "releaseNotes",
  authorization: "authorization",
};

/**
 * The topic of an area page. Administration pages share one: their titles already say which setting
 * they hold. The people directory is not administration, though it shares its title with admin pages.
 */
export function areaTopic(route: Pick<ShellRoute, "id" | "title">): AreaTopic {
  if (route.id === "users" || route.id === "user") return "users";
  return TOPIC_BY_TITLE[route.title] ?? "administration";
}
