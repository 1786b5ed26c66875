import { data } from "react-router";
import { useTranslation } from "react-i18next";
import type { Route } from "./+types/statistics";
import type { Statistics } from "#contract/api.ts";
import { LANGUAGE_LOCALES } from "#app/i18n/languages.ts";
import { ApiError } from "#app/lib/api.server.ts";
import { formatDate } from "#app/lib/dates.ts";
import { getApi } from "#app/middleware/api.server.ts";
import { getI18n, getLanguage } from "#app/middleware/i18next.server.ts";

const DAYS = 14;

export async function loader({ context }: Route.LoaderArgs) {
  const t = getI18n(context).t;
  try {
    const statistics = await getApi(context).getStatistics(DAYS);
    return { statistics, title: t("pages:statistics.title"), locale: LANGUAGE_LOCALES[getLanguage(context)] };
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) {
      throw data({ message: t("pages:statistics.forbidden") }, { status: 403 });
    }
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? ""} · Keel` }];

/** Distinct hues that keep 3:1 against both themes' backgrounds. */
const PALETTE = ["#2f6fdf", "#c2410c", "#15803d", "#9333ea", "#b45309", "#0e7490", "#be123c", "#4d7c0f"];

export default function StatisticsPage({ loaderData }: Route.ComponentProps) {
  const { statistics, title, locale } = loaderData;
  const { t } = useTranslation("pages");
  const dayLabel = (day: string) => formatDate(day, { month: "short", day: "numeric" }, locale);
  return (
    <section aria-labelledby="page-heading" className="statistics">
      <h1 id="page-heading">{title}</h1>
      <p>{t("statistics.summary", { count: statistics.total, days: statistics.days.length })}</p>
      {statistics.total === 0 ? (
        <div className="empty-state">
          <p className="empty-state-title">{t("statistics.empty")}</p>
        </div>
      ) : (
        <>
          <Chart statistics={statistics} dayLabel={dayLabel} label={t("statistics.chartLabel")} />
          <ul className="statistics-legend" aria-hidden="true">
            {statistics.groups.map((group, index) => (
              <li key={group.group}>
                <span className="swatch" style={{ background: PALETTE[index % PALETTE.length] }} />
                {group.group}
              </li>
            ))}
          </ul>
          {/* Narrow screens scroll the table sideways; the region takes focus so keyboards can too. */}
          {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
          <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="statistics-table-caption">
            <table className="list statistics-table">
              <caption id="statistics-table-caption">{t("statistics.tableCaption")}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("statistics.group")}</th>
                  {statistics.days.map((day) => (
                    <th scope="col" key={day}>
                      <time dateTime={day}>{dayLabel(day)}</time>
                    </th>
                  ))}
                  <th scope="col">{t("statistics.total")}</th>
                </tr>
              </thead>
              <tbody>
                {statistics.groups.map((group) => (
                  <tr key={group.group}>
                    <th scope="row">{group.group}</th>
                    {group.counts.map((count, index) => (
                      <td key={statistics.days[index]}>{count}</td>
                    ))}
                    <td>{group.counts.reduce((a, b) => a + b, 0)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}

/** Stacked bars, one per day; the table below carries the same numbers for screen readers. */
function Chart({
  statistics,
  dayLabel,
  label,
}: {
  statistics: Statistics;
  dayLabel: (day: string) => string;
  label: string;
}) {
  const width = 640;
  const height = 220;
  const bottom = 24;
  const totals = statistics.days.map((_, i) =>
    statistics.groups.reduce((sum, g) => sum + (g.counts[i] ?? 0), 0),
  );
  const max = Math.max(1, ...totals);
  const slot = width / statistics.days.length;
  const barWidth = Math.max(4, slot * 0.6);
  return (
    <svg className="statistics-chart" viewBox={`0 0 ${width} ${height}`} role="img" aria-label={label}>
      {statistics.days.map((day, dayIndex) => {
        let y = height - bottom;
        return (
          <g key={day}>
            {statistics.groups.map((group, groupIndex) => {
              const count = group.counts[dayIndex] ?? 0;
              const h = (count / max) * (height - bottom - 8);
              y -= h;
              return count > 0 ? (
                <rect
                  key={group.group}
                  data-group={group.group}
                  x={dayIndex * slot + (slot - barWidth) / 2}
                  y={y}
                  width={barWidth}
                  height={h}
                  fill={PALETTE[groupIndex % PALETTE.length]}
                >
                  <title>{`${group.group}: ${count}`}</title>
                </rect>
              ) : null;
            })}
            <text
              x={dayIndex * slot + slot / 2}
              y={height - 6}
              textAnchor="middle"
              className="statistics-axis"
            >
              {dayLabel(day)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
