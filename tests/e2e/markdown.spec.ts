import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { signInQuickly, waitForHydration } from "./helpers.ts";

/** The seeded issue with formulas, a diagram and a PDF attachment (prisma/factories.ts). */
const MATH_ISSUE = "/issue/DEMO-2";
/** The seeded issue with a task list: "Reproduced in Chromium" done, "Reproduced in Firefox" open. */
const TASK_ISSUE = "/issue/DEMO-1";

const description = (page: Page) => page.getByTestId("issue-description");

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("an issue's formulas are rendered by the server, and KaTeX's stylesheet is linked", async ({
    page,
  }) => {
    await page.goto(MATH_ISSUE);
    await expect(description(page).locator(".katex").first()).toBeVisible();
    await expect(description(page).locator(".math-display .katex-display")).toHaveCount(1);
    await expect(description(page)).toContainText(
      "Expenses over $100 keep their place at the front of the queue.",
    );
    await expect(page.locator('head link[rel="stylesheet"][href*="katex"]')).toHaveCount(1);
    // The diagram's source stays readable until a script draws it.
    await expect(description(page).locator(".mermaid-source")).toContainText(
      "graph LR; Queued --> Sending --> Synced; Sending --> Waiting --> Sending",
    );
  });

  test("a page without formulas does not load KaTeX's stylesheet", async ({ page }) => {
    await page.goto("/issue/DEMO-3");
    await expect(description(page)).toContainText("contrast ratio");
    await expect(page.locator('link[rel="stylesheet"][href*="katex"]')).toHaveCount(0);
  });

  test("a guest sees the task list read-only", async ({ page }) => {
    await page.goto(TASK_ISSUE);
    await expect(description(page).locator('input[type="checkbox"][disabled]')).toHaveCount(2);
    // Named, but read-only: nothing a guest can toggle.
    await expect(
      description(page).getByRole("checkbox", { name: "To do: Reproduced in Firefox" }),
    ).toBeDisabled();
    await expect(description(page).locator("button.task-toggle")).toHaveCount(0);
  });

  test("a member toggles a task with a plain form post, and can toggle it back", async ({ page }) => {
    await signInQuickly(page, "admin", TASK_ISSUE);
    const firefox = description(page).getByRole("checkbox", { name: /Reproduced in Firefox/ });
    await expect(firefox).not.toBeChecked();
    const [post] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes(TASK_ISSUE)),
      firefox.click(),
    ]);
    expect(post.status()).toBe(302);
    await expect(page).toHaveURL(TASK_ISSUE);
    await expect(description(page).getByRole("checkbox", { name: /Reproduced in Firefox/ })).toBeChecked();
    await description(page)
      .getByRole("checkbox", { name: /Reproduced in Firefox/ })
      .click();
    await expect(
      description(page).getByRole("checkbox", { name: /Reproduced in Firefox/ }),
    ).not.toBeChecked();
    await expect(description(page).getByRole("checkbox", { name: /Reproduced in Chromium/ })).toBeChecked();
  });

  test("a PDF is a link to the file, never a frame, even with ?preview=", async ({ page }) => {
    await page.goto(`${MATH_ISSUE}?preview=pdf-1`);
    await expect(description(page).getByRole("link", { name: "Release checklist" })).toHaveAttribute(
      "href",
      "/demo/release-checklist.pdf",
    );
    await expect(description(page).locator("iframe")).toHaveCount(0);
    await expect(description(page).getByRole("link", { name: "Show preview" })).toHaveCount(0);
  });
});

test("a Mermaid diagram is drawn in the browser", async ({ page }) => {
  await page.goto(MATH_ISSUE);
  await waitForHydration(page);
  const diagram = description(page).locator("[data-mermaid]");
  await diagram.scrollIntoViewIfNeeded();
  await expect(diagram).toHaveAttribute("data-mermaid-state", "rendered", { timeout: 15_000 });
  await expect(diagram.locator(".mermaid-svg svg")).toBeVisible();
  await expect(diagram.locator(".mermaid-svg")).toContainText("Waiting");
  await expect(page.getByText("Failed to render Mermaid diagram")).toHaveCount(0);
});

