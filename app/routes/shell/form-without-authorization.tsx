import { Trans, useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import type { Route } from "./+types/form-without-authorization";
import { getI18n } from "#app/middleware/i18next.server.ts";

export async function loader({ context }: Route.LoaderArgs) {
  return { title: getI18n(context).getFixedT(null, "pages")("formWithoutAuthorization.title") };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.title} · Keel` : "Keel" },
];

export default function FormWithoutAuthorization({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("pages");
  const [params] = useSearchParams();
  const id = params.get("id") ?? "";
  const back = id ? `/form/${encodeURIComponent(id)}` : "/";
  return (
    <section aria-labelledby="page-heading">
      <h1 id="page-heading">{loaderData.title}</h1>
      <p>
        <Trans
          t={t}
          i18nKey={id ? "formWithoutAuthorization.withId" : "formWithoutAuthorization.withoutId"}
          values={{ id }}
          components={{ code: <code />, login: <Link to={`/login?redirect=${encodeURIComponent(back)}`} /> }}
        />
      </p>
    </section>
  );
}
