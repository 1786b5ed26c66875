import { Link, useSearchParams } from "react-router";
import type { Route } from "./+types/error";

export const meta: Route.MetaFunction = () => [{ title: "Error · Keel" }];

export default function ErrorPage() {
  const [params] = useSearchParams();
  const configUnavailable = params.get("configUnavailable") === "true";
  return (
    <section aria-labelledby="page-heading">
      <h1 id="page-heading">Something went wrong</h1>
      <p role="alert">
        {configUnavailable
          ? "Keel could not load its configuration from the server. Check that the server is running, then try again."
          : "An unexpected error occurred."}
      </p>
      <p>
        <Link to="/">Try again</Link>
      </p>
    </section>
  );
}
