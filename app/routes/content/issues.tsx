import type { Route } from "./+types/issues";
import { getApi } from "../../middleware/api.server.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const api = getApi(context);
  const [issues, user] = await Promise.all([api.listIssues(), api.getCurrentUser()]);
  return { issues, reporter: user.userType.id === "REPORTER" };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.reporter ? "Tickets" : "Issues"} · Keel` },
];

export default function Issues({ loaderData }: Route.ComponentProps) {
  const { issues, reporter } = loaderData;
  const heading = reporter ? "Tickets" : "Issues";
  return (
    <section aria-labelledby="issues-heading">
      <h1 id="issues-heading">{heading}</h1>
      {issues.length === 0 ? (
        <p>No {heading.toLowerCase()} to show.</p>
      ) : (
        <table className="list">
          <caption className="visually-hidden">{heading}</caption>
          <thead>
            <tr>
              <th scope="col">ID</th>
              <th scope="col">Summary</th>
              <th scope="col">Project</th>
              <th scope="col">Reporter</th>
            </tr>
          </thead>
          <tbody>
            {issues.map((issue) => (
              <tr key={issue.id}>
                <td>{issue.idReadable}</td>
                <td className={issue.resolved ? "resolved" : undefined}>{issue.summary}</td>
                <td>{issue.project.name}</td>
                <td>{issue.reporter.name}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
