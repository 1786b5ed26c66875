import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { expect, test, vi } from "vitest";
import { testI18n, WithI18n } from "#tests/helpers/i18n.tsx";
import type { Language } from "../i18n/languages.ts";
import { chunkLoadError, errorBody } from "../lib/app-errors.ts";
import { RouteError } from "./route-error.tsx";

function render(error: unknown, language: Language = "en"): string {
  const router = createMemoryRouter([{ path: "/", element: <RouteError error={error} /> }]);
  return renderToStaticMarkup(
    <WithI18n language={language}>
      <RouterProvider router={router} />
    </WithI18n>,
  );
}

test("a chunk that failed to load asks for a refresh, in the catalogue's words, and names the cause", () => {
  const html = render(chunkLoadError("timeout", "/assets/issues-abc.js"));
  expect(html).toContain("Failed to load");
  expect(html).toContain("Please try to refresh the page.");
  expect(html).toContain("Loading chunk failed: (timeout: /assets/issues-abc.js)");
});

test("a dynamic import failure counts as a chunk failure", () => {
  const html = render(new TypeError("Failed to fetch dynamically imported module: /assets/x.js"));
  expect(html).toContain("Failed to load");
});

/** What React Router hands an error boundary for a thrown data() response. */
const errorResponse = (status: number, body: unknown, statusText = "") => ({
  status,
  statusText,
  internal: false,
  data: body,
});

test("a response error shows its title and message, a 404 says Page not found", () => {
  const html = render(errorResponse(503, { title: "Gone fishing", message: "Back soon." }));
  expect(html).toContain("Gone fishing");
  expect(html).toContain("Back soon.");
  expect(render(errorResponse(404, null))).toContain("Page not found");
  expect(render(errorResponse(404, null))).toContain("There is nothing at this address.");
});

test("a response without a title is headed by its status line", () => {
  expect(render(errorResponse(403, null, "Forbidden"))).toContain(
    '<h1 id="error-heading">403 Forbidden</h1>',
  );
  expect(render(errorResponse(418, null, "I'm a teapot"))).toContain("418 I&#x27;m a teapot");
});

test("the configuration and georestriction responses are worded by the page", () => {
  const config = render(errorResponse(503, errorBody("configUnavailable")));
  expect(config).toContain("Something went wrong");
  expect(config).toContain(
    "Keel could not load its configuration from the server. Check that the server is running, then try again.",
  );
  expect(render(errorResponse(451, errorBody("unavailable")))).toContain("Keel is not available here");
  expect(render(errorResponse(503, errorBody("ringBroken")))).toContain("Ring integration is broken");
});

test("in production any other error gives a general message without its details", () => {
  vi.stubEnv("DEV", false);
  try {
    const html = render(new Error("secret stack detail"));
    expect(html).toContain("Something went wrong");
    expect(html).toContain("An unexpected error occurred. Reload the page to try again.");
    expect(html).not.toContain("secret stack detail");
  } finally {
    vi.unstubAllEnvs();
  }
});

test("the error page is in the reader's language, link included", () => {
  const t = testI18n("de").getFixedT(null, "errors");
  const html = render(errorResponse(404, null), "de");
  expect(html).toContain(t("notFound.title"));
  expect(html).toContain(t("notFound.message"));
  expect(html).toContain(`>${t("general.home")}</a>`);
  expect(html).not.toContain("Page not found");
  expect(html).not.toContain("Go to the start page");
  const chunk = render(chunkLoadError("missing", "/assets/x.js"), "de");
  expect(chunk).toContain(t("chunk.title"));
  expect(chunk).toContain(t("chunk.loadFailed", { cause: t("cause.missing"), request: "/assets/x.js" }));
});
