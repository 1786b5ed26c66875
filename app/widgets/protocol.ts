// The messages between a widget's frame and the host (docs/widgets.md, "The bridge"). Everything that
// crosses is checked here: shapes with zod/mini (the browser builds them when a frame starts: zod's full API
// made each schema with all of its methods), and values for the keys that reach prototypes.
import { z } from "zod/mini";

// What the page renders a frame with, kept apart from the checks so that the page's first scripts need no zod.
export { REGISTER_TIMEOUT_MS, WIDGET_SANDBOX } from "./frame-policy.ts";

export const HELLO_TYPE = "keel:widget-hello";

export const PROTOCOL_VERSION = 1;

export const DEFAULT_ALERT_TIMEOUT_MS = 10_000;
/** Bigger messages are refused: a widget gets a megabyte of storage, so no single call needs more. */
export const MAX_MESSAGE_CHARS = 2_000_000;
const MAX_DEPTH = 32;
const FORBIDDEN_KEYS = new Set(["__proto__", "constructor", "prototype"]);

/**
 * True for JSON-like data (null, booleans, finite numbers, strings, arrays, plain objects) without keys
 * that reach prototypes and not nested deeper than 32 levels. Structured clone gives the host plain
 * data, but `__proto__` arrives as an own key and would become a prototype when copied.
 */
export function isSafeJson(value: unknown, depth = 0): boolean {
  if (depth > MAX_DEPTH) return false;
  if (value === null || typeof value === "string" || typeof value === "boolean") return true;
  if (typeof value === "number") return Number.isFinite(value);
  if (Array.isArray(value)) {
    // Structured clone keeps an array's own non-index keys too, `__proto__` among them.
    for (const key of FORBIDDEN_KEYS) if (Object.hasOwn(value, key)) return false;
    return value.every((item) => isSafeJson(item, depth + 1));
  }
  if (typeof value !== "object") return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key of Object.keys(value)) {
    if (FORBIDDEN_KEYS.has(key)) return false;
    if (!isSafeJson((value as Record<string, unknown>)[key], depth + 1)) return false;
  }
  return true;
}

const safeJson = z
  .unknown()
  .check(z.refine((value) => value === undefined || isSafeJson(value), { message: "not plain data" }));

export const BASE_METHODS = [
  "alert",
  "enterModalMode",
  "exitModalMode",
  "collapse",
  "closeWidget",
  "fetchYouTrack",
  "fetchApp",
  "storage.getItem",
  "storage.setItem",
  "storage.removeItem",
  "storage.clear",
  "storage.getKeys",
] as const;
export const NAVIGATION_METHODS = [
  "navigation.getAppLocation",
  "navigation.updateAppLocation",
  "navigation.replaceAppLocation",
] as const;
/** The EmbeddableWidgetAPI: dashboard and Markdown widgets only. */
export const EMBEDDABLE_METHODS = [
  "setTitle",
  "setLoadingAnimationEnabled",
  "enterConfigMode",
  "exitConfigMode",
  "setError",
  "clearError",
  "readCache",
  "storeCache",
  "readConfig",
  "storeConfig",
  "downloadFile",
  "fetchHub",
  "loadServices",
  "removeWidget",
] as const;
/** Calls of the bootstrap itself, never part of `host`; `unload` says the frame's document is going. */
export const INTERNAL_METHODS = ["register", "reportVitals", "unload"] as const;

export const HOST_METHODS = [
  ...BASE_METHODS,
  ...NAVIGATION_METHODS,
  ...EMBEDDABLE_METHODS,
  ...INTERNAL_METHODS,
] as const;
export type HostMethod = (typeof HOST_METHODS)[number];

export const HelloSchema = z.strictObject({
  type: z.literal(HELLO_TYPE),
  version: z.literal(PROTOCOL_VERSION),
});

export const CallSchema = z.strictObject({
  kind: z.literal("call"),
  id: z.int().check(z.minimum(1), z.maximum(Number.MAX_SAFE_INTEGER)),
  method: z.enum(HOST_METHODS),
  args: z.array(safeJson).check(z.maxLength(8)),
});
export type CallMessage = z.infer<typeof CallSchema>;

/** What the host sends: answers to calls, and events for the widget's callbacks. */
export type HostMessage =
  | { kind: "result"; id: number; ok: true; value: unknown }
  | {
      kind: "result";
      id: number;
      ok: false;
      error: { name: string; message: string; status?: number; data?: unknown };
    }
  | { kind: "event"; name: "refresh" | "configure" | "theme" | "locationChange"; payload?: unknown };

/** A call's message, or null when it is not one (wrong shape, unsafe data, too big). */
export function parseCall(data: unknown): CallMessage | null {
  const result = CallSchema.safeParse(data);
  if (!result.success) return null;
  try {
    if (JSON.stringify(result.data.args).length > MAX_MESSAGE_CHARS) return null;
  } catch {
    return null;
  }
  return result.data;
}

// What the frame is told about itself: its checks are the server's (frame-data.ts), its types everyone's.
export type { FrameData, WidgetEntity, WidgetUser } from "./frame-data.ts";
