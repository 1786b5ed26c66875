import { Outlet, useLocation, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/flagged";
import type { loader as rootLoader } from "../../root.tsx";
import { requireSignInMiddleware } from "../../middleware/require-sign-in.server.ts";
import { AppHost } from "../../shell/app-host.tsx";
import { resolveApp } from "../../shell/route-table.ts";

export const middleware: Route.MiddlewareFunction[] = [requireSignInMiddleware];

/** Routes that belong to the classic app only while a feature flag is off. */
export default function FlaggedApp() {
  const { pathname } = useLocation();
  const flags = useRouteLoaderData<typeof rootLoader>("root")?.user.featureFlags ?? [];
  const kind = resolveApp(pathname, flags);
  return (
    <AppHost key={kind} kind={kind}>
      <Outlet />
    </AppHost>
  );
}
