// Numbered pages of a server-rendered list: `?page=N` links that work without JavaScript.
import { Link } from "react-router";
import { useTranslation } from "react-i18next";

export function Pager({ page, hasNext, label }: { page: number; hasNext: boolean; label: string }) {
  const { t } = useTranslation("pages");
  if (page <= 1 && !hasNext) return null;
  return (
    <nav aria-label={label} className="pager">
      {page > 1 ? <Link to={page === 2 ? "?" : `?page=${page - 1}`}>{t("projects.previous")}</Link> : null}
      {hasNext ? <Link to={`?page=${page + 1}`}>{t("projects.next")}</Link> : null}
    </nav>
  );
}
