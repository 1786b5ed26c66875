import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Route } from "./+types/issues";
import { FieldValue } from "#app/components/issue-field.tsx";
import { listedFieldNames } from "#app/lib/issue-fields.ts";
import { readerDates, shownField } from "#app/lib/issue-fields.server.ts";
import { getApi } from "#app/middleware/api.server.ts";
import { getI18n, getLanguage } from "#app/middleware/i18next.server.ts";

export async function loader({ context, url }: Route.LoaderArgs) {
  const api = getApi(context);
  const [listed, user] = await Promise.all([api.listIssues(), api.getCurrentUser()]);
  // Reporters see tickets wherever the list is; /tickets is the ticket list for everyone.
  const tickets = url.pathname === "/tickets" || user.userType.id === "REPORTER";
  const t = getI18n(context).getFixedT(null, "pages");
  const dates = readerDates(user.profiles.general, getLanguage(context));
  // What the rows show, and no more: the page carries neither descriptions nor the fields' settings.
  const issues = listed.map((issue) => ({
    id: issue.id,
    idReadable: issue.idReadable,
    summary: issue.summary,
    resolved: issue.resolved,
    project: { name: issue.project.name },
    fields: issue.customFields.map((field) => shownField(field, dates)),
  }));
  return { issues, tickets, heading: t(tickets ? "titles.tickets" : "titles.issues") };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.heading} · Keel` : "Keel" },
];

export default function Issues({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("pages");
  const { issues, tickets, heading } = loaderData;
  const columns = listedFieldNames(issues);
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
              {columns.map((name) => (
                <th scope="col" key={name}>
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {issues.map((issue) => (
              <tr key={issue.id}>
                <td data-label={t("issues.id")} className="issue-id">
                  {issue.idReadable}
                </td>
                <td className={issue.resolved ? "resolved" : undefined} data-label={t("issues.summary")}>
                  <Link to={`/issue/${issue.idReadable}`} dir="auto">
                    {issue.summary}
                  </Link>
                </td>
                <td data-label={t("issues.project")}>{issue.project.name}</td>
                {columns.map((name) => {
                  const field = issue.fields.find((f) => f.name === name);
                  return (
                    <td key={name} data-label={name}>
                      {field ? <FieldValue value={field.value} /> : null}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
