// Keyboard shortcuts shown in the help panel (seed 000 sections 3 and 9). Each
// has variants; only the first is displayed. The full catalogue, layouts and
// matching belong to the keyboard-shortcut work; this is its data shape.

export type ShortcutOs = "mac" | "windows" | "linux";

export interface KeyStroke {
  alt?: boolean;
  ctrl?: boolean;
  meta?: boolean;
  shift?: boolean;
  /** KeyboardEvent.code, independent of the keyboard layout. */
  code: string;
  /** Limits the variant to one operating system. */
  os?: ShortcutOs;
}

export interface Shortcut {
  id: string;
  name: string;
  variants: KeyStroke[];
}

export const SHORTCUTS: readonly Shortcut[] = [
  {
    id: "quick-search",
    name: "Quick search",
    variants: [
      { ctrl: true, code: "KeyK", os: "windows" },
      { meta: true, code: "KeyK", os: "mac" },
      { ctrl: true, code: "KeyK", os: "linux" },
    ],
  },
  { id: "command-dialog", name: "Command dialog", variants: [{ ctrl: true, alt: true, code: "KeyJ" }] },
  { id: "new-issue", name: "New issue", variants: [{ alt: true, code: "Insert" }] },
  { id: "assign-to-me", name: "Assign to me", variants: [{ ctrl: true, code: "KeyM" }] },
  { id: "star-issue", name: "Star issue", variants: [{ ctrl: true, shift: true, code: "Digit0" }] },
  { id: "quick-help", name: "Quick help", variants: [{ ctrl: true, code: "Slash" }] },
];

const KEY_NAMES: Record<string, string> = { Slash: "/", Insert: "Insert", Escape: "Esc", Enter: "Enter" };

function keyName(code: string): string {
  if (code.startsWith("Key")) return code.slice(3);
  if (code.startsWith("Digit")) return code.slice(5);
  return KEY_NAMES[code] ?? code;
}

/** The displayed variant for an OS: the first that applies to it. */
export function displayedVariant(shortcut: Shortcut, os: ShortcutOs): KeyStroke | undefined {
  return shortcut.variants.find((v) => !v.os || v.os === os);
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

/** The OS a User-Agent string describes; Linux when unsure. */
export function osFromUserAgent(userAgent: string): ShortcutOs {
  if (/Mac OS X|Macintosh|iPhone|iPad/.test(userAgent)) return "mac";
  if (/Windows/.test(userAgent)) return "windows";
  return "linux";
}

export function searchShortcuts(shortcuts: readonly Shortcut[], query: string): Shortcut[] {
  const needle = query.trim().toLowerCase();
  return needle ? shortcuts.filter((s) => s.name.toLowerCase().includes(needle)) : [...shortcuts];
}