test.describe("on a short screen", () => {
  test.use({ viewport: { width: 412, height: 480 } });

  test("a diagram far down the page is drawn only as it comes near", async ({ page }) => {
    const diagramEngine: string[] = [];
    page.on("request", (request) => {
      if (/\/mermaid[.-]/.test(request.url())) diagramEngine.push(request.url());
    });
    await page.goto(MATH_ISSUE);
    await waitForHydration(page);
    const diagram = description(page).locator("[data-mermaid]");
    // Well below the screen and its look-ahead of half a screen.
    expect(await diagram.evaluate((element) => element.getBoundingClientRect().top)).toBeGreaterThan(480 * 2);
    // An observer reports on the next frames: eagerly drawn, the diagram would be loading by now.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    await page.waitForTimeout(500);
    await expect(diagram).not.toHaveAttribute("data-mermaid-state");
    expect(diagramEngine).toEqual([]);

    await diagram.scrollIntoViewIfNeeded();
    await expect(diagram).toHaveAttribute("data-mermaid-state", "rendered", { timeout: 25_000 });
    expect(diagramEngine.length).toBeGreaterThan(0);
  });
});

test("a PDF link opens no frame in the page once scripts run", async ({ page }) => {
  await page.goto(MATH_ISSUE);
  await waitForHydration(page);
  const link = description(page).getByRole("link", { name: "Release checklist" });
  await expect(link).toHaveAttribute("href", "/demo/release-checklist.pdf");
  await expect(description(page).locator("iframe")).toHaveCount(0);
  await expect(description(page).getByRole("link", { name: "Show preview" })).toHaveCount(0);
});
test("the reference page previews as you type, and a broken diagram says so", async ({ page }) => {
  await page.goto("/markup");
  await waitForHydration(page);
  const preview = page.getByTestId("markdown-preview");
  await page
    .getByLabel("Markdown", { exact: true })
    .fill("# Hello\n\n$x^2$ and ~~old~~\n\n```mermaid\nthis is not a diagram\n```");
  await expect(preview.getByRole("heading", { level: 1, name: /Hello/ })).toBeVisible();
  await expect(preview.locator(".katex")).toHaveCount(1);
  await expect(preview.locator("del")).toHaveText("old");
  await preview.locator("[data-mermaid]").scrollIntoViewIfNeeded();
  await expect(preview.getByRole("alert")).toHaveText("Failed to render Mermaid diagram", {
    timeout: 15_000,
  });
});

// The mXSS lines come last: their unclosed raw <style> inside <math> swallows the rest of the text when the
// browser parses it, safely but wholly.
const HOSTILE = [
  '<a href="&#106;avascript:window.__pwned=\'a\'" id="bad-link">entity link</a>',
  "<script>window.__pwned = 'script'</script>",
  "<img src=x onerror=\"window.__pwned='img'\">",
  "<svg onload=\"window.__pwned='svg'\"><script>window.__pwned='svg-script'</script></svg>",
  "<iframe srcdoc=\"<script>parent.__pwned='srcdoc'</script>\"></iframe>",
  "<details open ontoggle=\"window.__pwned='details'\"><summary>x</summary></details>",
  "[md link](javascript:window.__pwned='md')",
  "$\\href{javascript:window.__pwned='katex'}{x}$",
  "```mermaid\ngraph LR\nA[\"<img src=x onerror=window.__pwned='mermaid'>\"] --> B\nclick A call window.alert()\n```",
  "<math><mtext><table><mglyph><style><img src=x onerror=\"window.__pwned='mxss'\">",
  "<form><math><mtext></form><form><mglyph><style></math><img src onerror=\"window.__pwned='form'\">",
].join("\n\n");

for (const scripts of [true, false]) {
  test.describe(scripts ? "hostile input, previewed live" : "hostile input, rendered by the server", () => {
    test.use({ javaScriptEnabled: scripts });

    test("runs no script", async ({ page }) => {
      const dialogs: string[] = [];
      page.on("dialog", (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      await page.goto("/markup");
      if (scripts) await waitForHydration(page);
      await page.getByLabel("Markdown", { exact: true }).fill(HOSTILE);
      if (!scripts) await page.getByRole("button", { name: "Preview" }).click();
      const preview = page.getByTestId("markdown-preview");
      await expect(preview).toContainText("entity link");
      // Mermaid's own SVG carries a <style>; everything else may not.
      await expect(
        preview.locator(":is(img[onerror], svg[onload], script, iframe, form, style):not([data-mermaid] *)"),
      ).toHaveCount(0);
      const link = preview.locator("#bad-link, a:has-text('entity link')").first();
      await expect(link).not.toHaveAttribute("href", /javascript/i);
      if (scripts) {
        // Give diagrams and images time to load and fail.
        await preview.locator("[data-mermaid]").scrollIntoViewIfNeeded();
        await expect(preview.locator("[data-mermaid]")).toHaveAttribute(
          "data-mermaid-state",
          /rendered|failed/,
          {
            timeout: 15_000,
          },
        );
        expect(await page.evaluate(() => (window as { __pwned?: string }).__pwned)).toBeUndefined();
      }
      expect(dialogs).toEqual([]);
    });
  });
}
