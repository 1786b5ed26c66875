// The older dashboard widget protocol (docs/widgets.md, "Legacy dashboard widgets"): widgets built on the
// `hub-dashboard-addons` library talk to their parent window with JetBrains' websandbox messages instead
// of Keel's port. This module is no second host: it checks each message, turns a call into the host
// operation of the same meaning and hands it to the frame's session, which applies the place's methods,
// the request rules and the confirmations exactly as for `YTApp` widgets.
import { z } from "zod/mini";
import { isSafeJson, MAX_MESSAGE_CHARS, type HostMethod } from "../protocol.ts";
import { WidgetRequestError } from "./requests.ts";

/** What the library's messages carry in `type`. */
export const LEGACY_TYPES = {
  call: "message",
  response: "response",
  setInterface: "set-interface",
  service: "service-message",
} as const;
export const LEGACY_HANDSHAKE = "iframeInitialized";

/** The dashboard API the host announces to the widget (`set-interface`), as the library's typings list it. */
export const LEGACY_METHODS = [
  "setTitle",
  "setLoadingAnimationEnabled",
  "alert",
  "setError",
  "clearError",
  "enterConfigMode",
  "exitConfigMode",
  "readCache",
  "storeCache",
  "readConfig",
  "storeConfig",
  "fetch",
  "fetchYouTrack",
  "fetchHub",
  "downloadFile",
  "loadServices",
  "removeWidget",
] as const;
type LegacyMethod = (typeof LEGACY_METHODS)[number];

/** Calls that mean the same in both APIs and take the same arguments. */
const SAME: ReadonlySet<string> = new Set<LegacyMethod>([
  "setTitle",
  "setLoadingAnimationEnabled",
  "alert",
  "setError",
  "clearError",
  "enterConfigMode",
  "exitConfigMode",
  "readCache",
  "storeCache",
  "readConfig",
  "storeConfig",
  "fetchYouTrack",
  "fetchHub",
  "loadServices",
  "removeWidget",
]);

/** The widget's own callbacks the host calls, by Keel's event name. */
const CALLBACKS: Record<string, string> = { refresh: "onRefresh", configure: "onConfigure" };

export interface LegacyService {
  id: string;
  applicationName: string;
  homeUrl: string;
}

/** A host operation for the session to run. */
export interface HostCall {
  method: HostMethod;
  args: unknown[];
}

const notAllowed = (url: string) => new WidgetRequestError(`Request to ${url} is not allowed`);

/**
 * `url` of the service `serviceId` as what the host's request methods take: YouTrack's own API (its
 * `api/` folder) for fetchYouTrack, anything of the identity service for fetchHub. The host's methods
 * then resolve it under `/api/` or `/hub/` and refuse whatever leaves them.
 */
function serviceTarget(
  services: readonly LegacyService[],
  serviceId: unknown,
  url: unknown,
): { kind: "youtrack" | "hub"; path: string } {
  if (typeof url !== "string") throw new TypeError("The URL must be a string");
  const service = services.find((candidate) => candidate.id === serviceId);
  if (!service) throw new WidgetRequestError(`Unknown service ${String(serviceId).slice(0, 100)}`);
  const path = url.replace(/^\/+/, "");
  if (service.applicationName === "Hub") return { kind: "hub", path };
  if (service.applicationName === "YouTrack" && path.startsWith("api/")) {
    return { kind: "youtrack", path: path.slice("api/".length) };
  }
  throw notAllowed(url);
}

/** The host operation for the widget's call, or an error for a call the dashboard API does not have. */
export function translateLegacyCall(
  methodName: string,
  args: readonly unknown[],
  services: readonly LegacyService[],
): HostCall {
  if (SAME.has(methodName)) return { method: methodName as HostMethod, args: [...args] };
  if (methodName === "fetch") {
    const { kind, path } = serviceTarget(services, args[0], args[1]);
    return { method: kind === "hub" ? "fetchHub" : "fetchYouTrack", args: [path, args[2]] };
  }
  if (methodName === "downloadFile") {
    const { kind, path } = serviceTarget(services, args[0], args[1]);
    // Downloads come from the product's API only, as for YTApp widgets.
    if (kind !== "youtrack") throw notAllowed(String(args[1]));
    return { method: "downloadFile", args: [args[0], path, args[2], args[3]] };
  }
  throw new TypeError(`${methodName.slice(0, 100)} is not available here`);
}

const Name = z.string().check(z.minLength(1), z.maxLength(100));
const CallId = z.union([Name, z.int().check(z.minimum(0), z.maximum(Number.MAX_SAFE_INTEGER))]);
type CallId = z.infer<typeof CallId>;
const Args = z.array(z.unknown()).check(z.maxLength(8));

export const LegacyMessageSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal(LEGACY_TYPES.service),
    callId: CallId,
    methodName: Name,
    arguments: z.optional(Args),
  }),
  z.object({
    type: z.literal(LEGACY_TYPES.call),
    callId: CallId,
    methodName: Name,
    arguments: z.optional(Args),
  }),
  z.object({
    type: z.literal(LEGACY_TYPES.setInterface),
    callId: CallId,
    apiMethods: z.array(Name).check(z.maxLength(50)),
  }),
  z.object({ type: z.literal(LEGACY_TYPES.response), callId: CallId, success: z.boolean() }),
]);
export type LegacyMessage = z.infer<typeof LegacyMessageSchema>;

/**
 * The arguments as plain data, as the library would have sent them through JSON: structured clone gives
 * the host Errors, Dates, `undefined` members and cycles, which the host's operations never take.
 * Null when they cannot be made plain, are too big or carry keys that reach prototypes.
 */
