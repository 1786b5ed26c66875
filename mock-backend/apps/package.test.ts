import { cpSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, expect, test } from "vitest";
import { zipSync } from "fflate";
import {
  MINIMAL_APP_DIR,
  minimalFiles,
  utf8,
  zipBomb,
  zipOf,
  type PackageFiles,
} from "#tests/helpers/app-packages.ts";
import {
  AppPackageError,
  checkAppPackage,
  MAX_PACKAGE_BYTES,
  MAX_PACKAGE_FILES,
  readAppFolder,
  readAppPackage,
  readAppZip,
} from "./package.ts";

const temporary: string[] = [];
afterEach(() => {
  for (const dir of temporary.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function copyOfMinimal(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "keel-app-"));
  temporary.push(dir);
  cpSync(MINIMAL_APP_DIR, path.join(dir, "minimal"), { recursive: true });
  return path.join(dir, "minimal");
}

function refusal(read: () => unknown): AppPackageError {
  try {
    read();
  } catch (error) {
    if (error instanceof AppPackageError) return error;
    throw error;
  }
  throw new Error("the package was accepted");
}

async function asyncRefusal(read: () => Promise<unknown>): Promise<AppPackageError> {
  const error: unknown = await read().then(
    () => new Error("the package was accepted"),
    (e: unknown) => e,
  );
  if (error instanceof AppPackageError) return error;
  throw error;
}

const check = (files: PackageFiles) => checkAppPackage(new Map(Object.entries(files)));

test("a package folder is read whole: manifest, widget files, backend and settings", async () => {
  const pkg = await readAppFolder(MINIMAL_APP_DIR);
  expect(pkg.manifest.name).toBe("minimal");
  expect([...pkg.files.keys()].sort()).toEqual([
    "backend.js",
    "icon.svg",
    "manifest.json",
    "settings.json",
    "widgets/panel/icon.svg",
    "widgets/panel/index.html",
    "widgets/tile/index.html",
    "widgets/tile/settings.json",
  ]);
  expect(JSON.parse(pkg.settingsSchema ?? "null")).toMatchObject({ title: "Minimal settings" });
});

test("a zip reads the same as its folder, also when its files sit in one top-level folder", async () => {
  const folder = await readAppFolder(MINIMAL_APP_DIR);
  for (const zip of [zipOf(minimalFiles()), zipOf(minimalFiles(), "minimal-1.0.0")]) {
    const pkg = await readAppZip(zip);
    expect(pkg.manifest).toEqual(folder.manifest);
    expect([...pkg.files.keys()].sort()).toEqual([...folder.files.keys()].sort());
  }
});

test("readAppPackage takes a folder or a .zip file by its path", async () => {
  const dir = copyOfMinimal();
  const zipFile = path.join(path.dirname(dir), "minimal.zip");
  writeFileSync(zipFile, zipOf(minimalFiles()));
  expect((await readAppPackage(dir)).manifest.name).toBe("minimal");
  expect((await readAppPackage(zipFile)).manifest.name).toBe("minimal");
  expect((await asyncRefusal(() => readAppPackage(path.join(dir, "nothing-here")))).message).toMatch(
    /does not exist$/,
  );
});

test("Finder's __MACOSX litter does not stop a zip from being unwrapped", async () => {
  const files = { ...minimalFiles(), "__MACOSX/._manifest.json": utf8("x"), ".DS_Store": utf8("x") };
  const zip = zipOf(files, "minimal");
  expect((await readAppZip(zip)).files.has("manifest.json")).toBe(true);
});

test("zip entries that climb out, are absolute or use backslashes are refused", async () => {
  for (const name of [
    "../evil.js",
    "widgets/../../evil.js",
    "/etc/passwd",
    "widgets\\panel\\evil.js",
    "a//b",
  ]) {
    const zip = zipSync({ ...minimalFiles(), [name]: utf8("evil") });
    expect((await asyncRefusal(() => readAppZip(zip))).message).toBe(
      `The package contains the path ${JSON.stringify(name)}: paths must be relative, use / and never ..`,
    );
  }
});

test("a file that is not a zip is refused with a plain message", async () => {
  expect((await asyncRefusal(() => readAppZip(utf8("not a zip at all, just text")))).message).toBe(
    "The package is not a readable .zip file",
  );
  expect((await asyncRefusal(() => readAppZip(new Uint8Array()))).message).toBe("The package is empty");
});

test("more than 2000 files, or more than 50 MB unpacked, are refused before inflating", async () => {
  const many: PackageFiles = minimalFiles();
  for (let i = 0; i < MAX_PACKAGE_FILES; i += 1) many[`widgets/assets/${i}.js`] = utf8("");
  expect((await asyncRefusal(() => readAppZip(zipSync(many)))).message).toBe(
    "The package has more than 2000 files",
  );

  // Zeros compress to almost nothing: the declared size is what counts.
  const bomb = { ...minimalFiles(), "widgets/big.bin": new Uint8Array(MAX_PACKAGE_BYTES) };
  const zip = zipSync(bomb, { level: 9 });
  expect(zip.length).toBeLessThan(1024 * 1024);
  expect((await asyncRefusal(() => readAppZip(zip))).message).toBe(
    "The package is larger than 50 MB unpacked",
  );
});

test("a zip bomb that understates its sizes is refused by the bytes it inflates, and timers keep firing", async () => {
  const bomb = zipBomb(1024 * 1024 * 1024);
  expect(bomb.length).toBeLessThan(MAX_PACKAGE_BYTES / 5);
  let ticks = 0;
  let last = performance.now();
  let longestPause = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longestPause = Math.max(longestPause, now - last);
    last = now;
    ticks += 1;
  }, 5);
  try {
    const error = await asyncRefusal(() => readAppZip(bomb));
    expect(error.message).toBe("The package is larger than 50 MB unpacked");
  } finally {
    clearInterval(timer);
  }
  expect(ticks).toBeGreaterThan(2);
  expect(longestPause).toBeLessThan(1000);
});

