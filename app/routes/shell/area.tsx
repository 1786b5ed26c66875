import { useTranslation } from "react-i18next";
import { Link, useLocation, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/area";
import type { loader as rootLoader } from "../../root.tsx";
import { findShellRoute } from "../../shell/route-table.ts";
import { isFolderUnread } from "../../shell/navigation-model.ts";
import { hasPermission } from "#contract/permissions.ts";
import { PERMISSION } from "#contract/constants.ts";
import { getI18n } from "../../middleware/i18next.server.ts";

export async function loader({ context, url }: Route.LoaderArgs) {
  const route = findShellRoute(url.pathname);
  const t = getI18n(context).getFixedT(null, "pages");
  return { title: route ? t(`titles.${route.title}`) : null };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title ? `${loaderData.title} · Keel` : "Keel" },
];

/**
 * An area whose content lives outside the shell (boards, charts, reports…):
 * its heading and an honest empty state, inside the app it belongs to.
 */
export default function Area({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("pages");
  const { pathname, search } = useLocation();
  const route = findShellRoute(pathname);
  const accountSecurity =
    route?.id === "user" && new URLSearchParams(search).get("tab") === "account-security";
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const title = loaderData.title ?? "Keel";
  return (
    <section aria-labelledby="page-heading">
      <h1 id="page-heading">{title}</h1>
      {route?.id === "dashboard" && root ? (
        <p data-testid="welcome">
          {t("area.welcome", { name: root.user.name })}{" "}
          {root.inboxFolders.some(isFolderUnread) ? (
            <Link to="/notifications">{t("area.unread")}</Link>
          ) : (
            t("area.noUnread")
          )}
        </p>
      ) : null}
      {route?.id === "projects" && root && hasPermission(root.permissions, PERMISSION.PROJECT_CREATE) ? (
        <p>
          <Link to="/projects/new" className="button button-primary">
            {t("area.newProject")}
          </Link>
        </p>
      ) : null}
      {accountSecurity && root?.user.requiredTwoFactorAuthentication ? (
        <div className="notice" role="status" data-testid="two-factor-required">
          <h2>{t("area.accountSecurity")}</h2>
          <p>{t("area.twoFactorRequired")}</p>
        </div>
      ) : null}
      <div className="empty-state">
        <p className="empty-state-title">{t("area.empty", { area: title })}</p>
        <p className="muted">{t("area.emptyHint")}</p>
      </div>
    </section>
  );
}
