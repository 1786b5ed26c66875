// The command palette's model: every place the navigation leads and every action its menus offer, as
// entries that are either a link or a POST form (so each works without JavaScript too), matched fuzzily
// and ranked with the user's recent choices first. Pure: the dialog and the /search page both use it.
import type { Article, Issue } from "#contract/api.ts";
import { actionRequest, staysOnPage } from "./nav-actions.ts";
import type { HelpActionKey, LabelId, Navigation, NavItem } from "./navigation-model.ts";
import { NAVIGATION_SHORTCUTS } from "./shortcut-keys.ts";
import type { ShortcutId } from "./shortcuts.ts";

export type PaletteGroup = "actions" | "navigation" | "administration" | "help" | "issues" | "articles";

export type PaletteEffect =
  | { kind: "link"; url: string; newTab?: boolean }
  | { kind: "post"; url: string; fields: Record<string, string>; staysOnPage: boolean };

export interface PaletteEntry {
  id: string;
  group: PaletteGroup;
  title: string;
  /** Shown beside the title: an issue's id, or the menu an action comes from. */
  detail?: string;
  /** Other words that find it (the menu's name, the action's kind). */
  keywords: readonly string[];
  /** The keyboard shortcut that does the same, shown as a hint. */
  shortcut?: ShortcutId;
  effect: PaletteEffect;
}

export interface PaletteContext {
  /** Where POST actions send the browser back to: the current path and query. */
  back: string;
  /** The current page with the help panel's view open. */
  helpUrl: (view: HelpActionKey) => string;
  /** The navigation is expanded now (the toggle's direction). */
  expanded: boolean;
  label: (id: LabelId) => string;
  /** Texts of the palette's own entries (the shell namespace's `palette.*`). */
  text: (key: "collapseNavigation" | "expandNavigation" | "theme" | "create") => string;
}

/** Recent choices the palette remembers, newest first. */
export const RECENT_LIMIT = 5;
/** Entries of the palette shown for one query, before the backend's issues and articles. */
export const COMMAND_LIMIT = 12;

const link = (item: NavItem): PaletteEffect => ({
  kind: "link",
  url: item.url,
  ...(item.target === "_blank" ? { newTab: true } : {}),
});

/** Every command of the navigation the user sees: its items, menus and actions. */
export function paletteCommands(navigation: Navigation, context: PaletteContext): PaletteEntry[] {
  const entries: PaletteEntry[] = [];
  const add = (entry: Omit<PaletteEntry, "shortcut">) => {
    const shortcut = NAVIGATION_SHORTCUTS[entry.id];
    entries.push(shortcut ? { ...entry, shortcut } : entry);
  };

  // Hidden items left the bar, not the user's reach.
  for (const item of [...navigation.items, ...navigation.hidden]) {
    if (!item.url) continue;
    add({ id: item.id, group: "navigation", title: item.name, keywords: [], effect: link(item) });
  }
  for (const item of navigation.create) {
    add({
      id: item.id,
      group: "actions",
      title: item.name,
      keywords: [context.text("create")],
      effect: link(item),
    });
  }
  for (const entry of navigation.settings) {
    for (const item of entry.items ?? [entry]) {
      if (!item.url) continue;
      add({
        id: `admin-${item.id}`,
        group: "administration",
        title: item.name,
        ...(entry.items ? { detail: entry.name } : {}),
        keywords: entry.items ? [entry.name] : [],
        effect: link(item),
      });
    }
  }
  for (const entry of navigation.profile.items) {
    for (const item of entry.items ?? [entry]) {
      const menu = entry.items ? entry.name : undefined;
      const keywords = menu ? [menu, ...(entry.id === "appearance" ? [context.text("theme")] : [])] : [];
      if (item.action) {
        const request = actionRequest(item.action, context.back);
        if (!request) continue;
        add({
          id: item.id,
          group: "actions",
          title: item.name,
          ...(menu ? { detail: menu } : {}),
          keywords,
          effect: { kind: "post", ...request, staysOnPage: staysOnPage(item.action) },
        });
      } else if (item.url) {
        add({ id: item.id, group: "actions", title: item.name, keywords, effect: link(item) });
      }
    }
  }
  if (!navigation.profile.guest) {
    const expand = !context.expanded;
    add({
      id: "toggle-navigation",
      group: "actions",
      title: context.text(expand ? "expandNavigation" : "collapseNavigation"),
      keywords: [],
      effect: {
        kind: "post",
        url: "/settings/appearance",
        fields: { expandNavigation: String(expand), redirectTo: context.back },
        staysOnPage: true,
      },
    });
  }
  for (const item of navigation.help.items) {
    const url = item.actionKey ? context.helpUrl(item.actionKey) : item.url;
    if (!url) continue;
    add({
      id: `help-${item.actionKey ?? item.id}`,
      group: "help",
      title: item.name,
      keywords: [],
      effect: { kind: "link", url, ...(item.target === "_blank" ? { newTab: true } : {}) },
    });
  }
  return entries;
}

