import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import type { HelpActionKey } from "./navigation-model.ts";
import { deferredPart } from "./deferred-parts.tsx";
import type { HelpPanelBodyProps } from "./help-panel-body.tsx";

export const HELP_PANEL_PARAM = "panel";
const HELP_VIEWS: readonly HelpActionKey[] = ["shortcuts", "tips", "about"];

/** The page's own query without the help panel's parameters. */
export function withoutHelpPanel(search: string): URLSearchParams {
  const params = new URLSearchParams(search);
  for (const name of [HELP_PANEL_PARAM, "q", "all"]) params.delete(name);
  return params;
}

type Props = Pick<HelpPanelBodyProps, "config" | "os">;

// The panel's views load when a page shows it, and hydrate on their own (deferred-parts.tsx).
const HelpPanelBody = deferredPart("help-panel", () =>
  import("./help-panel-body.tsx").then((module) => module.HelpPanelBody),
);

/**
 * The help panel: keyboard shortcuts, tips or About, opened from the help menu
 * and addressed by `?panel=`, so it opens and closes without JavaScript too.
 */
export function HelpPanel({ config, os }: Props) {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const key = params.get(HELP_PANEL_PARAM);
  // An unknown ?panel= value from a hand-typed address opens nothing.
  const view = HELP_VIEWS.find((v) => v === key) ?? null;

  const closeSearch = withoutHelpPanel(location.search).toString();
  const closeTo = `${location.pathname}${closeSearch ? `?${closeSearch}` : ""}`;

  // Closing gives focus back to the Help menu, where the panel is opened from.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (view) {
      wasOpen.current = true;
      return;
    }
    if (!wasOpen.current) return;
    wasOpen.current = false;
    document.querySelector<HTMLElement>('button[data-menu="help"]')?.focus();
  }, [view]);

  if (!view) return null;
  return (
    <HelpPanelBody
      view={view}
      closeTo={closeTo}
      config={config}
      os={os}
      query={params.get("q") ?? ""}
      all={params.has("all")}
    />
  );
}
