// The screenshot plan (tests/screenshots/plan.ts) names real pages and sensible looks, the README shows
// shots the plan makes, and the PNG recompression loses nothing.
import { existsSync, readFileSync } from "node:fs";
import { deflateSync } from "node:zlib";
import { matchPath } from "react-router";
import { expect, test } from "vitest";
import { LANGUAGES, directionOf } from "#app/i18n/languages.ts";
import { SHELL_ROUTES } from "#app/shell/route-table.ts";
import { decodePng, encodePng } from "../screenshots/png.ts";
import { FEATURE_SHOTS, PAGES, README_SHOTS, VARIANTS, featureFile, shotFile } from "../screenshots/plan.ts";

const KEBAB = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

test("pages and variants have unique kebab-case ids and make a modest set of distinct files", () => {
  for (const list of [PAGES, VARIANTS]) {
    const ids = list.map((item) => item.id);
    expect(
      ids.every((id) => KEBAB.test(id)),
      ids.join(", "),
    ).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  }
  const files = PAGES.flatMap((page) => VARIANTS.map((variant) => shotFile(page, variant)));
  expect(new Set(files).size).toBe(files.length);
  expect(files.length).toBeLessThanOrEqual(30);
});

test("every page is one of Keel's routes, the sign-in page shot before signing in", () => {
  for (const page of PAGES) {
    expect(page.path, page.id).toMatch(/^\/[^?#]*$/);
    if (!page.signedIn) continue;
    const route = SHELL_ROUTES.find((candidate) => matchPath(candidate.path, page.path));
    expect(route, `${page.path} is a route of app/shell/route-table.ts`).toBeDefined();
  }
  expect(PAGES.filter((page) => !page.signedIn).map((page) => page.path)).toEqual(["/login"]);
  for (const required of ["/issues", "/issue/DEMO-2", "/dashboard", "/notifications"]) {
    expect(PAGES.map((page) => page.path)).toContain(required);
  }
  expect(PAGES.some((page) => page.path.startsWith("/articles/"))).toBe(true);
});

test("the variants are light, dark and Hebrew on a desktop, and a phone, at real screen sizes", () => {
  for (const variant of VARIANTS) {
    expect(variant.width, variant.id).toBeGreaterThanOrEqual(320);
    expect(variant.width, variant.id).toBeLessThanOrEqual(1440);
    expect(variant.height, variant.id).toBeGreaterThanOrEqual(600);
    expect(variant.height, variant.id).toBeLessThanOrEqual(900);
    expect(LANGUAGES).toContain(variant.language);
    expect(variant.phone, variant.id).toBe(variant.width <= 480);
  }
  const desktop = VARIANTS.filter((variant) => variant.width === 1280);
  expect(desktop.map(({ colorScheme, language }) => `${colorScheme} ${language}`).sort()).toEqual([
    "dark en",
    "light en",
    "light he",
  ]);
  expect(desktop.some((variant) => directionOf(variant.language) === "rtl")).toBe(true);
  expect(VARIANTS.filter((variant) => variant.phone).map((variant) => variant.width)).toEqual([390]);
});

test("the README shows the plan's shots from docs/screenshots, each of them committed", () => {
  const readme = readFileSync("README.md", "utf8");
  const section = /^## Screenshots\n([\s\S]*?)(?=^## )/m.exec(readme)?.[1] ?? "";
  const shown = [...section.matchAll(/\(docs\/screenshots\/([\w-]+\.png)\)/g)].map((match) => match[1]);
  const planned = README_SHOTS.map(([pageId, variantId]) => {
    const page = PAGES.find((candidate) => candidate.id === pageId);
    const variant = VARIANTS.find((candidate) => candidate.id === variantId);
    expect(page && variant, `${pageId}-${variantId} is in the plan`).toBeTruthy();
    return shotFile(page!, variant!);
  });
  expect(shown).toEqual(planned);
  for (const file of planned) expect(existsSync(`docs/screenshots/${file}`), file).toBe(true);
});

test("each feature shot is in a planned look, committed, and shown in the README's list of what the shell does", () => {
  const readme = readFileSync("README.md", "utf8");
  const routesSource = readFileSync("app/routes.ts", "utf8");
  const features = /^## What the shell does today\n([\s\S]*?)(?=^## )/m.exec(readme)?.[1] ?? "";
  for (const shot of FEATURE_SHOTS) {
    expect(KEBAB.test(shot.id), shot.id).toBe(true);
    expect(VARIANTS.map((variant) => variant.id)).toContain(shot.variant);
    // A shell page, or one of the lite app's own pages (app/routes.ts: /settings/navigation).
    const pathname = shot.path.split("?")[0]!;
    expect(
      SHELL_ROUTES.some((route) => matchPath(route.path, pathname)) ||
        routesSource.includes(`route("${pathname.slice(1)}", "routes/`),
      shot.path,
    ).toBe(true);
    expect(existsSync(`docs/screenshots/${featureFile(shot)}`), featureFile(shot)).toBe(true);
    expect(features).toContain(`(docs/screenshots/${featureFile(shot)})`);
  }
});

/** A tiny PNG the way a browser writes one: RGBA, every row unfiltered, default compression. */
function browserPng(width: number, height: number, pixel: (x: number, y: number) => number[]): Buffer {
  const rows = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) Buffer.from(pixel(x, y)).copy(rows, y * (width * 4 + 1) + 1 + x * 4);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 6;
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    // The decoder does not check CRCs: zeros serve.
    return Buffer.concat([length, Buffer.from(type, "latin1"), data, Buffer.alloc(4)]);
  };
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const rgbOf = (png: Buffer) => {
  const image = decodePng(png);
  if (!image) throw new Error("not a PNG the decoder reads");
  if (image.channels === 3) return image.pixels;
  const rgb = Buffer.alloc((image.pixels.length / 4) * 3);
  for (let i = 0; i < image.pixels.length / 4; i++) image.pixels.copy(rgb, i * 3, i * 4, i * 4 + 3);
  return rgb;
};

test("recompressing keeps every pixel: a few colours become a palette, many stay true colour", () => {
  const few = browserPng(64, 40, (x, y) =>
    ((x >> 3) + (y >> 3)) % 2 === 0 ? [255, 255, 255, 255] : [20, 90, 200, 255],
  );
  const many = browserPng(64, 40, (x, y) => [x * 4, y * 6, (x * y) % 256, 255]);
  for (const original of [few, many]) {
    const smaller = encodePng(decodePng(original)!);
    expect(rgbOf(smaller).equals(rgbOf(original))).toBe(true);
    expect(smaller.length).toBeLessThan(original.length);
  }
  expect(encodePng(decodePng(few)!)[25], "colour type").toBe(3);
  expect(encodePng(decodePng(many)!)[25], "colour type").toBe(2);
});

test("an image with transparency keeps its alpha channel", () => {
  const translucent = browserPng(8, 8, (x) => [10, 20, 30, x * 30]);
  const again = decodePng(encodePng(decodePng(translucent)!))!;
  expect(again.channels).toBe(4);
  expect(again.pixels.equals(decodePng(translucent)!.pixels)).toBe(true);
});
