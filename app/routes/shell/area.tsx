import { Link, useLocation, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/area";
import type { loader as rootLoader } from "../../root.tsx";
import { findShellRoute } from "../../shell/route-table.ts";
import { shellPageMeta } from "../../shell/page-title.ts";
import { isFolderUnread } from "../../shell/navigation-model.ts";

export const meta: Route.MetaFunction = ({ location }) => shellPageMeta(location.pathname);

/**
 * An area whose content lives outside the shell (boards, charts, reports…):
 * its heading and an honest empty state, inside the app it belongs to.
 */
export default function Area() {
  const { pathname } = useLocation();
  const route = findShellRoute(pathname);
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
