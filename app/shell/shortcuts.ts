// The keyboard-shortcut catalogue (docs/shell.md, Keyboard shortcuts): a default set, a
// slavic set for Cyrillic layouts and the classic variants of five shortcuts.
// Matching a key press against it lives in shortcut-matcher.ts.

export type ShortcutOs = "mac" | "windows" | "linux";
export type ShortcutBrowser = "chrome" | "edge" | "firefox" | "safari";
export type ShortcutLayout = "default" | "slavic";

export interface KeyStroke {
  alt?: boolean;
  ctrl?: boolean;
  meta?: boolean;
  shift?: boolean;
  /** KeyboardEvent.code, independent of the keyboard layout. */
  code: string;
  /** Limits the variant to one operating system. */
  os?: ShortcutOs;
  /** Limits the variant to one browser. */
  browser?: ShortcutBrowser;
}

export interface Shortcut<Id extends string = string> {
  id: Id;
  /** In English; the help panel shows `shortcuts.<id>` of the shell namespace in the interface language. */
  name: string;
  /** Alternatives; any that applies matches, only the first that applies is displayed. */
  variants: readonly KeyStroke[];
  /** Also fires while typing in a text field. */
  global?: boolean;
  /** Why this set's stroke differs from the default set. */
  note?: string;
}

interface LayoutVariants {
  variants: readonly KeyStroke[];
  reason: string;
}

interface CatalogueEntry<Id extends string = string> {
  id: Id;
  name: string;
  global?: boolean;
  variants: readonly KeyStroke[];
  slavic?: LayoutVariants;
  classic?: readonly KeyStroke[];
  /** The classic variants adapted to Cyrillic layouts, where they hit the same conflicts. */
  classicSlavic?: LayoutVariants;
}

/** Ctrl on Windows and Linux, Cmd on macOS. */
function ctrlOrCmd(code: string, extra: Pick<KeyStroke, "alt" | "shift"> = {}): KeyStroke[] {
  return [
    { ctrl: true, ...extra, code, os: "windows" },
    { meta: true, ...extra, code, os: "mac" },
    { ctrl: true, ...extra, code, os: "linux" },
  ];
}

/** Macs have no Insert key, so Insert strokes get a macOS stroke of their own. */
function insertOrMac(insert: Omit<KeyStroke, "code" | "os">, mac: Omit<KeyStroke, "os">): KeyStroke[] {
  return [
    { ...insert, code: "Insert", os: "windows" },
    { ...mac, os: "mac" },
    { ...insert, code: "Insert", os: "linux" },
  ];
}

// With a Cyrillic layout the matcher falls back to the physical key, so Alt+A is
// Alt+Ф there, which the localised Firefox menu bar claims; the slavic set uses
// Ctrl+Alt instead, which Russian and Ukrainian layouts leave free (but for
// Ctrl+Alt+U, the Ukrainian AltGr+Г that types ґ), and never Alt with Shift.
const ALT_SHIFT =
  "Alt+Shift switches between the Cyrillic and Latin layouts on Windows, so it would flip the layout too.";
const firefoxMenu = (letter: string, menu: string, firefoxes: string) =>
  `Alt+${letter} opens the ${menu} menu of ${firefoxes} Firefox on Windows and Linux.`;

