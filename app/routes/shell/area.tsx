import { useTranslation } from "react-i18next";
import type { Route } from "./+types/area";
import { findShellRoute } from "#app/shell/route-table.ts";
import { AREA_DOCS, areaTopic } from "#app/shell/area-topics.ts";
import { getI18n } from "#app/middleware/i18next.server.ts";

export async function loader({ context, url }: Route.LoaderArgs) {
  const route = findShellRoute(url.pathname);
  const t = getI18n(context).getFixedT(null, "pages");
  return {
    title: route ? t(`titles.${route.title}`) : null,
    topic: route ? areaTopic(route) : "administration",
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title ? `${loaderData.title} · Keel` : "Keel" },
];

/** An area whose content lives outside the shell (boards, charts, reports…). */
export default function Area({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("pages");
  const { topic } = loaderData;
  const title = loaderData.title ?? "Keel";
  return (
    <section aria-labelledby="page-heading">
      <h1 id="page-heading">{title}</h1>
      <div className="empty-state area-intro" data-testid="area-intro">
        <p className="empty-state-title">{t(`areas.${topic}`, { area: title })}</p>
        <p>
          <a href={AREA_DOCS[topic]} target="_blank" rel="noopener noreferrer">
            {t("areas.docs", { area: title })}
          </a>
        </p>
      </div>
    </section>
  );
}
