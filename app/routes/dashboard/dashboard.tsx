// The dashboard (docs/widgets.md): every change is a form post to this route's action, so the page works
// without scripts; with them, changes show at once and the frames stay loaded.
import { useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { data, Link } from "react-router";
import type { Route } from "./+types/dashboard";
import type { DashboardTile } from "#contract/api.ts";
import { RouteError } from "#app/components/route-error.tsx";
import { useCsrfToken } from "#app/components/use-csrf-token.ts";
import { answerFormPost } from "#app/lib/form-answer.server.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { getApi } from "#app/middleware/api.server.ts";
import { getI18n } from "#app/middleware/i18next.server.ts";
import { AddWidgetButton, AddWidgetDialog, useAddWidget } from "#app/widgets/dashboard/add-widget.tsx";
import dashboardStyles from "#app/widgets/dashboard/dashboard.css?url";
import { TileGrid } from "#app/widgets/dashboard/tile-grid.tsx";
import { Welcome } from "#app/widgets/dashboard/welcome.tsx";
import { DASHBOARD_PATH, widgetRef } from "#app/widgets/dashboard-layout.ts";
import { changeDashboard } from "#app/widgets/dashboard.server.ts";
import { loadPlacedWidgets, widgetUser } from "#app/widgets/placement.server.ts";
import type { HostedWidget } from "#app/widgets/types.ts";
import { useDashboardChanges, type DashboardAnswer } from "#app/widgets/use-dashboard-changes.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const api = getApi(context);
  const title = getI18n(context).getFixedT(null, "pages")("titles.dashboards");
  const user = await api.getCurrentUser();
  if (user.guest) {
    return { title, signedIn: false, me: null, tiles: [] as DashboardTile[], widgets: [] as HostedWidget[] };
  }
  const [dashboard, placed] = await Promise.all([
    api.getDashboard(),
    loadPlacedWidgets(api, ["DASHBOARD_WIDGET"]),
  ]);
  return {
    title,
    signedIn: true,
    me: widgetUser(user),
    tiles: dashboard.tiles,
    widgets: placed.DASHBOARD_WIDGET ?? [],
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const t = getI18n(context).getFixedT(null, "widgets");
  const outcome = await changeDashboard(getApi(context), await request.formData(), t);
  if (!outcome.ok) return data<DashboardAnswer>({ ok: false, error: outcome.error }, { status: 400 });
  // Without scripts the page comes back scrolled to the tile that changed.
  const back = outcome.tileId ? `${DASHBOARD_PATH}#tile-${outcome.tileId}` : DASHBOARD_PATH;
  return answerFormPost<DashboardAnswer>(request, { ok: true, error: null }, back);
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.title} · Keel` : "Keel" },
];

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: dashboardStyles }];

export default function Dashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("widgets");
  const { title, signedIn, me, widgets } = loaderData;
  const hydrated = useHydrated();
  const csrf = useCsrfToken();
  const { tiles, change, saving, error } = useDashboardChanges(loaderData.tiles, csrf, DASHBOARD_PATH);
  const [announcement, setAnnouncement] = useState("");
  const addButton = useRef<HTMLButtonElement>(null);
  const adding = useAddWidget(addButton, tiles.length, change, setAnnouncement);
  const byRef = new Map(widgets.map((widget) => [widgetRef(widget.appName, widget.key), widget]));
  const message = error ?? actionData?.error ?? null;

  const addControl = signedIn ? (
    <AddWidgetButton hydrated={hydrated} ref={addButton} onOpen={adding.show} />
  ) : null;

  return (
    <section aria-labelledby="page-heading" className="dashboard">
      <div className="dashboard-heading">
        <h1 id="page-heading">{title}</h1>
        {tiles.length > 0 ? addControl : null}
      </div>
      <Welcome />
      {message ? (
        <p className="form-error dashboard-error" role="alert">
          {message}
        </p>
      ) : null}
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      {!signedIn ? (
        <div className="notice">
          <p>{t("dashboard.signIn")}</p>
          <p>
            <Link to={`/login?redirect=${encodeURIComponent(DASHBOARD_PATH)}`}>
              {t("dashboard.signInLink")}
            </Link>
          </p>
        </div>
      ) : tiles.length === 0 ? (
        <div className="empty-state">
          <p className="empty-state-title">{t("dashboard.empty")}</p>
          <p className="muted">{t("dashboard.emptyHint")}</p>
          {addControl}
        </div>
      ) : (
        <TileGrid
          tiles={tiles}
          byRef={byRef}
          me={me}
          saving={saving}
          hydrated={hydrated}
          change={change}
          announce={setAnnouncement}
          onRemoved={adding.focusButton}
        />
      )}
      {signedIn && adding.open ? (
        <AddWidgetDialog widgets={widgets} hydrated={hydrated} onAdd={adding.add} onClose={adding.close} />
      ) : null}
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps): ReactNode {
  return <RouteError error={error} />;
}
