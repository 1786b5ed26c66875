import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import type { Route } from "./+types/search";
import { textQuery } from "#contract/api.ts";
import { getApi } from "#app/middleware/api.server.ts";
import { getI18n } from "#app/middleware/i18next.server.ts";
import { CsrfInput } from "#app/components/csrf-input.tsx";
import { foundEntries, rankPalette, type PaletteEntry } from "#app/shell/command-palette.ts";
import { SearchResultMeta } from "#app/shell/search-result-meta.tsx";
import { usePaletteCommands } from "#app/shell/use-palette-commands.ts";

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

/** The command palette as a page, for browsers without JavaScript. */
export default function Search({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("pages");
  const commands = usePaletteCommands();
  const results = loaderData.query
    ? rankPalette(loaderData.query, commands, [], foundEntries(loaderData))
    : commands;
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
            <li key={result.id} data-command={result.id}>
              <ResultCommand entry={result} /> <SearchResultMeta result={result} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function ResultCommand({ entry }: { entry: PaletteEntry }) {
  const { effect } = entry;
  if (effect.kind === "post") {
    return (
      <Form method="post" action={effect.url} className="search-result-form">
        <CsrfInput />
        {Object.entries(effect.fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" className="link-button">
          {entry.title}
        </button>
      </Form>
    );
  }
  if (/^https?:/.test(effect.url)) {
    return (
      <a href={effect.url} target={effect.newTab ? "_blank" : undefined} rel="noopener noreferrer">
        {entry.title}
      </a>
    );
  }
  return (
    <Link to={effect.url} target={effect.newTab ? "_blank" : undefined}>
      {entry.title}
    </Link>
  );
}