export function plainArguments(args: readonly unknown[]): unknown[] | null {
  const flattened = args.map((arg) =>
    arg instanceof Error ? { name: String(arg.name), message: String(arg.message) } : arg,
  );
  let text: string;
  try {
    text = JSON.stringify(flattened.map((arg) => (arg === undefined ? null : arg)));
  } catch {
    return null;
  }
  if (text.length > MAX_MESSAGE_CHARS) return null;
  const plain = JSON.parse(text) as unknown[];
  return plain.every((arg) => isSafeJson(arg)) ? plain : null;
}

/** What the bridge needs from the frame's session. */
export interface LegacyBridgeOptions {
  /** The frame's window: only its messages are taken. */
  frame: () => Window | null;
  /** Runs a host operation as the session would for a call on its port. */
  invoke: (call: HostCall) => Promise<unknown>;
  /** The services `fetch` and `downloadFile` name by id. */
  services: () => readonly LegacyService[];
  /** Turns a failure into what crosses to the widget. */
  describeError: (error: unknown) => Record<string, unknown>;
}

type Outgoing =
  | { type: "response"; callId: CallId; success: boolean; result: unknown }
  | { type: "set-interface"; callId: string; apiMethods: string[] }
  | { type: "message"; callId: string; methodName: string; arguments: unknown[] };

/**
 * One frame's end of the older protocol. The frame posts to its parent with target `*` and takes what
 * its parent posts to it, so messages go both ways over the windows; the host takes only those whose
 * source is this frame's window and whose origin is the sandbox's `null`, answers only after the
 * handshake, and stops for good when the frame's document goes away.
 */
export class LegacyDashboardBridge {
  private readonly options: LegacyBridgeOptions;
  private state: "waiting" | "open" | "closed" = "waiting";
  private callbacks = new Set<string>();
  private readonly outstanding = new Set<string>();
  private nextId = 1;

  constructor(options: LegacyBridgeOptions) {
    this.options = options;
  }

  get open(): boolean {
    return this.state === "open";
  }

  /**
   * Takes `event` when it is this protocol's message from this frame; false (and nothing done) for any
   * other. `channelOpen` says the frame's document has Keel's channel, so it is the document the host
   * created the frame for.
   */
  accept(event: MessageEvent, channelOpen: boolean): boolean {
    const own = this.options.frame();
    if (!own || event.source !== own || event.origin !== "null") return false;
    const parsed = LegacyMessageSchema.safeParse(event.data);
    if (!parsed.success) return false;
    const message = parsed.data;
    if (this.state === "closed" || !channelOpen) {
      console.warn("Legacy widget message refused: the frame has no host");
      return true;
    }
    if (message.type === LEGACY_TYPES.service) {
      this.handshake(message);
      return true;
    }
    if (this.state !== "open") {
      console.warn("Legacy widget message refused: no handshake yet");
      return true;
    }
    if (message.type === LEGACY_TYPES.setInterface) {
      this.callbacks = new Set(message.apiMethods);
      this.post({ type: "response", callId: message.callId, success: true, result: null });
    } else if (message.type === LEGACY_TYPES.response) {
      // Answers to the widget's callbacks: nothing waits on them, but only the host's own ids count.
      if (typeof message.callId === "string") this.outstanding.delete(message.callId);
    } else {
      void this.call(message.callId, message.methodName, message.arguments ?? []);
    }
    return true;
  }

  /** Calls the widget's callback for a Keel event (`refresh`, `configure`) when it registered one. */
  event(name: string): void {
    const callback = CALLBACKS[name];
    if (this.state !== "open" || !callback || !this.callbacks.has(callback)) return;
    const callId = this.newId();
    this.outstanding.add(callId);
    this.post({ type: "message", callId, methodName: callback, arguments: [] });
  }

  /** The frame's document is gone (or the frame is): nothing is taken or sent any more. */
  close(): void {
    this.state = "closed";
    this.callbacks.clear();
    this.outstanding.clear();
  }

  private handshake(message: Extract<LegacyMessage, { type: "service-message" }>): void {
    if (message.methodName !== LEGACY_HANDSHAKE) {
      this.post({
        type: "response",
        callId: message.callId,
        success: false,
        result: { name: "TypeError", message: `${message.methodName} is not available here` },
      });
      return;
    }
    // One handshake per document: a second could only come from code that wants the host reset.
    if (this.state === "open") {
      console.warn("Legacy widget message refused: the frame already made its handshake");
      return;
    }
    this.state = "open";
    void this.options
      .invoke({ method: "register", args: [{ onRefresh: true, onConfigure: true }] })
      .catch(() => undefined);
    const callId = this.newId();
    this.outstanding.add(callId);
    this.post({ type: "set-interface", callId, apiMethods: [...LEGACY_METHODS] });
    this.post({ type: "response", callId: message.callId, success: true, result: null });
  }

  private async call(callId: CallId, methodName: string, raw: readonly unknown[]): Promise<void> {
    try {
      const args = plainArguments(raw);
      if (!args) throw new TypeError("The host refused this message");
      const result = await this.options.invoke(
        translateLegacyCall(methodName, args, this.options.services()),
      );
      this.post({ type: "response", callId, success: true, result: result ?? null });
    } catch (error) {
      this.post({ type: "response", callId, success: false, result: this.options.describeError(error) });
    }
  }

  private newId(): string {
    return `keel-${this.nextId++}`;
  }

  private post(message: Outgoing): void {
    if (this.state === "closed") return;
    try {
      // The frame's origin is the sandbox's opaque one, which no target origin can name.
      this.options.frame()?.postMessage(message, "*");
    } catch {
      // A value that cannot be cloned or a frame that is gone: the page goes on.
    }
  }
}
