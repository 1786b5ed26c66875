import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Route } from "./+types/welcome";
import { getI18n } from "#app/middleware/i18next.server.ts";
import type { RouteHandle } from "#app/lib/route-handle.ts";

export async function loader({ context }: Route.LoaderArgs) {
  return { title: getI18n(context).getFixedT(null, "pages")("titles.welcome") };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.title} · Keel` : "Keel" },
];

/** The welcome path shows no navigation: the root layout leaves it out here. */
export const handle: RouteHandle = { navigation: false };

export default function Welcome() {
  const { t } = useTranslation("pages");
  return (
    <section className="welcome" aria-labelledby="page-heading">
      <h1 id="page-heading">{t("welcome.heading")}</h1>
      <p>{t("welcome.intro")}</p>
      <p>
        <Link to="/" className="button button-primary">
          {t("welcome.start")}
        </Link>
      </p>
    </section>
  );
}
