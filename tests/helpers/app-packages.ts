// App packages for tests: the minimal fixture, read as files, changed, and zipped.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { zipSync } from "fflate";

export const MINIMAL_APP_DIR = fileURLToPath(new URL("../fixtures/apps/minimal/", import.meta.url));

export type PackageFiles = Record<string, Uint8Array<ArrayBuffer>>;

/** Every file of a package folder, by its `/`-separated path. */
export function folderFiles(dir: string = MINIMAL_APP_DIR): PackageFiles {
  const files: PackageFiles = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    files[path.relative(dir, full).split(path.sep).join("/")] = readFileSync(full);
  }
  return files;
}

export const utf8 = (text: string) => new TextEncoder().encode(text);

export type JsonManifest = Record<string, unknown> & { widgets: Record<string, unknown>[] };

export function minimalManifest(): JsonManifest {
  return JSON.parse(readFileSync(path.join(MINIMAL_APP_DIR, "manifest.json"), "utf8")) as JsonManifest;
}

/** The minimal package with its manifest changed by `change`. */
export function minimalFiles(change?: (manifest: JsonManifest) => void): PackageFiles {
  const files = folderFiles();
  if (change) {
    const manifest = minimalManifest();
    change(manifest);
    files["manifest.json"] = utf8(JSON.stringify(manifest));
  }
  return files;
}

/** A .zip of `files`, under `folder/` when given (as zipping a package's folder makes it). */
export function zipOf(files: PackageFiles, folder?: string): Uint8Array {
  const entries: PackageFiles = {};
  for (const [name, content] of Object.entries(files)) entries[folder ? `${folder}/${name}` : name] = content;
  return zipSync(entries);
}