/** The backend's issues and articles for a query, as palette entries. */
export function foundEntries(found: {
  issues: readonly Issue[];
  articles: readonly Article[];
}): PaletteEntry[] {
  return [
    ...found.issues.map((issue): PaletteEntry => ({
      id: `issue-${issue.id}`,
      group: "issues",
      title: issue.summary,
      detail: issue.idReadable,
      keywords: [issue.idReadable],
      effect: { kind: "link", url: `/issue/${issue.idReadable}` },
    })),
    ...found.articles.map((article): PaletteEntry => ({
      id: `article-${article.id}`,
      group: "articles",
      title: article.summary,
      detail: article.idReadable,
      keywords: [article.idReadable],
      effect: { kind: "link", url: `/articles/${article.idReadable}` },
    })),
  ];
}

const fold = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/\p{Mn}/gu, "")
    .toLocaleLowerCase();

/**
 * How well `word` matches `text` as a subsequence (every character in order, gaps allowed), or null.
 * Characters that start a word of the text and runs of consecutive characters score more, so "kb"
 * finds "Knowledge Base" before "Markdown Reference" and a prefix beats anything scattered.
 */
export function fuzzyScore(word: string, text: string): number | null {
  const needle = fold(word);
  const haystack = fold(text);
  if (!needle) return 0;
  if (haystack.startsWith(needle)) return 100 + needle.length * 10;
  const contiguous = haystack.indexOf(needle);
  if (contiguous >= 0) return 50 + needle.length * 6 - Math.min(contiguous, 20);
  let score = 0;
  let from = 0;
  let previous = -2;
  for (const char of needle) {
    const at = haystack.indexOf(char, from);
    if (at < 0) return null;
    const wordStart = at === 0 || /[\s\-_/.:·(]/u.test(haystack[at - 1] ?? "");
    score += (wordStart ? 8 : 1) + (at === previous + 1 ? 4 : 0);
    previous = at;
    from = at + 1;
  }
  return score;
}

/** An entry's score for a query: every word must match its title, detail or a keyword; else null. */
export function entryScore(query: string, entry: PaletteEntry): number | null {
  const words = query.split(/\s+/).filter(Boolean);
  let total = 0;
  for (const word of words) {
    let best: number | null = null;
    const fields = [entry.title, entry.detail ?? "", ...entry.keywords];
    fields.forEach((field, index) => {
      const score = fuzzyScore(word, field);
      // The title counts more than where the entry lives.
      const weighted = score === null ? null : index === 0 ? score : score / 2;
      if (weighted !== null && (best === null || weighted > best)) best = weighted;
    });
    if (best === null) return null;
    total += best;
  }
  return total;
}

/**
 * The palette's list for a query: without one, the recent choices; with one, the commands that match
 * (best first, a recent choice before an equal match), at most COMMAND_LIMIT, then `found` as given.
 */
export function rankPalette(
  query: string,
  commands: readonly PaletteEntry[],
  recent: readonly string[],
  found: readonly PaletteEntry[] = [],
): PaletteEntry[] {
  const trimmed = query.trim();
  if (!trimmed) {
    return recent
      .map((id) => commands.find((entry) => entry.id === id))
      .filter((entry): entry is PaletteEntry => entry !== undefined);
  }
  const recency = (id: string) => {
    const index = recent.indexOf(id);
    return index < 0 ? 0 : RECENT_LIMIT - index;
  };
  const matched = commands
    .map((entry, order) => ({ entry, order, score: entryScore(trimmed, entry) }))
    .filter((m): m is { entry: PaletteEntry; order: number; score: number } => m.score !== null)
    .map((m) => ({ ...m, score: m.score + recency(m.entry.id) * 3 }))
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, COMMAND_LIMIT)
    .map((m) => m.entry);
  return [...matched, ...found];
}

/** The recent choices after choosing `id`: it moves to the front, the list stays short. */
export function rememberChoice(recent: readonly string[], id: string): string[] {
  return [id, ...recent.filter((other) => other !== id)].slice(0, RECENT_LIMIT);
}
