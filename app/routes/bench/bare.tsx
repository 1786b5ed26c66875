import { data } from "react-router";
import type { Route } from "./+types/bare";
import { RouteError } from "../../components/route-error.tsx";
import { isBenchBarePage } from "../../lib/bench.server.ts";

// The benchmark's bare page (app/lib/bench.ts): a server started without KEEL_BENCH=1 answers 404 here.
export function loader({ context, url }: Route.LoaderArgs) {
  if (!isBenchBarePage(context, url.pathname)) throw data(null, { status: 404, statusText: "Not Found" });
  return { title: "Bare React Router page" };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }];

export default function BenchBare({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main">
      <h1>{loaderData.title}</h1>
      <p>The baseline of npm run bench: the root document, its scripts and hydration, without the shell.</p>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
