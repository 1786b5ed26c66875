import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "../root.tsx";

/** The hidden field every state-changing form carries. */
export function CsrfInput() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return <input type="hidden" name="csrf" value={root?.csrfToken ?? ""} />;
}
