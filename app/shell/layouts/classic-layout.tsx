import { Outlet } from "react-router";
import type { Route } from "./+types/classic-layout";
import { requireSignInMiddleware } from "#app/middleware/require-sign-in.server.ts";
import { LayoutHost } from "./layout-host.tsx";

export const middleware: Route.MiddlewareFunction[] = [requireSignInMiddleware];

export default function ClassicLayout() {
  return (
    <LayoutHost kind="classic">
      <Outlet />
    </LayoutHost>
  );
}
