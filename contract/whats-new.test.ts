import { expect, test } from "vitest";
import { PERMISSION } from "./constants.ts";
import type { InboxFolder, PermissionEntry } from "./api.ts";
import {
  featureFileLocale,
  featureFileName,
  newestVersion,
  raiseWhatsNewFolder,
  sortVersionsNewestFirst,
  versionMonthStart,
  whatsNewSource,
} from "./whats-new.ts";

const global = (key: string): PermissionEntry => ({ global: true, permission: { key }, projects: [] });
const inProject = (key: string): PermissionEntry => ({
  global: false,
  permission: { key },
  projects: [{ id: "0-1", projectType: { id: "DEFAULT" } }],
});
const noProjects = (key: string): PermissionEntry => ({ global: false, permission: { key }, projects: [] });

test("private-read-issue, low-level read or project-create read the server's list", () => {
  expect(whatsNewSource([global(PERMISSION.PRIVATE_READ_ISSUE)])).toBe("server");
  expect(whatsNewSource([global(PERMISSION.LOW_LEVEL_READ)])).toBe("server");
  expect(whatsNewSource([global(PERMISSION.PROJECT_CREATE)])).toBe("server");
  expect(whatsNewSource([inProject(PERMISSION.PRIVATE_READ_ISSUE)])).toBe("server");
});

test("everyone else reads the bundled files", () => {
  expect(whatsNewSource([])).toBe("bundled");
  expect(
    whatsNewSource([
      global(PERMISSION.READ_ISSUE),
      global(PERMISSION.CREATE_ISSUE),
      global(PERMISSION.PROJECT_UPDATE),
      global(PERMISSION.LOW_LEVEL),
    ]),
  ).toBe("bundled");
});

test("a permission held in no project and not globally does not count", () => {
  expect(whatsNewSource([noProjects(PERMISSION.PROJECT_CREATE)])).toBe("bundled");
});

test("a version id is the first day of its month at UTC midnight", () => {
  expect(versionMonthStart("2025.3")).toBe(Date.UTC(2025, 2, 1));
  expect(versionMonthStart("2025.10")).toBe(Date.UTC(2025, 9, 1));
  expect(versionMonthStart("2024.12")).toBe(Date.UTC(2024, 11, 1));
});

test("a version id that is not year.month is refused", () => {
  for (const id of ["2025", "2025.0", "2025.13", "2025.03", "25.3", "2025.3.1"]) {
    expect(() => versionMonthStart(id), id).toThrow();
  }
});

test("versions sort by date, so 2025.10 is newer than 2025.9", () => {
  const versions = [{ id: "2025.9" }, { id: "2024.12" }, { id: "2025.10" }, { id: "2025.2" }];
  expect(sortVersionsNewestFirst(versions).map((v) => v.id)).toEqual([
    "2025.10",
    "2025.9",
    "2025.2",
    "2024.12",
  ]);
  expect(newestVersion(versions)?.id).toBe("2025.10");
  expect(newestVersion([])).toBeUndefined();
});

const folders = (whatsnew: Partial<InboxFolder> = {}): InboxFolder[] => [
  { id: "direct", lastNotified: 100, lastSeen: 50 },
  { id: "subscription", lastNotified: null, lastSeen: null },
  { id: "whatsnew", lastNotified: null, lastSeen: null, ...whatsnew },
];

test("the whatsnew folder's lastNotified is raised to the newest version's month", () => {
  const raised = raiseWhatsNewFolder(folders(), [{ id: "2025.6" }, { id: "2025.10" }, { id: "2025.8" }]);
  expect(raised.find((f) => f.id === "whatsnew")?.lastNotified).toBe(Date.UTC(2025, 9, 1));
});

test("zero counts as missing and is raised", () => {
  const raised = raiseWhatsNewFolder(folders({ lastNotified: 0 }), [{ id: "2025.3" }]);
  expect(raised.find((f) => f.id === "whatsnew")?.lastNotified).toBe(Date.UTC(2025, 2, 1));
});

test("a later lastNotified is never lowered", () => {
  const later = Date.UTC(2026, 0, 15);
  const raised = raiseWhatsNewFolder(folders({ lastNotified: later }), [{ id: "2025.10" }]);
  expect(raised.find((f) => f.id === "whatsnew")?.lastNotified).toBe(later);
});

test("the other folders and lastSeen are left alone", () => {
  const before = folders({ lastSeen: 7 });
  const raised = raiseWhatsNewFolder(before, [{ id: "2025.10" }]);
  expect(raised.filter((f) => f.id !== "whatsnew")).toEqual(before.filter((f) => f.id !== "whatsnew"));
  expect(raised.find((f) => f.id === "whatsnew")?.lastSeen).toBe(7);
  expect(before[2]?.lastNotified).toBeNull();
});

test("without versions or without a whatsnew folder nothing changes", () => {
  expect(raiseWhatsNewFolder(folders(), [])).toEqual(folders());
  const withoutWhatsNew = folders().filter((f) => f.id !== "whatsnew");
  expect(raiseWhatsNewFolder(withoutWhatsNew, [{ id: "2025.10" }])).toEqual(withoutWhatsNew);
});

test("a locale finds its file by exact name, by language, or falls back to English", () => {
  expect(featureFileLocale("de_DE")).toBe("de_DE");
  expect(featureFileLocale("de-AT")).toBe("de_DE");
  expect(featureFileLocale("pt")).toBe("pt_BR");
  expect(featureFileLocale("ZH_cn")).toBe("zh_CN");
  expect(featureFileLocale("en_GB")).toBe("en_US");
  expect(featureFileLocale("nl_NL")).toBe("en_US");
  expect(featureFileLocale("")).toBe("en_US");
  expect(featureFileLocale(undefined)).toBe("en_US");
});

test("hosted installs read the cloud variant", () => {
  expect(featureFileName("fr_FR", false)).toBe("fr_FR.json");
  expect(featureFileName("fr_FR", true)).toBe("fr_FR.cloud.json");
});
