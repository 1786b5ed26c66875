// A full-page app widget at /app/{appName}/{key} (or /admin/app/…); what follows the key is the app's own
// location, kept in the URL so reloading and sharing work.
import { useTranslation } from "react-i18next";
import { data } from "react-router";
import type { Route } from "./+types/app-page";
import { RouteError } from "#app/components/route-error.tsx";
import { PERMISSION } from "#contract/constants.ts";
import { hasPermission } from "#contract/permissions.ts";
import { getApi } from "#app/middleware/api.server.ts";
import { getI18n } from "#app/middleware/i18next.server.ts";
import { WidgetFrame } from "#app/widgets/host/widget-frame.tsx";
import { findPlacedWidget, widgetUser } from "#app/widgets/placement.server.ts";

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const api = getApi(context);
  const t = getI18n(context).getFixedT(null, "widgets");
  const admin = url.pathname.startsWith("/admin/");
  const point = admin ? "ADMINISTRATION_MENU_ITEM" : "MAIN_MENU_ITEM";
  const [user, permissions, widget] = await Promise.all([
    api.getCurrentUser(),
    api.getPermissions(),
    findPlacedWidget(api, point, params.appName, params.key),
  ]);
  // Administration pages of apps follow the Apps page's rule (navigation-model.ts).
  if (admin && !hasPermission(permissions, PERMISSION.LOW_LEVEL_READ)) {
    throw data({ message: t("page.forbidden") }, { status: 403 });
  }
  if (!widget) throw data({ message: t("page.notFound", { key: params.key }) }, { status: 404 });
  const base = `${admin ? "/admin/app" : "/app"}/${encodeURIComponent(params.appName)}/${encodeURIComponent(params.key)}`;
  return { widget, me: widgetUser(user), base, title: widget.name };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.title} · Keel` : "Keel" },
];

export default function AppPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("widgets");
  const { widget, me, base } = loaderData;
  return (
    <section aria-labelledby="page-heading" className="app-page">
      <h1 id="page-heading">{widget.name}</h1>
      <p className="muted">{t("page.byApp", { app: widget.appTitle })}</p>
      <WidgetFrame
        key={widget.id}
        widget={widget}
        entity={{ type: "app", id: widget.appId }}
        me={me}
        locationBase={base}
        className="widget-frame-page"
      />
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
