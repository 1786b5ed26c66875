// WCAG 2.2 AA for both themes and AAA for the high-contrast ones, read from the stylesheets themselves.
import { readFileSync } from "node:fs";
import { expect, test } from "vitest";

const css = readFileSync(new URL("./app.css", import.meta.url), "utf8");
const highContrastCss = readFileSync(new URL("./high-contrast.css", import.meta.url), "utf8");

/** Each custom property defined with light-dark(): name → [light, dark]. */
function palette(css: string): Map<string, [string, string]> {
  const colours = new Map<string, [string, string]>();
  for (const match of css.matchAll(/--([\w-]+):\s*light-dark\((#[0-9a-f]{6}),\s*(#[0-9a-f]{6})\)/gi)) {
    colours.set(match[1]!, [match[2]!, match[3]!]);
  }
  return colours;
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

// Text pairs need 4.5:1; focus rings and the unread dot against their backgrounds need 3:1 (non-text).
const TEXT_PAIRS: [string, string][] = [
  ["fg", "bg"],
  ["fg", "surface"],
  ["muted", "bg"],
  ["muted", "surface"],
  ["accent", "bg"],
  ["accent", "surface"],
  ["accent-fg", "accent"],
  ["danger", "bg"],
  ["banner-fg", "banner-bg"],
];
const NON_TEXT_PAIRS: [string, string][] = [
  ["focus", "bg"],
  ["focus", "surface"],
  ["danger", "surface"],
];

const colours = palette(css);
const highContrast = palette(highContrastCss);

test("the palette defines every colour the pairs use, light and dark", () => {
  for (const [a, b] of [...TEXT_PAIRS, ...NON_TEXT_PAIRS]) {
    expect(colours.has(a), a).toBe(true);
    expect(colours.has(b), b).toBe(true);
  }
});

for (const [index, theme] of [
  [0, "light (default)"],
  [1, "dark (darcula)"],
] as const) {
  test.each(TEXT_PAIRS)(`${theme}: text --%s on --%s reaches 4.5:1`, (fg, bg) => {
    const ratio = contrast(colours.get(fg)![index], colours.get(bg)![index]);
    expect(ratio, `${fg} on ${bg}: ${ratio.toFixed(2)}`).toBeGreaterThanOrEqual(4.5);
  });
  test.each(NON_TEXT_PAIRS)(`${theme}: --%s against --%s reaches 3:1`, (fg, bg) => {
    const ratio = contrast(colours.get(fg)![index], colours.get(bg)![index]);
    expect(ratio, `${fg} against ${bg}: ${ratio.toFixed(2)}`).toBeGreaterThanOrEqual(3);
  });
}

test("the high-contrast palette overrides every colour of the standard one", () => {
  expect([...highContrast.keys()].sort()).toEqual([...colours.keys()].sort());
});

for (const [index, theme] of [
  [0, "high-contrast light"],
  [1, "high-contrast dark"],
] as const) {
  test.each([...TEXT_PAIRS, ["danger", "surface"]])(`${theme}: text --%s on --%s reaches 7:1`, (fg, bg) => {
    const ratio = contrast(highContrast.get(fg)![index], highContrast.get(bg)![index]);
    expect(ratio, `${fg} on ${bg}: ${ratio.toFixed(2)}`).toBeGreaterThanOrEqual(7);
  });
  test.each([...NON_TEXT_PAIRS, ["border", "bg"], ["border", "surface"]])(
    `${theme}: --%s against --%s reaches 4.5:1`,
    (fg, bg) => {
      const ratio = contrast(highContrast.get(fg)![index], highContrast.get(bg)![index]);
      expect(ratio, `${fg} against ${bg}: ${ratio.toFixed(2)}`).toBeGreaterThanOrEqual(4.5);
    },
  );
}

test("the contrast formula matches WCAG's reference values", () => {
  expect(contrast("#000000", "#ffffff")).toBeCloseTo(21, 5);
  expect(contrast("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
});
