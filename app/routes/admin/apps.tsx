// The administrators' Apps page (docs/widgets.md): plain forms with post/redirect/get; scripts make the
// removal's confirmation a modal dialog.
import { useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect, useNavigate, useNavigation } from "react-router";
import { z } from "zod";
import type { TFunction } from "i18next";
import type { Route } from "./+types/apps";
import { CsrfInput } from "#app/components/csrf-input.tsx";
import { Field } from "#app/components/field.tsx";
import { RouteError } from "#app/components/route-error.tsx";
import type { AppEntry } from "#contract/api.ts";
import { ApiError, type Api } from "#app/lib/api.server.ts";
import { PERMISSION } from "#contract/constants.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { getApi } from "#app/middleware/api.server.ts";
import { getI18n } from "#app/middleware/i18next.server.ts";

const APPS_PATH = "/admin/apps";
/** The backend's limit for a package (docs/widgets.md), checked here before the bytes are sent on. */
const APP_PACKAGE_MAX_MEGABYTES = 20;
const APP_PACKAGE_MAX_BYTES = APP_PACKAGE_MAX_MEGABYTES * 1024 * 1024;
/** What a multipart body adds around the file: boundaries, the CSRF token, the intent. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

type T = TFunction<"widgets">;

/** Administrators only: low-level read everywhere, the rule of the backend's admin calls (statistics too). */
async function requireAdministrator(api: Api, t: T): Promise<void> {
  const permissions = await api.getPermissions();
  const administrator = permissions.some((p) => p.global && p.permission.key === PERMISSION.LOW_LEVEL_READ);
  if (!administrator) throw data({ message: t("apps.forbidden") }, { status: 403 });
}

const NoticeSchema = z.discriminatedUnion("done", [
  z.object({ done: z.enum(["installed", "upgraded"]), name: z.string().min(1).max(100) }),
  z.object({ done: z.literal("removed"), title: z.string().min(1).max(200) }),
]);

/** The message after a change, from the redirect's query; an installed app is named only if it is there. */
function noticeOf(search: URLSearchParams, apps: readonly AppEntry[], t: T): string | null {
  const parsed = NoticeSchema.safeParse(Object.fromEntries(search));
  if (!parsed.success) return null;
  const notice = parsed.data;
  if (notice.done === "removed") return t("apps.removed", { app: notice.title });
  const app = apps.find((candidate) => candidate.name === notice.name);
  if (!app) return null;
  return t(notice.done === "upgraded" ? "apps.upgraded" : "apps.installed", {
    app: app.title,
    version: app.version,
  });
}

export async function loader({ context, url }: Route.LoaderArgs) {
  const api = getApi(context);
  const i18n = getI18n(context);
  const t = i18n.getFixedT(null, "widgets");
  await requireAdministrator(api, t);
  const apps = await api.listApps();
  const removing = apps.find((app) => app.name === url.searchParams.get("remove"));
  return {
    title: i18n.getFixedT(null, "pages")("titles.apps"),
    apps: apps.map((app) => ({
      id: app.id,
      name: app.name,
      title: app.title,
      version: app.version,
      vendor: app.vendor,
      widgets: app.widgets.map((w) => ({ id: w.id, name: w.name, extensionPoint: w.extensionPoint })),
    })),
    notice: noticeOf(url.searchParams, apps, t),
    removing: removing ? { name: removing.name, title: removing.title } : null,
  };
}

const RemoveSchema = z.object({ intent: z.literal("remove"), name: z.string().min(1).max(100) });

type Answer = { intent: "install" | "remove" | null; error: string };
const refuse = (answer: Answer, status = 400) => data(answer, { status });

