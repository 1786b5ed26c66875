import { useTranslation } from "react-i18next";

/** An entity's activity stream, which has nothing of its own yet; widgets are placed above it. */
export function ActivityStream({ id }: { id: string }) {
  const { t } = useTranslation("widgets");
  return (
    <section aria-labelledby={id} className="entity-activity">
      <h2 id={id}>{t("places.activity")}</h2>
      <p className="muted">{t("places.noActivity")}</p>
    </section>
  );
}
