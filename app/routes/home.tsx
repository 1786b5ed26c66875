import { Link, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/home";
import type { loader as rootLoader } from "../root.tsx";

export const meta: Route.MetaFunction = () => [{ title: "Keel" }];

export default function Home() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  if (!root) return null;
  const { user, inboxFolders } = root;
  const unreadFolders = inboxFolders.filter((f) => (f.lastNotified || -1) > (f.lastSeen || -1));
  return (
    <section aria-labelledby="home-heading">
      <h1 id="home-heading">{user.guest ? "Welcome to Keel" : `Welcome, ${user.name}`}</h1>
      {user.guest ? (
        <p>
          You are browsing as a guest. <Link to="/login">Log in</Link> to see your notifications and projects.
        </p>
      ) : (
        <p data-testid="inbox-summary">
          {unreadFolders.length === 0
            ? "You have no unread notifications."
            : `Unread notifications in: ${unreadFolders.map((f) => f.id).join(", ")}.`}
        </p>
      )}
      <ul>
        <li>
          <Link to="/issues">{user.userType.id === "REPORTER" ? "Your tickets" : "Issues"}</Link>
        </li>
        <li>
          <Link to="/articles">Knowledge base</Link>
        </li>
      </ul>
    </section>
  );
}
