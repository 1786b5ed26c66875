// The bar's menus as pages, where their triggers lead while scripts have not run or never will
// (docs/decisions/0025-menus-as-pages-without-javascript.md): /menu/<menu> is one menu of the wide bar,
// /menu the narrow screen's whole menu behind its hamburger. `back` is the page the menu was opened from;
// its help entries, its forms and the way back lead there.
import { useTranslation } from "react-i18next";
import { data, Link, useRouteLoaderData } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/menu";
import { getApi } from "#app/middleware/api.server.ts";
import { getKeelContext } from "#app/lib/keel-context.ts";
import { loadShell } from "#app/lib/shell.server.ts";
import { buildNavigation, type Navigation } from "#app/shell/navigation-model.ts";
import { getI18n } from "#app/middleware/i18next.server.ts";
import { safeRedirectTarget } from "#app/lib/redirect-target.ts";
import type { loader as rootLoader } from "#app/root.tsx";
import { HelpMenuFooter, useShellNavigation } from "#app/shell/left-navigation.tsx";
import { MobileMenuPanel, StaticEntries } from "#app/shell/menu-pages.tsx";
import { BAR_MENUS, type BarMenu } from "#app/shell/nav-menu.tsx";

const MenuParam = z.enum(BAR_MENUS).optional();

const TITLE_KEYS = {
  more: "bar.more",
  create: "bar.create",
  help: "bar.help",
  settings: "bar.administration",
  profile: "bar.profile",
} as const satisfies Record<BarMenu, string>;

/** Each menu's entries in the bar's model: a menu without any is not in the bar. */
const ENTRIES: Record<BarMenu, (navigation: Navigation) => readonly unknown[]> = {
  more: (navigation) => navigation.hidden,
  create: (navigation) => navigation.create,
  help: (navigation) => navigation.help.items,
  settings: (navigation) => navigation.settings,
  profile: (navigation) => navigation.profile.items,
};

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const parsed = MenuParam.safeParse(params.menu);
  if (!parsed.success) throw data(null, { status: 404, statusText: "Not Found" });
  const menu = parsed.data ?? null;
  const back = safeRedirectTarget(url.searchParams.get("back"));
  const t = getI18n(context).getFixedT(null, "shell");
  let name = "";
  if (menu) {
    // The root loader reads the same in this request: the reads are shared, not repeated. When they fail,
    // the root's loader answers for the page (its error page or its redirect).
    const shell = await loadShell(getApi(context), getKeelContext(context).log).catch(() => null);
    if (shell) {
      const navigation = buildNavigation({
        ...shell,
        pathname: new URL(back, "http://keel.invalid").pathname,
        language: "en",
        label: (id) => id,
      });
      if (ENTRIES[menu](navigation).length === 0) throw data(null, { status: 404, statusText: "Not Found" });
      name = shell.user.name;
    }
  }
  return { back, menu, title: t(menu ? TITLE_KEYS[menu] : "bar.menu", { name }) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.title} · Keel` : "Keel" },
];

export default function MenuPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("shell");
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const { back, menu, title } = loaderData;
  const target = new URL(back, "http://keel.invalid");
  const model = useShellNavigation(
    {
      user: root!.user,
      permissions: root!.permissions,
      config: root!.config,
      inboxFolders: root!.inboxFolders,
      language: root!.language,
    },
    target.pathname,
    target.search,
  );
  if (menu) {
    const entries = model.menus[menu];
    return (
      <section aria-labelledby="page-heading" className="menu-page menu-page-single" data-menu-page={menu}>
        <h1 id="page-heading">{title}</h1>
        <p>
          <Link to={back}>{t("bar.closeMenu")}</Link>
        </p>
        <div className="menu menu-static">
          <StaticEntries entries={entries} back={back} />
          {menu === "help" ? (
            <div className="menu-footer">
              <HelpMenuFooter navigation={model.navigation} />
            </div>
          ) : null}
        </div>
      </section>
    );
  }
  return (
    <section aria-labelledby="page-heading" className="menu-page">
      {/* Full-screen under the top bar on narrow screens, as the menu is when it opens in place. */}
      <div className="mobile-menu-panel">
        <h1 id="page-heading">{title}</h1>
        <p>
          <Link to={back}>{t("bar.closeMenu")}</Link>
        </p>
        <MobileMenuPanel {...model} config={root!.config} os={root!.os} />
      </div>
    </section>
  );
}
