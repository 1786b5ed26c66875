import { expect, test } from "vitest";
import { minimalManifest, type JsonManifest } from "#tests/helpers/app-packages.ts";
import { formatManifestError, ManifestSchema } from "./app-manifest.ts";

/** The one-line problems of the minimal manifest changed by `change`, or "valid". */
function problems(change: (manifest: JsonManifest) => void): string {
  const manifest = minimalManifest();
  change(manifest);
  const result = ManifestSchema.safeParse(manifest);
  return result.success ? "valid" : formatManifestError(result.error);
}

const widget = (manifest: JsonManifest, index = 0) => manifest.widgets[index]!;

test("a real-style manifest is valid, and keys Keel does not read are kept", () => {
  const manifest = ManifestSchema.parse(minimalManifest());
  expect(manifest).toMatchObject({
    name: "minimal",
    title: "Minimal",
    version: "1.0.0",
    vendor: { name: "Keel tests", url: "https://keel.test" },
    changeNotes: "A key Keel does not read, kept.",
    $schema: "https://json.schemastore.org/youtrack-app.json",
  });
  expect(manifest.widgets.map((w) => [w.key, w.extensionPoint])).toEqual([
    ["panel", "ISSUE_BELOW_SUMMARY"],
    ["tile", "DASHBOARD_WIDGET"],
  ]);
  expect(manifest.widgets[0]?.expectedDimensions).toEqual({ width: 400, height: 200 });
  expect(manifest.widgets[1]?.defaultDimensions).toEqual({ width: "4fr", height: "2fr" });
});

test("an app with no widgets and no vendor is valid, as in the real product", () => {
  expect(
    problems((m) => {
      delete m.vendor;
      m.widgets = [];
    }),
  ).toBe("valid");
  expect(ManifestSchema.parse({ name: "hooks", title: "Hooks", version: "1.0.0" }).widgets).toEqual([]);
});

test("an unknown extension point is kept, not refused: the widget is simply never shown", () => {
  const manifest = minimalManifest();
  widget(manifest).extensionPoint = "ISSUE_SOMEWHERE_NEW";
  expect(ManifestSchema.parse(manifest).widgets[0]?.extensionPoint).toBe("ISSUE_SOMEWHERE_NEW");
});

test("missing required fields are named one per line", () => {
  expect(problems((m) => (m.title = undefined))).toBe("title: is required");
  expect(problems((m) => (m.version = 3))).toBe("version: must be a string");
  expect(problems((m) => delete widget(m).indexPath)).toBe("widgets.0.indexPath: is required");
  expect(
    problems((m) => {
      delete widget(m).key;
      delete widget(m, 1).name;
    }),
  ).toBe("widgets.0.key: is required\nwidgets.1.name: is required");
  expect(ManifestSchema.safeParse([]).error && formatManifestError(ManifestSchema.safeParse([]).error!)).toBe(
    "manifest: must be an object",
  );
});

test("a vendor URL must be http or https", () => {
  expect(problems((m) => (m.vendor = { name: "Evil", url: "javascript:alert(1)" }))).toBe(
    "vendor.url: must be an http or https URL",
  );
  expect(problems((m) => (m.vendor = { name: "Files", url: "file:///etc/passwd" }))).toBe(
    "vendor.url: must be an http or https URL",
  );
  expect(problems((m) => (m.vendor = { name: "Nowhere", url: "not a url" }))).toBe(
    "vendor.url: must be an http or https URL",
  );
  expect(problems((m) => (m.vendor = { name: "Plain", url: "http://example.com" }))).toBe("valid");
  expect(problems((m) => (m.vendor = { name: "Mail", email: "nobody" }))).toBe(
    "vendor.email: must be an e-mail address",
  );
  expect(problems((m) => (m.vendor = { url: "https://example.com" }))).toBe("vendor.name: is required");
});

