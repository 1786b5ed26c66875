import { lazy, Suspense, useEffect, useMemo, useRef, useState } from "react";
import { track } from "../analytics/client.ts";
import { useTranslation } from "react-i18next";
import { Link, useFetcher, useLocation } from "react-router";
import type { Configuration, CurrentUser, InboxFolder, PermissionEntry } from "#contract/api.ts";
import { CsrfInput } from "../components/csrf-input.tsx";
import { PRODUCT_NAME, SIDEBAR_ITEM_HEIGHT_PX } from "../lib/constants.ts";
import { HELP_PANEL_PARAM, withoutHelpPanel } from "./help-panel.tsx";
import { useHydrated } from "../lib/use-hydrated.ts";
import type { Language } from "../i18n/languages.ts";
import { useInbox } from "./inbox-context.tsx";
import { Icon } from "./icons.tsx";
import { menuPageUrl, NavContainerContext, NavMenu, type BarMenu, type MenuEntry } from "./nav-menu.tsx";
import {
  buildNavigation,
  resolveHelpAction,
  type HelpItem,
  type Navigation,
  type NavItem,
} from "./navigation-model.ts";
import type { ShortcutOs } from "./shortcuts.ts";
import { useNavigationLabel } from "./use-navigation-items.ts";

export interface LeftNavigationProps {
  user: CurrentUser;
  permissions: readonly PermissionEntry[];
  config: Pick<Configuration, "defaultPage" | "hosted" | "ring" | "version" | "build" | "releaseDate">;
  inboxFolders: readonly InboxFolder[];
  os: ShortcutOs;
  /** The interface language the server chose for this request. */
  language: Language;
}

/**
 * A menu's entries. Main items (in More) keep their own icons; the other entries get theirs, and their
 * shortcuts' keys, in the interactive menu (interactive-menu.tsx), as shortcuts need scripts anyway.
 */
function toEntries(items: readonly NavItem[], main = false): MenuEntry[] {
  return items.map((item) => {
    const look = { id: item.id, name: item.name, icon: main ? item.icon : undefined };
    if (item.items) return { ...look, kind: "group", entries: toEntries(item.items) };
    if (item.action) return { ...look, kind: "action", action: item.action, active: item.active };
    return { ...look, kind: "link", url: item.url, target: item.target, active: item.active };
  });
}

/** Help actions open the help panel over the current page; the panel is addressable, so no script is needed. */
function helpEntry(item: HelpItem, pathname: string, search: string): MenuEntry {
  const look = { id: item.id, name: item.name };
  if (!item.actionKey) return { ...look, kind: "link", url: item.url ?? "/", target: item.target };
  const params = withoutHelpPanel(search);
  params.append(HELP_PANEL_PARAM, resolveHelpAction(item.actionKey));
  return { ...look, kind: "link", url: `${pathname}?${params}`, target: item.target };
}

/**
 * How many items fit the list, measured as the window resizes: the rest move
 * into More. Null until measured (and without JavaScript): every item shows and
 * the list scrolls instead.
 */
function useFittingItems(total: number) {
  const listRef = useRef<HTMLDivElement>(null);
  const [fitting, setFitting] = useState<number | null>(null);
  useEffect(() => {
    const list = listRef.current;
    if (!list || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => {
      const capacity = Math.floor(list.clientHeight / SIDEBAR_ITEM_HEIGHT_PX);
      // Hidden (the narrow layout) measures zero: nothing to move then.
      if (list.clientHeight === 0 || capacity >= total) setFitting(null);
      else setFitting(Math.max(0, capacity - 1));
    });
    observer.observe(list);
    return () => observer.disconnect();
  }, [total]);
  return { listRef, fitting };
}

function ItemLink({
  item,
  expanded,
  unreadLabel,
  onOpen,
}: {
  item: NavItem;
  expanded: boolean;
  /** The unread marker's label when the item has unread news (the bar translates it once for all items). */
  unreadLabel: string | null;
  /** With scripts, a plain click opens this instead of following the link. */
  onOpen?: () => void;
}) {
  return (
    <Link
      to={item.url}
      onClick={(event) => {
        track("navigation", "item-open", { item: item.id, collapsed: !expanded });
        if (!onOpen) return;
        if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        onOpen();
      }}
      aria-haspopup={onOpen ? "dialog" : undefined}
      target={item.target}
      className="nav-item"
      aria-current={item.active ? "page" : undefined}
      data-nav-item={item.id}
      title={expanded ? undefined : item.name}
    >
      <Icon name={item.icon} />
      <span className="nav-label">{item.name}</span>
      {unreadLabel ? <span className="unread-dot" role="status" aria-label={unreadLabel} /> : null}
    </Link>
  );
}

