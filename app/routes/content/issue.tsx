import { data, Link } from "react-router";
import type { Route } from "./+types/issue";
import { ApiError } from "../../lib/api.server.ts";
import { getApi } from "../../middleware/api.server.ts";
import { RouteError } from "../../components/route-error.tsx";

export async function loader({ context, params }: Route.LoaderArgs) {
  try {
    return { issue: await getApi(context).getIssue(params.issueId) };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      throw data(
        { message: `Issue ${params.issueId} does not exist or you cannot see it.` },
        { status: 404 },
      );
    }
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: loaderData ? `${loaderData.issue.idReadable} ${loaderData.issue.summary} · Keel` : "Issue · Keel",
  },
];

export default function Issue({ loaderData }: Route.ComponentProps) {
  const { issue } = loaderData;
  const created = new Date(issue.created).toISOString().slice(0, 10);
  return (
    <article aria-labelledby="page-heading" className="entity">
      <p className="muted">
        <Link to="/issues">Issues</Link> / {issue.project.name}
      </p>
      <h1 id="page-heading">
        <span className="entity-id">{issue.idReadable}</span> {issue.summary}
      </h1>
      <p className="muted">
        Reported by {issue.reporter.name} on <time dateTime={created}>{created}</time>
        {issue.resolved ? " · Resolved" : null}
      </p>
      {/* Markdown rendering arrives with the Markdown renderer; the text is shown as written until then. */}
      <pre className="entity-text">{issue.description}</pre>
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
