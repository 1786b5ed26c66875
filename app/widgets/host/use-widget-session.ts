// The life of a widget's frame: its document asked for once the page is hydrated and the frame's place is
// near the viewport, the bridge loaded beside it, registration awaited within the timeout, and theme,
// refresh and configure passed on.
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { loadChunk } from "#app/lib/app-errors.ts";
import { REGISTER_TIMEOUT_MS } from "../frame-policy.ts";
import type { FrameData } from "../protocol.ts";
import { widgetDocumentPath, widgetFileUrl } from "#contract/package-files.ts";
import { BASE_PATH, trackLifecycle, type FrameHost } from "./frame-host.ts";
import type { WidgetSession } from "./session.ts";
import { effectiveTheme, useEffectiveTheme } from "./use-effective-theme.ts";

export type Phase =
  { kind: "loading" } | { kind: "ready" } | { kind: "failed"; reason: "timeout" | "load"; detail?: string };

/** The session starts when the hook first runs: its frame mounts once the page is hydrated and the place is
 * near the viewport (widget-frame.tsx). */
export interface WidgetSessionOptions {
  me: FrameData["me"];
  /** How long the widget has to call YTApp.register(). */
  registerTimeoutMs?: number;
  refreshSignal?: number;
  configureSignal?: number;
}

export function useWidgetSession(
  host: Omit<FrameHost, "frameWindow" | "registered">,
  { me, registerTimeoutMs, refreshSignal, configureSignal }: WidgetSessionOptions,
) {
  const { widget, entity, editable, embeddingId } = host;
  const { t, i18n } = useTranslation("widgets");
  const theme = useEffectiveTheme();
  const frame = useRef<HTMLIFrameElement>(null);
  const [phase, setPhase] = useState<Phase>({ kind: "loading" });
  const [src, setSrc] = useState<string | null>(null);
  const sessionRef = useRef<WidgetSession | null>(null);

  // The frame exists only in the browser, after this listener: the hello can never be missed.
  useEffect(() => {
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
    // The host's session and the bridge under it (its checks of every message) load beside the frame's
    // document, not in the page's first scripts. The frame's own failures are invisible to the page (another origin): ask for the document first.
    Promise.all([
      loadChunk(() => import("./host-session.ts"), "widget-session"),
      fetch(url, { headers: { accept: "text/html" } }),
    ]).then(([hostSession, response]) => {
      if (cancelled) return;
      if (!response.ok) {
        setPhase({ kind: "failed", reason: "load", detail: response.statusText || String(response.status) });
        return;
      }
      session = hostSession.createHostSession({
        ...host,
        frameWindow: () => frame.current?.contentWindow ?? null,
        registered: () => setPhase({ kind: "ready" }),
      });
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
  }, []);

  // Registration must come within the timeout of the frame's creation.
  const { appName, key } = widget;
  useEffect(() => {
    if (!src || phase.kind !== "loading") return;
    const timer = setTimeout(() => {
      if (sessionRef.current?.registered) return;
      console.error(`Widget ${appName}/${key}: ${t("frame.registerTimeout")}`);
      setPhase({ kind: "failed", reason: "timeout" });
      trackLifecycle({ appName, key }, "failed");
    }, registerTimeoutMs ?? REGISTER_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [src, phase.kind, registerTimeoutMs, appName, key, t]);

  useEffect(() => {
    if (phase.kind === "ready") sessionRef.current?.send("theme", theme);
  }, [theme, phase.kind]);

  useEffect(() => {
    if (refreshSignal) sessionRef.current?.send("refresh");
  }, [refreshSignal]);
  useEffect(() => {
    if (configureSignal) sessionRef.current?.send("configure");
  }, [configureSignal]);

  return { frame, phase, src, session: sessionRef };
}
