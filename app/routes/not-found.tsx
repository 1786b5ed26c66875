import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { RouteError } from "../components/route-error.tsx";

export async function loader() {
  throw data({ message: "There is nothing at this address." }, { status: 404, statusText: "Not Found" });
}

export default function NotFound() {
  return null;
}

// Rendered inside the shell, so the navigation stays in reach.
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
