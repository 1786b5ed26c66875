import { expect, test } from "vitest";
import { findBuildWarnings } from "../build/build-warnings.ts";

test("Vite's notices, Rolldown's diagnostics and warning lines count; file listings do not", () => {
  const output = [
    "vite v8.3.8 building client environment for production...",
    "build/client/assets/errors-C5cBqXyo.js   1.79 kB │ gzip:   1.13 kB",
    "(!) Some chunks are larger than 500 kB after minification. Consider:",
    "\u001b[33m[INEFFECTIVE_DYNAMIC_IMPORT] \u001b[0mlocales/cs/errors.json is dynamically imported",
    "WARNING: Your schema specifies the following datasource properties",
    "✓ built in 41.07s",
  ].join("\n");
  expect(findBuildWarnings(output)).toEqual([
    "(!) Some chunks are larger than 500 kB after minification. Consider:",
    "[INEFFECTIVE_DYNAMIC_IMPORT] locales/cs/errors.json is dynamically imported",
    "WARNING: Your schema specifies the following datasource properties",
  ]);
});