/** The left bar: one navigation landmark with the items, the menus and the collapse toggle. */
export function LeftNavigation({
  user,
  permissions,
  config,
  inboxFolders,
  os,
  language,
}: LeftNavigationProps) {
  const { pathname, search } = useLocation();
  const container = useRef<HTMLElement>(null);
  const collapse = useFetcher();
  const { t } = useTranslation("shell");
  const { navigation, menus, back } = useShellNavigation(
    { user, permissions, config, inboxFolders, language },
    pathname,
    search,
  );
  // With hidden items More is always there, so the list has one slot less.
  const { listRef, fitting } = useFittingItems(navigation.items.length + (navigation.hidden.length ? 1 : 0));
  // Optimistic: the bar follows the pending choice before the profile has saved it.
  const pending = collapse.formData?.get("expandNavigation");
  const expanded =
    typeof pending === "string" ? pending === "true" : user.profiles.appearance.expandNavigation;
  const inbox = useInbox();
  // Before scripts run, Notifications is a plain link to its page.
  const hydrated = useHydrated();
  const unreadOf = (item: NavItem) => item.id === "notifications" && inbox.unread;
  const shown = fitting === null ? navigation.items : navigation.items.slice(0, fitting);
  // What does not fit, then what the user hid: both stay one menu away.
  const overflow = [...(fitting === null ? [] : navigation.items.slice(fitting)), ...navigation.hidden];

  return (
    <nav
      ref={container}
      className="left-nav"
      aria-label={t("bar.landmark")}
      data-expanded={expanded ? "true" : "false"}
    >
      <NavContainerContext.Provider value={container}>
        <div className="left-nav-top">
          <Link
            to={navigation.logoUrl}
            className="left-nav-logo"
            aria-label={t("bar.logo", { product: PRODUCT_NAME })}
          >
            {/* The mark is drawn, not a letter: the link's visible text is the product's name alone. */}
            <svg aria-hidden="true" className="left-nav-logo-mark" viewBox="0 0 24 24" width="24" height="24">
              <path d="M9 6v12M9 12.5 15.5 6M11.2 10.4 16 18" />
            </svg>
            <span className="nav-label">{PRODUCT_NAME}</span>
          </Link>
          <MobileMenu navigation={navigation} menus={menus} config={config} os={os} back={back} />
        </div>

        <div className="left-nav-list" ref={listRef}>
          <ul className="left-nav-items">
            {shown.map((item) => (
              <li key={item.id}>
                <ItemLink
                  item={item}
                  expanded={expanded}
                  unreadLabel={unreadOf(item) ? t("bar.unreadNotifications") : null}
                  onOpen={hydrated && item.id === "notifications" ? inbox.openCentre : undefined}
                />
              </li>
            ))}
            {overflow.length > 0 ? (
              <li>
                <NavMenu
                  id="more"
                  label={t("bar.more")}
                  icon="more"
                  entries={toEntries(overflow, true)}
                  badge={
                    overflow.some(unreadOf) ? (
                      <span className="unread-dot" role="status" aria-label={t("bar.unreadNotifications")} />
                    ) : null
                  }
                />
              </li>
            ) : null}
          </ul>
        </div>

        <div className="left-nav-menus">
          {navigation.create.length > 0 ? (
            <NavMenu id="create" label={t("bar.create")} icon="create" entries={menus.create} />
          ) : null}
          <NavMenu
            id="help"
            label={t("bar.help")}
            icon="help"
            entries={menus.help}
            footer={<HelpMenuFooter navigation={navigation} />}
          />
          {navigation.settings.length > 0 ? (
            <NavMenu id="settings" label={t("bar.administration")} icon="settings" entries={menus.settings} />
          ) : null}
          {navigation.profile.guest ? (
            <Link to={`/login?redirect=${encodeURIComponent(back)}`} className="nav-item nav-login">
              <Icon name="profile" />
              <span className="nav-label">{t("nav.login")}</span>
            </Link>
          ) : (
            <NavMenu
              id="profile"
              label={t("bar.profile", { name: user.name })}
              triggerText={user.name}
              icon="profile"
              entries={menus.profile}
              testId="current-user"
            />
          )}
          <collapse.Form
            method="post"
            action="/settings/appearance"
            className="collapse-form"
            onSubmit={() => track("navigation", "collapse-toggle", { expanded: !expanded })}
          >
            <CsrfInput />
            <input type="hidden" name="expandNavigation" value={expanded ? "false" : "true"} />
            <input type="hidden" name="redirectTo" value={back} />
            <button
              type="submit"
              className="nav-item"
              aria-label={expanded ? t("bar.collapseNavigation") : t("bar.expandNavigation")}
            >
              <Icon name={expanded ? "collapse" : "expand"} />
              <span className="nav-label">{expanded ? t("bar.collapse") : t("bar.expand")}</span>
            </button>
          </collapse.Form>
        </div>
      </NavContainerContext.Provider>
    </nav>
  );
}

