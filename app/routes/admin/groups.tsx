import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { Pager } from "#app/components/pager.tsx";
import { pageOf } from "#app/lib/page.server.ts";
import type { Route } from "./+types/groups";
import { RouteError } from "#app/components/route-error.tsx";
import { ApiError } from "#app/lib/api.server.ts";
import { getApi } from "#app/middleware/api.server.ts";
import { getI18n } from "#app/middleware/i18next.server.ts";

const GROUPS_PER_PAGE = 50;

export async function loader({ context, url }: Route.LoaderArgs) {
  const t = getI18n(context).getFixedT(null, "pages");
  const page = pageOf(url);
  try {
    const answer = await getApi(context).listHubGroups({
      $top: GROUPS_PER_PAGE,
      $skip: (page - 1) * GROUPS_PER_PAGE,
    });
    return {
      title: t("titles.groups"),
      groups: answer.usergroups,
      total: answer.total,
      page,
      hasNext: page * GROUPS_PER_PAGE < answer.total,
    };
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) {
      throw data({ message: t("adminGroups.forbidden") }, { status: 403 });
    }
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.title} · Keel` : "Keel" },
];

export default function AdminGroups({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("pages");
  const { title, groups, total, page, hasNext } = loaderData;
  return (
    <section aria-labelledby="page-heading">
      <h1 id="page-heading">{title}</h1>
      <p className="muted">{t("adminGroups.total", { number: total })}</p>
      {groups.length === 0 ? (
        <p>{t("adminGroups.empty")}</p>
      ) : (
        <table className="list list-cards">
          <caption className="visually-hidden">{title}</caption>
          <thead>
            <tr>
              <th scope="col">{t("adminGroups.name")}</th>
              <th scope="col">{t("adminGroups.description")}</th>
              <th scope="col">{t("adminGroups.members")}</th>
            </tr>
          </thead>
          <tbody>
            {groups.map((group) => (
              <tr key={group.id}>
                <td data-label={t("adminGroups.name")} dir="auto">
                  {group.name}
                </td>
                <td data-label={t("adminGroups.description")} dir="auto">
                  {group.description || <span className="muted">{t("adminGroups.noDescription")}</span>}
                </td>
                <td data-label={t("adminGroups.members")}>{group.userCount}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager page={page} hasNext={hasNext} label={t("adminGroups.pages")} />
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
