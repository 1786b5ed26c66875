// The pages for which the API middleware reads the shell ahead (app/lib/shell.server.ts): every GET of a
// page, and none of a client navigation's data requests or of a resource route, whose reads would be lost.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, test } from "vitest";
import routes from "../../app/routes.ts";
import { loadsPage, RESOURCE_ROUTE_PATHS } from "../../app/lib/shell.server.ts";

/** Every route of app/routes.ts with its whole path and whether its module renders a page. */
function flatten(entries: readonly RouteConfigEntry[], parent = ""): { path: string; page: boolean }[] {
  return entries.flatMap((entry) => {
    const own = entry.index ? parent || "/" : entry.path ? `${parent}/${entry.path}` : parent;
    const source = readFileSync(path.join("app", entry.file), "utf8");
    const here =
      entry.index || entry.path !== undefined ? [{ path: own, page: /^export default /m.test(source) }] : [];
    return [...here, ...flatten(entry.children ?? [], own === "/" ? "" : own)];
  });
}

describe("the shell's reads ahead", () => {
  test("the resource routes that answer a GET are exactly the list the middleware leaves out", () => {
    const resourceRoutes = flatten(routes)
      .filter((route) => !route.page)
      .map((route) => route.path);
    expect(resourceRoutes.length).toBeGreaterThan(5);
    expect(new Set(resourceRoutes)).toEqual(RESOURCE_ROUTE_PATHS);
  });

  test("a page's GET reads ahead; its data request, a form's POST and a resource route do not", () => {
    const at = (url: string, method = "GET") => loadsPage(new Request(`http://keel.test${url}`, { method }));
    expect(at("/issues")).toBe(true);
    expect(at("/issue/DEMO-2?tab=history")).toBe(true);
    expect(at("/login")).toBe(true);
    expect(at("/issues", "HEAD")).toBe(true);
    expect(at("/issues.data")).toBe(false);
    expect(at("/_root.data")).toBe(false);
    expect(at("/settings/appearance", "POST")).toBe(false);
    expect(at("/issues", "POST")).toBe(false);
    expect(at("/")).toBe(false);
    expect(at("/manifest.webmanifest")).toBe(false);
    expect(at("/logout/")).toBe(false);
  });
});
