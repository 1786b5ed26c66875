// One app widget in its sandboxed frame (issue 8, seed 001 sections 4–9): placeholder, then the widget or
// the seed's error texts; in place or modal; config mode when editable; confirmation of mutating requests.
import { useEffect, useRef, useState, type CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { track } from "../../analytics/client.ts";
import { WIDGET_PERFORMANCE_KINDS } from "../../analytics/catalogue.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { loadChunk } from "../../lib/app-errors.ts";
import { REGISTER_TIMEOUT_MS, WIDGET_SANDBOX } from "../frame-policy.ts";
import type { FrameData, WidgetEntity, WidgetUser } from "../protocol.ts";
import { WIDGET_APP_HEADER } from "#contract/constants.ts";
import { widgetDocumentPath, widgetFileUrl } from "#contract/package-files.ts";
import type { EmbeddedIn, HostedWidget } from "../types.ts";
import { showWidgetAlert } from "./alerts.tsx";
import type * as FrameBridgeModule from "./frame-session.ts";
import type { Decision } from "./requests.ts";
import type { AppLocation, WidgetSession, WidgetUi } from "./session.ts";
import { useEffectiveTheme, effectiveTheme } from "./use-effective-theme.ts";
import { readWidgetCache, storeWidgetCache } from "./widgets-cache.ts";

const BASE_PATH = "";

type FrameBridge = typeof FrameBridgeModule;

export interface WidgetFrameProps {
  widget: HostedWidget;
  entity: WidgetEntity | null;
  me: WidgetUser | null;
  editable?: boolean;
  /** Dashboard tiles and Markdown embeds: where readConfig/storeConfig keep their config. */
  embeddingId?: string;
  /** Markdown embeds: the issue or article whose text embeds the widget, which keeps its config. */
  embeddedIn?: EmbeddedIn;
  /** Full-page places: the path the app's own location is relative to (`/app/{app}/{key}`). */
  locationBase?: string;
  onClose?: () => void;
  onRemove?: () => void;
  onTitle?: (label: string, url: string | null) => void;
  /** Increment to call the widget's onRefresh / onConfigure. */
  refreshSignal?: number;
  configureSignal?: number;
  /** How long the widget has to call YTApp.register(); the seed's 60 s unless a test shortens it. */
  registerTimeoutMs?: number;
  className?: string;
  style?: CSSProperties;
}

type Phase =
  { kind: "loading" } | { kind: "ready" } | { kind: "failed"; reason: "timeout" | "load"; detail?: string };

interface PendingConfirm {
  method: string;
  path: string;
  dataLoss: boolean;
  resolve: (decision: Decision) => void;
}

const identifier = (value: string) =>
  value
    .toLowerCase()
    .replace(/[^a-z0-9._-]/g, "-")
    .slice(0, 64) || "widget";

function locationRelative(pathname: string, search: string, hash: string, base: string): AppLocation {
  const rest = pathname.startsWith(base) ? pathname.slice(base.length) : "";
  return {
    pathname: rest.replace(/^\/+/, ""),
    search: search.replace(/^\?/, ""),
    hash: hash.replace(/^#/, ""),
  };
}

export function WidgetFrame(props: WidgetFrameProps) {
  const { widget, entity, me, editable = false, embeddingId, embeddedIn, locationBase } = props;
  const { t, i18n } = useTranslation("widgets");
  const hydrated = useHydrated();
  const theme = useEffectiveTheme();
  const frame = useRef<HTMLIFrameElement>(null);
  const [phase, setPhase] = useState<Phase>({ kind: "loading" });
  const [modal, setModal] = useState(false);
  const [configMode, setConfigMode] = useState(false);
  const [busy, setBusy] = useState(false);
  const [widgetError, setWidgetError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<PendingConfirm | null>(null);
  const [src, setSrc] = useState<string | null>(null);
  const location = useLocation();
  const navigate = useNavigate();
  const locationRef = useRef(location);
  useEffect(() => {
    locationRef.current = location;
  });
  const ownNavigation = useRef(false);
  const pendingLocation = useRef<AppLocation | null>(null);
  const callbacks = useRef(props);
  useEffect(() => {
    callbacks.current = props;
  });
  const closable = Boolean(props.onClose);
  const sessionRef = useRef<WidgetSession | null>(null);
  const label = t("frame.title", { widget: widget.name, app: widget.appTitle });
  const cacheKey = `${widget.appName}:${widget.key}:${embeddingId ?? entity?.id ?? "-"}`;

  // Made by the effect that creates the frame: one session per frame.
  const createSession = ({ createWidgetRequests, WidgetSession }: FrameBridge) => {
    const requests = createWidgetRequests({
      appName: widget.appName,
      origin: typeof window === "undefined" ? "http://localhost" : window.location.origin,
      basePath: BASE_PATH,
      confirm: (request) => new Promise<Decision>((resolve) => setConfirm({ ...request, resolve })),
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
        setPhase({ kind: "ready" });
        track("widgets", "lifecycle", {
          app: identifier(widget.appName),
          widget: identifier(widget.key),
          stage: "registered",
        });
      },
      alert: (message, type, timeoutMs) => showWidgetAlert(widget.appTitle, message, type, timeoutMs),
      setModal,
      close: closable ? () => callbacks.current.onClose?.() : undefined,
      setTitle: (title, url) => callbacks.current.onTitle?.(title, url),
      setLoading: setBusy,
      setConfigMode,
      setError: setWidgetError,
      remove: () => callbacks.current.onRemove?.(),
      readCache: () => readWidgetCache(cacheKey),
      storeCache: (data) => storeWidgetCache(cacheKey, data),
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
      ...(locationBase
        ? {
            location: {
              get: () =>
                pendingLocation.current ??
                locationRelative(
                  locationRef.current.pathname,
                  locationRef.current.search,
                  locationRef.current.hash,
                  locationBase,
                ),
              update(next, replace) {
                const current = locationRelative(
                  locationRef.current.pathname,
                  locationRef.current.search,
                  locationRef.current.hash,
                  locationBase,
                );
                const merged = { ...(pendingLocation.current ?? current), ...next };
                // What the widget asked for is its location at once, before the router gets there.
                pendingLocation.current = {
                  pathname: merged.pathname.replace(/^\/+/, ""),
                  search: merged.search.replace(/^\?/, ""),
                  hash: merged.hash.replace(/^#/, ""),
                };
                const path = merged.pathname.replace(/^\/+/, "");
                ownNavigation.current = true;
                void navigate(
                  `${locationBase}${path ? `/${path}` : ""}${merged.search ? `?${merged.search.replace(/^\?/, "")}` : ""}${merged.hash ? `#${merged.hash.replace(/^#/, "")}` : ""}`,
                  { replace, preventScrollReset: true },
                );
              },
            },
          }
        : {}),
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
    return new WidgetSession(() => frame.current?.contentWindow ?? null, {
      extensionPoint: widget.extensionPoint,
      appName: widget.appName,
      entity,
      editable,
      requests,
      ui,
    });
  };

  // The frame exists only in the browser, after this listener: the hello can never be missed.
  useEffect(() => {
    if (!hydrated) return;
    const data: FrameData = {
      locale: i18n.language,
      theme: effectiveTheme(),
      entity,
      me,
      widget: {
        id: embeddingId ?? widget.id,
        appId: widget.appId,
        appName: widget.appName,
        key: widget.key,
        extensionPoint: widget.extensionPoint,
      },
      editable,
    };
    // An indexPath may carry a query of its own (`panel/index.html?compact=1`): kept beside Keel's.
    const [indexFile = "", indexQuery = ""] = widget.indexPath.split("?", 2);
    const query = new URLSearchParams(indexQuery);
    query.set("ytapp", JSON.stringify(data));
    query.set("locale", i18n.language);
    query.set("editable", String(editable));
    const url = `${widgetFileUrl(BASE_PATH, widget.appName, widgetDocumentPath(indexFile))}?${query.toString()}`;
    let cancelled = false;
    let session: WidgetSession | null = null;
    const listener = (event: MessageEvent) => {
      if (session?.accept(event)) event.stopImmediatePropagation();
    };
    const failed = (error: unknown) => {
      if (!cancelled)
        setPhase({ kind: "failed", reason: "load", detail: error instanceof Error ? error.message : "" });
    };
    // The bridge (its checks of every message) loads beside the frame's document, not in the page's first
    // scripts. The frame's own failures are invisible to the page (another origin): ask for the document first.
    Promise.all([
      loadChunk(() => import("./frame-session.ts"), "widget-session"),
      fetch(url, { headers: { accept: "text/html" } }),
    ]).then(([bridge, response]) => {
      if (cancelled) return;
      if (!response.ok) {
        setPhase({ kind: "failed", reason: "load", detail: response.statusText || String(response.status) });
        return;
      }
      session = createSession(bridge);
      sessionRef.current = session;
      window.addEventListener("message", listener);
      setSrc(url);
    }, failed);
    return () => {
      cancelled = true;
      window.removeEventListener("message", listener);
      session?.dispose();
      sessionRef.current = null;
    };
    // Built once per session; language and theme changes reach the widget as events.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hydrated]);

  // Registration must come within the timeout of the frame's creation.
  useEffect(() => {
    if (!src || phase.kind !== "loading") return;
    const timer = setTimeout(() => {
      if (sessionRef.current?.registered) return;
      console.error(`Widget ${widget.appName}/${widget.key}: ${t("frame.registerTimeout")}`);
      setPhase({ kind: "failed", reason: "timeout" });
      track("widgets", "lifecycle", {
        app: identifier(widget.appName),
        widget: identifier(widget.key),
        stage: "failed",
      });
    }, props.registerTimeoutMs ?? REGISTER_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [src, phase.kind, props.registerTimeoutMs, widget.appName, widget.key, t]);

  useEffect(() => {
    if (phase.kind === "ready") sessionRef.current?.send("theme", theme);
  }, [theme, phase.kind]);

  useEffect(() => {
    if (props.refreshSignal) sessionRef.current?.send("refresh");
  }, [props.refreshSignal]);
  useEffect(() => {
    if (props.configureSignal) sessionRef.current?.send("configure");
  }, [props.configureSignal]);

  // Browser navigation inside a full-page app is the widget's to follow; where it started, it read itself.
  const lastLocation = useRef<string | null>(null);
  useEffect(() => {
    if (!locationBase || phase.kind !== "ready") return;
    const key = `${location.pathname}${location.search}${location.hash}`;
    pendingLocation.current = null;
    const first = lastLocation.current === null;
    if (lastLocation.current === key) return;
    lastLocation.current = key;
    if (first) return;
    if (ownNavigation.current) {
      ownNavigation.current = false;
      return;
    }
    sessionRef.current?.send(
      "locationChange",
      locationRelative(location.pathname, location.search, location.hash, locationBase),
    );
  }, [location.pathname, location.search, location.hash, locationBase, phase.kind]);

  useEffect(() => {
    if (!modal) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setModal(false);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [modal]);

  const answer = (decision: Decision) => {
    confirm?.resolve(decision);
    setConfirm(null);
  };

  const expected = widget.expectedDimensions;
  const size: CSSProperties | undefined =
    expected && !modal
      ? { width: "100%", maxWidth: expected.width ?? undefined, height: expected.height ?? undefined }
      : undefined;
  const classes = [
    "widget-frame",
    modal ? "widget-frame-modal" : "",
    configMode ? "widget-frame-config" : "",
    props.className ?? "",
  ]
    .filter(Boolean)
    .join(" ");

  return (
    <div
      className={classes}
      style={props.style}
      data-widget={`${widget.appName}/${widget.key}`}
      data-state={phase.kind}
      role={modal ? "dialog" : undefined}
      aria-modal={modal ? true : undefined}
      aria-label={modal ? t("frame.modalLabel", { widget: widget.name }) : undefined}
    >
      {modal ? (
        <button type="button" className="button widget-frame-exit" onClick={() => setModal(false)}>
          {t("frame.exitModal")}
        </button>
      ) : null}
      {configMode ? <p className="widget-frame-badge">{t("frame.configuring")}</p> : null}
      {widgetError ? (
        <p className="widget-frame-widget-error" role="alert">
          {t("frame.widgetError", { message: widgetError })}
        </p>
      ) : null}
      {phase.kind === "failed" ? (
        <div className="widget-frame-failed" role="alert">
          <p className="widget-frame-failed-title">
            {phase.reason === "timeout" ? t("frame.registerTimeout") : t("frame.problem")}
          </p>
          {phase.reason === "load" ? <p>{t("frame.loadFailed", { status: phase.detail ?? "" })}</p> : null}
          <p>{t("frame.contactVendor")}</p>
          <p>{t("frame.checkConsole")}</p>
        </div>
      ) : (
        // The box has the frame's final size from the first render, and the placeholder covers it until the
        // widget registers: nothing moves when the widget appears.
        <div className="widget-frame-box">
          {src ? (
            <iframe
              ref={frame}
              title={label}
              src={src}
              sandbox={WIDGET_SANDBOX.join(" ")}
              referrerPolicy="no-referrer"
              allow=""
              loading="eager"
              className="widget-frame-iframe"
              style={size}
              onLoad={() =>
                track("widgets", "lifecycle", {
                  app: identifier(widget.appName),
                  widget: identifier(widget.key),
                  stage: "loaded",
                })
              }
            />
          ) : (
            <div className="widget-frame-iframe widget-frame-reserved" style={size} />
          )}
          {phase.kind === "loading" || busy ? (
            <p className="widget-frame-placeholder" role="status">
              <span className="widget-frame-spinner" aria-hidden="true" />
              <span className="when-scripting">{t("frame.loading", { widget: widget.name })}</span>
              {/* Without scripts there is no host: the page says so instead of loading forever. */}
              {!hydrated ? (
                <span className="when-no-scripting">{t("frame.needsScripts", { widget: widget.name })}</span>
              ) : null}
            </p>
          ) : null}
        </div>
      )}
      {confirm ? (
        <ConfirmDialog
          app={widget.appTitle}
          method={confirm.method}
          path={confirm.path}
          dataLoss={confirm.dataLoss}
          onAnswer={answer}
        />
      ) : null}
    </div>
  );
}

function ConfirmDialog(props: {
  app: string;
  method: string;
  path: string;
  dataLoss: boolean;
  onAnswer: (decision: Decision) => void;
}) {
  const { t } = useTranslation("widgets");
  const dialog = useRef<HTMLDialogElement>(null);
  // Focus goes back to where it was (the widget's frame, whose button asked) once the question is answered.
  const returnTo = useRef<Element | null>(null);
  const onAnswer = (decision: Decision) => {
    dialog.current?.close();
    if (returnTo.current instanceof HTMLElement) returnTo.current.focus();
    props.onAnswer(decision);
  };
  useEffect(() => {
    const element = dialog.current;
    returnTo.current = document.activeElement;
    if (element && !element.open) element.showModal();
  }, []);
  return (
    <dialog
      ref={dialog}
      className="widget-confirm"
      aria-labelledby="widget-confirm-title"
      aria-describedby="widget-confirm-text"
      data-data-loss={props.dataLoss}
      onCancel={(event) => {
        event.preventDefault();
        onAnswer("deny");
      }}
    >
      <h2 id="widget-confirm-title">{t("confirm.title", { app: props.app })}</h2>
      <p id="widget-confirm-text" className={props.dataLoss ? "widget-confirm-warning" : undefined}>
        {props.dataLoss
          ? t("confirm.dataLoss", { app: props.app, path: props.path })
          : t("confirm.elevated", { app: props.app, method: props.method, path: props.path })}
      </p>
      <div className="dialog-actions">
        <button type="button" className="button" onClick={() => onAnswer("deny")}>
          {t("confirm.deny")}
        </button>
        <button type="button" className="button" onClick={() => onAnswer("once")}>
          {t("confirm.once")}
        </button>
        <button type="button" className="button button-primary" onClick={() => onAnswer("always")}>
          {t("confirm.always")}
        </button>
      </div>
    </dialog>
  );
}
