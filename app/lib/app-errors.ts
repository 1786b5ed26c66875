// Seed 000 section 8, the error catalogue. Elsewhere: the unknown help action key is `resolveHelpAction`
// (app/shell/navigation-model.ts), field-selector errors are in app/lib/field-selector.ts, the
// unsupported browser is in app/lib/browser-support.ts.
import { SCRIPT_CHUNK_LOAD_TIMEOUT_MS } from "./constants.ts";
import { globalTimers, type Timers } from "./timers.ts";

// Configuration.

/** "Configuration cannot be loaded": where the shell redirects. */
export const CONFIG_UNAVAILABLE_PATH = "/error?configUnavailable=true";

export class ConfigFetchError extends Error {
  override name = "ConfigFetchError";
  readonly status: number;
  readonly statusText: string;

  constructor(status: number, statusText: string) {
    super(`${status} ${statusText}`);
    this.status = status;
    this.statusText = statusText;
  }
}

/** "Error of the form status plus status text", e.g. "503 Service Unavailable". */
export function configFetchError(status: number, statusText: string): ConfigFetchError {
  return new ConfigFetchError(status, statusText);
}

/** "The configuration fetch fails when the status is above 300": 300 itself passes. */
export function assertConfigResponse(response: {
  readonly status: number;
  readonly statusText: string;
}): void {
  if (response.status > 300) throw configFetchError(response.status, response.statusText);
}

// Georestriction.

export const GEORESTRICTED_STATUS = 451;
export const UNAVAILABLE_PATH = "/unavailable";

// Ring (identity service) integration.

export const RING_BROKEN_MESSAGE = "Ring integration is broken";

/** "The ring integration must be neither broken nor disabled"; a missing ring counts as disabled. */
export function assertRingIntegration(
  ring: { readonly broken?: boolean; readonly enabled?: boolean } | null | undefined,
): void {
  if (!ring || ring.broken === true || ring.enabled !== true) throw new Error(RING_BROKEN_MESSAGE);
}

// Chunks and remote modules.

export const CHUNK_FAILED_TITLE = "Failed to load";
export const CHUNK_FAILED_HINT = "Please try to refresh the page.";
export const CHUNK_LOAD_FAILED_MESSAGE = "Loading chunk failed";
export const CONTAINER_MISSING_MESSAGE = "Container missing";
export const SCRIPT_LOAD_FAILED_MESSAGE = "Loading script failed";

/** missing: loaded but held nothing; timeout: no answer in time; error: the load itself failed. */
export type ChunkLoadCause = "missing" | "timeout" | "error";

/** A script chunk that did not load. Message: "Loading chunk failed: (timeout: /assets/x.js)". */
export class ChunkLoadError extends Error {
  override name = "ChunkLoadError";
  readonly type: ChunkLoadCause;
  readonly request: string;

  constructor(type: ChunkLoadCause, request: string, options?: { cause?: unknown }) {
    super(`${CHUNK_LOAD_FAILED_MESSAGE}: (${type}: ${request})`, options);
    this.type = type;
    this.request = request;
  }
}

export function chunkLoadError(cause: ChunkLoadCause, request: string, error?: unknown): ChunkLoadError {
  return new ChunkLoadError(cause, request, error === undefined ? undefined : { cause: error });
}

/** A remote module's script that did not load. Message: "Loading script failed: (error: /static/x.js)". */
export class ScriptLoadError extends Error {
  override name = "ScriptLoadError";
  readonly type: string;
  readonly request: string;

  constructor(type: string, request: string) {
    super(`${SCRIPT_LOAD_FAILED_MESSAGE}: (${type}: ${request})`);
    this.type = type;
    this.request = request;
  }
}

/** "Remote simplified module fails to load": `type` is the failing event's type (error, load, timeout). */
export function remoteScriptError(type: string, request: string): ScriptLoadError {
  return new ScriptLoadError(type, request);
}

const DYNAMIC_IMPORT_FAILURES = [
  "Failed to fetch dynamically imported module", // Chromium
  "error loading dynamically imported module", // Firefox
  "Importing a module script failed", // Safari
  "Unable to preload CSS for", // Vite's style chunk preload (vite:preloadError)
];

/**
 * Errors the shell shows as "Failed to load" / "Please try to refresh the page.": our ChunkLoadError,
 * dynamic-import failures as each browser words them, and style chunk failures (seed: "reported as a
 * chunk-load error") from Vite or a webpack-built remote ("Loading CSS chunk 12 failed").
 */
export function isChunkLoadError(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { name, message } = error as { name?: unknown; message?: unknown };
  if (name === "ChunkLoadError") return true;
  if (typeof message !== "string") return false;
  if (message.startsWith(CHUNK_LOAD_FAILED_MESSAGE)) return true;
  if (/^Loading (?:CSS )?chunk \S+ failed/.test(message)) return true;
  return DYNAMIC_IMPORT_FAILURES.some((text) => message.includes(text));
}

/**
 * Loads a chunk with the script-chunk timeout (120 s), naming each failure by its cause: "timeout" when
 * no answer came in time, "error" when the load rejected (the original error becomes `cause`), "missing"
 * when it resolved to nothing.
 */
export function loadChunk<T>(
  load: () => Promise<T | null | undefined>,
  request: string,
  {
    timers = globalTimers,
    timeoutMs = SCRIPT_CHUNK_LOAD_TIMEOUT_MS,
  }: { timers?: Timers; timeoutMs?: number } = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const handle = timers.setTimeout(() => reject(chunkLoadError("timeout", request)), timeoutMs);
    let loading: Promise<T | null | undefined>;
    try {
      loading = load();
    } catch (error) {
      loading = Promise.reject(error);
    }
    loading.then(
      (chunk) => {
        timers.clearTimeout(handle);
        if (chunk == null) reject(chunkLoadError("missing", request));
        else resolve(chunk);
      },
      (error: unknown) => {
        timers.clearTimeout(handle);
        reject(error instanceof ChunkLoadError ? error : chunkLoadError("error", request, error));
      },
    );
  });
}

// User agreement.

export const USER_AGREEMENT_CONFIG_ERROR =
  "User agreement configuration is missing read and consent functions";

/** "Missing read and consent functions in the user agreement configuration": thrown if either is absent. */
export function assertAgreementConfig(config: { readonly read?: unknown; readonly consent?: unknown }): void {
  if (typeof config.read !== "function" || typeof config.consent !== "function") {
    throw new Error(USER_AGREEMENT_CONFIG_ERROR);
  }
}

// Logger.

/** Used by app/lib/client-logger.ts. */
export const LOGGER_FAILURE_MESSAGE = "Failed to log message";
