import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { expect, test, vi } from "vitest";
import { WithI18n } from "#tests/helpers/i18n.tsx";
import { MarkdownContent, TaskForm } from "./markdown-content.tsx";
import { renderMarkdownSync } from "#tests/helpers/markdown.ts";

// Vitest does not build stylesheets: stand in for the URLs the production build gives them.
vi.mock("katex/dist/katex.min.css?url", () => ({ default: "/assets/katex.min-abc.css" }));
vi.mock("./markdown.css?url", () => ({ default: "/assets/markdown-abc.css" }));

function page(children: React.ReactNode): string {
  const router = createMemoryRouter([
    {
      path: "/",
      element: (
        <html lang="en">
          <head />
          <body>
            <WithI18n>{children}</WithI18n>
          </body>
        </html>
      ),
    },
  ]);
  return renderToString(<RouterProvider router={router} />);
}

test("the server-rendered page links KaTeX's stylesheet in the head when the text has formulas", () => {
  const html = page(<MarkdownContent rendered={{ html: "<p>x</p>", hasMath: true, hasMermaid: false }} />);
  const head = html.slice(0, html.indexOf("</head>"));
  expect(head).toMatch(/<link rel="stylesheet" href="[^"]*katex[^"]*\.css"/);
  expect(head).toMatch(/<link rel="stylesheet" href="[^"]*markdown[^"]*\.css"/);
});

test("a text without formulas does not link KaTeX's stylesheet", () => {
  const html = page(<MarkdownContent rendered={{ html: "<p>x</p>", hasMath: false, hasMermaid: false }} />);
  expect(html).not.toContain("katex");
});

test("the rendered HTML is placed as is, inside a container marked for in-app navigation and its own direction", () => {
  const rendered = renderMarkdownSync("See [issues](/issues)");
  const html = page(<MarkdownContent rendered={rendered} data-testid="issue-description" />);
  expect(html).toContain(
    '<div class="markdown" dir="auto" data-keel-navigation="" data-testid="issue-description"><p>See <a href="/issues">issues</a></p>\n</div>',
  );
});

test("the task form carries the CSRF field, the intent and the revision", () => {
  const html = page(<TaskForm id="keel-tasks-DEMO-1" revision={42} />);
  expect(html).toMatch(
    /<form[^>]*id="keel-tasks-DEMO-1"[^>]*method="post"|<form[^>]*method="post"[^>]*id="keel-tasks-DEMO-1"/,
  );
  expect(html).toContain('name="csrf"');
  expect(html).toContain('<input type="hidden" name="intent" value="toggle-task"/>');
  expect(html).toContain('<input type="hidden" name="revision" value="42"/>');
});
