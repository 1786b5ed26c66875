import { Link } from "react-router";
import { useTranslation } from "react-i18next";

export interface PageTab {
  id: string;
  label: string;
}

/** Sections of a page as links (`?tab=`), so they work without scripts and can be shared. */
export function PageTabs({
  tabs,
  current,
  path,
}: {
  tabs: readonly PageTab[];
  current: string;
  path: string;
}) {
  const { t } = useTranslation("widgets");
  return (
    <nav className="page-tabs" aria-label={t("tabs.label")}>
      <ul>
        {tabs.map((tab) => (
          <li key={tab.id}>
            <Link
              to={`${path}?tab=${encodeURIComponent(tab.id)}`}
              aria-current={tab.id === current ? "page" : undefined}
              preventScrollReset
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The tab id of an app widget: `app:{appName}:{key}`. */
export const widgetTabId = (widget: { appName: string; key: string }) =>
  `app:${widget.appName}:${widget.key}`;
