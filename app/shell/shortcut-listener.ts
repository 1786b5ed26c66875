// The keyboard shortcuts' listener, loaded after the page's first scripts by useShortcuts (use-shortcuts.ts)
// with the catalogue and the matcher: a key press before it has loaded is the browser's, as before hydration.
import { layoutForLanguage, matchShortcut, shortcutContextFromNavigator } from "./shortcut-matcher.ts";
import { shortcutCatalogue, type ShortcutId } from "./shortcuts.ts";

export type ShortcutHandler = (event: KeyboardEvent) => void;

/**
 * A keydown listener that runs the handler of the shortcut a key press matches, for the keyboard layout of
 * the user's language; shortcuts without a handler are left to the browser.
 */
export function shortcutListener(
  { language, classic }: { language: string; classic: boolean },
  handlerOf: (id: ShortcutId) => ShortcutHandler | undefined,
): (event: KeyboardEvent) => void {
  const catalogue = shortcutCatalogue({ layout: layoutForLanguage(language), classic });
  const context = shortcutContextFromNavigator(navigator);
  return (event) => {
    if (event.defaultPrevented) return;
    const shortcut = matchShortcut(event, catalogue, context);
    const handler = shortcut ? handlerOf(shortcut.id) : undefined;
    if (!handler) return;
    event.preventDefault();
    handler(event);
  };
}
