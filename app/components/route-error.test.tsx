import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { expect, test, vi } from "vitest";
import { chunkLoadError } from "../lib/app-errors.ts";
import { RouteError } from "./route-error.tsx";

function render(error: unknown): string {
  const router = createMemoryRouter([{ path: "/", element: <RouteError error={error} /> }]);
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

test("a chunk that failed to load asks for a refresh, in the seed's words", () => {
  const html = render(chunkLoadError("timeout", "/assets/issues-abc.js"));
  expect(html).toContain("Failed to load");
  expect(html).toContain("Please try to refresh the page.");
});

test("a dynamic import failure counts as a chunk failure", () => {
  const html = render(new TypeError("Failed to fetch dynamically imported module: /assets/x.js"));
  expect(html).toContain("Failed to load");
});

/** What React Router hands an error boundary for a thrown data() response. */
const errorResponse = (status: number, body: unknown) => ({
  status,
  statusText: "",
  internal: false,
  data: body,
});

test("a response error shows its title and message, a 404 says Page not found", () => {
  const html = render(errorResponse(503, { title: "Gone fishing", message: "Back soon." }));
  expect(html).toContain("Gone fishing");
  expect(html).toContain("Back soon.");
  expect(render(errorResponse(404, null))).toContain("Page not found");
});

test("in production any other error gives a general message without its details", () => {
  vi.stubEnv("DEV", false);
  try {
    const html = render(new Error("secret stack detail"));
    expect(html).toContain("Something went wrong");
    expect(html).not.toContain("secret stack detail");
  } finally {
    vi.unstubAllEnvs();
  }
});