test("the unpacked size limit is a setting", async () => {
  const zip = zipOf(minimalFiles());
  expect((await readAppZip(zip, { maxBytes: 1024 * 1024 })).manifest.name).toBe("minimal");
  expect((await asyncRefusal(() => readAppZip(zip, { maxBytes: 100 }))).message).toBe(
    "The package is larger than 100 bytes unpacked",
  );
});

test("a folder's links may point inside it, never outside", async () => {
  const dir = copyOfMinimal();
  symlinkSync(path.join(dir, "widgets/panel/icon.svg"), path.join(dir, "widgets/tile/icon.svg"));
  expect((await readAppFolder(dir)).files.has("widgets/tile/icon.svg")).toBe(true);

  const outside = path.join(path.dirname(dir), "secret.txt");
  writeFileSync(outside, "secret");
  symlinkSync(outside, path.join(dir, "widgets/secret.txt"));
  expect((await asyncRefusal(() => readAppFolder(dir))).message).toBe(
    "widgets/secret.txt links outside the package folder",
  );
});

test("a folder link back to a parent folder does not loop", async () => {
  const dir = copyOfMinimal();
  symlinkSync(dir, path.join(dir, "widgets/again"));
  expect((await readAppFolder(dir)).manifest.name).toBe("minimal");
});

test("a package without manifest.json, or with one that is not JSON, is refused", () => {
  const files = minimalFiles();
  delete files["manifest.json"];
  expect(refusal(() => check(files)).message).toBe("The package has no manifest.json at its root");
  expect(refusal(() => check({ ...files, "manifest.json": utf8("{name:") })).message).toMatch(
    /^manifest\.json is not valid JSON: /,
  );
});

test("an invalid manifest is refused naming every field, with the issues for the API", () => {
  const error = refusal(() =>
    check(
      minimalFiles((m) => {
        m.vendor = { name: "Evil", url: "javascript:alert(1)" };
        m.widgets[0]!.key = "Panel";
      }),
    ),
  );
  expect(error.message).toBe(
    "manifest.json is not valid: vendor.url: must be an http or https URL; " +
      "widgets.0.key: must start with a lower-case letter or digit and contain only a-z, 0-9, -, _, . and ~",
  );
  expect(error.issues.map((i) => i.path)).toEqual(["vendor.url", "widgets.0.key"]);
});

test("every file the manifest names must be in the package, under widgets/ for widgets", () => {
  const files = minimalFiles((m) => {
    m.widgets[0]!.indexPath = "missing/index.html";
    m.widgets[0]!.iconPath = "icon.svg";
    m.widgets[1]!.settingsSchemaPath = "tile/nothing.json";
    m.iconDark = "dark.svg";
  });
  const error = refusal(() => check(files));
  expect(error.issues).toEqual([
    { path: "iconDark", message: "no file dark.svg in the package" },
    { path: "widgets.0.indexPath", message: "no file widgets/missing/index.html in the package" },
    { path: "widgets.0.iconPath", message: "no file widgets/icon.svg in the package" },
    { path: "widgets.1.settingsSchemaPath", message: "no file widgets/tile/nothing.json in the package" },
  ]);
  expect(error.message).toMatch(
    /^The package lacks files its manifest\.json names: iconDark: no file dark\.svg/,
  );
});

test("an index path with a query names the file before the query", () => {
  const files = minimalFiles((m) => (m.widgets[0]!.indexPath = "panel/index.html?compact=1"));
  expect(check(files).manifest.widgets[0]?.indexPath).toBe("panel/index.html?compact=1");
});

test("duplicate widget keys are refused", () => {
  const files = minimalFiles((m) => (m.widgets[1]!.key = "panel"));
  expect(refusal(() => check(files)).message).toBe(
    "manifest.json is not valid: widgets.1.key: the key panel is used by another widget too: keys must be unique",
  );
});

test("settings.json, when present, must be JSON", () => {
  expect(refusal(() => check({ ...minimalFiles(), "settings.json": utf8("{ nope") })).message).toMatch(
    /^settings\.json is not valid JSON: /,
  );
  const files = minimalFiles();
  delete files["settings.json"];
  expect(check(files).settingsSchema).toBeNull();
});
