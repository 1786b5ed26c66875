// A tile's one overflow menu: refresh, configure, collapse, move, resize, remove. Without scripts it is a
// disclosure of plain forms, one per change; once the page has hydrated, a WAI-ARIA menu button from Radix
// (tile-menu-interactive.tsx), loaded then and not with the page's first scripts.
import { lazy, Suspense, type ReactNode } from "react";
import { CsrfInput } from "#app/components/csrf-input.tsx";
import { Icon } from "#app/shell/icons.tsx";
import { changeFields, DASHBOARD_PATH, type DashboardChange } from "../dashboard-layout.ts";

/** The menu's icons (tile-menu-interactive.tsx draws them; the menu without scripts is text). */
export type TileMenuIcon =
  | "refresh"
  | "configure"
  | "fold"
  | "unfold"
  | "moveEarlier"
  | "moveLater"
  | "narrower"
  | "wider"
  | "shorter"
  | "taller"
  | "remove";

export type TileAction =
  | { kind: "signal"; key: string; label: string; icon: TileMenuIcon; run: () => void }
  | {
      kind: "change";
      key: string;
      label: string;
      icon: TileMenuIcon;
      change: DashboardChange;
      /** False when the change would change nothing (the first tile earlier). */
      possible: boolean;
      /** Resizing keeps the menu open, so the size can be stepped again. */
      keepOpen?: boolean;
      danger?: boolean;
      /** The collapse toggle: whether the tile's body, `controls`, shows. */
      expanded?: { value: boolean; controls: string };
    };

export interface TileMenuSection {
  key: string;
  label?: string;
  actions: TileAction[];
}

export interface TileMenuProps {
  /** The trigger's accessible name, "Actions for Team pulse". */
  label: string;
  sections: TileMenuSection[];
  hydrated: boolean;
  onChange: (change: DashboardChange) => void;
}

const InteractiveTileMenu = lazy(() => import("./tile-menu-interactive.tsx"));

export function TileMenu(props: TileMenuProps) {
  if (!props.hydrated) return <StaticTileMenu {...props} />;
  return (
    <Suspense fallback={<StaticTileMenu {...props} />}>
      <InteractiveTileMenu {...props} />
    </Suspense>
  );
}

function StaticTileMenu({ label, sections, hydrated, onChange }: TileMenuProps) {
  return (
    <details className="dashboard-tile-menu">
      <summary className="dashboard-tile-icon" aria-label={label}>
        <Icon name="more" />
      </summary>
      <div className="menu dashboard-tile-menu-list">
        {sections.map((section) => (
          <ul key={section.key} className="menu-list" aria-label={section.label}>
            {section.label ? (
              <li className="menu-group-label" aria-hidden="true">
                {section.label}
              </li>
            ) : null}
            {section.actions.map((action) => (
              <li key={action.key}>
                {action.kind === "signal" ? (
                  <button type="button" className="menu-item" onClick={action.run}>
                    {action.label}
                  </button>
                ) : (
                  <ChangeForm action={action} hydrated={hydrated} onChange={onChange}>
                    {action.label}
                  </ChangeForm>
                )}
              </li>
            ))}
          </ul>
        ))}
      </div>
    </details>
  );
}

/**
 * One change as a form of its own: a plain post without scripts, an immediate change with them. With
 * scripts, a change that cannot be made stays focusable and does nothing, so focus never drops.
 */
function ChangeForm(props: {
  action: Extract<TileAction, { kind: "change" }>;
  hydrated: boolean;
  onChange: (change: DashboardChange) => void;
  children: ReactNode;
}) {
  const { action, hydrated, onChange } = props;
  return (
    <form
      method="post"
      action={DASHBOARD_PATH}
      className="dashboard-tile-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (action.possible) onChange(action.change);
      }}
    >
      <CsrfInput />
      {Object.entries(changeFields(action.change)).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button
        type="submit"
        className={action.danger ? "menu-item menu-item-danger" : "menu-item"}
        disabled={!action.possible && !hydrated}
        aria-disabled={!action.possible || undefined}
        aria-expanded={action.expanded?.value}
        aria-controls={action.expanded?.controls}
      >
        {props.children}
      </button>
    </form>
  );
}
