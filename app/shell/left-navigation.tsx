import { useState } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import type {
  Configuration,
  CurrentUser,
  InboxFolder,
  PermissionEntry,
} from "../../mock-backend/contract.ts";
import { CsrfInput } from "../components/csrf-input.tsx";
import { Icon } from "./icons.tsx";
import { NavContainerContext, NavMenu, type MenuEntry } from "./nav-menu.tsx";
import { buildNavigation, type HelpItem, type NavItem } from "./navigation-model.ts";

interface Props {
  user: CurrentUser;
  permissions: readonly PermissionEntry[];
  config: Pick<Configuration, "defaultPage" | "hosted" | "ring" | "version" | "build" | "releaseDate">;
  inboxFolders: readonly InboxFolder[];
}

function toEntry(item: NavItem): MenuEntry {
  if (item.items) return { kind: "group", id: item.id, name: item.name, entries: item.items.map(toEntry) };
  if (item.action)
    return { kind: "action", id: item.id, name: item.name, action: item.action, active: item.active };
  return {
    kind: "link",
    id: item.id,
    name: item.name,
    url: item.url,
    target: item.target,
    active: item.active,
  };
}

/** Help actions open the help panel, which is addressable so it works without JavaScript. */
function helpEntry(item: HelpItem, pathname: string): MenuEntry {
  const url = item.actionKey ? `${pathname}?panel=${item.actionKey}` : (item.url ?? "/");
  return { kind: "link", id: item.id, name: item.name, url, target: item.target };
}

/** The left bar: one navigation landmark with the items, the menus and the collapse toggle. */
export function LeftNavigation({ user, permissions, config, inboxFolders }: Props) {
  const { pathname, search } = useLocation();
  const [container, setContainer] = useState<HTMLElement | null>(null);
  const collapse = useFetcher();
  const navigation = buildNavigation({
    user,
    permissions,
    config,
    inboxFolders,
    pathname,
    language: user.profiles.general.locale.language,
  });
  // Optimistic: the bar follows the pending choice before the profile has saved it.
  const pending = collapse.formData?.get("expandNavigation");
  const expanded =
    typeof pending === "string" ? pending === "true" : user.profiles.appearance.expandNavigation;
  const { footer } = navigation.help;

  return (
    <nav
      ref={setContainer}
      className="left-nav"
      aria-label="Main"
      data-expanded={expanded ? "true" : "false"}
    >
      <NavContainerContext.Provider value={container}>
        <Link to={navigation.logoUrl} className="left-nav-logo" aria-label="Keel, start page">
          <span aria-hidden="true" className="left-nav-logo-mark">
            K
          </span>
          <span className="nav-label">Keel</span>
        </Link>

        <ul className="left-nav-items">
          {navigation.items.map((item) => (
            <li key={item.id}>
              <Link
                to={item.url}
                target={item.target}
                className="nav-item"
                aria-current={item.active ? "page" : undefined}
                data-nav-item={item.id}
                title={expanded ? undefined : item.name}
              >
                <Icon name={item.icon} />
                <span className="nav-label">{item.name}</span>
                {item.id === "notifications" && navigation.notifications.unread ? (
                  <span className="unread-dot" role="status" aria-label="unread notifications" />
                ) : null}
              </Link>
            </li>
          ))}
        </ul>

        <div className="left-nav-menus">
          {navigation.create.length > 0 ? (
            <NavMenu id="create" label="Create" icon="create" entries={navigation.create.map(toEntry)} />
          ) : null}
          <NavMenu
            id="help"
            label="Help"
            icon="help"
            entries={navigation.help.items.map((item) => helpEntry(item, pathname))}
            footer={
              <>
                {footer.productName} · Build {footer.build} ·{" "}
                <time dateTime={footer.releaseDate}>{footer.releaseDate}</time>
              </>
            }
          />
          {navigation.settings.length > 0 ? (
            <NavMenu
              id="settings"
              label="Administration"
              icon="settings"
              entries={navigation.settings.map(toEntry)}
            />
          ) : null}
          {navigation.profile.guest ? (
            <Link
              to={`/login?redirect=${encodeURIComponent(`${pathname}${search}`)}`}
              className="nav-item nav-login"
            >
              <Icon name="profile" />
              <span className="nav-label">Log in</span>
            </Link>
          ) : (
            <NavMenu
              id="profile"
              label={`Profile: ${user.name}`}
              triggerText={user.name}
              icon="profile"
              entries={navigation.profile.items.map(toEntry)}
              testId="current-user"
            />
          )}
          <collapse.Form method="post" action="/settings/appearance" className="collapse-form">
            <CsrfInput />
            <input type="hidden" name="expandNavigation" value={expanded ? "false" : "true"} />
            <input type="hidden" name="redirectTo" value={`${pathname}${search}`} />
            <button
              type="submit"
              className="nav-item"
              aria-label={expanded ? "Collapse navigation" : "Expand navigation"}
            >
              <Icon name={expanded ? "collapse" : "expand"} />
              <span className="nav-label">{expanded ? "Collapse" : "Expand"}</span>
            </button>
          </collapse.Form>
        </div>
      </NavContainerContext.Provider>
    </nav>
  );
}
