import {
  browserFromUserAgent,
  osFromUserAgent,
  variantApplies,
  type Shortcut,
  type ShortcutBrowser,
  type ShortcutLayout,
  type ShortcutOs,
} from "./shortcuts.ts";

export type ShortcutKeyEvent = Pick<
  KeyboardEvent,
  "code" | "key" | "altKey" | "ctrlKey" | "metaKey" | "shiftKey"
> & {
  isComposing?: boolean;
  keyCode?: number;
  target?: unknown;
};

export interface ShortcutContext {
  os: ShortcutOs;
  browser?: ShortcutBrowser;
}

const LATIN_LETTER = /^[a-z]$/i;
const LETTER_KEY = /^Key[A-Z]$/;
/** One character that is neither a letter of a non-Latin script nor a name like "Dead" or "Unidentified". */
const LATIN_LAYOUT_CHARACTER = /^(?:\p{Script=Latin}|\p{Script=Common}|\p{Script=Inherited})$/u;

/**
 * The catalogue's key code for a key press. Letters follow the printed Latin
 * letter (German QWERTZ: the key labelled Z sends code "KeyY" and key "z", and
 * is Z; French AZERTY: the M key sends code "Semicolon" and is M), because that
 * is the letter the user sees and the help panel names. Where the key is not a
 * Latin letter, as on Cyrillic, Greek or Hebrew layouts, the physical key
 * decides, so Ctrl+K is the key that prints К on a Russian keyboard. Digits,
 * punctuation and named keys always follow the physical key: their characters
 * move under Shift from layout to layout, which would break exact modifiers.
 * null: not a key any shortcut uses.
 */
export function shortcutKeyCode(
  event: Pick<KeyboardEvent, "code" | "key" | "altKey">,
  os: ShortcutOs,
): string | null {
  if (LATIN_LETTER.test(event.key)) return `Key${event.key.toUpperCase()}`;
  if (!LETTER_KEY.test(event.code)) return event.code;
  // ⌥ turns every letter into another character (⌥J is ∆, ⌥S is ß), which says nothing about the printed letter.
  if (os === "mac" && event.altKey) return event.code;
  // A Latin layout printing something else on a letter key (ß, ą, @, €), usually through AltGr, which
  // Windows reports as Ctrl+Alt: the user is typing text, and the physical letter is not what they see.
  if (LATIN_LAYOUT_CHARACTER.test(event.key)) return null;
  return event.code;
}

const NON_TEXT_INPUTS = new Set([
  "button",
  "checkbox",
  "color",
  "file",
  "hidden",
  "image",
  "radio",
  "range",
  "reset",
  "submit",
]);

/** Text fields, selects and contenteditable elements, where keys type or choose rather than command. */
export function isEditableTarget(target: unknown): boolean {
  if (typeof target !== "object" || target === null) return false;
  const element = target as { tagName?: unknown; type?: unknown; isContentEditable?: unknown };
  if (element.isContentEditable === true) return true;
  if (element.tagName === "TEXTAREA" || element.tagName === "SELECT") return true;
  if (element.tagName === "INPUT") return !NON_TEXT_INPUTS.has(String(element.type ?? "text").toLowerCase());
  return false;
}

/** The shortcut a key press triggers, or null. Modifiers must match exactly. */
export function matchShortcut<S extends Shortcut>(
  event: ShortcutKeyEvent,
  catalogue: readonly S[],
  context: ShortcutContext,
): S | null {
  // Safari ends a composition with a keydown whose isComposing is false but whose keyCode is 229.
  if (event.isComposing || event.keyCode === 229) return null;
  const code = shortcutKeyCode(event, context.os);
  if (code === null) return null;
  const editable = isEditableTarget(event.target);
  for (const shortcut of catalogue) {
    if (editable && !shortcut.global) continue;
    const matches = shortcut.variants.some(
      (v) =>
        v.code === code &&
        !!v.alt === event.altKey &&
        !!v.ctrl === event.ctrlKey &&
        !!v.meta === event.metaKey &&
        !!v.shift === event.shiftKey &&
        variantApplies(v, context.os, context.browser),
    );
    if (matches) return shortcut;
  }
  return null;
}

const CYRILLIC_LANGUAGES = new Set(["ru", "uk", "be", "bg", "sr"]);

/** The shortcut layout for a language tag such as "ru", "uk-UA" or "sr_Cyrl"; Serbian in Latin script is default. */
export function layoutForLanguage(language: string): ShortcutLayout {
  const [primary = "", ...rest] = language.toLowerCase().split(/[-_]/);
  if (rest.includes("latn")) return "default";
  return CYRILLIC_LANGUAGES.has(primary) ? "slavic" : "default";
}

export interface NavigatorLike {
  userAgent: string;
  userAgentData?: { platform?: string };
}

export function shortcutContextFromNavigator(navigator: NavigatorLike): ShortcutContext {
  const os = osFromUserAgent(navigator.userAgentData?.platform || navigator.userAgent);
  const browser = browserFromUserAgent(navigator.userAgent);
  return browser ? { os, browser } : { os };
}
