import { Link, useLocation, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/area";
import type { loader as rootLoader } from "../../root.tsx";
import { findShellRoute } from "../../shell/route-table.ts";
import { shellPageMeta } from "../../shell/page-title.ts";
import { isFolderUnread } from "../../shell/navigation-model.ts";
import { hasPermission } from "../../lib/permissions.ts";
import { PERMISSION } from "../../lib/constants.ts";

export const meta: Route.MetaFunction = ({ location }) => shellPageMeta(location.pathname);

/**
 * An area whose content lives outside the shell (boards, charts, reports…):
 * its heading and an honest empty state, inside the app it belongs to.
 */
export default function Area() {
  const { pathname, search } = useLocation();
  const route = findShellRoute(pathname);
  const accountSecurity =
    route?.id === "user" && new URLSearchParams(search).get("tab") === "account-security";
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const title = route?.title ?? "Keel";
  return (
    <section aria-labelledby="page-heading">
      <h1 id="page-heading">{title}</h1>
      {route?.id === "dashboard" && root ? (
        <p data-testid="welcome">
          Welcome, {root.user.name}.{" "}
          {root.inboxFolders.some(isFolderUnread) ? (
            <Link to="/notifications">You have unread notifications.</Link>
          ) : (
            "You have no unread notifications."
          )}
        </p>
      ) : null}
      {route?.id === "projects" && root && hasPermission(root.permissions, PERMISSION.PROJECT_CREATE) ? (
        <p>
          <Link to="/projects/new" className="button button-primary">
            New project
          </Link>
        </p>
      ) : null}
      {accountSecurity && root?.user.requiredTwoFactorAuthentication ? (
        <div className="notice" role="status" data-testid="two-factor-required">
          <h2>Account security</h2>
          <p>
            Your administrator requires two-factor authentication. Set up an authenticator app or a security
            key for your account; until then Keel brings you back to this page.
          </p>
        </div>
      ) : null}
      <div className="empty-state">
        <p className="empty-state-title">Nothing to show in {title} yet.</p>
        <p className="muted">
          This area’s content is not part of Keel’s shell yet; the navigation, menus and notifications around
          it work as usual.
        </p>
      </div>
    </section>
  );
}
