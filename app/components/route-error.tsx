import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { describeError } from "../lib/app-errors.ts";

export function RouteError({ error }: { error: unknown }) {
  const { t } = useTranslation("errors");
  const { title, message, detail } = describeError(error, t, { dev: import.meta.env.DEV });
  return (
    <section className="error-page" aria-labelledby="error-heading">
      <h1 id="error-heading">{title}</h1>
      <p role="alert">{message}</p>
      {detail ? <p className="error-detail">{detail}</p> : null}
      <p>
        <Link to="/">{t("general.home")}</Link>
      </p>
    </section>
  );
}
