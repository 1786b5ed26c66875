import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "../root.tsx";

export function useCsrfToken(): string {
  return useRouteLoaderData<typeof rootLoader>("root")?.csrfToken ?? "";
}
