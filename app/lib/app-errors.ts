// The error catalogue (docs/shell.md, Errors the shell shows), but for the help-menu, field-selector and
// unsupported-browser errors, which live beside their code. Thrown errors keep English for logs;
// `describeError` gives what the error page shows, in the reader's language.
import type { ParseKeys, TFunction } from "i18next";
import { isRouteErrorResponse } from "react-router";
import { SCRIPT_CHUNK_LOAD_TIMEOUT_MS } from "./constants.ts";
import { EXTRA_MISMATCH_MESSAGE, EXTRA_NOT_ARRAY_MESSAGE } from "#contract/field-selector-messages.ts";
import { globalTimers, type Timers } from "./timers.ts";

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

export const GEORESTRICTED_STATUS = 451;
export const UNAVAILABLE_PATH = "/unavailable";

export const RING_BROKEN_MESSAGE = "Ring integration is broken";

/** "The ring integration must be neither broken nor disabled"; a missing ring counts as disabled. */
export function assertRingIntegration(
  ring: { readonly broken?: boolean; readonly enabled?: boolean } | null | undefined,
): void {
  if (!ring || ring.broken === true || ring.enabled !== true) throw new Error(RING_BROKEN_MESSAGE);
}

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
 * dynamic-import failures as each browser words them, and style chunk failures (reported as
 * chunk-load errors) from Vite or a webpack-built remote ("Loading CSS chunk 12 failed").
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

/** Loads a chunk with the script-chunk timeout, naming a failure by its cause (ChunkLoadCause). */
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

export const USER_AGREEMENT_CONFIG_ERROR =
  "User agreement configuration is missing read and consent functions";

/** "Missing read and consent functions in the user agreement configuration": thrown if either is absent. */
export function assertAgreementConfig(config: { readonly read?: unknown; readonly consent?: unknown }): void {
  if (typeof config.read !== "function" || typeof config.consent !== "function") {
    throw new Error(USER_AGREEMENT_CONFIG_ERROR);
  }
}

export const LOGGER_FAILURE_MESSAGE = "Failed to log message";

// Unknown help menu action: thrown by `resolveHelpAction` (app/shell/navigation-model.ts) in these words.

export const HELP_ACTION_MISSING_PREFIX = "No action found for help dropdown item with key: ";

/** Why the server answered with an error page; the page words it in the reader's language. */
export type ErrorPageKind = "configUnavailable" | "unavailable" | "ringBroken";
export const errorBody = (kind: ErrorPageKind) => ({ kind });

type ErrorsT = TFunction<"errors">;
type ErrorKey = ParseKeys<"errors">;

export interface ErrorView {
  title: string;
  message: string;
  detail: string | null;
}

const STATUS_REASONS: Partial<Record<number, ErrorKey>> = {
  400: "status.badRequest",
  401: "status.unauthorized",
  403: "status.forbidden",
  405: "status.methodNotAllowed",
  409: "status.conflict",
  413: "status.contentTooLarge",
  429: "status.tooManyRequests",
  451: "status.unavailableForLegalReasons",
  500: "status.internalServerError",
  502: "status.badGateway",
  503: "status.serviceUnavailable",
  504: "status.gatewayTimeout",
};

export function statusLine(status: number, statusText: string, t: ErrorsT): string {
  const reason = STATUS_REASONS[status];
  return `${status} ${reason ? t(reason) : statusText}`.trim();
}

const CATALOGUE_MESSAGES: Readonly<Record<string, ErrorKey>> = {
  [RING_BROKEN_MESSAGE]: "catalogue.ringBroken",
  [USER_AGREEMENT_CONFIG_ERROR]: "catalogue.agreementConfig",
  [LOGGER_FAILURE_MESSAGE]: "catalogue.loggerFailed",
  [EXTRA_MISMATCH_MESSAGE]: "catalogue.extraFieldsMismatch",
  [EXTRA_NOT_ARRAY_MESSAGE]: "catalogue.extraFieldsNotArray",
};

const CAUSES: Readonly<Record<string, ErrorKey>> = {
  missing: "cause.missing",
  timeout: "cause.timeout",
  error: "cause.error",
  load: "cause.load",
};

function fieldsOf(error: unknown): Partial<Record<"name" | "message" | "type" | "request", unknown>> {
  return typeof error === "object" && error !== null ? (error as Record<string, unknown>) : {};
}

function catalogueMessage(message: unknown, t: ErrorsT): string | null {
  if (typeof message !== "string") return null;
  const key = Object.hasOwn(CATALOGUE_MESSAGES, message) ? CATALOGUE_MESSAGES[message] : undefined;
  if (key) return t(key);
  if (message.startsWith(HELP_ACTION_MISSING_PREFIX)) {
    return t("catalogue.unknownHelpAction", { item: message.slice(HELP_ACTION_MISSING_PREFIX.length) });
  }
  return null;
}

function loadFailure(error: unknown, t: ErrorsT): string | null {
  const { name, message, type, request } = fieldsOf(error);
  if (message === CONTAINER_MISSING_MESSAGE) return t("chunk.containerMissing");
  if ((name !== "ChunkLoadError" && name !== "ScriptLoadError") || typeof request !== "string") return null;
  const causeKey = typeof type === "string" && Object.hasOwn(CAUSES, type) ? CAUSES[type] : undefined;
  const cause = causeKey ? t(causeKey) : String(type);
  return t(name === "ChunkLoadError" ? "chunk.loadFailed" : "chunk.scriptFailed", { cause, request });
}

function pageKindView(kind: unknown, t: ErrorsT): ErrorView | null {
  switch (kind) {
    case "configUnavailable":
      return { title: t("general.title"), message: t("configUnavailable.message"), detail: null };
    case "unavailable":
      return { title: t("unavailable.title"), message: t("unavailable.message"), detail: null };
    case "ringBroken":
      return { title: t("general.title"), message: t("catalogue.ringBroken"), detail: null };
    default:
      return null;
  }
}

/** What the error root shows for `error`; other errors show their own message only in development. */
export function describeError(error: unknown, t: ErrorsT, { dev = false } = {}): ErrorView {
  const general: ErrorView = { title: t("general.title"), message: t("general.message"), detail: null };
  if (isRouteErrorResponse(error)) {
    const body = error.data as { kind?: unknown; message?: unknown; title?: unknown } | null;
    const known = pageKindView(body?.kind, t);
    if (known) return known;
    const notFound = error.status === 404;
    return {
      title:
        typeof body?.title === "string"
          ? body.title
          : notFound
            ? t("notFound.title")
            : statusLine(error.status, error.statusText, t),
      message:
        typeof body?.message === "string" ? body.message : notFound ? t("notFound.message") : general.message,
      detail: null,
    };
  }
  const failure = loadFailure(error, t);
  if (failure !== null || isChunkLoadError(error)) {
    // A script or style chunk of a newer deployment is gone or unreachable: a reload fetches the current ones.
    return { title: t("chunk.title"), message: t("chunk.hint"), detail: failure };
  }
  const { message } = fieldsOf(error);
  const catalogue = catalogueMessage(message, t);
  if (catalogue !== null) return { ...general, message: catalogue };
  if (error instanceof ConfigFetchError) {
    return { ...general, message: statusLine(error.status, error.statusText, t) };
  }
  if (dev && error instanceof Error) return { ...general, message: error.message };
  return general;
}
