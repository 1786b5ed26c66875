import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("login", "routes/auth/login.tsx"),
  route("logout", "routes/auth/logout.tsx"),
  route("issues", "routes/content/issues.tsx"),
  route("articles", "routes/content/articles.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
