import {
  createContext,
  lazy,
  Suspense,
  type ComponentPropsWithRef,
  type ReactNode,
  type RefObject,
} from "react";
import { Form, Link, useLocation } from "react-router";
import { CsrfInput } from "../components/csrf-input.tsx";
import { useHydrated } from "../lib/use-hydrated.ts";
import { Icon, PathIcon, type IconKey } from "./icons.tsx";
import type { NavAction } from "./navigation-model.ts";
import { actionRequest, staysOnPage } from "./nav-actions.ts";

/** What every menu entry shows: its name, and an icon and the keys of its shortcut where it has them. */
interface EntryLook {
  id: string;
  name: string;
  icon?: IconKey;
  /** An icon drawn from its path (the interactive menu's own, menu-look.ts). */
  iconPath?: string;
  keys?: readonly string[] | null;
  /** The keys for assistive technology, in `aria-keyshortcuts` form. */
  ariaKeys?: string;
}

/** One entry of a navigation menu, whatever the menu. */
export type MenuEntry =
  | (EntryLook & { kind: "link"; url: string; target?: "_blank"; active?: boolean })
  | (EntryLook & { kind: "action"; action: NavAction; active?: boolean })
  | (EntryLook & { kind: "group"; entries: MenuEntry[] });

/** An entry's icon, name and keyboard hint, laid out in the menu's three columns. */
export function EntryLabel({ entry }: { entry: EntryLook }) {
  return (
    <>
      <span className="menu-item-icon">
        {entry.icon ? <Icon name={entry.icon} /> : entry.iconPath ? <PathIcon d={entry.iconPath} /> : null}
      </span>
      <span className="menu-item-label">{entry.name}</span>
      {entry.keys ? (
        <span className="menu-item-keys" aria-hidden="true">
          {entry.keys.map((key) => (
            <kbd key={key}>{key}</kbd>
          ))}
        </span>
      ) : null}
    </>
  );
}

/**
 * Menus open inside the navigation landmark, not at the end of the body. A ref, not the element: the bar's
 * element set as state would render the whole bar once more, in the task that ends its hydration.
 */
export const NavContainerContext = createContext<RefObject<HTMLElement | null> | null>(null);

export interface NavMenuProps {
  id: string;
  label: string;
  icon: IconKey;
  entries: MenuEntry[];
  /** Shown under the entries (the help menu's product footer). */
  footer?: ReactNode;
  /** Extra content in the trigger, such as an unread marker. */
  badge?: ReactNode;
  /** The trigger's visible text when it differs from its accessible label (the user's name). */
  triggerText?: string;
  testId?: string;
}

// Rendered, and so loaded, right after hydration.
const InteractiveMenu = lazy(() => import("./interactive-menu.tsx"));

/**
 * A menu of the left bar. Without JavaScript it is a disclosure (`<details>`)
 * holding plain links and forms; with it, a WAI-ARIA menu button (arrow keys,
 * typeahead, Escape, focus return) from Radix. Radix is not part of the page's
 * first scripts: it loads once the page has hydrated, the disclosure serving until then.
 */
export function NavMenu(props: NavMenuProps) {
  const hydrated = useHydrated();
  if (!hydrated) return <StaticMenu {...props} />;
  return (
    <Suspense fallback={<StaticMenu {...props} />}>
      <InteractiveMenu {...props} />
    </Suspense>
  );
}

export function TriggerContent({ icon, label, triggerText, badge }: NavMenuProps) {
  return (
    <>
      <Icon name={icon} />
      <span className="nav-label">{triggerText ?? label}</span>
      {badge}
    </>
  );
}

function StaticMenu(props: NavMenuProps) {
  return (
    <details className="nav-menu" data-menu={props.id}>
      <summary
        className="nav-item"
        aria-label={props.triggerText ? props.label : undefined}
        data-testid={props.testId}
      >
        <TriggerContent {...props} />
      </summary>
      <div className="menu menu-static">
        <StaticEntries entries={props.entries} />
        {props.footer ? <div className="menu-footer">{props.footer}</div> : null}
      </div>
    </details>
  );
}

interface StaticEntriesProps {
  entries: MenuEntry[];
  /** Where action entries return to; the current page unless the menu stands for another (/menu). */
  back?: string;
  /** Groups as disclosure panels (the narrow-screen menu) instead of headed sublists. */
  panels?: boolean;
}

export function StaticEntries({ entries, back, panels = false }: StaticEntriesProps) {
  return (
    <ul className="menu-list">
      {entries.map((entry) => (
        <li key={entry.id}>
          {entry.kind === "group" ? (
            panels ? (
              <MenuPanel title={entry.name}>
                <StaticEntries entries={entry.entries} back={back} panels />
              </MenuPanel>
            ) : (
              <>
                <span className="menu-group-label">{entry.name}</span>
                <StaticEntries entries={entry.entries} back={back} />
              </>
            )
          ) : entry.kind === "link" ? (
            <EntryLink entry={entry} className="menu-item" />
          ) : (
            <ActionForm entry={entry} back={back} />
          )}
        </li>
      ))}
    </ul>
  );
}

/** A nested panel of the narrow-screen menu: a disclosure, so it opens without scripts too. */
export function MenuPanel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <details className="mobile-panel">
      <summary className="menu-item">
        <span className="menu-item-label">{title}</span>
        <Icon name="chevron" />
      </summary>
      <div className="mobile-panel-body">{children}</div>
    </details>
  );
}

type EntryLinkProps = {
  entry: Extract<MenuEntry, { kind: "link" }>;
  className: string;
} & Omit<ComponentPropsWithRef<"a">, "href" | "target" | "className">;

/** A link entry; passes on the props and ref a menu item gives its child (role, keys, focus). */
export function EntryLink({ entry, className, ...rest }: EntryLinkProps) {
  const current = entry.active ? "page" : undefined;
  if (/^https?:/.test(entry.url)) {
    return (
      <a
        {...rest}
        className={className}
        href={entry.url}
        target={entry.target}
        rel="noopener noreferrer"
        aria-current={current}
        aria-keyshortcuts={entry.ariaKeys}
      >
        <EntryLabel entry={entry} />
      </a>
    );
  }
  return (
    <Link
      {...rest}
      className={className}
      to={entry.url}
      target={entry.target}
      aria-current={current}
      aria-keyshortcuts={entry.ariaKeys}
    >
      <EntryLabel entry={entry} />
    </Link>
  );
}

function ActionForm({
  entry,
  back: given,
}: {
  entry: Extract<MenuEntry, { kind: "action" }>;
  back?: string;
}) {
  const location = useLocation();
  const back = given ?? `${location.pathname}${location.search}`;
  const request = actionRequest(entry.action, back);
  // Applying a changed user means reading the user again: a plain reload does that.
  if (!request) {
    return (
      <a className="menu-item" href={back}>
        <EntryLabel entry={entry} />
      </a>
    );
  }
  return (
    <Form method="post" action={request.url} className="menu-form" navigate={!staysOnPage(entry.action)}>
      <CsrfInput />
      {Object.entries(request.fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button
        type="submit"
        className="menu-item"
        aria-current={entry.active ? "true" : undefined}
        aria-keyshortcuts={entry.ariaKeys}
      >
        <EntryLabel entry={entry} />
      </button>
    </Form>
  );
}
