// The narrow screen's menu as a page: where the hamburger leads when scripts do not run (with them it
// opens in place). `back` is the page the menu was opened from; its help entries and the way back lead there.
import { useTranslation } from "react-i18next";
import { Link, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/menu";
import { getI18n } from "#app/middleware/i18next.server.ts";
import { safeRedirectTarget } from "#app/lib/redirect-target.ts";
import type { loader as rootLoader } from "#app/root.tsx";
import { MobileMenuPanel, useShellNavigation } from "#app/shell/left-navigation.tsx";

export function loader({ context, url }: Route.LoaderArgs) {
  const back = safeRedirectTarget(url.searchParams.get("back"));
  return { back, title: getI18n(context).getFixedT(null, "shell")("bar.menu") };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.title} · Keel` : "Keel" },
];

export default function MenuPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("shell");
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const { back } = loaderData;
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
  return (
    <section aria-labelledby="page-heading" className="menu-page">
      {/* Full-screen under the top bar on narrow screens, as the menu is when it opens in place. */}
      <div className="mobile-menu-panel">
        <h1 id="page-heading">{loaderData.title}</h1>
        <p>
          <Link to={back}>{t("bar.closeMenu")}</Link>
        </p>
        <MobileMenuPanel {...model} config={root!.config} os={root!.os} />
      </div>
    </section>
  );
}
