// One widget frame's side of the bridge (docs/widgets.md, "The bridge"): accepts the frame's hello,
// answers its calls over the private port and sends it events. No React here: the component gives it
// the frame, the place and what the page can do (alerts, modal mode, config mode, confirmation…).
import { EXTENSION_POINT_KINDS, type ExtensionPoint } from "../extension-points.ts";
import {
  BASE_METHODS,
  EMBEDDABLE_METHODS,
  HelloSchema,
  INTERNAL_METHODS,
  NAVIGATION_METHODS,
  parseCall,
  type HostMessage,
  type HostMethod,
  type WidgetEntity,
} from "../protocol.ts";
import { LegacyDashboardBridge, type HostCall } from "./legacy-dashboard.ts";
import { WidgetRequestError, type RequestOutcome, type WidgetRequests } from "./requests.ts";

export type AlertType = "error" | "message" | "success" | "warning" | "loading";
export interface AppLocation {
  pathname: string;
  search: string;
  hash: string;
}

/** What the page does for the widget. Methods the place lacks are left out. */
export interface WidgetUi {
  registered(callbacks: Record<string, boolean>): void;
  alert(message: string, type: AlertType, timeoutMs: number): void;
  setModal(on: boolean): void;
  /** Closes a menu-item popup; absent where a widget cannot be closed. */
  close?: () => void;
  setTitle?: (label: string, url: string | null) => void;
  setLoading?: (on: boolean) => void;
  setConfigMode?: (on: boolean) => void;
  setError?: (message: string | null) => void;
  remove?: () => void;
  readConfig?: () => Promise<unknown>;
  storeConfig?: (config: unknown) => Promise<void>;
  readCache?: () => Promise<unknown>;
  storeCache?: (data: unknown) => Promise<void>;
  location?: {
    get(): AppLocation;
    update(location: Partial<AppLocation>, replace: boolean): void;
  };
  vitals?: (values: Record<string, number>) => void;
}

export interface WidgetSessionOptions {
  extensionPoint: ExtensionPoint;
  appName: string;
  entity: WidgetEntity | null;
  editable: boolean;
  requests: WidgetRequests;
  ui: WidgetUi;
}

const stringArg = (value: unknown, what: string): string => {
  if (typeof value !== "string") throw new TypeError(`${what} must be a string`);
  return value;
};

const ALERT_TYPES: readonly AlertType[] = ["error", "message", "success", "warning", "loading"];

/** The `host` members this place offers, as the bootstrap builds them. */
export function methodsFor(extensionPoint: ExtensionPoint): string[] {
  const kind = EXTENSION_POINT_KINDS[extensionPoint];
  return [
    ...BASE_METHODS,
    ...(kind.fullPage ? NAVIGATION_METHODS : []),
    ...(kind.embeddable ? EMBEDDABLE_METHODS : []),
  ];
}

export class WidgetSession {
  private port: MessagePort | null = null;
  private readonly allowed: ReadonlySet<string>;
  private registeredOnce = false;
  private unloaded = false;
  private readonly frame: () => Window | null;
  private readonly options: WidgetSessionOptions;
  /** Dashboard and Markdown places also speak the older dashboard widget protocol. */
  private readonly legacy: LegacyDashboardBridge | null;

  constructor(frame: () => Window | null, options: WidgetSessionOptions) {
    this.frame = frame;
    this.options = options;
    this.allowed = new Set([...methodsFor(options.extensionPoint), ...INTERNAL_METHODS]);
    this.legacy = EXTENSION_POINT_KINDS[options.extensionPoint].embeddable
      ? new LegacyDashboardBridge({
          frame,
          invoke: (call) => this.invoke(call),
          services: () => options.requests.loadServices(""),
          describeError: errorAnswer,
        })
      : null;
  }

  /**
   * The page's message listener calls this for every message. Only a hello from this session's own frame
   * (its window as `event.source`, the sandbox's `null` origin) with one port is taken; all else is ignored.
   */
  accept(event: MessageEvent): boolean {
    const own = this.frame();
    if (!own || event.source !== own || event.origin !== "null") return false;
    const port = event.ports[0];
    if (!HelloSchema.safeParse(event.data).success || event.ports.length !== 1 || !port) {
      return this.legacy?.accept(event, this.port !== null && !this.unloaded) ?? false;
    }
    // One channel per frame: a later hello (the widget's own code, or a document it navigated to) is
    // refused, so nothing can take over or reset the channel the widget registered on.
    if (this.port) {
      console.warn("Widget message refused: the frame already has its channel");
      port.close();
      return false;
    }
    this.port = port;
    port.onmessage = (message) => void this.receive(port, message.data);
    return true;
  }

  get registered(): boolean {
    return this.registeredOnce;
  }

  /** Sends an event to the widget's callbacks (refresh, configure, theme, locationChange). */
  send(name: Extract<HostMessage, { kind: "event" }>["name"], payload?: unknown): void {
    this.post({ kind: "event", name, ...(payload === undefined ? {} : { payload }) });
    this.legacy?.event(name);
  }

  dispose(): void {
    this.port?.close();
    this.port = null;
    this.legacy?.close();
  }

  /** Runs one host operation for the widget, with this place's methods and rules. */
  async invoke(call: HostCall): Promise<unknown> {
    if (!this.allowed.has(call.method)) throw new TypeError(`${call.method} is not available here`);
    return this.dispatch(call);
  }

  private post(message: HostMessage): void {
    try {
      this.port?.postMessage(message);
    } catch {
      // A closed port or a value that cannot be cloned: the widget gets nothing, the page goes on.
    }
  }