export async function action({ context, request }: Route.ActionArgs) {
  const api = getApi(context);
  const t = getI18n(context).getFixedT(null, "widgets");
  await requireAdministrator(api, t);
  const size = APP_PACKAGE_MAX_MEGABYTES;
  if (Number(request.headers.get("content-length") ?? 0) > APP_PACKAGE_MAX_BYTES + FORM_OVERHEAD_BYTES) {
    return refuse({ intent: "install", error: t("apps.errors.tooLarge", { size }) });
  }
  const form = await request.formData();
  const intent = form.get("intent");

  if (intent === "install") {
    const file = form.get("package");
    if (!(file instanceof File) || file.size === 0) {
      return refuse({ intent, error: t("apps.errors.noFile") });
    }
    if (file.size > APP_PACKAGE_MAX_BYTES)
      return refuse({ intent, error: t("apps.errors.tooLarge", { size }) });
    const before = await api.listApps();
    let installed;
    try {
      installed = await api.installApp(new Uint8Array(await file.arrayBuffer()));
    } catch (error) {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 403) {
        const message = error.body?.error_description ?? error.message;
        return refuse({ intent, error: t("apps.errors.refused", { message }) });
      }
      throw error;
    }
    const done = before.some((app) => app.name === installed.name) ? "upgraded" : "installed";
    const search = new URLSearchParams({ done, name: installed.name });
    throw redirect(`${APPS_PATH}?${search.toString()}`);
  }

  const parsed = RemoveSchema.safeParse({ intent, name: form.get("name") });
  if (!parsed.success) return refuse({ intent: null, error: t("apps.errors.invalid") });
  const { name } = parsed.data;
  const app = (await api.listApps()).find((candidate) => candidate.name === name);
  const notInstalled = () =>
    refuse({ intent: "remove", error: t("apps.errors.notInstalled", { name }) }, 404);
  if (!app) return notInstalled();
  try {
    await api.removeApp(name);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return notInstalled();
    throw error;
  }
  throw redirect(`${APPS_PATH}?${new URLSearchParams({ done: "removed", title: app.title }).toString()}`);
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.title} · Keel` : "Keel" },
];

const isWebUrl = (url: string) => {
  try {
    const { protocol } = new URL(url);
    return protocol === "http:" || protocol === "https:";
  } catch {
    return false;
  }
};

export default function AdminApps({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("widgets");
  const { title, apps, notice, removing } = loaderData;
  const navigation = useNavigation();
  const uploading = navigation.state !== "idle" && navigation.formData?.get("intent") === "install";
  const installError = actionData?.intent === "install" ? actionData.error : null;
  const otherError = actionData && actionData.intent !== "install" ? actionData.error : null;

  return (
    <section aria-labelledby="page-heading" className="admin-apps">
      <h1 id="page-heading">{title}</h1>
      {notice ? (
        <p className="notice admin-apps-notice" role="status">
          {notice}
        </p>
      ) : null}
      {otherError ? (
        <p className="form-error" role="alert">
          {otherError}
        </p>
      ) : null}

      <h2>{t("apps.installedHeading")}</h2>
      {apps.length === 0 ? (
        <div className="empty-state">
          <p className="empty-state-title">{t("apps.empty")}</p>
        </div>
      ) : (
        <div className="admin-apps-table-wrap">
          <table className="list list-cards admin-apps-table">
            <caption className="visually-hidden">{t("apps.installedHeading")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("apps.columns.app")}</th>
                <th scope="col">{t("apps.columns.name")}</th>
                <th scope="col">{t("apps.columns.version")}</th>
                <th scope="col">{t("apps.columns.vendor")}</th>
                <th scope="col">{t("apps.columns.widgets")}</th>
                <th scope="col">{t("apps.columns.actions")}</th>
              </tr>
            </thead>
            <tbody>
              {apps.map((app) => (
                <tr key={app.id}>
                  <th scope="row">{app.title}</th>
                  <td data-label={t("apps.columns.name")}>
                    <code>{app.name}</code>
                  </td>
                  <td data-label={t("apps.columns.version")}>{app.version}</td>
                  <td data-label={t("apps.columns.vendor")}>
                    {!app.vendor ? (
                      <span className="muted">{t("apps.noVendor")}</span>
                    ) : app.vendor.url && isWebUrl(app.vendor.url) ? (
                      <a href={app.vendor.url} rel="noopener noreferrer">
                        {app.vendor.name}
                      </a>
                    ) : (
                      app.vendor.name
                    )}
                  </td>
                  <td data-label={t("apps.columns.widgets")}>
                    {t("apps.widgetCount", { count: app.widgets.length })}
                    {app.widgets.length > 0 ? (
                      <ul className="admin-apps-widgets">
                        {app.widgets.map((widget) => (
                          <li key={widget.id}>
                            {widget.name} <code>{widget.extensionPoint}</code>
                          </li>
                        ))}
                      </ul>
                    ) : null}
                  </td>
                  <td data-label={t("apps.columns.actions")}>
                    <Form method="get" action={APPS_PATH} preventScrollReset>
                      <input type="hidden" name="remove" value={app.name} />
                      <button
                        type="submit"
                        className="button"
                        aria-label={t("apps.removeNamed", { app: app.title })}
                        aria-haspopup="dialog"
                      >
                        {t("apps.remove")}
                      </button>
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h2 id="upload-heading">{t("apps.uploadHeading")}</h2>
      <Form
        method="post"
        action={APPS_PATH}
        encType="multipart/form-data"
        aria-labelledby="upload-heading"
        className="admin-apps-upload"
      >
        <CsrfInput />
        <input type="hidden" name="intent" value="install" />
        <Field
          id="app-package"
          label={t("apps.uploadLabel")}
          hint={t("apps.uploadHint", { size: APP_PACKAGE_MAX_MEGABYTES })}
          error={installError}
          announceError
        >
          {(control) => (
            <input {...control} type="file" name="package" accept=".zip,application/zip" required />
          )}
        </Field>
        <button type="submit" className="button button-primary" disabled={uploading}>
          {uploading ? t("apps.uploading") : t("apps.upload")}
        </button>
      </Form>

      {removing ? <RemoveDialog key={removing.name} app={removing} /> : null}
    </section>
  );
}

/** The second step of a removal: open in the page without scripts (?remove=…), modal with them. */
function RemoveDialog({ app }: { app: { name: string; title: string } }) {
  const { t } = useTranslation("widgets");
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const dialog = useRef<HTMLDialogElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element || !hydrated) return;
    if (element.open && !element.matches(":modal")) element.close();
    if (!element.open) element.showModal();
    // The safe answer first.
    cancelButton.current?.focus();
  }, [hydrated]);

  const cancel = () => {
    dialog.current?.close();
    void navigate(APPS_PATH, { replace: true, preventScrollReset: true });
  };

  return (
    <dialog
      ref={dialog}
      open
      className="admin-apps-dialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onCancel={(event) => {
        event.preventDefault();
        cancel();
      }}
    >
      <h2 id={titleId}>{t("apps.confirmTitle", { app: app.title })}</h2>
      <p id={textId}>{t("apps.confirmText")}</p>
      <Form method="post" action={APPS_PATH} className="dialog-actions">
        <CsrfInput />
        <input type="hidden" name="intent" value="remove" />
        <input type="hidden" name="name" value={app.name} />
        {hydrated ? (
          <button ref={cancelButton} type="button" className="button" onClick={cancel}>
            {t("apps.cancel")}
          </button>
        ) : (
          <Link to={APPS_PATH} className="button">
            {t("apps.cancel")}
          </Link>
        )}
        <button type="submit" className="button button-danger">
          {t("apps.confirm")}
        </button>
      </Form>
    </dialog>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
