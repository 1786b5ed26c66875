import { useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { WidgetAlerts } from "../widgets/host/alerts.tsx";
import type { AppKind } from "./route-table.ts";

// The app rendered on the server is initialised when the page arrives; only an
// app mounted later, by switching between the apps, starts behind the overlay.
let documentHydrated = false;

/** One of the two apps; switching apps unmounts this and mounts the other. */
export function AppHost({ kind, children }: { kind: AppKind; children: ReactNode }) {
  const [initialised, setInitialised] = useState(() => !documentHydrated);
  const { t } = useTranslation("shell");
  useEffect(() => {
    documentHydrated = true;
    if (initialised) return;
    // Mounted and painted once: the app is ready, the overlay goes.
    const frame = requestAnimationFrame(() => setInitialised(true));
    return () => cancelAnimationFrame(frame);
  }, [initialised]);
  return (
    <div className="app-host" data-app={kind} data-initialised={initialised}>
      {initialised ? null : (
        <div className="app-loading" role="status">
          {t("app.loading")}
        </div>
      )}
      {children}
      <WidgetAlerts />
    </div>
  );
}
