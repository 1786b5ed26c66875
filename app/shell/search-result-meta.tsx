import { useTranslation } from "react-i18next";
import type { SearchResult } from "./search-results.ts";

/** Where a search result comes from: its group and, for issues and articles, its id. */
export function SearchResultMeta({ result }: { result: SearchResult }) {
  const { t } = useTranslation("shell");
  return (
    <span className="muted">
      {t(`search.group.${result.group}`)}
      {result.detail ? ` · ${result.detail}` : null}
    </span>
  );
}
