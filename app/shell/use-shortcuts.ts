import { useEffect, useRef } from "react";
import { matchShortcut, shortcutContextFromNavigator } from "./shortcut-matcher.ts";
import { shortcutCatalogue, type ShortcutId, type ShortcutLayout } from "./shortcuts.ts";

export type ShortcutHandlers = Partial<Record<ShortcutId, (event: KeyboardEvent) => void>>;

export interface UseShortcutsOptions {
  layout?: ShortcutLayout;
  classic?: boolean;
  enabled?: boolean;
}

/** Runs the handler of the shortcut a key press matches; shortcuts without a handler are left to the browser. */
export function useShortcuts(
  handlers: ShortcutHandlers,
  { layout = "default", classic = false, enabled = true }: UseShortcutsOptions = {},
): void {
  // Handlers are usually inline functions; reading them through a ref keeps one listener across renders.
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    if (!enabled) return;
    const catalogue = shortcutCatalogue({ layout, classic });
    const context = shortcutContextFromNavigator(navigator);
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      const shortcut = matchShortcut(event, catalogue, context);
      const handler = shortcut ? latest.current[shortcut.id] : undefined;
      if (!handler) return;
      event.preventDefault();
      handler(event);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [layout, classic, enabled]);
}
