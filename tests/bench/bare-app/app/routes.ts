import { type RouteConfig, route } from "@react-router/dev/routes";
import { BARE_PATH } from "../path.ts";

export default [route(BARE_PATH.slice(1), "routes/bare.tsx")] satisfies RouteConfig;
