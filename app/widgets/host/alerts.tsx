// Messages widgets show with host.alert (default timeout DEFAULT_ALERT_TIMEOUT_MS), in one live region.
import { useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import type { AlertType } from "./session.ts";

export interface WidgetAlert {
  id: number;
  app: string;
  message: string;
  type: AlertType;
}

let alerts: readonly WidgetAlert[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export function dismissWidgetAlert(id: number): void {
  alerts = alerts.filter((a) => a.id !== id);
  emit();
}

/** Shows a message; a timeout of 0 keeps it until dismissed. */
export function showWidgetAlert(app: string, message: string, type: AlertType, timeoutMs: number): void {
  const id = nextId++;
  alerts = [...alerts.slice(-4), { id, app, message, type }];
  emit();
  if (timeoutMs > 0) setTimeout(() => dismissWidgetAlert(id), timeoutMs);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const EMPTY: readonly WidgetAlert[] = [];

export function WidgetAlerts() {
  const { t } = useTranslation("widgets");
  const current = useSyncExternalStore(
    subscribe,
    () => alerts,
    () => EMPTY,
  );
  return (
    <div className="widget-alerts" role="region" aria-label={t("alerts.label")}>
      <ul aria-live="polite">
        {current.map((alert) => (
          <li key={alert.id} className={`widget-alert widget-alert-${alert.type}`} data-testid="widget-alert">
            <span role={alert.type === "error" ? "alert" : undefined}>{alert.message}</span>
            <button
              type="button"
              className="button button-icon"
              onClick={() => dismissWidgetAlert(alert.id)}
              aria-label={t("alerts.dismiss")}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
