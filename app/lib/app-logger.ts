import { createClientLogger } from "./client-logger.ts";

export const appLogger = createClientLogger();
