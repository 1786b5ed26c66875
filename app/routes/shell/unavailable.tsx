import { useTranslation } from "react-i18next";
import type { Route } from "./+types/unavailable";
import { getI18n } from "#app/middleware/i18next.server.ts";

export function loader({ context }: Route.LoaderArgs) {
  return { title: getI18n(context).getFixedT(null, "errors")("unavailable.documentTitle") };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.title} · Keel` : "Keel" },
];

export default function Unavailable() {
  const { t } = useTranslation("errors");
  return (
    <section aria-labelledby="page-heading">
      <h1 id="page-heading">{t("unavailable.title")}</h1>
      <p>{t("unavailable.message")}</p>
    </section>
  );
}
