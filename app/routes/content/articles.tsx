import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Route } from "./+types/articles";
import { getApi } from "#app/middleware/api.server.ts";
import { getI18n } from "#app/middleware/i18next.server.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const t = getI18n(context).getFixedT(null, "pages");
  return { articles: await getApi(context).listArticles(), title: t("titles.knowledgeBase") };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.title} · Keel` : "Keel" },
];

export default function Articles({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("pages");
  const { articles, title } = loaderData;
  return (
    <section aria-labelledby="page-heading">
      <h1 id="page-heading">{title}</h1>
      {articles.length === 0 ? (
        <p>{t("articles.empty")}</p>
      ) : (
        <ul className="article-list">
          {articles.map((article) => (
            <li key={article.id}>
              <span className="article-id">{article.idReadable}</span>{" "}
              <Link to={`/articles/${article.idReadable}`} dir="auto">
                {article.summary}
              </Link>{" "}
              <span className="muted">{t("articles.inProject", { project: article.project.name })}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
