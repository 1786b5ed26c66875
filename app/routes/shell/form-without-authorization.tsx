import { Link, useSearchParams } from "react-router";
import type { Route } from "./+types/form-without-authorization";

export const meta: Route.MetaFunction = () => [{ title: "Sign in to open this form · Keel" }];

export default function FormWithoutAuthorization() {
  const [params] = useSearchParams();
  const id = params.get("id") ?? "";
  const back = id ? `/form/${encodeURIComponent(id)}` : "/";
  return (
    <section aria-labelledby="page-heading">
      <h1 id="page-heading">Sign in to open this form</h1>
      <p>
        The form {id ? <code>{id}</code> : null} is only available to signed-in users.{" "}
        <Link to={`/login?redirect=${encodeURIComponent(back)}`}>Log in</Link> to continue.
      </p>
    </section>
  );
}
