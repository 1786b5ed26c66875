import { useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { WidgetAlerts } from "#app/widgets/host/alerts.tsx";
import type { LayoutKind } from "../route-table.ts";

// The layout rendered on the server is initialised when the page arrives; only a
// layout mounted later, by switching between the layouts, starts behind the overlay.
let documentHydrated = false;

/** One of the two layouts; switching layouts unmounts this and mounts the other. */
export function LayoutHost({ kind, children }: { kind: LayoutKind; children: ReactNode }) {
  const [initialised, setInitialised] = useState(() => !documentHydrated);
  const { t } = useTranslation("shell");
  useEffect(() => {
    documentHydrated = true;
    if (initialised) return;
    // Mounted and painted once: the layout is ready, the overlay goes.
    const frame = requestAnimationFrame(() => setInitialised(true));
    return () => cancelAnimationFrame(frame);
  }, [initialised]);
  return (
    <div className="layout-host" data-layout={kind} data-initialised={initialised}>
      {initialised ? null : (
        <div className="layout-loading" role="status">
          {t("app.loading")}
        </div>
      )}
      {children}
      <WidgetAlerts />
    </div>
  );
}
