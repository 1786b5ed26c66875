import { createClientLogger } from "./client-logger.ts";

/** The browser's log for support: the newest messages, downloadable from the About panel. */
export const appLogger = createClientLogger();
