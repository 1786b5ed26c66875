// The Vite-built fixture apps (tests/fixtures/vite-apps/<name>/): sources laid out as the product's app
// generator lays them out, built with `vite build` as a generated app builds, so what the tests install is
// what the official tooling produces. A build is kept by content in node_modules/.cache/keel-vite-apps/,
// so only a change to a fixture or to the tooling builds again.
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { cp, mkdir, readdir, readFile, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const FIXTURES = path.join(ROOT, "tests/fixtures/vite-apps");
const CACHE = path.join(ROOT, "node_modules/.cache/keel-vite-apps");
/** The tooling whose version changes the output. */
const TOOLING = [
  "vite",
  "@vitejs/plugin-react",
  "vite-plugin-static-copy",
  "@jetbrains/ring-ui-built",
  "react",
];
const BUILD_TIMEOUT_MS = 120_000;

async function filesOf(dir: string, prefix = ""): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const files: string[] = [];
  for (const entry of entries) {
    if (entry.name === "dist" || entry.name === "node_modules") continue;
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...(await filesOf(path.join(dir, entry.name), relative)));
    else if (entry.isFile()) files.push(relative);
  }
  return files.sort();
}

async function contentHash(source: string): Promise<string> {
  const hash = createHash("sha256");
  for (const file of await filesOf(source)) {
    hash
      .update(`${file}\0`)
      .update(await readFile(path.join(source, file)))
      .update("\0");
  }
  for (const name of TOOLING) {
    const manifest = JSON.parse(
      await readFile(path.join(ROOT, "node_modules", name, "package.json"), "utf8"),
    ) as { version: string };
    hash.update(`${name}@${manifest.version}\0`);
  }
  return hash.digest("hex").slice(0, 16);
}

const exists = (target: string) =>
  stat(target).then(
    () => true,
    () => false,
  );

/**
 * The built package (the folder `npm run apps:install` takes) of the fixture `name`. Built in a copy of the
 * fixture inside the cache, which resolves React, Ring UI and Vite from the project's node_modules, and
 * moved into place whole, so concurrent test processes never see half a build.
 */
export async function buildViteApp(name: string): Promise<string> {
  const source = path.join(FIXTURES, name);
  const target = path.join(CACHE, `${name}-${await contentHash(source)}`);
  if (await exists(path.join(target, "manifest.json"))) return target;
  await mkdir(CACHE, { recursive: true });
  const work = path.join(CACHE, `.${name}-${process.pid}-${Date.now()}`);
  await cp(source, work, { recursive: true, filter: (file) => !/[/\\](dist|node_modules)$/.test(file) });
  try {
    await promisify(execFile)(
      process.execPath,
      [path.join(ROOT, "node_modules/vite/bin/vite.js"), "build", "--logLevel", "warn"],
      { cwd: work, timeout: BUILD_TIMEOUT_MS, env: { ...process.env, NODE_ENV: "production" } },
    );
    await rename(path.join(work, "dist"), target).catch(async (error: NodeJS.ErrnoException) => {
      // Another process built the same content first.
      if (!(await exists(path.join(target, "manifest.json")))) throw error;
    });
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  return target;
}
