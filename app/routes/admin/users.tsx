import { useTranslation } from "react-i18next";
import { data, Link } from "react-router";
import { Pager } from "#app/components/pager.tsx";
import { pageOf } from "#app/lib/page.server.ts";
import type { Route } from "./+types/users";
import { RouteError } from "#app/components/route-error.tsx";
import { ApiError } from "#app/lib/api.server.ts";
import { getApi } from "#app/middleware/api.server.ts";
import { getI18n } from "#app/middleware/i18next.server.ts";

const USERS_PER_PAGE = 50;

export async function loader({ context, url }: Route.LoaderArgs) {
  const t = getI18n(context).getFixedT(null, "pages");
  const page = pageOf(url);
  try {
    const answer = await getApi(context).listHubUsers({
      $top: USERS_PER_PAGE,
      $skip: (page - 1) * USERS_PER_PAGE,
    });
    return {
      title: t("titles.users"),
      users: answer.users,
      total: answer.total,
      page,
      hasNext: page * USERS_PER_PAGE < answer.total,
    };
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) {
      throw data({ message: t("adminUsers.forbidden") }, { status: 403 });
    }
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.title} · Keel` : "Keel" },
];

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("pages");
  const { title, users, total, page, hasNext } = loaderData;
  return (
    <section aria-labelledby="page-heading">
      <h1 id="page-heading">{title}</h1>
      <p className="muted">{t("adminUsers.total", { number: total })}</p>
      <table className="list list-cards">
        <caption className="visually-hidden">{title}</caption>
        <thead>
          <tr>
            <th scope="col">{t("adminUsers.name")}</th>
            <th scope="col">{t("adminUsers.login")}</th>
            <th scope="col">{t("adminUsers.kind")}</th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr key={user.id}>
              <td data-label={t("adminUsers.name")} dir="auto">
                {user.guest ? (
                  user.name
                ) : (
                  <Link to={`/users/${encodeURIComponent(user.id)}`}>{user.name}</Link>
                )}
              </td>
              <td data-label={t("adminUsers.login")} className="entity-id">
                {user.login}
              </td>
              <td data-label={t("adminUsers.kind")}>
                {t(
                  user.banned ? "adminUsers.banned" : user.guest ? "adminUsers.guest" : "adminUsers.account",
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pager page={page} hasNext={hasNext} label={t("adminUsers.pages")} />
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
