// The notifications settings page; this device's part loads only here, and only with scripts.
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { NOTIFICATION_KINDS, type NotificationKinds } from "#contract/notification-kinds.ts";
import { CsrfInput } from "../components/csrf-input.tsx";
import { useHydrated } from "../lib/use-hydrated.ts";

export const NOTIFICATION_SETTINGS_PATH = "/settings/notifications";

const DeviceNotifications = lazy(() => import("./device-notifications.tsx"));

interface Props {
  kinds: NotificationKinds;
  extended: boolean;
  applicationServerKey: string | null;
  subscriptions: number;
}

export function NotificationSettings({ kinds, extended, applicationServerKey, subscriptions }: Props) {
  const { t } = useTranslation("pages");
  const hydrated = useHydrated();
  return (
    <section aria-labelledby="page-heading" className="notification-settings">
      <h1 id="page-heading">{t("notificationSettings.title")}</h1>
      <p className="muted">{t("notificationSettings.intro")}</p>
      <Form method="post" action={NOTIFICATION_SETTINGS_PATH}>
        <CsrfInput />
        <fieldset disabled={!extended}>
          <legend>{t("notificationSettings.kinds")}</legend>
          {NOTIFICATION_KINDS.map((kind) => (
            <label key={kind} className="checkbox-row">
              <input type="checkbox" name={kind} defaultChecked={kinds[kind]} />{" "}
              {t(`notificationSettings.kind.${kind}`)}
            </label>
          ))}
          <button type="submit" name="intent" value="kinds" className="button">
            {t("notificationSettings.save")}
          </button>
        </fieldset>
        {extended ? null : <p className="muted">{t("notificationSettings.noExtension")}</p>}
      </Form>
      <h2>{t("notificationSettings.device")}</h2>
      {extended ? (
        <p className="muted">{t("notificationSettings.subscriptions", { count: subscriptions })}</p>
      ) : null}
      {hydrated ? (
        <Suspense fallback={null}>
          <DeviceNotifications applicationServerKey={applicationServerKey} />
        </Suspense>
      ) : (
        <p className="muted">{t("notificationSettings.needsScripts")}</p>
      )}
    </section>
  );
}
