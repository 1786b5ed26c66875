import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { I18nextProvider } from "react-i18next";
import { i18nFromPage } from "./i18n/client.ts";
import { appLogger } from "./lib/app-logger.ts";
import { UNSUPPORTED_BROWSER_GLOBAL } from "./lib/browser-support.ts";
import { loadChunk } from "./lib/app-errors.ts";
import { bootstrapConfig, readPreloadedConfig } from "./lib/config-cache.ts";

// What went wrong in this tab stays in the log that support can ask for (About → Download log).
window.addEventListener("error", (event) => {
  appLogger.error(event.message || "Uncaught error", {
    source: event.filename,
    line: event.lineno,
    error: event.error,
  });
});
window.addEventListener("unhandledrejection", (event) => {
  appLogger.error("Unhandled promise rejection", { reason: event.reason });
});
appLogger.info("Keel started", { path: window.location.pathname });

// The inline check in the document head has already shown the unsupported-browser page.
const unsupported = (window as unknown as Record<string, unknown>)[UNSUPPORTED_BROWSER_GLOBAL] === true;
if (unsupported) {
  appLogger.warn("Browser not supported: the app does not start");
} else {
  startConfiguration();
  i18nFromPage().then(
    (i18n) =>
      startTransition(() => {
        hydrateRoot(
          document,
          <I18nextProvider i18n={i18n}>
            <StrictMode>
              <HydratedRouter />
            </StrictMode>
          </I18nextProvider>,
        );
      }),
    // The page keeps working as the server wrote it, as without scripts.
    (error: unknown) =>
      appLogger.error("The page's translations did not load: the page is not hydrated", { error }),
  );
}

/**
 * The page's configuration: the server's preloaded copy, else the cached one (verified after 1000 ms), else
 * a fetch; the browser goes to the error page when there is none at all.
 */
function startConfiguration(): void {
  const basePath = import.meta.env.BASE_URL;
  void bootstrapConfig({
    preloaded: readPreloadedConfig(),
    basePath,
    pathname: window.location.pathname,
    fetchConfig: async () =>
      (await loadChunk(() => import("./lib/config-fetch.ts"), "config-fetch")).fetchClientConfig(basePath),
    reload: () => window.location.reload(),
    navigate: (path) => window.location.assign(path),
    onVerified: (outcome) => appLogger.info("Cached configuration verified", { outcome }),
  }).then((result) => appLogger.info("Configuration ready", { source: result.source }));
}
