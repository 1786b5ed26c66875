import { Trans, useTranslation } from "react-i18next";
import { data, Form, redirect, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/login";
import { CsrfInput } from "../../components/csrf-input.tsx";
import { ApiError } from "../../lib/api.server.ts";
import { safeRedirectTarget } from "../../lib/redirect-target.ts";
import { getApi } from "../../middleware/api.server.ts";
import { getI18n } from "../../middleware/i18next.server.ts";
import { LoginSchema } from "../../../mock-backend/contract.ts";
import { getKeelContext } from "../../lib/keel-context.ts";
import { DECLINED_AGREEMENT_MESSAGE_CODE } from "../../shell/shell-rules.ts";

const DEMO_LOGINS = ["admin", "alice", "rachel", "tom"] as const;
const DEMO_PASSWORD = "demo";

type FieldErrors = Partial<Record<"login" | "password", string>>;

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = await getApi(context).getCurrentUser();
  if (!user.guest) throw redirect(safeRedirectTarget(url.searchParams.get("redirect")));
  const t = getI18n(context).getFixedT(null, "pages");
  return { demo: getKeelContext(context).demo, title: t("login.title") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const t = getI18n(context).getFixedT(null, "pages");
  const form = await request.formData();
  const input = { login: form.get("login"), password: form.get("password") };
  const parsed = LoginSchema.safeParse({
    login: typeof input.login === "string" ? input.login : "",
    password: typeof input.password === "string" ? input.password : "",
  });
  const login = typeof input.login === "string" ? input.login.slice(0, 100) : "";
  if (!parsed.success) {
    const fieldErrors: FieldErrors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if ((field === "login" || field === "password") && !fieldErrors[field]) {
        fieldErrors[field] =
          issue.code === "too_big"
            ? t("login.errors.tooLong", { count: Number(issue.maximum) })
            : t(field === "login" ? "login.errors.loginMissing" : "login.errors.passwordMissing");
      }
    }
    return data({ login, fieldErrors, formError: null as string | null }, { status: 400 });
  }
  try {
    await getApi(context).login(parsed.data);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 429 || error.status === 400)) {
      const formError =
        error.status === 401
          ? t("login.errors.incorrect")
          : error.status === 429
            ? t("login.errors.tooManyAttempts")
            : t("login.errors.failed");
      return data({ login, fieldErrors: {} as FieldErrors, formError }, { status: error.status });
    }
    throw error;
  }
  throw redirect(safeRedirectTarget(form.get("redirect")));
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.title} · Keel` : "Keel" },
];

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("pages");
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formAction?.startsWith("/login") === true;
  const fieldErrors = actionData?.fieldErrors ?? {};
  return (
    <section className="login" aria-labelledby="login-heading">
      <h1 id="login-heading">{t("login.heading")}</h1>
      {params.has("loggedOut") ? <p role="status">{t("login.loggedOut")}</p> : null}
      {params.has("switched") ? <p role="status">{t("login.switched")}</p> : null}
      {params.get("message") === DECLINED_AGREEMENT_MESSAGE_CODE ? (
        <p role="status">{t("login.declinedAgreement")}</p>
      ) : null}
      {actionData?.formError ? (
        <p role="alert" className="form-error">
          {actionData.formError}
        </p>
      ) : null}
      <Form method="post" noValidate>
        <CsrfInput />
        <input type="hidden" name="redirect" value={safeRedirectTarget(params.get("redirect"))} />
        <div className="field">
          <label htmlFor="login">{t("login.login")}</label>
          <input
            id="login"
            name="login"
            autoComplete="username"
            required
            maxLength={100}
            defaultValue={actionData?.login ?? ""}
            aria-invalid={fieldErrors.login ? true : undefined}
            aria-describedby={fieldErrors.login ? "login-error" : undefined}
          />
          {fieldErrors.login ? (
            <p id="login-error" className="field-error">
              {fieldErrors.login}
            </p>
          ) : null}
        </div>
        <div className="field">
          <label htmlFor="password">{t("login.password")}</label>
          <input
            id="password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            maxLength={200}
            aria-invalid={fieldErrors.password ? true : undefined}
            aria-describedby={fieldErrors.password ? "password-error" : undefined}
          />
          {fieldErrors.password ? (
            <p id="password-error" className="field-error">
              {fieldErrors.password}
            </p>
          ) : null}
        </div>
        <button type="submit" className="button button-primary" disabled={pending}>
          {pending ? t("login.submitting") : t("login.submit")}
        </button>
      </Form>
      {loaderData.demo ? (
        <p className="hint">
          <Trans
            t={t}
            i18nKey="login.demoUsers"
            values={{ logins: DEMO_LOGINS.join(", "), password: DEMO_PASSWORD }}
            components={{ code: <code /> }}
          />
        </p>
      ) : null}
    </section>
  );
}
