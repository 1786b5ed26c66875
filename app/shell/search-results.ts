import type { Article, Issue } from "#contract/api.ts";
import type { NavItem } from "./navigation-model.ts";

export interface SearchResult {
  id: string;
  /** Where it comes from; shown translated (search.group.* of the shell namespace). */
  group: "navigation" | "issues" | "articles";
  title: string;
  detail?: string;
  url: string;
}

/** Navigation items whose name has every word of the query, then the backend's issues and articles. */
export function searchResults(
  query: string,
  items: readonly NavItem[],
  found: { issues: readonly Issue[]; articles: readonly Article[] } | null,
): SearchResult[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const navigation = items
    .filter((item) => words.every((word) => item.name.toLowerCase().includes(word)))
    .map((item): SearchResult => ({
      id: `nav-${item.id}`,
      group: "navigation",
      title: item.name,
      url: item.url,
    }));
  return [
    ...navigation,
    ...(found?.issues ?? []).map((issue): SearchResult => ({
      id: `issue-${issue.id}`,
      group: "issues",
      title: issue.summary,
      detail: issue.idReadable,
      url: `/issue/${issue.idReadable}`,
    })),
    ...(found?.articles ?? []).map((article): SearchResult => ({
      id: `article-${article.id}`,
      group: "articles",
      title: article.summary,
      detail: article.idReadable,
      url: `/articles/${article.idReadable}`,
    })),
  ];
}
