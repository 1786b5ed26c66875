import { data, Form, redirect, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/login";
import { CsrfInput } from "../../components/csrf-input.tsx";
import { ApiError } from "../../lib/api.server.ts";
import { safeRedirectTarget } from "../../lib/redirect-target.ts";
import { getApi } from "../../middleware/api.server.ts";
import { LoginSchema } from "../../../mock-backend/contract.ts";
import { getKeelContext } from "../../lib/keel-context.ts";
import { DECLINED_AGREEMENT_MESSAGE_CODE } from "../../shell/shell-rules.ts";

const DEMO_LOGINS = ["admin", "alice", "rachel", "tom"] as const;

type FieldErrors = Partial<Record<"login" | "password", string>>;

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = await getApi(context).getCurrentUser();
  if (!user.guest) throw redirect(safeRedirectTarget(url.searchParams.get("redirect")));
  return { demo: getKeelContext(context).demo };
}

export async function action({ request, context }: Route.ActionArgs) {
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
      if ((field === "login" || field === "password") && !fieldErrors[field])
        fieldErrors[field] = issue.message;
    }
    return data({ login, fieldErrors, formError: null as string | null }, { status: 400 });
  }
  try {
    await getApi(context).login(parsed.data);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 429 || error.status === 400)) {
      return data(
        {
          login,
          fieldErrors: {} as FieldErrors,
          formError: error.body?.error_description ?? "Sign-in failed",
        },
        { status: error.status },
      );
    }
    throw error;
  }
  throw redirect(safeRedirectTarget(form.get("redirect")));
}

export const meta: Route.MetaFunction = () => [{ title: "Log in · Keel" }];

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formAction?.startsWith("/login") === true;
  const fieldErrors = actionData?.fieldErrors ?? {};
  return (
    <section className="login" aria-labelledby="login-heading">
      <h1 id="login-heading">Log in to Keel</h1>
      {params.has("loggedOut") ? <p role="status">You have logged out.</p> : null}
      {params.has("switched") ? <p role="status">Signed out. Log in as another user.</p> : null}
      {params.get("message") === DECLINED_AGREEMENT_MESSAGE_CODE ? (
        <p role="status">You declined the user agreement, so you have been logged out.</p>
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
          <label htmlFor="login">Login</label>
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
          <label htmlFor="password">Password</label>
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
          {pending ? "Logging in…" : "Log in"}
        </button>
      </Form>
      {loaderData.demo ? (
        <p className="hint">
          Demo users: {DEMO_LOGINS.join(", ")}. The password of each is <code>demo</code>.
        </p>
      ) : null}
    </section>
  );
}
