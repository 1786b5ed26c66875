import { Link } from "react-router";
import type { Route } from "./+types/articles";
import { getApi } from "../../middleware/api.server.ts";

export async function loader({ context }: Route.LoaderArgs) {
  return { articles: await getApi(context).listArticles() };
}

export const meta: Route.MetaFunction = () => [{ title: "Knowledge Base · Keel" }];

export default function Articles({ loaderData }: Route.ComponentProps) {
  const { articles } = loaderData;
  return (
    <section aria-labelledby="page-heading">
      <h1 id="page-heading">Knowledge Base</h1>
      {articles.length === 0 ? (
        <p>No articles to show.</p>
      ) : (
        <ul className="article-list">
          {articles.map((article) => (
            <li key={article.id}>
              <span className="article-id">{article.idReadable}</span>{" "}
              <Link to={`/articles/${article.idReadable}`}>{article.summary}</Link>{" "}
              <span className="muted">in {article.project.name}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
