import { expect, test } from "vitest";
import { findBuildWarnings } from "../clean-build/build-warnings.ts";

test("Vite's (!) notices, Rolldown's coded diagnostics and warning lines count; the rest does not", () => {
  const output = [
    "vite v7.1.0 building for production...",
    "\u001b[33m(!) Some chunks are larger than 500 kB after minification.\u001b[39m",
    "[PLUGIN_TIMINGS] Your build spent significant time in plugins.",
    "Warning: something deprecated",
    "✓ 812 modules transformed.",
    "build/client/assets/root-abc.js  12.30 kB │ gzip: 4.10 kB",
  ].join("\n");
  expect(findBuildWarnings(output)).toEqual([
    "(!) Some chunks are larger than 500 kB after minification.",
    "[PLUGIN_TIMINGS] Your build spent significant time in plugins.",
    "Warning: something deprecated",
  ]);
});
