// The left bar's menus once scripts run: WAI-ARIA menu buttons from Radix. Loaded after hydration
// (nav-menu.tsx), so the page is interactive without it: until it arrives each trigger links to its menu page.
import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { useContext } from "react";
import type { z } from "zod";
import { useRevalidator, useSubmit, useLocation } from "react-router";
import { catalogue, type Catalogue } from "../analytics/catalogue.ts";
import { track } from "../analytics/client.ts";
import { useCsrfToken } from "../components/use-csrf-token.ts";
import { Icon } from "./icons.tsx";
import { useEntryLooks } from "./menu-look.ts";
import { actionRequest, staysOnPage } from "./nav-actions.ts";
import {
  EntryLabel,
  EntryLink,
  NavContainerContext,
  TriggerContent,
  triggerAttributes,
  type MenuEntry,
  type NavMenuProps,
} from "./nav-menu.tsx";

/** The menus the analytics catalogue knows. */
type TrackedMenu = z.infer<Catalogue["navigation"]["menu-open"]["shape"]["menu"]>;
const isTrackedMenu = (id: string): id is TrackedMenu =>
  catalogue().navigation["menu-open"].shape.menu.safeParse(id).success;

export default function InteractiveMenu(props: NavMenuProps) {
  // Menus render once the page is hydrated, when the bar's element is there.
  const container = useContext(NavContainerContext)?.current ?? null;
  const looks = useEntryLooks();
  return (
    <DropdownMenu.Root
      modal={false}
      onOpenChange={(open) => {
        if (open && isTrackedMenu(props.id)) track("navigation", "menu-open", { menu: props.id });
      }}
    >
      <DropdownMenu.Trigger asChild>
        <button type="button" {...triggerAttributes(props)}>
          <TriggerContent {...props} />
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal container={container}>
        <DropdownMenu.Content
          className="menu"
          side="right"
          align="end"
          sideOffset={6}
          collisionPadding={8}
          loop
        >
          <InteractiveEntries entries={looks(props.entries)} container={container} />
          {props.footer ? (
            <>
              <DropdownMenu.Separator className="menu-separator" />
              <div className="menu-footer">{props.footer}</div>
            </>
          ) : null}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function InteractiveEntries({ entries, container }: { entries: MenuEntry[]; container: HTMLElement | null }) {
  const submit = useSubmit();
  const revalidator = useRevalidator();
  const location = useLocation();
  const csrf = useCsrfToken();
  const back = `${location.pathname}${location.search}`;
  return entries.map((entry) => {
    if (entry.kind === "group") {
      return (
        <DropdownMenu.Sub key={entry.id}>
          <DropdownMenu.SubTrigger className="menu-item menu-subtrigger">
            <EntryLabel entry={entry} />
            <Icon name="chevron" />
          </DropdownMenu.SubTrigger>
          <DropdownMenu.Portal container={container}>
            <DropdownMenu.SubContent className="menu" sideOffset={4} collisionPadding={8} loop>
              <InteractiveEntries entries={entry.entries} container={container} />
            </DropdownMenu.SubContent>
          </DropdownMenu.Portal>
        </DropdownMenu.Sub>
      );
    }
    if (entry.kind === "link") {
      return (
        <DropdownMenu.Item key={entry.id} asChild>
          <EntryLink entry={entry} className="menu-item" />
        </DropdownMenu.Item>
      );
    }
    const request = actionRequest(entry.action, back);
    return (
      <DropdownMenu.Item
        key={entry.id}
        className="menu-item"
        aria-current={entry.active ? "true" : undefined}
        aria-keyshortcuts={entry.ariaKeys}
        onSelect={() => {
          if (!request) {
            void revalidator.revalidate();
            return;
          }
          void submit(
            { csrf, ...request.fields },
            { method: "post", action: request.url, navigate: !staysOnPage(entry.action) },
          );
        }}
      >
        <EntryLabel entry={entry} />
      </DropdownMenu.Item>
    );
  });
}
