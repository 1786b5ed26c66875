import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Route } from "./+types/issues";
import { getApi } from "../../middleware/api.server.ts";
import { getI18n } from "../../middleware/i18next.server.ts";

export async function loader({ context, url }: Route.LoaderArgs) {
  const api = getApi(context);
  const [issues, user] = await Promise.all([api.listIssues(), api.getCurrentUser()]);
  // Reporters see tickets wherever the list is; /tickets is the ticket list for everyone.
  const tickets = url.pathname === "/tickets" || user.userType.id === "REPORTER";
  const t = getI18n(context).getFixedT(null, "pages");
  return { issues, tickets, heading: t(tickets ? "titles.tickets" : "titles.issues") };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.heading} · Keel` : "Keel" },
];

export default function Issues({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("pages");
  const { issues, tickets, heading } = loaderData;
  return (
    <section aria-labelledby="page-heading">
      <h1 id="page-heading">{heading}</h1>
      {issues.length === 0 ? (
        <div className="empty-state">
          <p className="empty-state-title">{t(tickets ? "issues.emptyTickets" : "issues.emptyIssues")}</p>
        </div>
      ) : (
        <table className="list list-cards">
          <caption className="visually-hidden">{heading}</caption>
          <thead>
            <tr>
              <th scope="col">{t("issues.id")}</th>
              <th scope="col">{t("issues.summary")}</th>
              <th scope="col">{t("issues.project")}</th>
              <th scope="col">{t("issues.reporter")}</th>
            </tr>
          </thead>
          <tbody>
            {issues.map((issue) => (
              <tr key={issue.id}>
                <td data-label={t("issues.id")}>{issue.idReadable}</td>
                <td className={issue.resolved ? "resolved" : undefined} data-label={t("issues.summary")}>
                  <Link to={`/issue/${issue.idReadable}`} dir="auto">
                    {issue.summary}
                  </Link>
                </td>
                <td data-label={t("issues.project")}>{issue.project.name}</td>
                <td data-label={t("issues.reporter")}>{issue.reporter.name}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
