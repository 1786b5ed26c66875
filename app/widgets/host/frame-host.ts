// What the page's frames need before a session exists: the host's shape, the lifecycle's analytics and
// the confirmation's request. The session itself (host-session.ts) loads with the bridge.
import { track } from "#app/analytics/client.ts";
import type { WidgetEntity } from "../protocol.ts";
import type { EmbeddedIn, HostedWidget } from "../types.ts";
import type { Decision } from "./requests.ts";
import type { WidgetUi } from "./session.ts";

export const BASE_PATH = "";

/** A mutating request waiting for the person's answer. */
export interface PendingConfirm {
  method: string;
  path: string;
  dataLoss: boolean;
  resolve: (decision: Decision) => void;
}

/** An app's or widget's name as analytics records it. */
export const identifier = (value: string) =>
  value
    .toLowerCase()
    .replace(/[^a-z0-9._-]/g, "-")
    .slice(0, 64) || "widget";

export function trackLifecycle(
  widget: Pick<HostedWidget, "appName" | "key">,
  stage: "registered" | "loaded" | "failed",
) {
  track("widgets", "lifecycle", { app: identifier(widget.appName), widget: identifier(widget.key), stage });
}

/** The frame's callbacks, read when the widget calls them (the latest props). */
export interface FrameCallbacks {
  onClose?: () => void;
  onRemove?: () => void;
  onTitle?: (label: string, url: string | null) => void;
}

export interface FrameHost {
  widget: HostedWidget;
  entity: WidgetEntity | null;
  editable: boolean;
  embeddingId?: string;
  embeddedIn?: EmbeddedIn;
  cacheKey: string;
  closable: boolean;
  callbacks: () => FrameCallbacks;
  location: WidgetUi["location"];
  frameWindow: () => Window | null;
  registered: () => void;
  confirm: (request: PendingConfirm) => void;
  setModal: (modal: boolean) => void;
  setBusy: (busy: boolean) => void;
  setConfigMode: (configMode: boolean) => void;
  setError: (message: string | null) => void;
}
