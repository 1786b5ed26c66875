// Browser-only behaviour of the shell that lives outside any one page: in-app link interception and
// the error-reporting service (docs/shell.md, Links and Errors the shell shows).
import { useEffect } from "react";
import { useNavigate } from "react-router";
import { FEATURE_FLAG } from "#contract/constants.ts";
import type { ErrorReport, ErrorReporter, ErrorReportKind } from "../lib/error-reporter.ts";
import { isFeatureFlagOn, type FeatureFlag } from "../lib/feature-flags.ts";
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

/**
 * Uncaught errors go to the server's log when the user's error-reporting flag is on. The reporter's rules
 * (what is ignored, the sampling) load with the first error: pages without one never fetch them.
 */
export function useErrorReporting(featureFlags: readonly FeatureFlag[], csrfToken: string): void {
  const enabled = isFeatureFlagOn(featureFlags, FEATURE_FLAG.ERROR_REPORTING);
  useEffect(() => {
    if (!enabled) return;
    let reporter: Promise<ErrorReporter> | undefined;
    const report = (error: unknown) => {
      // Errors until the page has finished loading belong to the page load, sampled at 1; later ones at 0.1.
      // The kind is the moment's, not the reporter's arrival's.
      const kind: ErrorReportKind =
        document.readyState === "complete" && performance.now() > 5_000 ? "other" : "pageLoad";
      reporter ??= import("../lib/error-reporter.ts").then(({ createErrorReporter }) =>
        createErrorReporter({ enabled, send: (sent) => sendReport(sent, csrfToken) }),
      );
      reporter.then(
        (loaded) => loaded.report(error, { kind }),
        () => {
          // Not loaded (offline, a new deployment): the reporter must never raise errors of its own.
          reporter = undefined;
        },
      );
    };
    const onError = (event: ErrorEvent) => report(event.error ?? event.message);
    const onRejection = (event: PromiseRejectionEvent) => report(event.reason);
    window.addEventListener("error", onError);
    window.addEventListener("unhandledrejection", onRejection);
    return () => {
      window.removeEventListener("error", onError);
      window.removeEventListener("unhandledrejection", onRejection);
    };
  }, [enabled, csrfToken]);
}
