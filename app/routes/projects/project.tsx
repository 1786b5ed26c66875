// A project's page: overview, settings, channel and app tabs as `?tab=` links, so it works without scripts.
import { useTranslation } from "react-i18next";
import { data } from "react-router";
import type { Route } from "./+types/project";
import { RouteError } from "#app/components/route-error.tsx";
import { ApiError } from "#app/lib/api.server.ts";
import { PERMISSION } from "#contract/constants.ts";
import { hasPermissionIn } from "#contract/permissions.ts";
import { getApi } from "#app/middleware/api.server.ts";
import { getI18n } from "#app/middleware/i18next.server.ts";
import { WidgetSlot } from "#app/widgets/host/widget-slot.tsx";
import { PageTabs, widgetTabId } from "#app/widgets/host/widget-tabs.tsx";
import { loadPlacedWidgets, widgetUser } from "#app/widgets/placement.server.ts";
import type { WidgetEntity } from "#app/widgets/protocol.ts";

const SETTINGS_TAB = "settings";

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const api = getApi(context);
  const t = getI18n(context).getFixedT(null, "widgets");
  const [project, user, permissions] = await Promise.all([
    api.getProject(params.projectId).catch((error: unknown) => {
      if (error instanceof ApiError && (error.status === 404 || error.status === 403)) {
        throw data({ message: t("project.notFound", { id: params.projectId }) }, { status: 404 });
      }
      throw error;
    }),
    api.getCurrentUser(),
    api.getPermissions(),
  ]);
  const entity: WidgetEntity = {
    type: "project",
    id: project.id,
    key: project.shortName,
    summary: project.name,
  };
  const helpdesk = project.projectType.id === "HELPDESK";
  const manager = hasPermissionIn(permissions, PERMISSION.PROJECT_UPDATE, project.id);
  const widgets = await loadPlacedWidgets(
    api,
    [
      "PROJECT_TAB",
      ...(manager ? (["PROJECT_SETTINGS"] as const) : []),
      ...(helpdesk ? (["HELPDESK_CHANNEL"] as const) : []),
    ],
    { entity, projectId: project.id },
  );
  const settings = widgets.PROJECT_SETTINGS ?? [];
  const tabs = [
    { id: "overview", label: t("project.overview") },
    // Each settings widget is a tab of its own; without any, one tab says so.
    ...(manager
      ? settings.length
        ? settings.map((w) => ({ id: widgetTabId(w), label: w.name }))
        : [{ id: SETTINGS_TAB, label: t("project.settings") }]
      : []),
    ...(helpdesk && manager ? [{ id: "channels", label: t("project.channels") }] : []),
    ...(widgets.PROJECT_TAB ?? []).map((w) => ({ id: widgetTabId(w), label: w.name })),
  ];
  let requested = url.searchParams.get("tab") ?? "overview";
  // `?tab=settings` still leads to the project's settings: the first settings widget's tab.
  if (requested === SETTINGS_TAB && settings[0]) requested = widgetTabId(settings[0]);
  const tab = tabs.some((candidate) => candidate.id === requested) ? requested : "overview";
  return { project, entity, widgets, tabs, tab, me: widgetUser(user) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.project.name} · Keel` : "Keel" },
];

export default function ProjectPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("widgets");
  const { project, entity, widgets, tabs, tab, me } = loaderData;
  const path = `/projects/${encodeURIComponent(project.shortName)}`;
  const tabWidget = [...(widgets.PROJECT_SETTINGS ?? []), ...(widgets.PROJECT_TAB ?? [])].find(
    (w) => widgetTabId(w) === tab,
  );
  return (
    <section aria-labelledby="page-heading" className="project-page">
      <h1 id="page-heading">{project.name}</h1>
      <PageTabs tabs={tabs} current={tab} path={path} />
      {tab === "overview" ? (
        <dl className="field-list">
          <dt>{t("project.shortName")}</dt>
          <dd>{project.shortName}</dd>
          <dt>{t("project.template")}</dt>
          <dd>{project.template}</dd>
          <dt>{t("project.type")}</dt>
          <dd>{project.projectType.id === "HELPDESK" ? t("project.helpdesk") : t("project.standard")}</dd>
        </dl>
      ) : null}
      {tab === SETTINGS_TAB ? <p className="muted">{t("project.noSettings")}</p> : null}
      {tab === "channels" ? (
        widgets.HELPDESK_CHANNEL?.length ? (
          <WidgetSlot widgets={widgets.HELPDESK_CHANNEL} entity={entity} me={me} place="helpdesk-channel" />
        ) : (
          <p className="muted">{t("project.noChannels")}</p>
        )
      ) : null}
      {tabWidget ? (
        <WidgetSlot
          key={tabWidget.id}
          widgets={[tabWidget]}
          entity={entity}
          me={me}
          place={tabWidget.extensionPoint === "PROJECT_SETTINGS" ? "project-settings" : "project-tab"}
        />
      ) : null}
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
