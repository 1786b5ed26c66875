// The legacy dashboard widget fixture (tests/fixtures/legacy-widget): a Hub widget on the npm package
// hub-dashboard-addons, built with Vite into an app package as JetBrains' migrated widgets are shipped
// (manifest.json at the root, the built widget under widgets/).
import { copyFileSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";

const FIXTURE_DIR = fileURLToPath(new URL("../fixtures/legacy-widget/", import.meta.url));
export const LEGACY_APP = { appName: "legacy-board", widgetKey: "legacy-board" } as const;

/** Builds the package into `outDir` (emptied first) and returns it. */
export async function buildLegacyWidgetPackage(outDir: string): Promise<string> {
  const widgetsSource = path.join(FIXTURE_DIR, "src", "widgets");
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  await build({
    configFile: false,
    root: widgetsSource,
    base: "./",
    logLevel: "warn",
    build: {
      outDir: path.join(outDir, "widgets"),
      emptyOutDir: true,
      rolldownOptions: {
        input: { [LEGACY_APP.widgetKey]: path.join(widgetsSource, "legacy-board", "index.html") },
      },
    },
  });
  copyFileSync(path.join(FIXTURE_DIR, "manifest.json"), path.join(outDir, "manifest.json"));
  return outDir;
}
