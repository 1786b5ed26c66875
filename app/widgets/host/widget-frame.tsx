// Where an app widget's frame goes: the server renders its element with the reserved box and a loading
// notice (or, without scripts, that the widget needs them), and the browser hydrates the same markup. The
// frame itself, with its session, bridge and dialogs (live-widget-frame.tsx), loads once the page has
// hydrated and the place comes within a screen of the viewport
// (docs/decisions/0026-widget-frames-start-near-the-viewport.md): none of it is among the page's first
// scripts, and frames further down the page do not compete with the first one while it starts. It renders
// inside the same element, whose state it sets (`FrameLook`), so the element stays the server's.
import { Suspense, useLayoutEffect, useRef, useState, type CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import { loadChunk } from "#app/lib/app-errors.ts";
import { optionalLazy } from "#app/lib/optional-lazy.tsx";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { useNearViewport } from "#app/lib/use-near-viewport.ts";
import type { WidgetEntity, WidgetUser } from "../protocol.ts";
import type { EmbeddedIn, HostedWidget } from "../types.ts";

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

/** The frame's element's classes, as placed and as the live frame changes them. */
export function frameClasses(
  className: string | undefined,
  { modal = false, configMode = false }: { modal?: boolean; configMode?: boolean } = {},
): string {
  return [
    "widget-frame",
    modal ? "widget-frame-modal" : "",
    configMode ? "widget-frame-config" : "",
    className,
  ]
    .filter(Boolean)
    .join(" ");
}

/** The frame's size as the app declares it: the box has it from the first render, so nothing moves. */
export function reservedSize(widget: HostedWidget): CSSProperties | undefined {
  const expected = widget.expectedDimensions;
  return expected
    ? { width: "100%", maxWidth: expected.width ?? undefined, height: expected.height ?? undefined }
    : undefined;
}

/** Covers the box until the widget registers; without scripts there is no host, and it says so. */
export function FrameLoading({ widget, hydrated }: { widget: HostedWidget; hydrated: boolean }) {
  const { t } = useTranslation("widgets");
  return (
    <p className="widget-frame-placeholder" role="status">
      <span className="widget-frame-spinner" aria-hidden="true" />
      <span className="when-scripting">{t("frame.loading", { widget: widget.name })}</span>
      {!hydrated ? (
        <span className="when-no-scripting">{t("frame.needsScripts", { widget: widget.name })}</span>
      ) : null}
    </p>
  );
}

/** What a frame that did not start shows: it did not register in time, or its document did not load. */
export function FrameFailed({ reason, detail }: { reason: "timeout" | "load"; detail?: string }) {
  const { t } = useTranslation("widgets");
  return (
    <div className="widget-frame-failed" role="alert">
      <p className="widget-frame-failed-title">
        {reason === "timeout" ? t("frame.registerTimeout") : t("frame.problem")}
      </p>
      {reason === "load" ? <p>{t("frame.loadFailed", { status: detail ?? "" })}</p> : null}
      <p>{t("frame.contactVendor")}</p>
      <p>{t("frame.checkConsole")}</p>
    </div>
  );
}

/** The frame's element's state, which the live frame sets: it stays one element from the server's on. */
export interface FrameLook {
  state: "loading" | "ready" | "failed";
  modal: boolean;
  configMode: boolean;
}

export interface LiveFrameProps extends WidgetFrameProps {
  /** The live frame's state, for the element around it. */
  onLook: (look: FrameLook) => void;
}

/** The reserved box with the loading notice: the server's, and the live frame's first render. */
export function FrameLoadingBox({ widget, hydrated }: { widget: HostedWidget; hydrated: boolean }) {
  return (
    <div className="widget-frame-box">
      <div className="widget-frame-iframe widget-frame-reserved" style={reservedSize(widget)} />
      <FrameLoading widget={widget} hydrated={hydrated} />
    </div>
  );
}

// Offline, or a new deployment: every frame of the page says it could not load, as a frame whose document
// fails does.
const LiveWidgetFrame = optionalLazy<LiveFrameProps>(
  () =>
    loadChunk(() => import("./live-widget-frame.tsx"), "widget-frame").then((module) => ({
      default: module.LiveWidgetFrame,
    })),
  "The widget frame",
  (error) =>
    function ChunkFailed({ onLook }: LiveFrameProps) {
      useLayoutEffect(() => onLook({ state: "failed", modal: false, configMode: false }), [onLook]);
      return <FrameFailed reason="load" detail={error instanceof Error ? error.message : ""} />;
    },
);

const LOADING: FrameLook = { state: "loading", modal: false, configMode: false };

export function WidgetFrame(props: WidgetFrameProps) {
  const { t } = useTranslation("widgets");
  const hydrated = useHydrated();
  const element = useRef<HTMLDivElement>(null);
  const near = useNearViewport(element, hydrated);
  const [look, setLook] = useState(LOADING);
  const { widget } = props;
  const placeholder = <FrameLoadingBox widget={widget} hydrated={hydrated} />;
  return (
    <div
      ref={element}
      className={frameClasses(props.className, look)}
      style={props.style}
      data-widget={`${widget.appName}/${widget.key}`}
      data-state={look.state}
      role={look.modal ? "dialog" : undefined}
      aria-modal={look.modal ? true : undefined}
      aria-label={look.modal ? t("frame.modalLabel", { widget: widget.name }) : undefined}
    >
      {near ? (
        <Suspense fallback={placeholder}>
          <LiveWidgetFrame {...props} onLook={setLook} />
        </Suspense>
      ) : (
        placeholder
      )}
    </div>
  );
}