/** The entries of the bar's menus, ready to show. */
export type ShellMenus = Record<BarMenu, MenuEntry[]>;

export interface MobileMenuProps {
  navigation: Navigation;
  menus: ShellMenus;
  config: LeftNavigationProps["config"];
  os: ShortcutOs;
  back: string;
}

const loadMenuPages = () => import("./menu-pages.tsx");
const MobileMenuPanel = lazy(() => loadMenuPages().then((module) => ({ default: module.MobileMenuPanel })));

/**
 * Narrow screens and touch devices: a 48 px top bar whose hamburger opens a full-screen menu with
 * nested panels. The menu is rendered only when it is opened: every page carried it twice before
 * (half of the shell's markup, hidden on wide screens). Without JavaScript the hamburger is a link
 * to the same menu as a page (/menu).
 */
function MobileMenu(props: MobileMenuProps) {
  const { back } = props;
  const { pathname } = useLocation();
  const hydrated = useHydrated();
  // Open on the page where it was opened: a followed link closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const hamburger = useRef<HTMLButtonElement>(null);
  const { t } = useTranslation("shell");
  // The menu's code is not among the first scripts: it loads once the hamburger shows (narrow layouts).
  useEffect(() => {
    if (hydrated && hamburger.current?.offsetParent) void loadMenuPages();
  }, [hydrated]);
  // Escape closes it and gives the focus back to the hamburger.
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpenOn(null);
      hamburger.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open]);
  if (!hydrated) {
    return (
      <div className="mobile-menu">
        <Link to={menuPageUrl(null, back)} className="hamburger" aria-label={t("bar.menu")}>
          <Icon name="menu" />
        </Link>
      </div>
    );
  }
  return (
    <div className="mobile-menu">
      <button
        ref={hamburger}
        type="button"
        className="hamburger"
        aria-label={t("bar.menu")}
        aria-expanded={open}
        aria-controls="mobile-menu-panel"
        onClick={() => {
          if (!open) track("navigation", "menu-open", { menu: "mobile" });
          setOpenOn(open ? null : pathname);
        }}
      >
        <Icon name="menu" />
      </button>
      {open ? (
        // The panel shows once its code is there (loaded as the hamburger appears): never empty.
        <Suspense fallback={null}>
          <div className="mobile-menu-panel" id="mobile-menu-panel">
            <MobileMenuPanel {...props} />
          </div>
        </Suspense>
      ) : null}
    </div>
  );
}

/** The help menu's last line: the product, its build and its release date. */
export function HelpMenuFooter({ navigation }: { navigation: Navigation }) {
  const { t } = useTranslation("shell");
  const { footer } = navigation.help;
  return (
    <>
      {t("bar.build", { product: footer.productName, build: footer.build })} ·{" "}
      <time dateTime={footer.releaseDate}>{footer.releaseDate}</time>
    </>
  );
}

/** The left bar's model for a page at `pathname` + `search`, as the bar and the menu page show it. */
export function useShellNavigation(
  { user, permissions, config, inboxFolders, language }: Omit<LeftNavigationProps, "os">,
  pathname: string,
  search: string,
) {
  const label = useNavigationLabel();
  // Built once per page and user: the bar renders again as soon as it has measured what fits.
  const navigation = useMemo(
    () => buildNavigation({ user, permissions, config, inboxFolders, pathname, language, label }),
    [user, permissions, config, inboxFolders, pathname, language, label],
  );
  const menus: ShellMenus = {
    more: toEntries(navigation.hidden, true),
    create: toEntries(navigation.create),
    settings: toEntries(navigation.settings),
    profile: toEntries(navigation.profile.items),
    help: navigation.help.items.map((item) => helpEntry(item, pathname, search)),
  };
  return { navigation, menus, back: `${pathname}${search}` };
}
