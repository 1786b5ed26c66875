import { Link } from "react-router";
import type { Route } from "./+types/welcome";

export const meta: Route.MetaFunction = () => [{ title: "Welcome · Keel" }];

/** The welcome path shows no navigation (seed 000 2.2): the root layout leaves it out here. */
export default function Welcome() {
  return (
    <section className="welcome" aria-labelledby="page-heading">
      <h1 id="page-heading">Welcome to Keel</h1>
      <p>Issues, articles and dashboards for your team, in one place.</p>
      <p>
        <Link to="/" className="button button-primary">
          Get started
        </Link>
      </p>
    </section>
  );
}
