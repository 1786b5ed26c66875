// Bounded, deterministic fuzzing of the post-sign-in redirect check (app/lib/redirect-target.ts) against
// the WHATWG URL parser, which is what browsers use to resolve a Location header or a link's href: no
// input may come out as something that resolves to another origin, from any page of the site.
import { expect, test } from "vitest";
import { safeRedirectTarget } from "#app/lib/redirect-target.ts";
import { Random } from "../helpers/random.ts";

const CASES = 20_000;
const SEED = 0x5afe;
const ORIGIN = "https://keel.example";
/** Pages a redirect or a back link can be followed from: relative resolution depends on them. */
const BASES = [`${ORIGIN}/`, `${ORIGIN}/login?redirect=x`, `${ORIGIN}/issue/DEMO-1/a/b#h`, `${ORIGIN}/menu`];

/** Pieces that mean something to URL parsing: slashes, dots, encodings, schemes, hosts, separators. */
const PIECES = [
  "/",
  "//",
  "\\",
  "%5c",
  "%5C",
  "%2f",
  "%2F",
  ".",
  "..",
  "%2e",
  "%2E",
  "%2e%2e",
  ".%2e",
  ";",
  "..;",
  "evil.example",
  "@evil.example",
  ":",
  "http:",
  "https:",
  "javascript:",
  "?",
  "#",
  "&",
  "=",
  "issues",
  "a",
  "\t",
  "\n",
  "\r",
  " ",
  "\u0000",
  "\u007f",
  "\u3002",
  "\uff0f",
  "\uff3c",
  "%00",
  "%09",
  "%0a",
];
/** Known shapes of bypasses, mutated below so that their neighbours are tried too. */
const SHAPES = [
  "/.//evil.example",
  "/a/..//evil.example",
  "/%2e//evil.example",
  "/\\/evil.example",
  "//evil.example",
];

function generate(random: Random): string {
  if (random.chance(0.3)) {
    const shape = random.pick(SHAPES);
    const at = random.int(0, shape.length);
    return shape.slice(0, at) + random.pick(PIECES) + shape.slice(at + (random.chance(0.5) ? 1 : 0));
  }
  const parts = random.chance(0.8) ? ["/"] : [];
  const length = random.int(1, 8);
  for (let i = 0; i < length; i++) parts.push(random.pick(PIECES));
  return parts.join("");
}

test(`${CASES} generated targets never resolve to another origin`, { timeout: 60_000 }, () => {
  const random = new Random(SEED);
  for (let i = 0; i < CASES; i++) {
    const input = generate(random);
    const target = safeRedirectTarget(input);
    const where = `case ${i} (seed ${SEED}): ${JSON.stringify(input)} -> ${JSON.stringify(target)}`;
    expect(target.startsWith("/"), where).toBe(true);
    for (const base of BASES) expect(new URL(target, base).origin, where).toBe(ORIGIN);
    // A target is checked again wherever it is carried on (a hidden form field, a back link).
    expect(safeRedirectTarget(target), where).toBe(target);
  }
});
