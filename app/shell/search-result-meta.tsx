import type { SearchResult } from "./search-results.ts";

/** Where a search result comes from: its group and, for issues and articles, its id. */
export function SearchResultMeta({ result }: { result: SearchResult }) {
  return (
    <span className="muted">
      {result.group}
      {result.detail ? ` · ${result.detail}` : null}
    </span>
  );
}
