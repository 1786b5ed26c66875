import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import type { Route } from "./+types/search";
import { textQuery } from "../../../mock-backend/contract.ts";
import { getApi } from "../../middleware/api.server.ts";
import { getI18n } from "../../middleware/i18next.server.ts";
import { SearchResultMeta } from "../../shell/search-result-meta.tsx";
import { searchResults } from "../../shell/search-results.ts";
import { useNavigationItems } from "../../shell/use-navigation-items.ts";

const RESULTS_PER_KIND = 8;

export async function loader({ context, url }: Route.LoaderArgs) {
  const query = (url.searchParams.get("q") ?? "").trim().slice(0, 200);
  const title = getI18n(context).getFixedT(null, "pages")("titles.search");
  if (!query) return { query, title, issues: [], articles: [] };
  const api = getApi(context);
  const [issues, articles] = await Promise.all([
    api.listIssues({ query: textQuery(query), $top: RESULTS_PER_KIND }),
    api.listArticles({ query, $top: RESULTS_PER_KIND }),
  ]);
  return { query, title, issues, articles };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: !loaderData
      ? "Keel"
      : loaderData.query
        ? `${loaderData.query} · ${loaderData.title} · Keel`
        : `${loaderData.title} · Keel`,
  },
];

/** Quick search as a page: what the Ctrl/Cmd+K dialog shows, reachable without JavaScript. */
export default function Search({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("pages");
  const items = useNavigationItems();
  const results = searchResults(loaderData.query, items, loaderData);
  return (
    <section aria-labelledby="page-heading">
      <h1 id="page-heading">{loaderData.title}</h1>
      <Form method="get" role="search" className="help-search">
        <label htmlFor="search-query">{t("search.label")}</label>
        <input id="search-query" name="q" type="search" defaultValue={loaderData.query} />
        <button type="submit" className="button">
          {t("search.submit")}
        </button>
      </Form>
      {loaderData.query && results.length === 0 ? (
        <p>{t("search.noMatch", { query: loaderData.query })}</p>
      ) : null}
      {results.length > 0 ? (
        <ul className="search-results">
          {results.map((result) => (
            <li key={result.id}>
              <Link to={result.url}>{result.title}</Link> <SearchResultMeta result={result} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
