import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { appLogger } from "./lib/app-logger.ts";
import { UNSUPPORTED_BROWSER_GLOBAL } from "./lib/browser-support.ts";

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
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}
