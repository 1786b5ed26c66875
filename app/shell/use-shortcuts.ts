import { useEffect, useRef } from "react";
import { loadChunk } from "../lib/app-errors.ts";
import { appLogger } from "../lib/app-logger.ts";
import { markPartHydrated, useDeferredPartMounted } from "../lib/use-hydrated.ts";
import type { ShortcutHandler } from "./shortcut-listener.ts";
import type { ShortcutId } from "./shortcuts.ts";

export type ShortcutHandlers = Partial<Record<ShortcutId, ShortcutHandler>>;

export interface UseShortcutsOptions {
  /** The user's language, whose keyboard layout the shortcuts follow. */
  language?: string;
  classic?: boolean;
  enabled?: boolean;
}

/**
 * Runs the handler of the shortcut a key press matches; shortcuts without a handler are left to the browser.
 * The catalogue and the matcher load after the page's first scripts (shortcut-listener.ts); the page is
 * marked hydrated once they listen.
 */
export function useShortcuts(
  handlers: ShortcutHandlers,
  { language = "en", classic = false, enabled = true }: UseShortcutsOptions = {},
): void {
  // Handlers are usually inline functions; reading them through a ref keeps one listener across renders.
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useDeferredPartMounted("shortcuts");

  useEffect(() => {
    if (!enabled) {
      markPartHydrated("shortcuts");
      return;
    }
    let listener: ((event: KeyboardEvent) => void) | undefined;
    let stopped = false;
    loadChunk(() => import("./shortcut-listener.ts"), "shortcut-listener").then(
      ({ shortcutListener }) => {
        if (stopped) return;
        listener = shortcutListener({ language, classic }, (id) => latest.current[id]);
        document.addEventListener("keydown", listener);
        markPartHydrated("shortcuts");
      },
      (error: unknown) => appLogger.error("The keyboard shortcuts did not load", { error }),
    );
    return () => {
      stopped = true;
      if (listener) document.removeEventListener("keydown", listener);
    };
  }, [language, classic, enabled]);
}
