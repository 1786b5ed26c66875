// One app widget in its sandboxed frame, once its place is near the viewport (widget-frame.tsx places it,
// and this renders inside its element): placeholder, then the widget or its error texts; in place or modal;
// config mode when editable; confirmation of mutating requests. The frame's life is in
// use-widget-session.ts, the page's side of its calls in frame-host.ts.
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { WIDGET_SANDBOX } from "../frame-policy.ts";
import { ConfirmDialog } from "./confirm-dialog.tsx";
import { trackLifecycle, type PendingConfirm } from "./frame-host.ts";
import type { Decision } from "./requests.ts";
import { useAppLocation, useFollowLocation } from "./use-app-location.ts";
import { useWidgetSession } from "./use-widget-session.ts";
import { FrameFailed, FrameLoading, reservedSize, type LiveFrameProps } from "./widget-frame.tsx";

/** Mounted near the viewport, after hydration: the frame starts at once. */
export function LiveWidgetFrame(props: LiveFrameProps) {
  const { widget, entity, me, editable = false, embeddingId, embeddedIn, locationBase } = props;
  const { t } = useTranslation("widgets");
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

  const { onLook } = props;
  // Before the browser paints, so the element and its content change together.
  useLayoutEffect(
    () => onLook({ state: phase.kind, modal, configMode }),
    [onLook, phase.kind, modal, configMode],
  );

  const size = modal ? undefined : reservedSize(widget);
  return (
    <>
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
        <FrameFailed reason={phase.reason} detail={phase.detail} />
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
              onLoad={() => trackLifecycle(widget, "loaded")}
            />
          ) : (
            <div className="widget-frame-iframe widget-frame-reserved" style={size} />
          )}
          {phase.kind === "loading" || busy ? <FrameLoading widget={widget} hydrated /> : null}
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
    </>
  );
}
