import { useEffect, useId, useRef, useState } from "react";
import { track } from "../analytics/client.ts";
import { bucketCount } from "../analytics/privacy.ts";
import { useTranslation } from "react-i18next";
import { useFetcher, useNavigate, useSubmit } from "react-router";
import { useCsrfToken } from "../components/use-csrf-token.ts";
import { readStored, writeStored } from "../lib/local-storage.ts";
import type { loader as searchLoader } from "../routes/shell/search.tsx";
import { foundEntries, rankPalette, rememberChoice, type PaletteEntry } from "./command-palette.ts";
import { SearchResultMeta } from "./search-result-meta.tsx";
import { usePaletteCommands } from "./use-palette-commands.ts";
import { useShortcutKeys } from "./shortcut-keys.ts";

const SEARCH_DELAY_MS = 150;

/**
 * The command palette opened by Ctrl/Cmd+K: places, actions (theme, language, sign out, the navigation's
 * toggle, creating things, administration and help) and, as you type, the backend's issues and
 * articles; recent choices first, arrows move, Enter runs, Escape closes. /search lists the same
 * commands for browsers without JavaScript.
 */
export interface QuickSearchProps {
  open: boolean;
  onClose: () => void;
}

export function QuickSearch({ open, onClose }: QuickSearchProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const fetcher = useFetcher<typeof searchLoader>();
  const navigate = useNavigate();
  const submit = useSubmit();
  const csrf = useCsrfToken();
  const [query, setQuery] = useState("");
  // A closed dialog (every server render) builds nothing.
  const commands = usePaletteCommands(open);
  const shortcutKeys = useShortcutKeys();
  const [recent, setRecent] = useState<string[]>([]);
  const [active, setActive] = useState(0);
  const listId = useId();
  const { t } = useTranslation("shell");

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      // Each opening starts afresh, with the recent choices.
      setQuery("");
      setRecent(readStored("paletteRecent"));
      setActive(0);
      element.showModal();
    }
    if (!open && element.open) element.close();
  }, [open]);

  // Choosing an entry closes the dialog itself; going back or forward in history closes it too. (Not a
  // change of the location: a navigation commits late, and could close a dialog opened just after it.)
  useEffect(() => {
    if (!open) return;
    const close = () => dialog.current?.close();
    window.addEventListener("popstate", close);
    return () => window.removeEventListener("popstate", close);
  }, [open]);

  const { load } = fetcher;
  useEffect(() => {
    const trimmed = query.trim();
    if (!trimmed) return;
    const timer = setTimeout(() => void load(`/search?q=${encodeURIComponent(trimmed)}`), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [query, load]);

  const found = fetcher.data && fetcher.data.query === query.trim() ? fetcher.data : null;
  const results = rankPalette(query, commands, recent, found ? foundEntries(found) : []);
  const activeIndex = Math.min(active, Math.max(results.length - 1, 0));

  function run(entry: PaletteEntry) {
    track("search", "session", {
      source: "quick-search",
      results: bucketCount(results.length),
      opened: true,
    });
    if (entry.group !== "issues" && entry.group !== "articles") {
      writeStored("paletteRecent", rememberChoice(readStored("paletteRecent"), entry.id));
    }
    const { effect } = entry;
    // A page change closes the dialog too, but a help panel opens over the same page.
    dialog.current?.close();
    if (effect.kind === "post") {
      void submit(
        { csrf, ...effect.fields },
        { method: "post", action: effect.url, navigate: !effect.staysOnPage },
      );
    } else if (effect.newTab) {
      window.open(effect.url, "_blank", "noopener");
    } else if (/^https?:/.test(effect.url)) {
      window.location.assign(effect.url);
    } else {
      void navigate(effect.url);
    }
  }

  const showRecent = !query.trim() && results.length > 0;
  return (
    <dialog ref={dialog} className="quick-search" aria-labelledby={`${listId}-title`} onClose={onClose}>
      <h2 id={`${listId}-title`} className="visually-hidden">
        {t("search.title")}
      </h2>
      <input
        type="search"
        className="quick-search-input"
        placeholder={t("palette.placeholder")}
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
            const entry = results[activeIndex];
            if (entry) run(entry);
          } else if (event.key === "Escape") {
            // A search field would spend the first Escape on clearing itself: it closes the dialog at once.
            event.preventDefault();
            dialog.current?.close();
          }
        }}
      />
      {showRecent ? (
        <p className="quick-search-heading" id={`${listId}-recent`}>
          {t("palette.recent")}
        </p>
      ) : null}
      <ul
        id={listId}
        role="listbox"
        aria-label={showRecent ? t("palette.recent") : t("search.results")}
        className="quick-search-results"
      >
        {results.map((result, index) => {
          const keys = result.shortcut ? shortcutKeys(result.shortcut) : null;
          return (
            // Keys reach the options through the combobox (aria-activedescendant); a click is the mouse's way.
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events
            <li
              key={result.id}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === activeIndex}
              className="menu-item quick-search-option"
              data-command={result.id}
              onMouseEnter={() => setActive(index)}
              onClick={() => run(result)}
            >
              <span className="quick-search-title">{result.title}</span>
              <SearchResultMeta result={result} />
              {keys ? (
                <span className="quick-search-keys" aria-hidden="true">
                  {keys.map((key) => (
                    <kbd key={key}>{key}</kbd>
                  ))}
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
      {query.trim() && results.length === 0 && fetcher.state === "idle" && found ? (
        <p className="muted">{t("search.nothing", { query: query.trim() })}</p>
      ) : null}
    </dialog>
  );
}
