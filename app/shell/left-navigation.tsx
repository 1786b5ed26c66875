import { Form, Link, NavLink } from "react-router";
import type { CurrentUser, InboxFolder, PermissionEntry } from "../../mock-backend/contract.ts";
import { CsrfInput } from "../components/csrf-input.tsx";
import { PERMISSION } from "../lib/constants.ts";
import { hasPermission } from "../lib/permissions.ts";

interface Props {
  user: CurrentUser;
  permissions: readonly PermissionEntry[];
  inboxFolders: readonly InboxFolder[];
}

/** A folder is unread when lastNotified > lastSeen; missing or zero counts as -1. */
function isUnread(folder: InboxFolder): boolean {
  const notified = folder.lastNotified || -1;
  const seen = folder.lastSeen || -1;
  return notified > seen;
}

export function LeftNavigation({ user, permissions, inboxFolders }: Props) {
  const reporter = user.userType.id === "REPORTER";
  const unread = inboxFolders.some(isUnread);
  const canReadIssues =
    hasPermission(permissions, PERMISSION.READ_ISSUE) || hasPermission(permissions, PERMISSION.CREATE_ISSUE);
  return (
    <nav className="left-nav" aria-label="Main">
      <Link to="/" className="left-nav-logo">
        Keel
      </Link>
      <ul className="left-nav-items">
        <li>
          <NavLink to="/issues">{reporter ? "Tickets" : "Issues"}</NavLink>
        </li>
        {hasPermission(permissions, PERMISSION.READ_ARTICLE) ? (
          <li>
            <NavLink to="/articles">Knowledge Base</NavLink>
          </li>
        ) : null}
        {canReadIssues && !user.guest ? (
          <li>
            <NavLink to="/notifications">
              Notifications
              {unread ? (
                <span className="unread-dot" role="status" aria-label="unread notifications" />
              ) : null}
            </NavLink>
          </li>
        ) : null}
      </ul>
      <div className="left-nav-footer">
        {user.guest ? (
          <Link to="/login" className="button">
            Log in
          </Link>
        ) : (
          <>
            <span className="left-nav-user" data-testid="current-user">
              {user.name}
            </span>
            <Form method="post" action="/logout">
              <CsrfInput />
              <button type="submit" className="button">
                Log out
              </button>
            </Form>
            <Form method="post" action="/logout">
              <CsrfInput />
              <input type="hidden" name="intent" value="switch" />
              <button type="submit" className="button button-quiet">
                Switch user
              </button>
            </Form>
          </>
        )}
      </div>
    </nav>
  );
}
