// The first five minutes on an older Node.js: install and the demo stop at once, saying what to do.
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "vitest";
import { nodeVersionProblem, requiredVersion } from "./require-node.js";

const ENGINES = (JSON.parse(readFileSync("package.json", "utf8")) as { engines: { node: string } }).engines
  .node;
/** Debian's own Node.js, older than Keel's engines on the machines that have it (stack notes). */
const SYSTEM_NODE = "/usr/bin/node";
const systemVersion = spawnSync(SYSTEM_NODE, ["--version"], { encoding: "utf8" }).stdout?.trim() ?? "";
const olderNodeHere = systemVersion !== "" && nodeVersionProblem(systemVersion, ENGINES) !== null;

test("the engines range reads as the version Keel needs", () => {
  expect(requiredVersion(">=22.22")).toEqual([22, 22, 0]);
  expect(requiredVersion(">= 24.1.2")).toEqual([24, 1, 2]);
  expect(() => requiredVersion("^22")).toThrow(/engines.node/);
});

test("an older Node.js gets one line naming the version needed and how to get it", () => {
  const problem = nodeVersionProblem("v20.20.2", ">=22.22");
  expect(problem).toContain("Keel needs Node.js 22.22 or later");
  expect(problem).toContain("v20.20.2");
  expect(problem).toContain("nvm install 24");
  expect(problem).toContain("npx -y -p node@24");
  expect(problem).not.toContain("\n");
  expect(nodeVersionProblem("v22.21.9", ">=22.22")).not.toBeNull();
  expect(nodeVersionProblem("v22.22.0", ">=22.22")).toBeNull();
  expect(nodeVersionProblem("v24.21.0", ">=22.22")).toBeNull();
  expect(nodeVersionProblem(process.version, ENGINES)).toBeNull();
});

test("npm run demo, start, dev and test check the version before anything else", () => {
  const { scripts } = JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> };
  for (const name of ["demo", "start", "dev", "test", "backend"]) {
    expect(scripts[name], name).toMatch(/^node server\/require-node\.js && /);
  }
});

test.runIf(olderNodeHere)("on this machine's older Node.js the check fails at once with that line", () => {
  const started = performance.now();
  const run = spawnSync(SYSTEM_NODE, ["server/require-node.js"], { encoding: "utf8" });
  expect(performance.now() - started).toBeLessThan(1000);
  expect(run.status).toBe(1);
  expect(run.stderr.trim().split("\n")).toEqual([nodeVersionProblem(systemVersion, ENGINES)]);
});

test.runIf(olderNodeHere)(
  "on this machine's older Node.js npm install refuses before installing anything",
  () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), "keel-engines-"));
    try {
      for (const file of ["package.json", "package-lock.json"]) copyFileSync(file, path.join(folder, file));
      copyFileSync(".npmrc", path.join(folder, ".npmrc"));
      const npm = spawnSync(
        SYSTEM_NODE,
        ["/usr/bin/npm", "install", "--offline", "--no-audit", "--no-fund"],
        {
          cwd: folder,
          encoding: "utf8",
          env: { PATH: path.dirname(SYSTEM_NODE), HOME: process.env.HOME ?? os.tmpdir() },
        },
      );
      expect(npm.status).not.toBe(0);
      expect(npm.stderr).toContain("npm error code EBADENGINE");
      expect(existsSync(path.join(folder, "node_modules"))).toBe(false);
      expect(npm.stderr).toContain(`"node":"${ENGINES}"`);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  },
  30_000,
);
