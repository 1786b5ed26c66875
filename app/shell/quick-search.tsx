import { useEffect, useId, useRef, useState } from "react";
import { track } from "../analytics/client.ts";
import { bucketCount } from "../analytics/privacy.ts";
import { useTranslation } from "react-i18next";
import { useFetcher, useLocation, useNavigate } from "react-router";
import type { loader as searchLoader } from "../routes/shell/search.tsx";
import { SearchResultMeta } from "./search-result-meta.tsx";
import { searchResults } from "./search-results.ts";
import { useNavigationItems } from "./use-navigation-items.ts";

const SEARCH_DELAY_MS = 150;

/**
 * The quick-search dialog opened by Ctrl/Cmd+K: navigation items, issues and
 * articles as you type; arrows move, Enter opens, Escape closes. The same
 * search is a page at /search for browsers without JavaScript.
 */
export function QuickSearch({ open, onClose }: { open: boolean; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const fetcher = useFetcher<typeof searchLoader>();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [query, setQuery] = useState("");
  // A closed dialog (every server render) searches nothing.
  const items = useNavigationItems(open);
  const [active, setActive] = useState(0);
  const listId = useId();
  const { t } = useTranslation("shell");

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  // A page change closes the dialog.
  useEffect(() => {
    onClose();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the location matters here
  }, [pathname]);

  const { load } = fetcher;
  useEffect(() => {
    const trimmed = query.trim();
    if (!trimmed) return;
    const timer = setTimeout(() => void load(`/search?q=${encodeURIComponent(trimmed)}`), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [query, load]);

  const found = fetcher.data && fetcher.data.query === query.trim() ? fetcher.data : null;
  const results = searchResults(query, items, found);
  const activeIndex = Math.min(active, Math.max(results.length - 1, 0));

  function open_(index: number) {
    const result = results[index];
    if (!result) return;
    track("search", "session", {
      source: "quick-search",
      results: bucketCount(results.length),
      opened: true,
    });
    void navigate(result.url);
  }

  return (
    <dialog ref={dialog} className="quick-search" aria-labelledby={`${listId}-title`} onClose={onClose}>
      <h2 id={`${listId}-title`} className="visually-hidden">
        {t("search.title")}
      </h2>
      <input
        type="search"
        className="quick-search-input"
        placeholder={t("search.placeholder")}
        aria-label={t("search.title")}
        role="combobox"
        aria-expanded={results.length > 0}
        aria-controls={listId}
        aria-activedescendant={results[activeIndex] ? `${listId}-${activeIndex}` : undefined}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
        }}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown") {
            event.preventDefault();
            setActive((activeIndex + 1) % Math.max(results.length, 1));
          } else if (event.key === "ArrowUp") {
            event.preventDefault();
            setActive((activeIndex - 1 + results.length) % Math.max(results.length, 1));
          } else if (event.key === "Enter") {
            event.preventDefault();
            open_(activeIndex);
          } else if (event.key === "Escape") {
            // A search field would spend the first Escape on clearing itself: it closes the dialog at once.
            event.preventDefault();
            dialog.current?.close();
          }
        }}
      />
      <ul id={listId} role="listbox" aria-label={t("search.results")} className="quick-search-results">
        {results.map((result, index) => (
          // Keys reach the options through the combobox (aria-activedescendant); a click is the mouse's way.
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events
          <li
            key={result.id}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === activeIndex}
            className="menu-item"
            onMouseEnter={() => setActive(index)}
            onClick={() => open_(index)}
          >
            <span>{result.title}</span>
            <SearchResultMeta result={result} />
          </li>
        ))}
      </ul>
      {query.trim() && results.length === 0 && fetcher.state === "idle" && found ? (
        <p className="muted">{t("search.nothing", { query: query.trim() })}</p>
      ) : null}
    </dialog>
  );
}