const CATALOGUE = [
  // The best-known shortcuts first: the help panel lists the first five before "All shortcuts".
  { id: "quick-search", name: "Quick search", global: true, variants: ctrlOrCmd("KeyK") },
  { id: "command-dialog", name: "Command dialog", variants: [{ ctrl: true, alt: true, code: "KeyJ" }] },
  {
    id: "new-issue",
    name: "New issue",
    variants: insertOrMac({ alt: true }, { ctrl: true, alt: true, code: "KeyI" }),
  },
  { id: "assign-to-me", name: "Assign to me", variants: [{ ctrl: true, code: "KeyM" }] },
  { id: "star-issue", name: "Star issue", variants: [{ ctrl: true, shift: true, code: "Digit0" }] },
  { id: "quick-help", name: "Quick help", global: true, variants: [{ ctrl: true, code: "Slash" }] },

  { id: "open-help", name: "Open help", variants: [{ shift: true, code: "Slash" }] },
  {
    id: "repeat-command",
    name: "Repeat last command",
    variants: [{ alt: true, shift: true, code: "KeyJ" }],
    slavic: { variants: [{ ctrl: true, alt: true, code: "KeyR" }], reason: ALT_SHIFT },
    classic: [{ ctrl: true, alt: true, code: "Period" }],
  },
  { id: "toggle-navigation", name: "Collapse or expand navigation", variants: ctrlOrCmd("Backslash") },
  {
    id: "toggle-full-width",
    name: "Toggle full-width content",
    variants: [{ alt: true, shift: true, code: "KeyW" }],
    slavic: { variants: [{ ctrl: true, alt: true, code: "KeyW" }], reason: ALT_SHIFT },
  },

  { id: "go-to-issues", name: "Go to issues", variants: [{ alt: true, code: "KeyI" }] },
  {
    // Not plain Alt+D: every browser focuses the address bar with it.
    id: "go-to-dashboards",
    name: "Go to dashboards",
    variants: [{ alt: true, shift: true, code: "KeyD" }],
    slavic: { variants: [{ ctrl: true, alt: true, code: "KeyD" }], reason: ALT_SHIFT },
  },
  {
    id: "go-to-agile-boards",
    name: "Go to agile boards",
    variants: [{ alt: true, code: "KeyG" }],
    slavic: {
      variants: [{ ctrl: true, alt: true, code: "KeyG" }],
      reason: firefoxMenu("П (the G key)", "Правка (Edit)", "Russian"),
    },
  },
  { id: "go-to-reports", name: "Go to reports", variants: [{ alt: true, code: "KeyR" }] },
  {
    id: "go-to-projects",
    name: "Go to projects",
    variants: [{ alt: true, code: "KeyP" }],
    slavic: {
      variants: [{ ctrl: true, alt: true, code: "KeyP" }],
      reason: firefoxMenu("З (the P key)", "Закладки (Bookmarks)", "Russian and Ukrainian"),
    },
  },
  { id: "go-to-articles", name: "Go to knowledge base", variants: [{ alt: true, code: "KeyK" }] },
  { id: "go-to-timesheets", name: "Go to timesheets", variants: [{ alt: true, code: "KeyW" }] },
  {
    id: "go-to-notifications",
    name: "Go to notifications",
    variants: [{ alt: true, shift: true, code: "KeyN" }],
    slavic: { variants: [{ ctrl: true, alt: true, code: "KeyN" }], reason: ALT_SHIFT },
  },

  {
    id: "new-article",
    name: "New article",
    variants: insertOrMac({ alt: true, shift: true }, { ctrl: true, alt: true, shift: true, code: "KeyI" }),
    slavic: {
      variants: insertOrMac({ ctrl: true, alt: true }, { ctrl: true, alt: true, shift: true, code: "KeyI" }),
      reason: ALT_SHIFT,
    },
  },
  { id: "edit", name: "Edit", variants: [{ code: "F2" }] },
  { id: "save", name: "Save", global: true, variants: ctrlOrCmd("Enter") },
  { id: "cancel", name: "Cancel", global: true, variants: [{ code: "Escape" }] },
  { id: "open-issue", name: "Open issue", variants: [{ code: "KeyO" }] },
  { id: "next-issue", name: "Next issue", variants: [{ code: "KeyJ" }] },
  { id: "previous-issue", name: "Previous issue", variants: [{ code: "KeyK" }] },
  { id: "select-issue", name: "Select issue", variants: [{ code: "KeyX" }] },

  {
    id: "add-comment",
    name: "Add comment",
    variants: [{ alt: true, code: "KeyC" }],
    slavic: {
      variants: [{ ctrl: true, alt: true, code: "KeyC" }],
      reason: firefoxMenu("С (the C key)", "Справка (Help)", "Russian"),
    },
    classic: [{ alt: true, shift: true, code: "KeyM" }],
    classicSlavic: { variants: [{ ctrl: true, alt: true, code: "KeyM" }], reason: ALT_SHIFT },
  },
  {
    id: "add-file",
    name: "Attach file",
    variants: [{ alt: true, code: "KeyA" }],
    slavic: {
      variants: [{ ctrl: true, alt: true, code: "KeyA" }],
      reason: firefoxMenu("Ф (the A key)", "Файл (File)", "Russian and Ukrainian"),
    },
    classic: [{ alt: true, shift: true, code: "KeyF" }],
    classicSlavic: { variants: [{ ctrl: true, alt: true, code: "KeyF" }], reason: ALT_SHIFT },
  },
  {
    id: "paste",
    name: "Paste from clipboard",
    variants: ctrlOrCmd("KeyV"),
    classic: [
      { shift: true, code: "Insert", os: "windows" },
      { meta: true, shift: true, code: "KeyV", os: "mac" },
      { shift: true, code: "Insert", os: "linux" },
    ],
  },
  {
    id: "screenshot",
    name: "Attach screenshot",
    variants: [{ alt: true, shift: true, code: "KeyS" }],
    slavic: { variants: [{ ctrl: true, alt: true, code: "KeyS" }], reason: ALT_SHIFT },
    classic: [{ alt: true, shift: true, code: "KeyE" }],
    classicSlavic: { variants: [{ ctrl: true, alt: true, code: "KeyE" }], reason: ALT_SHIFT },
  },
] as const satisfies readonly CatalogueEntry[];

