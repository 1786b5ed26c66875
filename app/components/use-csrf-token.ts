import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "../root.tsx";

/** The token every state-changing request carries, bound to this browser's CSRF cookie. */
export function useCsrfToken(): string {
  return useRouteLoaderData<typeof rootLoader>("root")?.csrfToken ?? "";
}