  private async receive(port: MessagePort, data: unknown): Promise<void> {
    if (port !== this.port) return;
    const call = parseCall(data);
    if (!call) {
      console.warn("Widget message refused: not a valid call");
      // A call that can be told apart gets its refusal, so the widget is not left waiting.
      const id = (data as { id?: unknown } | null)?.id;
      if (typeof id === "number" && Number.isSafeInteger(id) && id > 0) {
        this.post({
          kind: "result",
          id,
          ok: false,
          error: { name: "TypeError", message: "The host refused this message" },
        });
      }
      return;
    }
    try {
      const value = await this.invoke(call);
      this.post({ kind: "result", id: call.id, ok: true, value: value ?? null });
    } catch (error) {
      this.post({ kind: "result", id: call.id, ok: false, error: errorAnswer(error) });
    }
  }

  private async dispatch({ method, args }: HostCall): Promise<unknown> {
    const { ui, requests, editable } = this.options;
    const need = <T>(value: T | undefined, what = method): T => {
      if (value === undefined) throw new TypeError(`${what} is not available here`);
      return value;
    };
    switch (method as HostMethod) {
      case "register": {
        this.registeredOnce = true;
        const callbacks = (args[0] ?? {}) as Record<string, boolean>;
        ui.registered(callbacks);
        return { methods: methodsFor(this.options.extensionPoint) };
      }
      case "reportVitals":
        ui.vitals?.((args[0] ?? {}) as Record<string, number>);
        return null;
      case "unload":
        // The frame's document is going: whatever comes from the frame after it is another document's.
        this.unloaded = true;
        this.legacy?.close();
        return null;
      case "alert": {
        const type = ALERT_TYPES.includes(args[1] as AlertType) ? (args[1] as AlertType) : "message";
        const timeout = typeof args[2] === "number" && args[2] >= 0 ? Math.min(args[2], 600_000) : 10_000;
        ui.alert(String(args[0] ?? "").slice(0, 1000), type, timeout);
        return null;
      }
      case "enterModalMode":
        ui.setModal(true);
        return null;
      case "exitModalMode":
        ui.setModal(false);
        return null;
      case "collapse":
      case "closeWidget":
        if (!ui.close) throw new Error("Could not collapse this widget");
        ui.close();
        return null;
      case "fetchYouTrack":
        return unwrap(await requests.fetchYouTrack(stringArg(args[0], "The URL"), args[1]));
      case "fetchApp":
        return unwrap(await requests.fetchApp(stringArg(args[0], "The URL"), args[1], this.options.entity));
      case "fetchHub":
        return unwrap(await requests.fetchHub(stringArg(args[0], "The URL"), args[1]));
      case "downloadFile":
        await requests.downloadFile(
          stringArg(args[1], "The URL"),
          args[2],
          typeof args[3] === "string" ? args[3] : undefined,
        );
        return null;
      case "loadServices":
        return requests.loadServices(typeof args[0] === "string" ? args[0] : "");
      case "storage.getItem":
        return requests.storage.getItem(stringArg(args[0], "The key"));
      case "storage.setItem":
        return requests.storage.setItem(stringArg(args[0], "The key"), stringArg(args[1], "The value"));
      case "storage.removeItem":
        return requests.storage.removeItem(stringArg(args[0], "The key"));
      case "storage.clear":
        return requests.storage.clear();
      case "storage.getKeys":
        return requests.storage.getKeys();
      case "navigation.getAppLocation":
        return need(ui.location).get();
      case "navigation.updateAppLocation":
      case "navigation.replaceAppLocation":
        need(ui.location).update(locationArg(args[0]), method === "navigation.replaceAppLocation");
        return null;
      case "setTitle":
        need(ui.setTitle)(String(args[0] ?? "").slice(0, 200), typeof args[1] === "string" ? args[1] : null);
        return null;
      case "setLoadingAnimationEnabled":
        need(ui.setLoading)(Boolean(args[0]));
        return null;
      case "enterConfigMode":
        if (!editable) throw new Error("This widget is not editable");
        need(ui.setConfigMode)(true);
        return null;
      case "exitConfigMode":
        need(ui.setConfigMode)(false);
        return null;
      case "setError": {
        const given = args[0] as { message?: unknown } | string | null | undefined;
        const message =
          typeof given === "string" ? given : given && typeof given.message === "string" ? given.message : "";
        need(ui.setError)(message.slice(0, 1000) || "Error");
        return null;
      }
      case "clearError":
        need(ui.setError)(null);
        return null;
      case "readConfig":
        return need(ui.readConfig)();
      case "storeConfig":
        if (!editable) throw new Error("This widget is not editable");
        await need(ui.storeConfig)(args[0] ?? null);
        return null;
      case "readCache":
        return need(ui.readCache)();
      case "storeCache":
        await need(ui.storeCache)(args[0] ?? null);
        return null;
      case "removeWidget":
        if (!editable) throw new Error("This widget is not editable");
        need(ui.remove)();
        return null;
    }
    throw new TypeError(`${method} is not available here`);
  }
}

function locationArg(value: unknown): Partial<AppLocation> {
  const result: Partial<AppLocation> = {};
  if (!value || typeof value !== "object") return result;
  const given = value as Record<string, unknown>;
  for (const key of ["pathname", "search", "hash"] as const) {
    if (typeof given[key] === "string") result[key] = given[key].slice(0, 2000);
  }
  return result;
}

function unwrap(outcome: RequestOutcome): unknown {
  return outcome.data;
}

export function errorAnswer(error: unknown): {
  name: string;
  message: string;
  status?: number;
  data?: unknown;
} {
  if (error instanceof WidgetRequestError) {
    return {
      name: error.name,
      message: error.message,
      ...(error.status ? { status: error.status } : {}),
      ...(error.data === undefined ? {} : { data: error.data }),
    };
  }
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: "Error", message: String(error) };
}
