// How the menus' entries look once scripts run: an icon for each entry and the keys of its shortcut.
// Loaded with the interactive menu, not with the page's first scripts (the keys need scripts to work).
import { NAVIGATION_SHORTCUTS, useShortcutKeys } from "./shortcut-keys.ts";
import { iconPath, type IconKey } from "./icons.tsx";
import type { MenuEntry } from "./nav-menu.tsx";

// 24×24 strokes, as icons.tsx draws them; the navigation's own icons come from there.
const PATHS = {
  "sign-in": "M14 4h5v16h-5M10 8l4 4-4 4M14 12H4",
  "sign-out": "M10 4H5v16h5M15 8l4 4-4 4M19 12H9",
  "switch-user": "M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM3 20a6 6 0 0 1 12 0M17 7h4l-2-2M21 14h-4l2 2",
  refresh: "M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7",
  theme: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 3v18M12 8h4M12 12h5M12 16h4",
  language: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM3 12h18M12 3c4 4.5 4 13.5 0 18M12 3c-4 4.5-4 13.5 0 18",
  keyboard: "M3 6h18v12H3zM7 10h.01M11 10h.01M15 10h.01M7 14h10",
  feedback: "M4 5h16v11H9l-5 4z",
  markup: "M8 8l-4 4 4 4M16 8l4 4-4 4M13 6l-2 12",
  tips: "M9 18h6M10 21h4M12 3a6 6 0 0 0-4 10.5c.7.7 1 1.5 1 2.5h6c0-1 .3-1.8 1-2.5A6 6 0 0 0 12 3z",
  video: "M3 6h13v12H3zM16 10l5-3v10l-5-3",
  status: "M3 12h4l3-7 4 14 3-7h4",
  calendar: "M4 5h16v15H4zM4 10h16M8 3v4M16 3v4",
  info: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 11v6M12 7.5v.5",
  support:
    "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 16a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM6 6l3.2 3.2M14.8 14.8L18 18M18 6l-3.2 3.2M9.2 14.8L6 18",
} as const;

type MenuIcon = keyof typeof PATHS | IconKey;
const pathOf = (icon: MenuIcon) =>
  icon in PATHS ? PATHS[icon as keyof typeof PATHS] : iconPath(icon as IconKey);

/** Entries' icons by id: the navigation model's own are a menu's generic one. */
const MENU_ICONS: Partial<Record<string, MenuIcon>> = {
  "new-issue": "issues",
  "new-article": "articles",
  "new-project": "projects",
  login: "sign-in",
  logout: "sign-out",
  "switch-user": "switch-user",
  "apply-user": "refresh",
  appearance: "theme",
  language: "language",
  "more-settings": "settings",
  feedback: "feedback",
  shortcuts: "keyboard",
  markup: "markup",
  tips: "tips",
  faq: "help",
  documentation: "articles",
  "video-demos": "video",
  "service-status": "status",
  "maintenance-calendar": "calendar",
  support: "support",
  about: "info",
};

const ARIA_MODIFIERS: Readonly<Record<string, string>> = {
  Ctrl: "Control",
  "⌃": "Control",
  "⌥": "Alt",
  "⇧": "Shift",
  "⌘": "Meta",
  Win: "Meta",
};

/** The entry's shortcut for assistive technology, in `aria-keyshortcuts` form. */
const ariaKeys = (keys: readonly string[]) => keys.map((key) => ARIA_MODIFIERS[key] ?? key).join("+");

/** The entries with their icons (where the entry has none of its own) and their shortcuts' keys. */
export function useEntryLooks(): (entries: MenuEntry[]) => MenuEntry[] {
  const shortcutKeys = useShortcutKeys();
  const look = (entries: MenuEntry[]): MenuEntry[] =>
    entries.map((entry) => {
      const icon = MENU_ICONS[entry.id];
      const shortcut = NAVIGATION_SHORTCUTS[entry.id];
      const keys = shortcut ? shortcutKeys(shortcut) : null;
      const looked: MenuEntry = {
        ...entry,
        iconPath: entry.icon || !icon ? undefined : pathOf(icon),
        keys,
        ariaKeys: keys ? ariaKeys(keys) : undefined,
      };
      return looked.kind === "group" ? { ...looked, entries: look(looked.entries) } : looked;
    });
  return look;
}
