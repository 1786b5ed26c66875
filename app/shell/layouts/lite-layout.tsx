import { Outlet } from "react-router";
import type { Route } from "./+types/lite-layout";
import { requireSignInMiddleware } from "#app/middleware/require-sign-in.server.ts";
import { LayoutHost } from "./layout-host.tsx";

export const middleware: Route.MiddlewareFunction[] = [requireSignInMiddleware];

export default function LiteLayout() {
  return (
    <LayoutHost kind="lite">
      <Outlet />
    </LayoutHost>
  );
}