test("an app name is lower-case letters, digits, dots, underscores and dashes", () => {
  expect(problems((m) => (m.name = "issue_reminder"))).toBe("valid");
  expect(problems((m) => (m.name = "My App"))).toBe(
    "name: must start with a lower-case letter or a digit and contain only a-z, 0-9, ., _ and -",
  );
  expect(problems((m) => (m.name = "../evil"))).toMatch(/^name: must start/);
});

test("a widget key is lower-case letters, digits, -, _, . and ~ (published apps use _)", () => {
  for (const key of ["Panel", "-panel", "pa nel", "panel/2", ""]) {
    expect(problems((m) => (widget(m).key = key))).toBe(
      "widgets.0.key: must start with a lower-case letter or digit and contain only a-z, 0-9, -, _, . and ~",
    );
  }
  for (const key of ["panel-2", "reminder_settings", "1panel", "v1.2~x"]) {
    expect(problems((m) => (widget(m).key = key))).toBe("valid");
  }
});

test("two widgets may not share a key", () => {
  expect(problems((m) => (widget(m, 1).key = "panel"))).toBe(
    "widgets.1.key: the key panel is used by another widget too: keys must be unique",
  );
});

test("widget paths stay inside the widgets folder", () => {
  const message = "must be a path relative to the widgets folder, with / separators and without ..";
  expect(problems((m) => (widget(m).indexPath = "../backend.js"))).toBe(`widgets.0.indexPath: ${message}`);
  expect(problems((m) => (widget(m).indexPath = "/etc/passwd"))).toBe(`widgets.0.indexPath: ${message}`);
  expect(problems((m) => (widget(m).iconPath = "panel\\icon.svg"))).toBe(`widgets.0.iconPath: ${message}`);
  expect(problems((m) => (widget(m).indexPath = "panel/index.html?mode=compact"))).toBe("valid");
  expect(problems((m) => (m.icon = "../icon.svg"))).toBe(
    "icon: must be a path relative to the package, with / separators and without ..",
  );
});

test("expectedDimensions are px for every place but the dashboard and Markdown", () => {
  expect(problems((m) => (widget(m, 1).expectedDimensions = { width: 100, height: 100 }))).toBe(
    "widgets.1.expectedDimensions: is not allowed for DASHBOARD_WIDGET: use defaultDimensions",
  );
  expect(problems((m) => (widget(m).expectedDimensions = { width: "400px", height: 200 }))).toBe(
    "widgets.0.expectedDimensions.width: must be a number of pixels",
  );
  expect(problems((m) => (widget(m).expectedDimensions = { height: 96 }))).toBe("valid");
  expect(problems((m) => (widget(m).expectedDimensions = { width: 0 }))).toBe(
    "widgets.0.expectedDimensions.width: must be greater than 0",
  );
});

test("defaultDimensions are only for the dashboard and Markdown, as px, % or fr", () => {
  expect(problems((m) => (widget(m).defaultDimensions = { width: "4fr", height: "2fr" }))).toBe(
    "widgets.0.defaultDimensions: is allowed only for DASHBOARD_WIDGET and MARKDOWN: use expectedDimensions",
  );
  expect(
    problems((m) => {
      widget(m, 1).extensionPoint = "MARKDOWN";
      widget(m, 1).defaultDimensions = { width: "100%", height: 300 };
    }),
  ).toBe("valid");
  expect(problems((m) => (widget(m, 1).defaultDimensions = { width: "8fr", height: "tall" }))).toBe(
    'widgets.1.defaultDimensions.height: must be a number or a size such as "100px", "40%" or "8fr"',
  );
});

test("the optional widget fields have their types", () => {
  expect(problems((m) => (widget(m).permissions = "READ_ISSUE"))).toBe(
    "widgets.0.permissions: must be a list",
  );
  expect(problems((m) => (widget(m).showHeader = "no"))).toBe("widgets.0.showHeader: must be true or false");
  expect(problems((m) => (widget(m).guard = 1))).toBe("widgets.0.guard: must be a string of JavaScript");
  expect(problems((m) => ((m as Record<string, unknown>).widgets = {}))).toBe("widgets: must be a list");
});
