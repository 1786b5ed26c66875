import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { RouteError } from "../components/route-error.tsx";

// The error page words a 404 without a message of its own: "Page not found", in the reader's language.
export async function loader() {
  throw data(null, { status: 404, statusText: "Not Found" });
}

// The page's title is the status, which reads the same in every language.
export const meta: Route.MetaFunction = () => [{ title: "404 · Keel" }];

export default function NotFound() {
  return null;
}

// Rendered inside the shell, so the navigation stays in reach.
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
