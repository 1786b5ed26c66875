import { data, Link } from "react-router";
import type { Route } from "./+types/article";
import { ApiError } from "../../lib/api.server.ts";
import { getApi } from "../../middleware/api.server.ts";
import { RouteError } from "../../components/route-error.tsx";

export async function loader({ context, params }: Route.LoaderArgs) {
  try {
    return { article: await getApi(context).getArticle(params.articleId) };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      throw data(
        { message: `Article ${params.articleId} does not exist or you cannot see it.` },
        { status: 404 },
      );
    }
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.article.summary} · Keel` : "Article · Keel" },
];

export default function Article({ loaderData }: Route.ComponentProps) {
  const { article } = loaderData;
  const updated = new Date(article.updated).toISOString().slice(0, 10);
  return (
    <article aria-labelledby="page-heading" className="entity">
      <p className="muted">
        <Link to="/articles">Knowledge Base</Link> / {article.project.name}
      </p>
      <h1 id="page-heading">{article.summary}</h1>
      <p className="muted">
        <span className="entity-id">{article.idReadable}</span> · Updated{" "}
        <time dateTime={updated}>{updated}</time>
      </p>
      <pre className="entity-text">{article.content}</pre>
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