export type ShortcutId = (typeof CATALOGUE)[number]["id"];

export interface CatalogueOptions {
  layout: ShortcutLayout;
  classic: boolean;
}

export function shortcutCatalogue({ layout, classic }: CatalogueOptions): readonly Shortcut<ShortcutId>[] {
  const slavic = layout === "slavic";
  return CATALOGUE.map((entry: CatalogueEntry<ShortcutId>) => {
    const chosen =
      classic && entry.classic
        ? ((slavic ? entry.classicSlavic : undefined) ?? { variants: entry.classic })
        : ((slavic ? entry.slavic : undefined) ?? { variants: entry.variants });
    const shortcut: Shortcut<ShortcutId> = { id: entry.id, name: entry.name, variants: chosen.variants };
    if (entry.global) shortcut.global = true;
    if ("reason" in chosen) shortcut.note = chosen.reason;
    return shortcut;
  });
}

export const SHORTCUT_SETS = {
  default: shortcutCatalogue({ layout: "default", classic: false }),
  slavic: shortcutCatalogue({ layout: "slavic", classic: false }),
  classic: shortcutCatalogue({ layout: "default", classic: true }),
} as const;

/** The default set, as the help panel lists it. */
export const SHORTCUTS: readonly Shortcut<ShortcutId>[] = SHORTCUT_SETS.default;

const KEY_NAMES: Record<string, string> = {
  Slash: "/",
  Backslash: "\\",
  Period: ".",
  Comma: ",",
  Semicolon: ";",
  Quote: "'",
  BracketLeft: "[",
  BracketRight: "]",
  Minus: "-",
  Equal: "=",
  Backquote: "`",
  Insert: "Insert",
  Escape: "Esc",
  Enter: "Enter",
};

function keyName(code: string): string {
  if (code.startsWith("Key")) return code.slice(3);
  if (code.startsWith("Digit")) return code.slice(5);
  return KEY_NAMES[code] ?? code;
}

export function variantApplies(stroke: KeyStroke, os: ShortcutOs, browser?: ShortcutBrowser): boolean {
  return (!stroke.os || stroke.os === os) && (!stroke.browser || stroke.browser === browser);
}

