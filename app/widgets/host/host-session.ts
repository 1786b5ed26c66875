// The page's side of one widget's session: the requests it may make (with confirmation of mutating
// ones), and the UI calls it can make on its frame, its config and cache, its location and analytics.
// Loaded with the bridge (frame-session.ts) when a frame starts, not in the page's first scripts.
import { track } from "#app/analytics/client.ts";
import { WIDGET_PERFORMANCE_KINDS } from "#app/analytics/catalogue.ts";
import { WIDGET_APP_HEADER } from "#contract/constants.ts";
import { showWidgetAlert } from "./alerts.tsx";
import { BASE_PATH, identifier, trackLifecycle, type FrameHost } from "./frame-host.ts";
import { createWidgetRequests, WidgetSession } from "./frame-session.ts";
import type { Decision } from "./requests.ts";
import type { WidgetUi } from "./session.ts";
import { readWidgetCache, storeWidgetCache } from "./widgets-cache.ts";

/** One session per frame, made when the frame is created. */
export function createHostSession(host: FrameHost) {
  const { widget, embeddingId, embeddedIn } = host;
  const requests = createWidgetRequests({
    appName: widget.appName,
    origin: typeof window === "undefined" ? "http://localhost" : window.location.origin,
    basePath: BASE_PATH,
    confirm: (request) => new Promise<Decision>((resolve) => host.confirm({ ...request, resolve })),
    save(blob, fileName) {
      const url = URL.createObjectURL(blob);
      const anchor = document.createElement("a");
      anchor.href = url;
      anchor.download = fileName;
      anchor.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    },
  });
  const embeddingUrl = embeddingId
    ? `${BASE_PATH}/api/${
        embeddedIn ? `${embeddedIn.type}s/${encodeURIComponent(embeddedIn.id)}/` : ""
      }apps/${encodeURIComponent(widget.appName)}/embeddings/${encodeURIComponent(embeddingId)}`
    : null;
  const caller = { [WIDGET_APP_HEADER]: widget.appName };
  const ui: WidgetUi = {
    registered() {
      host.registered();
      trackLifecycle(widget, "registered");
    },
    alert: (message, type, timeoutMs) => showWidgetAlert(widget.appTitle, message, type, timeoutMs),
    setModal: host.setModal,
    close: host.closable ? () => host.callbacks().onClose?.() : undefined,
    setTitle: (title, url) => host.callbacks().onTitle?.(title, url),
    setLoading: host.setBusy,
    setConfigMode: host.setConfigMode,
    setError: host.setError,
    remove: () => host.callbacks().onRemove?.(),
    readCache: () => readWidgetCache(host.cacheKey),
    storeCache: (data) => storeWidgetCache(host.cacheKey, data),
    ...(embeddingUrl
      ? {
          async readConfig() {
            const response = await fetch(embeddingUrl, {
              headers: { accept: "application/json", ...caller },
            });
            if (response.status === 404) return null;
            if (!response.ok) throw new Error(`Embedding ${embeddingId} not found`);
            return ((await response.json()) as { config?: unknown }).config ?? null;
          },
          async storeConfig(config: unknown) {
            const response = await fetch(embeddingUrl, {
              method: "PUT",
              headers: { "content-type": "application/json", accept: "application/json", ...caller },
              body: JSON.stringify({ widgetKey: widget.key, config }),
            });
            if (!response.ok) throw new Error(`The configuration was not saved (${response.status})`);
          },
        }
      : {}),
    ...(host.location ? { location: host.location } : {}),
    vitals(values) {
      for (const kind of WIDGET_PERFORMANCE_KINDS) {
        const value = values[kind];
        if (typeof value !== "number" || !Number.isFinite(value) || value < 0) continue;
        track("widgets", "performance", {
          app: identifier(widget.appName),
          widget: identifier(widget.key),
          kind,
          value: Math.min(600_000, Math.round(kind === "CLS" ? value * 1000 : value)),
        });
      }
    },
  };
  return new WidgetSession(host.frameWindow, {
    extensionPoint: widget.extensionPoint,
    appName: widget.appName,
    entity: host.entity,
    editable: host.editable,
    requests,
    ui,
  });
}
