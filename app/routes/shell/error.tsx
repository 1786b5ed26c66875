import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import type { Route } from "./+types/error";
import { getI18n } from "#app/middleware/i18next.server.ts";

export function loader({ context }: Route.LoaderArgs) {
  return { title: getI18n(context).getFixedT(null, "errors")("errorPage.documentTitle") };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.title} · Keel` : "Keel" },
];

export default function ErrorPage() {
  const { t } = useTranslation("errors");
  const [params] = useSearchParams();
  const configUnavailable = params.get("configUnavailable") === "true";
  return (
    <section aria-labelledby="page-heading">
      <h1 id="page-heading">{t("general.title")}</h1>
      <p role="alert">{configUnavailable ? t("configUnavailable.message") : t("errorPage.message")}</p>
      <p>
        <Link to="/">{t("errorPage.retry")}</Link>
      </p>
    </section>
  );
}
