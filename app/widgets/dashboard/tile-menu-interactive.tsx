// The tile menu once scripts run: a Radix menu button (arrow keys, typeahead, Escape, focus return).
import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { Fragment, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "#app/shell/icons.tsx";
import { ActionLabel, type TileMenuProps } from "./tile-menu.tsx";

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
