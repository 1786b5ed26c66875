import { Outlet, useLocation, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/flagged-layout";
import type { loader as rootLoader } from "#app/root.tsx";
import { requireSignInMiddleware } from "#app/middleware/require-sign-in.server.ts";
import { LayoutHost } from "./layout-host.tsx";
import { resolveLayout } from "../route-table.ts";

export const middleware: Route.MiddlewareFunction[] = [requireSignInMiddleware];

/** Routes that belong to the classic layout only while a feature flag is off. */
export default function FlaggedLayout() {
  const { pathname } = useLocation();
  const flags = useRouteLoaderData<typeof rootLoader>("root")?.user.featureFlags ?? [];
  const kind = resolveLayout(pathname, flags);
  return (
    <LayoutHost key={kind} kind={kind}>
      <Outlet />
    </LayoutHost>
  );
}
