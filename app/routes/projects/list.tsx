import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Pager } from "#app/components/pager.tsx";
import { pageOf } from "#app/lib/page.server.ts";
import type { Route } from "./+types/list";
import { PERMISSION } from "#contract/constants.ts";
import { hasPermission } from "#contract/permissions.ts";
import { getApi } from "#app/middleware/api.server.ts";
import { getI18n } from "#app/middleware/i18next.server.ts";

export const PROJECTS_PER_PAGE = 50;

export async function loader({ context, url }: Route.LoaderArgs) {
  const api = getApi(context);
  const t = getI18n(context).getFixedT(null, "pages");
  const page = pageOf(url);
  const [rows, permissions] = await Promise.all([
    api.listProjects({ $top: PROJECTS_PER_PAGE + 1, $skip: (page - 1) * PROJECTS_PER_PAGE }),
    api.getPermissions(),
  ]);
  return {
    title: t("titles.projects"),
    projects: rows.slice(0, PROJECTS_PER_PAGE),
    page,
    hasNext: rows.length > PROJECTS_PER_PAGE,
    canCreate: hasPermission(permissions, PERMISSION.PROJECT_CREATE),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.title} · Keel` : "Keel" },
];

export default function Projects({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("pages");
  const { title, projects, page, hasNext, canCreate } = loaderData;
  return (
    <section aria-labelledby="page-heading" className="projects-page">
      <div className="page-header">
        <h1 id="page-heading">{title}</h1>
        {canCreate ? (
          <Link to="/projects/new" className="button button-primary">
            {t("projects.new")}
          </Link>
        ) : null}
      </div>
      {projects.length === 0 ? (
        <div className="empty-state" data-testid="projects-empty">
          <p className="empty-state-title">{t("projects.empty")}</p>
          <p className="muted">{t(canCreate ? "projects.emptyCreate" : "projects.emptyAsk")}</p>
        </div>
      ) : (
        <table className="list list-cards">
          <caption className="visually-hidden">{title}</caption>
          <thead>
            <tr>
              <th scope="col">{t("projects.name")}</th>
              <th scope="col">{t("projects.shortName")}</th>
              <th scope="col">{t("projects.leader")}</th>
              <th scope="col">{t("projects.description")}</th>
            </tr>
          </thead>
          <tbody>
            {projects.map((project) => (
              <tr key={project.id}>
                <td data-label={t("projects.name")}>
                  <Link to={`/projects/${encodeURIComponent(project.shortName)}`} dir="auto">
                    {project.name}
                  </Link>
                  {project.archived ? <span className="muted"> · {t("projects.archived")}</span> : null}
                </td>
                <td data-label={t("projects.shortName")} className="entity-id">
                  {project.shortName}
                </td>
                <td data-label={t("projects.leader")}>{project.leader?.name ?? t("projects.noLeader")}</td>
                <td data-label={t("projects.description")} dir="auto">
                  {project.description || <span className="muted">{t("projects.noDescription")}</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager page={page} hasNext={hasNext} label={t("projects.pages")} />
    </section>
  );
}
