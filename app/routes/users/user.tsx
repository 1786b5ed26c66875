// A user's page with its widget tabs as `?tab=` links; `/users/me` is the signed-in user.
import { useTranslation } from "react-i18next";
import { data, Link, useFetcher } from "react-router";
import { DATE_FORMATS } from "#contract/constants.ts";
import { CsrfInput } from "#app/components/csrf-input.tsx";
import { Field } from "#app/components/field.tsx";
import { useDateSettings } from "#app/components/time.tsx";
import { formatPattern } from "#app/lib/dates.ts";
import type { Route } from "./+types/user";
import { RouteError } from "#app/components/route-error.tsx";
import { ApiError } from "#app/lib/api.server.ts";
import { getApi } from "#app/middleware/api.server.ts";
import { getKeelContext } from "#app/lib/keel-context.ts";
import { getI18n } from "#app/middleware/i18next.server.ts";
import { WidgetSlot } from "#app/widgets/host/widget-slot.tsx";
import { PageTabs, widgetTabId } from "#app/widgets/host/widget-tabs.tsx";
import { loadPlacedWidgets, widgetUser } from "#app/widgets/placement.server.ts";
import type { WidgetEntity } from "#app/widgets/protocol.ts";
import { NAVIGATION_SETTINGS_PATH } from "#app/shell/navigation-settings.tsx";

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const api = getApi(context);
  const t = getI18n(context).getFixedT(null, "widgets");
  const pages = getI18n(context).getFixedT(null, "pages");
  const me = await api.getCurrentUser();
  const own = params.userId === "me" || params.userId === me.id || params.userId === me.login;
  const path = `/users/${encodeURIComponent(params.userId)}`;
  const security = own
    ? {
        enabled: me.twoFactorAuthentication.enabled || me.webauthnDevice.enabled,
        required: me.requiredTwoFactorAuthentication,
        manageUrl: await getKeelContext(context).auth?.accountSecurityUrl(`${path}?tab=account-security`),
      }
    : null;
  // Until two-factor authentication is set up the backend answers nothing else: only this tab shows.
  if (security?.required && !security.enabled) {
    return {
      card: { id: me.id, login: me.login, name: me.name, avatarUrl: me.avatarUrl, email: me.email },
      entity: { type: "user", id: me.id, login: me.login, summary: me.name } satisfies WidgetEntity,
      widgets: {} as Awaited<ReturnType<typeof loadPlacedWidgets>>,
      dates: null,
      tabs: [{ id: "account-security", label: pages("area.accountSecurity") }],
      tab: "account-security",
      own,
      security,
      me: widgetUser(me),
      path,
      title: pages("titles.userProfile"),
    };
  }
  const card = await api.getUserCard(own ? me.id : params.userId).catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 404) {
      throw data({ message: t("user.notFound", { id: params.userId }) }, { status: 404 });
    }
    throw error;
  });
  const entity: WidgetEntity = { type: "user", id: card.id, login: card.login, summary: card.name };
  const widgets = await loadPlacedWidgets(
    api,
    ["USER_CARD", ...(own ? (["USER_PROFILE_SETTINGS"] as const) : [])],
    {
      entity,
    },
  );
  const tabs = own
    ? [
        { id: "profile", label: t("user.profile") },
        { id: "settings", label: t("user.settings") },
        { id: "account-security", label: pages("area.accountSecurity") },
        ...(widgets.USER_PROFILE_SETTINGS ?? []).map((w) => ({ id: widgetTabId(w), label: w.name })),
      ]
    : [];
  const requested = url.searchParams.get("tab") ?? "profile";
  const tab = tabs.some((candidate) => candidate.id === requested) ? requested : "profile";
  const general = tab === "settings" ? me.profiles.general : null;
  return {
    dates: general
      ? {
          timeZones: ["UTC", ...Intl.supportedValuesOf("timeZone").filter((zone) => zone !== "UTC")],
          timezone: general.timezone?.id ?? "UTC",
          dateFormat: general.dateFieldFormat?.id ?? DATE_FORMATS[0].id,
          // The samples show one moment; the server's, so that server and browser render the same.
          sampleAt: Date.now(),
        }
      : null,
    card,
    entity,
    widgets,
    tabs,
    tab,
    own,
    security,
    me: widgetUser(me),
    path,
    title: pages("titles.userProfile"),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.title} · Keel` : "Keel" },
];

export default function UserPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("widgets");
  const { t: pages } = useTranslation("pages");
  const { card, entity, widgets, tabs, tab, me, path } = loaderData;
  const tabWidget = (widgets.USER_PROFILE_SETTINGS ?? []).find((w) => widgetTabId(w) === tab);
  return (
    <section aria-labelledby="page-heading" className="user-page">
      <h1 id="page-heading">{pages("titles.userProfile")}</h1>
      <p className="muted" data-testid="user-name">
        {card.name}
      </p>
      {tabs.length ? <PageTabs tabs={tabs} current={tab} path={path} /> : null}
      {tab === "account-security" && loaderData.security ? (
        <AccountSecurity {...loaderData.security} />
      ) : null}
      {tab === "settings" && loaderData.dates ? (
        <>
          <DateSettingsForm {...loaderData.dates} back={`${path}?tab=settings`} />
          <p>
            <Link to={NAVIGATION_SETTINGS_PATH}>{t("user.navigationLink")}</Link>
          </p>
          <p>
            <Link to="/settings/notifications">{t("user.notificationsLink")}</Link>
          </p>
        </>
      ) : null}
      {tab === "profile" ? (
        <div className="user-card" data-testid="user-card">
          <dl className="field-list">
            <dt>{t("user.login")}</dt>
            <dd>{card.login}</dd>
            {card.email ? (
              <>
                <dt>{t("user.email")}</dt>
                <dd>{card.email}</dd>
              </>
            ) : null}
          </dl>
          <WidgetSlot widgets={widgets.USER_CARD} entity={entity} me={me} place="user-card" />
        </div>
      ) : null}
      {tabWidget ? (
        <WidgetSlot
          key={tabWidget.id}
          widgets={[tabWidget]}
          entity={entity}
          me={me}
          place="user-profile-settings"
        />
      ) : null}
    </section>
  );
}

function AccountSecurity({
  enabled,
  required,
  manageUrl,
}: {
  enabled: boolean;
  required: boolean;
  manageUrl: string | undefined;
}) {
  const { t } = useTranslation("pages");
  const missing = required && !enabled;
  return (
    <div
      className={missing ? "notice" : "account-security"}
      role={missing ? "status" : undefined}
      data-testid={missing ? "two-factor-required" : "account-security"}
    >
      <h2>{t("area.accountSecurity")}</h2>
      {missing ? <p>{t("area.twoFactorRequired")}</p> : null}
      <dl className="field-list">
        <dt>{t("area.twoFactor")}</dt>
        <dd data-testid="two-factor-state">{enabled ? t("area.twoFactorOn") : t("area.twoFactorOff")}</dd>
      </dl>
      {manageUrl ? (
        // The identity service's own page: set-up happens there, never in Keel.
        <p>
          <a className={missing ? "button button-primary" : "button"} href={manageUrl}>
            {enabled ? t("area.twoFactorManage") : t("area.twoFactorSetUp")}
          </a>
        </p>
      ) : null}
    </div>
  );
}

function DateSettingsForm({
  timeZones,
  timezone,
  dateFormat,
  sampleAt,
  back,
}: {
  timeZones: string[];
  timezone: string;
  dateFormat: string;
  sampleAt: number;
  back: string;
}) {
  const { t } = useTranslation("widgets");
  const fetcher = useFetcher<{ saved: boolean }>();
  const settings = useDateSettings();
  return (
    <fetcher.Form
      method="post"
      action="/settings/dates"
      className="settings-form"
      aria-labelledby="dates-heading"
    >
      <h2 id="dates-heading">{t("user.dates")}</h2>
      <CsrfInput />
      <input type="hidden" name="back" value={back} />
      <Field id="timezone" label={t("user.timezone")}>
        {(control) => (
          <select {...control} name="timezone" defaultValue={timezone}>
            {timeZones.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replaceAll("_", " ")}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id="dateFormat" label={t("user.dateFormat")}>
        {(control) => (
          <select {...control} name="dateFormat" defaultValue={dateFormat}>
            {DATE_FORMATS.map((format) => (
              <option key={format.id} value={format.id}>
                {formatPattern(sampleAt, format.pattern, {
                  locale: settings.locale,
                  timeZone: settings.timeZone,
                })}
              </option>
            ))}
          </select>
        )}
      </Field>
      <p className="form-actions">
        <button type="submit" className="button button-primary">
          {t("user.save")}
        </button>
        <span role="status">{fetcher.state === "idle" && fetcher.data?.saved ? t("user.saved") : ""}</span>
      </p>
    </fetcher.Form>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
