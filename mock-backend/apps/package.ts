// Reads an app package (a folder or a .zip of it, docs/widgets.md) into memory and checks it, so that
// installing never touches the file system again and a wrong package is refused before anything is written.
import { lstat, readdir, readFile, realpath, stat } from "node:fs/promises";
import path from "node:path";
import {
  filePart,
  isSafeRelativePath,
  manifestProblems,
  ManifestSchema,
  type Manifest,
  type ManifestProblem,
} from "#contract/app-manifest.ts";
import { WIDGETS_FOLDER } from "#contract/package-files.ts";
import { DEFLATED, listZipEntries, readZipEntry, STORED, UnreadableZipError } from "./unzip.ts";

export const MAX_PACKAGE_FILES = 2000;
export const MAX_PACKAGE_BYTES = 50 * 1024 * 1024;

export interface PackageLimits {
  maxFiles: number;
  /** Bytes of all files, unpacked: counted as they are read or inflated, whatever a zip declares. */
  maxBytes: number;
}

const limitsOf = (limits: Partial<PackageLimits>): PackageLimits => ({
  maxFiles: limits.maxFiles ?? MAX_PACKAGE_FILES,
  maxBytes: limits.maxBytes ?? MAX_PACKAGE_BYTES,
});
export const MANIFEST_FILE = "manifest.json";
export const SETTINGS_FILE = "settings.json";

/** A package Keel refuses, with a message for the administrator who tried to install it. */
export class AppPackageError extends Error {
  override name = "AppPackageError";
  readonly issues: ManifestProblem[];

  constructor(message: string, issues: ManifestProblem[] = []) {
    super(message);
    this.issues = issues;
  }
}

export type FileBytes = Uint8Array<ArrayBuffer>;

export interface AppPackage {
  manifest: Manifest;
  files: ReadonlyMap<string, FileBytes>;
  /** settings.json, re-serialized, or null when the package has none. */
  settingsSchema: string | null;
}

const MEGABYTE = 1024 * 1024;

function checkPath(name: string): void {
  if (!isSafeRelativePath(name)) {
    throw new AppPackageError(
      `The package contains the path ${JSON.stringify(name)}: paths must be relative, use / and never ..`,
    );
  }
}

const megabytes = (bytes: number) =>
  bytes >= MEGABYTE ? `${Math.round((bytes / MEGABYTE) * 10) / 10} MB` : `${bytes} bytes`;

class Budget {
  private files = 0;
  private bytes = 0;
  private declared = 0;

  private readonly limits: PackageLimits;

  constructor(limits: PackageLimits) {
    this.limits = limits;
  }

  addFile(): void {
    this.files += 1;
    if (this.files > this.limits.maxFiles) {
      throw new AppPackageError(`The package has more than ${this.limits.maxFiles} files`);
    }
  }

  addBytes(size: number): void {
    this.bytes += size;
    if (this.bytes > this.limits.maxBytes) throw this.tooLarge();
  }

  get remaining(): number {
    return this.limits.maxBytes - this.bytes;
  }

  /** Refuses early when even the sizes a zip declares add up past the limit (they may also understate). */
  addDeclared(size: number): void {
    this.declared += size;
    if (this.declared > this.limits.maxBytes) throw this.tooLarge();
  }

  tooLarge(): AppPackageError {
    return new AppPackageError(`The package is larger than ${megabytes(this.limits.maxBytes)} unpacked`);
  }
}

const inside = (root: string, target: string) => target === root || target.startsWith(root + path.sep);

/** Reads a package folder; links are followed only when they stay inside it. */
export async function readAppFolder(
  folder: string,
  limits: Partial<PackageLimits> = {},
): Promise<AppPackage> {
  let root: string;
  try {
    root = await realpath(folder);
    if (!(await stat(root)).isDirectory()) throw new Error("not a folder");
  } catch {
    throw new AppPackageError(`${folder} is not a folder`);
  }
  const files = new Map<string, FileBytes>();
  const budget = new Budget(limitsOf(limits));
  const visited = new Set<string>([root]);

  async function walk(dir: string, prefix: string): Promise<void> {
    const entries = await readdir(dir, { withFileTypes: true });
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const name = prefix ? `${prefix}/${entry.name}` : entry.name;
      checkPath(name);
      let full = path.join(dir, entry.name);
      if (entry.isSymbolicLink()) {
        let target: string;
        try {
          target = await realpath(full);
        } catch {
          throw new AppPackageError(`${name} is a link to nothing`);
        }
        if (!inside(root, target)) throw new AppPackageError(`${name} links outside the package folder`);
        full = target;
      }
      const info = await lstat(full);
      if (info.isDirectory()) {
        // A link back to a folder already read would never end.
        if (visited.has(full)) continue;
        visited.add(full);
        await walk(full, name);
      } else if (info.isFile()) {
        budget.addFile();
        budget.addBytes(info.size);
        files.set(name, await readFile(full));
      }
    }
  }

  await walk(root, "");
  return checkAppPackage(files);
}

