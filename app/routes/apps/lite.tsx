import { Outlet } from "react-router";
import type { Route } from "./+types/lite";
import { requireSignInMiddleware } from "../../middleware/require-sign-in.server.ts";
import { AppHost } from "../../shell/app-host.tsx";

export const middleware: Route.MiddlewareFunction[] = [requireSignInMiddleware];

export default function LiteApp() {
  return (
    <AppHost kind="lite">
      <Outlet />
    </AppHost>
  );
}
