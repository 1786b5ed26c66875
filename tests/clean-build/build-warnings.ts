// What counts as a warning in the build's output: Vite's `(!)` notices, Rolldown's `[CODE]` diagnostics and
// any line that says warning.
import { stripVTControlCharacters } from "node:util";

const WARNING = /^\s*\(!\)|^\s*\[[A-Z][A-Z0-9_]+\]|\bwarn(ing)?\b/i;

export function findBuildWarnings(output: string): string[] {
  return stripVTControlCharacters(output)
    .split("\n")
    .filter((line) => WARNING.test(line));
}