/** Finder and Explorer add these to the zips they make. */
const isArchiverLitter = (name: string) =>
  name.startsWith("__MACOSX/") || name === ".DS_Store" || name.endsWith("/.DS_Store");

/** Reads a .zip of a package; a zip of the package's folder (one top-level folder) is unwrapped. */
export async function readAppZip(zip: Uint8Array, limits: Partial<PackageLimits> = {}): Promise<AppPackage> {
  if (zip.length === 0) throw new AppPackageError("The package is empty");
  const budget = new Budget(limitsOf(limits));
  let files = new Map<string, FileBytes>();
  try {
    const entries = listZipEntries(zip).filter(
      (entry) => !entry.name.endsWith("/") && !isArchiverLitter(entry.name),
    );
    // Names and counts are checked for every file before anything is inflated.
    for (const entry of entries) {
      checkPath(entry.name);
      if (files.has(entry.name)) throw new AppPackageError(`The package contains ${entry.name} twice`);
      files.set(entry.name, new Uint8Array());
      budget.addFile();
      budget.addDeclared(entry.declaredSize);
      if (entry.encrypted) throw new AppPackageError(`${entry.name} is encrypted`);
      if (entry.method !== STORED && entry.method !== DEFLATED) {
        throw new AppPackageError(
          `${entry.name} is compressed in a way Keel does not read (method ${entry.method})`,
        );
      }
    }
    for (const entry of entries) {
      const content = await readZipEntry(zip, entry, budget.remaining + 1);
      if (content === null) throw budget.tooLarge();
      budget.addBytes(content.length);
      files.set(entry.name, content);
    }
  } catch (error) {
    if (error instanceof UnreadableZipError)
      throw new AppPackageError("The package is not a readable .zip file");
    throw error;
  }
  const tops = new Set([...files.keys()].map((name) => (name.includes("/") ? name.split("/")[0] : "")));
  const [top] = tops;
  if (tops.size === 1 && top) {
    files = new Map([...files].map(([name, content]) => [name.slice(top.length + 1), content]));
  }
  return checkAppPackage(files);
}

export async function readAppPackage(
  source: string,
  limits: Partial<PackageLimits> = {},
): Promise<AppPackage> {
  let info;
  try {
    info = await stat(source);
  } catch {
    throw new AppPackageError(`${source} does not exist`);
  }
  if (info.isDirectory()) return readAppFolder(source, limits);
  const { maxBytes } = limitsOf(limits);
  if (info.size > maxBytes) throw new AppPackageError(`The package is larger than ${megabytes(maxBytes)}`);
  return readAppZip(await readFile(source), limits);
}

function parseJson(content: Uint8Array, file: string): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(content).replace(/^\uFEFF/, ""));
  } catch (error) {
    throw new AppPackageError(`${file} is not valid JSON: ${(error as Error).message}`);
  }
}

/** Checks the manifest and that every file it names is in the package. */
export function checkAppPackage(files: ReadonlyMap<string, FileBytes>): AppPackage {
  const manifestFile = files.get(MANIFEST_FILE);
  if (!manifestFile) throw new AppPackageError(`The package has no ${MANIFEST_FILE} at its root`);
  const parsed = ManifestSchema.safeParse(parseJson(manifestFile, MANIFEST_FILE));
  if (!parsed.success) {
    const issues = manifestProblems(parsed.error);
    throw new AppPackageError(
      `${MANIFEST_FILE} is not valid: ${issues.map((i) => `${i.path}: ${i.message}`).join("; ")}`,
      issues,
    );
  }
  const manifest = parsed.data;

  const missing: ManifestProblem[] = [];
  const expect = (field: string, file: string | undefined, folder: string) => {
    if (file === undefined) return;
    const name = folder ? `${folder}/${filePart(file)}` : filePart(file);
    if (!files.has(name)) missing.push({ path: field, message: `no file ${name} in the package` });
  };
  expect("icon", manifest.icon, "");
  expect("iconDark", manifest.iconDark, "");
  manifest.widgets.forEach((widget, index) => {
    expect(`widgets.${index}.indexPath`, widget.indexPath, WIDGETS_FOLDER);
    expect(`widgets.${index}.iconPath`, widget.iconPath, WIDGETS_FOLDER);
    expect(`widgets.${index}.settingsSchemaPath`, widget.settingsSchemaPath, WIDGETS_FOLDER);
  });
  if (missing.length > 0) {
    throw new AppPackageError(
      `The package lacks files its ${MANIFEST_FILE} names: ${missing.map((i) => `${i.path}: ${i.message}`).join("; ")}`,
      missing,
    );
  }

  const settings = files.get(SETTINGS_FILE);
  const settingsSchema = settings ? JSON.stringify(parseJson(settings, SETTINGS_FILE)) : null;
  return { manifest, files, settingsSchema };
}
