// The bar's menus as plain links and forms: the menus' pages (routes/shell/menu.tsx) and the narrow
// screen's menu once it opens. Not part of a page's first scripts: the bar's triggers are links until the
// interactive menus load (docs/decisions/0025-menus-as-pages-without-javascript.md).
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useLocation } from "react-router";
import { CsrfInput } from "../components/csrf-input.tsx";
import { AboutView, ShortcutsView } from "./help-panel-body.tsx";
import { Icon } from "./icons.tsx";
import type { MobileMenuProps } from "./left-navigation.tsx";
import { actionRequest, staysOnPage } from "./nav-actions.ts";
import { EntryLabel, EntryLink, type MenuEntry } from "./nav-menu.tsx";

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

/** The narrow screen's menu: the items, Create, Administration, Help, Shortcuts, About and the profile. */
export function MobileMenuPanel({ navigation, menus, config, os, back }: MobileMenuProps) {
  const { t } = useTranslation("shell");
  return (
    <>
      <ul className="menu-list">
        {navigation.items.map((item) => (
          <li key={item.id}>
            <Link
              to={item.url}
              className="menu-item"
              aria-current={item.active ? "page" : undefined}
              data-mobile-item={item.id}
            >
              <EntryLabel entry={{ id: item.id, name: item.name, icon: item.icon }} />
            </Link>
          </li>
        ))}
      </ul>
      {navigation.hidden.length > 0 ? (
        <MenuPanel title={t("bar.more")}>
          <StaticEntries entries={menus.more} back={back} />
        </MenuPanel>
      ) : null}
      {navigation.create.length > 0 ? <StaticEntries entries={menus.create} back={back} /> : null}
      {navigation.settings.length > 0 ? (
        <MenuPanel title={t("bar.administration")}>
          <StaticEntries entries={menus.settings} back={back} />
        </MenuPanel>
      ) : null}
      <MenuPanel title={t("bar.help")}>
        <StaticEntries entries={menus.help} />
      </MenuPanel>
      <MenuPanel title={t("bar.shortcuts")}>
        <ShortcutsView os={os} query="" all searchable={false} />
      </MenuPanel>
      <MenuPanel title={t("nav.about")}>
        <AboutView config={config} />
      </MenuPanel>
      {navigation.profile.guest ? (
        <Link to={`/login?redirect=${encodeURIComponent(back)}`} className="menu-item">
          {t("nav.login")}
        </Link>
      ) : (
        <StaticEntries entries={menus.profile} back={back} panels />
      )}
    </>
  );
}
