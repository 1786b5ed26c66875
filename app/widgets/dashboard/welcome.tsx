import { useTranslation } from "react-i18next";
import { Link, useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "#app/root.tsx";
import { isFolderUnread } from "#app/shell/inbox-access.ts";

/** The greeting the shell's start page has always shown (tests look for it). */
export function Welcome() {
  const { t } = useTranslation("pages");
  const root = useRouteLoaderData<typeof rootLoader>("root");
  if (!root) return null;
  return (
    <p className="dashboard-welcome" data-testid="welcome">
      {t("area.welcome", { name: root.user.name })}{" "}
      {root.inboxFolders.some(isFolderUnread) ? (
        <Link to="/notifications">{t("area.unread")}</Link>
      ) : (
        t("area.noUnread")
      )}
    </p>
  );
}