/** The displayed variant: the first that applies to the OS (and browser, when known). */
export function displayedVariant(
  shortcut: Shortcut,
  os: ShortcutOs,
  browser?: ShortcutBrowser,
): KeyStroke | undefined {
  return shortcut.variants.find((v) => variantApplies(v, os, browser));
}

/** Key names with the OS's own glyphs: ⌃⌥⇧⌘ on macOS, words elsewhere. */
export function formatKeyStroke(stroke: KeyStroke, os: ShortcutOs): string[] {
  const mac = os === "mac";
  const keys: string[] = [];
  if (stroke.ctrl) keys.push(mac ? "⌃" : "Ctrl");
  if (stroke.alt) keys.push(mac ? "⌥" : "Alt");
  if (stroke.shift) keys.push(mac ? "⇧" : "Shift");
  if (stroke.meta) keys.push(mac ? "⌘" : "Win");
  keys.push(keyName(stroke.code));
  return keys;
}

/** Modifiers and key in a fixed order, so equal strokes give equal strings. */
export function strokeSignature(stroke: KeyStroke): string {
  const modifiers = (["ctrl", "alt", "shift", "meta"] as const).filter((m) => stroke[m]);
  return [...modifiers, stroke.code].join("+");
}

export interface ShortcutConflict {
  stroke: string;
  ids: [string, string];
  os: ShortcutOs;
  browser?: ShortcutBrowser;
}

const ALL_OS: readonly ShortcutOs[] = ["mac", "windows", "linux"];
const ALL_BROWSERS: readonly (ShortcutBrowser | undefined)[] = [
  undefined,
  "chrome",
  "edge",
  "firefox",
  "safari",
];

/** Pairs of shortcuts that one key press would match on some OS and browser. */
export function shortcutConflicts(shortcuts: readonly Shortcut[]): ShortcutConflict[] {
  const conflicts: ShortcutConflict[] = [];
  const reported = new Set<string>();
  for (const os of ALL_OS) {
    for (const browser of ALL_BROWSERS) {
      const owner = new Map<string, string>();
      for (const shortcut of shortcuts) {
        const strokes = new Set(
          shortcut.variants.filter((v) => variantApplies(v, os, browser)).map(strokeSignature),
        );
        for (const stroke of strokes) {
          const other = owner.get(stroke);
          if (other === undefined) {
            owner.set(stroke, shortcut.id);
            continue;
          }
          // A clash in every browser is reported once, without a browser.
          const key = `${os} ${stroke} ${other} ${shortcut.id}`;
          if (reported.has(key)) continue;
          reported.add(key);
          conflicts.push({ stroke, ids: [other, shortcut.id], os, ...(browser ? { browser } : {}) });
        }
      }
    }
  }
  return conflicts;
}

/** The OS a User-Agent string (or a client-hints platform) describes; Linux when unsure. */
export function osFromUserAgent(userAgent: string): ShortcutOs {
  if (/Mac OS X|Macintosh|macOS|iPhone|iPad/.test(userAgent)) return "mac";
  if (/Windows/.test(userAgent)) return "windows";
  return "linux";
}

/** The browser a User-Agent string describes, if it is one whose shortcuts we adapt to. */
export function browserFromUserAgent(userAgent: string): ShortcutBrowser | undefined {
  if (/Edg(?:e|A|iOS)?\//.test(userAgent)) return "edge";
  if (/Firefox\/|FxiOS\//.test(userAgent)) return "firefox";
  if (/Chrome\/|Chromium\/|CriOS\//.test(userAgent)) return "chrome";
  if (/Safari\//.test(userAgent)) return "safari";
  return undefined;
}

export function searchShortcuts<S extends Shortcut>(shortcuts: readonly S[], query: string): S[] {
  const needle = query.trim().toLowerCase();
  return needle ? shortcuts.filter((s) => s.name.toLowerCase().includes(needle)) : [...shortcuts];
}
