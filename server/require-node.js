// The first step of every npm script that runs Keel's TypeScript: on a Node.js older than package.json's
// `engines`, one line says which version is needed and how to get it, instead of a failure a minute later
// on a .ts file. Plain JavaScript with nothing imported beyond Node's own modules, so any Node runs it.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const HOW_TO_GET =
  "get Node.js 24 with `nvm install 24`, or run once with it from npm: " +
  "`npx -y -p node@24 -- sh -c 'npm install && npm run demo'` (README: Requirements)";

/** The version `engines.node` asks for as numbers, from ">=22.22" or ">=22.22.0". */
export function requiredVersion(range) {
  const match = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(String(range).trim());
  if (!match) throw new Error(`package.json engines.node must read ">=X.Y": ${range}`);
  return [Number(match[1]), Number(match[2] ?? 0), Number(match[3] ?? 0)];
}

/** The one-line complaint about `actual` (such as "v20.20.2"), or null when it is new enough. */
export function nodeVersionProblem(actual, range) {
  const required = requiredVersion(range);
  const have = String(actual)
    .replace(/^v/, "")
    .split(".")
    .map((part) => Number.parseInt(part, 10) || 0);
  for (let i = 0; i < 3; i++) {
    if ((have[i] ?? 0) > required[i]) return null;
    if ((have[i] ?? 0) < required[i]) {
      const wanted = required.slice(0, required[2] === 0 ? 2 : 3).join(".");
      return `Keel needs Node.js ${wanted} or later (24 recommended), and this is Node.js ${actual}: ${HOW_TO_GET}.`;
    }
  }
  return null;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
  const problem = nodeVersionProblem(process.version, pkg.engines.node);
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}
