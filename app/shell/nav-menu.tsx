import {
  createContext,
  lazy,
  Suspense,
  type ComponentPropsWithRef,
  type ReactNode,
  type RefObject,
} from "react";
import { Link, useLocation } from "react-router";
import { useHydrated } from "../lib/use-hydrated.ts";
import { Icon, PathIcon, type IconKey } from "./icons.tsx";
import type { NavAction } from "./navigation-model.ts";

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

/** Where a menu's trigger leads without JavaScript, and the narrow screen's hamburger too. */
export const MENU_PAGE_PATH = "/menu";

/** The bar's menus that have a page of their own (routes/shell/menu.tsx). */
export const BAR_MENUS = ["more", "create", "help", "settings", "profile"] as const;
export type BarMenu = (typeof BAR_MENUS)[number];

/** The page of one menu (or, without `menu`, the whole narrow-screen menu), opened from `back`. */
export function menuPageUrl(menu: BarMenu | null, back: string): string {
  return `${MENU_PAGE_PATH}${menu ? `/${menu}` : ""}?back=${encodeURIComponent(back)}`;
}

export interface NavMenuProps {
  id: BarMenu;
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
 * A menu of the left bar. With JavaScript, a WAI-ARIA menu button (arrow keys, typeahead, Escape, focus
 * return) from Radix, which is not part of the page's first scripts: it loads once the page has hydrated.
 * Until then, and without JavaScript, the trigger is a link to the menu's own page
 * (docs/decisions/0025-menus-as-pages-without-javascript.md): the page carries no menu it may never open.
 */
export function NavMenu(props: NavMenuProps) {
  const hydrated = useHydrated();
  if (!hydrated) return <MenuPageLink {...props} />;
  return (
    <Suspense fallback={<MenuPageLink {...props} />}>
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

/** A menu's page leads back to the page it was opened on; so do the other menus' links shown on it. */
function menuBack(pathname: string, search: string): string {
  if (pathname !== MENU_PAGE_PATH && !pathname.startsWith(`${MENU_PAGE_PATH}/`))
    return `${pathname}${search}`;
  return new URLSearchParams(search).get("back") ?? "/";
}

/** What a menu's trigger carries, whether a link to the menu's page or Radix's menu button. */
export function triggerAttributes(props: NavMenuProps) {
  return {
    className: "nav-item",
    "data-menu": props.id,
    "aria-label": props.triggerText ? props.label : undefined,
    "data-testid": props.testId,
  };
}

function MenuPageLink(props: NavMenuProps) {
  const { pathname, search } = useLocation();
  return (
    <Link
      to={menuPageUrl(props.id, menuBack(pathname, search))}
      aria-current={pathname === `${MENU_PAGE_PATH}/${props.id}` ? "page" : undefined}
      {...triggerAttributes(props)}
    >
      <TriggerContent {...props} />
    </Link>
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
