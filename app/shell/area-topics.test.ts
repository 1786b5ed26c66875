import { expect, test } from "vitest";
import en from "../../locales/en/pages.json";
import { AREA_DOCS, AREA_TOPICS, areaTopic } from "./area-topics.ts";
import { findShellRoute, SHELL_ROUTES } from "./route-table.ts";

test("every area page has a sentence about what it is for and a documentation page", () => {
  const areas = SHELL_ROUTES.filter((r) => r.page === "area");
  expect(areas.length).toBeGreaterThan(0);
  for (const route of areas) {
    const topic = areaTopic(route);
    expect(AREA_TOPICS, route.id).toContain(topic);
    expect(en.areas[topic], route.id).toMatch(/\w/);
    expect(AREA_DOCS[topic], route.id).toMatch(/^https:\/\/www\.jetbrains\.com\/help\/youtrack\/.+\.html$/);
  }
});

test("the navigation's areas get their own topics, administration pages share one", () => {
  const topicOf = (path: string) => areaTopic(findShellRoute(path)!);
  expect(topicOf("/agiles")).toBe("agileBoards");
  expect(topicOf("/agiles/108-4/109-7")).toBe("agileBoards");
  expect(topicOf("/reports")).toBe("reports");
  expect(topicOf("/timesheets")).toBe("timesheets");
  expect(topicOf("/gantt-charts")).toBe("ganttCharts");
  expect(topicOf("/planning-canvas")).toBe("planningCanvas");
  expect(topicOf("/pmx/chat")).toBe("aiAssistant");
  expect(topicOf("/users")).toBe("users");
  expect(topicOf("/admin/users")).toBe("administration");
  expect(topicOf("/admin/workflows")).toBe("administration");
});

test("no area text is a developer's note", () => {
  for (const text of Object.values(en.areas)) expect(text).not.toMatch(/Keel|shell|yet/i);
});
