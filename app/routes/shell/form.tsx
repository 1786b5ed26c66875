import { useTranslation } from "react-i18next";
import { redirect } from "react-router";
import type { Route } from "./+types/form";
import { getApi } from "#app/middleware/api.server.ts";
import { getI18n } from "#app/middleware/i18next.server.ts";

/** Forms need an account: guests go to the form-without-authorization page with the form id. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const user = await getApi(context).getCurrentUser();
  if (user.guest) throw redirect(`/form-without-authorization?id=${encodeURIComponent(params.formId)}`);
  return { formId: params.formId, title: getI18n(context).getFixedT(null, "pages")("titles.form") };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.title} · Keel` : "Keel" },
];

export default function Form({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("pages");
  return (
    <section aria-labelledby="page-heading">
      <h1 id="page-heading">{t("form.heading", { id: loaderData.formId })}</h1>
      <div className="empty-state">
        <p className="empty-state-title">{t("form.noFields")}</p>
      </div>
    </section>
  );
}
