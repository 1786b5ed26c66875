// The tile menu once scripts run: a Radix menu button (arrow keys, typeahead, Escape, focus return).
import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { Fragment, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Icon, PathIcon } from "#app/shell/icons.tsx";
import type { TileAction, TileMenuIcon, TileMenuProps } from "./tile-menu.tsx";

const ICONS: Record<TileMenuIcon, string> = {
  refresh: "M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7",
  configure:
    "M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM19 12l2-1-2-4-2 1-2-1-1-2h-4l-1 2-2 1-2-1-2 4 2 1v0l-2 1 2 4 2-1 2 1 1 2h4l1-2 2-1 2 1 2-4z",
  fold: "M6 15l6-6 6 6",
  unfold: "M6 9l6 6 6-6",
  moveEarlier: "M12 19V5M6 11l6-6 6 6",
  moveLater: "M12 5v14M6 13l6 6 6-6",
  narrower: "M3 12h7M21 12h-7M7 9l3 3-3 3M17 9l-3 3 3 3",
  wider: "M10 12H3M14 12h7M6 9l-3 3 3 3M18 9l3 3-3 3",
  shorter: "M12 3v7M12 21v-7M9 7l3 3 3-3M9 17l3-3 3 3",
  taller: "M12 10V3M12 14v7M9 6l3-3 3 3M9 18l3 3 3-3",
  remove: "M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3",
};

function ActionLabel({ action }: { action: TileAction }) {
  return (
    <>
      <PathIcon d={ICONS[action.icon]} />
      {action.label}
    </>
  );
}

export default function InteractiveTileMenu({ label, sections, onChange }: TileMenuProps) {
  const { i18n } = useTranslation();
  // A removed tile takes its trigger with it: focus has gone elsewhere and stays there.
  const focusMoved = useRef(false);
  return (
    <DropdownMenu.Root modal={false} dir={i18n.dir()}>
      <DropdownMenu.Trigger asChild>
        <button type="button" className="dashboard-tile-icon" aria-label={label}>
          <Icon name="more" />
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          className="menu dashboard-tile-menu-list"
          align="end"
          sideOffset={4}
          collisionPadding={8}
          loop
          onCloseAutoFocus={(event) => {
            if (!focusMoved.current) return;
            focusMoved.current = false;
            event.preventDefault();
          }}
        >
          {sections.map((section, index) => (
            <Fragment key={section.key}>
              {index > 0 ? <DropdownMenu.Separator className="menu-separator" /> : null}
              <DropdownMenu.Group aria-label={section.label}>
                {section.label ? (
                  <DropdownMenu.Label className="menu-group-label" aria-hidden="true">
                    {section.label}
                  </DropdownMenu.Label>
                ) : null}
                {section.actions.map((action) => (
                  <DropdownMenu.Item
                    key={action.key}
                    className={
                      action.kind === "change" && action.danger ? "menu-item menu-item-danger" : "menu-item"
                    }
                    disabled={action.kind === "change" && !action.possible}
                    onSelect={(event) => {
                      if (action.kind === "signal") {
                        action.run();
                        return;
                      }
                      if (action.keepOpen) event.preventDefault();
                      if (action.change.intent === "remove") focusMoved.current = true;
                      onChange(action.change);
                    }}
                  >
                    <ActionLabel action={action} />
                  </DropdownMenu.Item>
                ))}
              </DropdownMenu.Group>
            </Fragment>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
