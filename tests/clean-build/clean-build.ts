// npm test's build step: react-router build, whose output must hold no warning. A warning in a clean build
// is either a problem to fix or noise that hides the next real one.
import { spawnSync } from "node:child_process";
import { findBuildWarnings } from "./build-warnings.ts";

const build = spawnSync("node_modules/.bin/react-router", ["build"], { encoding: "utf8" });
process.stdout.write(build.stdout ?? "");
process.stderr.write(build.stderr ?? "");
if (build.status !== 0) process.exit(build.status ?? 1);
const warnings = findBuildWarnings(`${build.stdout ?? ""}\n${build.stderr ?? ""}`);
if (warnings.length > 0) {
  console.error(
    `\nThe build printed ${warnings.length} warning line(s):\n${warnings.slice(0, 10).join("\n")}`,
  );
  process.exit(1);
}
