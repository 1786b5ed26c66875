// One app widget in its sandboxed frame: placeholder, then the widget or its error texts; in place or
// modal; config mode when editable; confirmation of mutating requests. The frame's life is in
// use-widget-session.ts, the page's side of its calls in frame-host.ts.
import { useEffect, useRef, useState, type CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { useNearViewport } from "#app/lib/use-near-viewport.ts";
import { WIDGET_SANDBOX } from "../frame-policy.ts";
import type { WidgetEntity, WidgetUser } from "../protocol.ts";
import type { EmbeddedIn, HostedWidget } from "../types.ts";
import { ConfirmDialog } from "./confirm-dialog.tsx";
import { trackLifecycle, type PendingConfirm } from "./frame-host.ts";
import type { Decision } from "./requests.ts";
import { useAppLocation, useFollowLocation } from "./use-app-location.ts";
import { useWidgetSession } from "./use-widget-session.ts";

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
  /** How long the widget has to call YTApp.register(); REGISTER_TIMEOUT_MS unless a test shortens it. */
  registerTimeoutMs?: number;
  className?: string;
  style?: CSSProperties;
}

export function WidgetFrame(props: WidgetFrameProps) {
  const { widget, entity, me, editable = false, embeddingId, embeddedIn, locationBase } = props;
  const { t } = useTranslation("widgets");
  const hydrated = useHydrated();
  // A frame starts (its document, the bridge, the registration's timeout) once its place comes within a
  // screen of the viewport: frames further down the page do not compete with it while it starts.
  const box = useRef<HTMLDivElement>(null);
  const near = useNearViewport(box, hydrated);
  const [modal, setModal] = useState(false);
  const [configMode, setConfigMode] = useState(false);
  const [busy, setBusy] = useState(false);
  const [widgetError, setWidgetError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<PendingConfirm | null>(null);
  const appLocation = useAppLocation(locationBase);
  const callbacks = useRef(props);
  useEffect(() => {
    callbacks.current = props;
  });
  const label = t("frame.title", { widget: widget.name, app: widget.appTitle });
  const { frame, phase, src, session } = useWidgetSession(
    {
      widget,
      entity,
      editable,
      embeddingId,
      embeddedIn,
      cacheKey: `${widget.appName}:${widget.key}:${embeddingId ?? entity?.id ?? "-"}`,
      closable: Boolean(props.onClose),
      callbacks: () => callbacks.current,
      location: appLocation.ui,
      confirm: setConfirm,
      setModal,
      setBusy,
      setConfigMode,
      setError: setWidgetError,
    },
    {
      start: hydrated && near,
      me,
      registerTimeoutMs: props.registerTimeoutMs,
      refreshSignal: props.refreshSignal,
      configureSignal: props.configureSignal,
    },
  );
  useFollowLocation(locationBase, appLocation, session, phase.kind === "ready");

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
        <div className="widget-frame-box" ref={box}>
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
              onLoad={() => trackLifecycle(widget, "loaded")}
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
