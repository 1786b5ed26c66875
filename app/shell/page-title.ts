import type { MetaDescriptor } from "react-router";
import { findShellRoute } from "./route-table.ts";

/** The document title of a shell page: its heading and the product name. */
export function shellPageMeta(pathname: string): MetaDescriptor[] {
  const route = findShellRoute(pathname);
  return [{ title: route ? `${route.title} · Keel` : "Keel" }];
}
