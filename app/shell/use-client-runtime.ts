// Browser-only behaviour of the shell that lives outside any one page: in-app link interception and
// the error-reporting service (docs/shell.md, Links and Errors the shell shows).
import { useEffect } from "react";
import { useNavigate } from "react-router";
import { FEATURE_FLAG } from "#contract/constants.ts";
import {
  createErrorReporter,
  isFeatureFlagOn,
  type ErrorReport,
  type FeatureFlag,
} from "../lib/error-reporter.ts";
import { shouldInterceptLink } from "../lib/links.ts";

export const ERROR_REPORTS_PATH = "/resources/error-reports";

/**
 * Plain anchors inside an element marked for navigation (rendered Markdown, for instance) navigate inside
 * the app instead of loading a new document, under the conditions of docs/shell.md, Links.
 */
export function useLinkInterception(): void {
  const navigate = useNavigate();
  useEffect(() => {
    function onClick(event: MouseEvent) {
      const target = event.target;
      if (!(target instanceof Element)) return;
      const anchor = target.closest("a[href]");
      if (!(anchor instanceof HTMLAnchorElement)) return;
      if (!shouldInterceptLink(event, anchor, window.location.origin)) return;
      event.preventDefault();
      const url = new URL(anchor.href);
      void navigate(`${url.pathname}${url.search}${url.hash}`);
    }
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
}

function sendReport(report: ErrorReport, csrfToken: string): void {
  const body = JSON.stringify({
    kind: report.kind,
    sampleRate: report.sampleRate,
    name: report.name,
    message: report.message,
    stack: report.stack,
    path: window.location.pathname,
  });
  // keepalive: a report about a failing page should survive its unload.
  void fetch(ERROR_REPORTS_PATH, {
    method: "POST",
    keepalive: true,
    credentials: "same-origin",
    headers: { "content-type": "application/json", "x-csrf-token": csrfToken },
    body,
  }).catch(() => {
    // The reporter must never raise errors of its own.
  });
}

/** Uncaught errors go to the server's log when the user's error-reporting flag is on. */
export function useErrorReporting(featureFlags: readonly FeatureFlag[], csrfToken: string): void {
  const enabled = isFeatureFlagOn(featureFlags, FEATURE_FLAG.ERROR_REPORTING);
  useEffect(() => {
    if (!enabled) return;
    const reporter = createErrorReporter({ enabled, send: (report) => sendReport(report, csrfToken) });
    // Errors until the page has finished loading belong to the page load, sampled at 1; later ones at 0.1.
    const kind = () =>
      document.readyState === "complete" && performance.now() > 5_000 ? "other" : "pageLoad";
    const onError = (event: ErrorEvent) => reporter.report(event.error ?? event.message, { kind: kind() });
    const onRejection = (event: PromiseRejectionEvent) => reporter.report(event.reason, { kind: kind() });
    window.addEventListener("error", onError);
    window.addEventListener("unhandledrejection", onRejection);
    return () => {
      window.removeEventListener("error", onError);
      window.removeEventListener("unhandledrejection", onRejection);
    };
  }, [enabled, csrfToken]);
}
