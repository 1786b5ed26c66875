// The JavaScript a signed-in page loads before it is interactive (issue 10): what `npm run bench` reports
// as initial_js_gzip_kb, checked here against a budget so that a change which pulls a large library back
// into the first scripts fails a test rather than only moving a number.
import { readFileSync } from "node:fs";
import { expect, test } from "./fixtures.ts";
import { initialJs } from "../bench/initial-js.ts";
import { signInQuickly } from "./helpers.ts";

/** 180 KB when set (2026-11-22); the bench's target is 140, which the shell's stack cannot reach yet. */
const BUDGET_KB = 185;

test("/issues loads less than the budget before it is interactive, without Radix or zod's full API", async ({
  page,
}) => {
  await signInQuickly(page, "admin", "/issues");
  const response = await page.request.get("/issues");
  expect(response.status()).toBe(200);
  const html = await response.text();
  const initial = initialJs(html, page.url(), "build/client");
  expect(initial.gzip_kb, JSON.stringify(initial.files.slice(0, 8))).toBeLessThanOrEqual(BUDGET_KB);

  for (const file of initial.files) {
    const code = readFileSync(`build/client${file.path}`, "utf8");
    // Radix's menus load after hydration (app/shell/interactive-menu.tsx).
    expect(code.includes("DropdownMenu"), `${file.path} carries Radix's menus`).toBe(false);
    // The first scripts validate with zod/mini (contract/api-shell.ts).
    expect(code.includes("`ZodObject`"), `${file.path} carries zod's full API`).toBe(false);
  }

  // The menus are there once the page has hydrated: Radix's menu buttons replace the disclosures.
  await page.goto("/issues");
  const help = page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Help" });
  await expect(help).toHaveAttribute("aria-haspopup", "menu");
});
