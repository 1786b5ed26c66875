import { Trans, useTranslation } from "react-i18next";
import { data, Form, redirect, useNavigation, useSearchParams } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/login";
import { CsrfInput } from "#app/components/csrf-input.tsx";
import { Field } from "#app/components/field.tsx";
import { getKeelContext } from "#app/lib/keel-context.ts";
import { safeRedirectTarget } from "#app/lib/redirect-target.ts";
import { getApi } from "#app/middleware/api.server.ts";
import { getI18n } from "#app/middleware/i18next.server.ts";
import { DECLINED_AGREEMENT_MESSAGE_CODE } from "#app/shell/shell-rules.ts";

const DEMO_LOGINS = ["admin", "alice", "rachel", "tom"] as const;
const DEMO_PASSWORD = "demo";

/** Why the last round trip through the identity service failed (server/auth.ts). */
const PROBLEMS = {
  unavailable: "login.problems.unavailable",
  denied: "login.problems.denied",
  state: "login.problems.state",
  expired: "login.problems.expired",
  refused: "login.problems.refused",
  ended: "login.problems.ended",
  "no-client": "login.problems.noClient",
} as const;
type Problem = keyof typeof PROBLEMS;
const isProblem = (value: string | null): value is Problem =>
  value !== null && Object.hasOwn(PROBLEMS, value);

/** The real product's permanent tokens: `perm:` (or the newer `perm-`) and base64 parts. */
const TokenSchema = z
  .string()
  .trim()
  .regex(/^perm[:-][A-Za-z0-9+/=._-]{1,400}$/);

export async function loader({ context, url }: Route.LoaderArgs) {
  const next = safeRedirectTarget(url.searchParams.get("redirect"));
  const user = await getApi(context).getCurrentUser();
  if (!user.guest) throw redirect(next);
  const keel = getKeelContext(context);
  const t = getI18n(context).getFixedT(null, "pages");
  const problem = url.searchParams.get("error");
  return {
    demo: keel.demo,
    oauthEnabled: keel.auth?.oauthEnabled ?? false,
    title: t("login.title"),
    signInUrl: `/auth/login${next === "/" ? "" : `?redirect=${encodeURIComponent(next)}`}`,
    problem: isProblem(problem) ? problem : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const t = getI18n(context).getFixedT(null, "pages");
  const form = await request.formData();
  const token = TokenSchema.safeParse(form.get("token"));
  if (!token.success) {
    const given = form.get("token");
    const message =
      typeof given === "string" && given.trim() ? t("login.token.invalid") : t("login.token.missing");
    return data({ tokenError: message }, { status: 400 });
  }
  const auth = getKeelContext(context).auth;
  if (!auth || !(await auth.signInWithToken(token.data))) {
    return data({ tokenError: t("login.token.invalid") }, { status: 401 });
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
  const { oauthEnabled, problem } = loaderData;
  return (
    <section className="login" aria-labelledby="login-heading">
      <h1 id="login-heading">{t("login.heading")}</h1>
      {params.has("loggedOut") ? <p role="status">{t("login.loggedOut")}</p> : null}
      {params.has("switched") ? <p role="status">{t("login.switched")}</p> : null}
      {params.get("message") === DECLINED_AGREEMENT_MESSAGE_CODE ? (
        <p role="status">{t("login.declinedAgreement")}</p>
      ) : null}
      {problem ? (
        <p role="alert" className="form-error">
          {t(PROBLEMS[problem])}
        </p>
      ) : null}
      {oauthEnabled ? (
        <p>
          <a className="button button-primary" href={loaderData.signInUrl}>
            {problem && problem !== "ended" ? t("login.retry") : t("login.submit")}
          </a>
        </p>
      ) : null}
      <details className="login-token" open={!oauthEnabled || Boolean(actionData?.tokenError)}>
        <summary>{t("login.token.summary")}</summary>
        <Form method="post" noValidate>
          <CsrfInput />
          <input type="hidden" name="redirect" value={safeRedirectTarget(params.get("redirect"))} />
          <p className="hint">{t("login.token.hint")}</p>
          <Field id="token" label={t("login.token.label")} error={actionData?.tokenError}>
            {(control) => (
              <input
                {...control}
                name="token"
                type="password"
                autoComplete="off"
                spellCheck={false}
                required
                maxLength={420}
              />
            )}
          </Field>
          <button type="submit" className="button" disabled={pending}>
            {t("login.token.submit")}
          </button>
        </Form>
      </details>
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
